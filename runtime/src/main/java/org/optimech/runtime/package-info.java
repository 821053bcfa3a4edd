/**
 * The optimech runtime: load a mechanism spec, validate it, sample private outputs.
 *
 * <pre>{@code
 * DiscreteMechanism m = DiscreteMechanism.of(SpecLoader.load(Path.of("count.spec.json")));
 * String released = m.sample("42", SecureRandomBits.forCurrentThread());
 * }</pre>
 *
 * <p>K-norm specs (vector statistics, floating-point noise) need an explicit opt-in:
 *
 * <pre>{@code
 * KNormMechanism k = KNormMechanism.of(SpecLoader.load(path), NumericsPolicy.ALLOW_IDEALIZED);
 * double[] released = k.release(new double[] {12.0, 30.5}, SecureRandomBits.forCurrentThread());
 * }</pre>
 *
 * <p>The runtime depends on the JDK only (its JSON parser is shaded into the jar). Loaded specs and
 * mechanisms are immutable and thread-safe; randomness is passed per call.
 */
package org.optimech.runtime;
