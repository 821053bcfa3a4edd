/**
 * Applies loaded optimech specs inside Apache Spark jobs, with the conditions that make the result
 * differentially private enforced by the job rather than assumed.
 *
 * <ul>
 *   <li>{@link org.optimech.spark.GroupRelease}: central DP per group. Rows are bounded per privacy unit (at most G
 *       groups and k rows per group, values clipped to the spec's box), aggregated per group exactly in integer
 *       arithmetic, and released with one noise draw per group from the spec. Output keys are declared (empty groups
 *       released too) or chosen by {@link org.optimech.spark.PartitionSelection DP partition selection}; the job's
 *       total guarantee is a {@link org.optimech.spark.JobGuarantee}.</li>
 *   <li>{@link org.optimech.spark.LocalRelease}: local DP per row, only with specs on the complete neighbour graph. It
 *       publishes every row, so it protects one row's value under substitution, not a unit's presence (a unit with m
 *       rows has m·ε).</li>
 * </ul>
 *
 * <p>Specs are broadcast once as their sealed text and re-loaded (digest checked) once per executor JVM. Noise comes
 * from non-deterministic UDFs with a fresh {@link java.security.SecureRandom} per task, and every released dataset is
 * checkpointed before it is returned, so a re-evaluated plan cannot draw and release fresh noise. A spec whose
 * assumptions the job cannot enforce is refused with a {@link org.optimech.spark.SpecNotApplicableException}.
 */
package org.optimech.spark;
