/**
 * The optimech runtime: load a mechanism spec, validate it, sample private outputs.
 *
 * <pre>{@code
 * Mechanism m = Mechanisms.load(Path.of("count.spec.json"), RuntimePolicy.standard());
 * String released = ((DiscreteMechanism) m).sample("42", RandomSource.secure());
 * }</pre>
 *
 * <p>K-norm specs (vector statistics, floating-point noise) need an explicit opt-in:
 *
 * <pre>{@code
 * RuntimePolicy idealized = RuntimePolicy.builder().numerics(NumericsPolicy.ALLOW_IDEALIZED).build();
 * KNormMechanism k = (KNormMechanism) Mechanisms.load(path, idealized);
 * double[] released = k.sample(new double[] {12.0, 30.5}, RandomSource.secure());
 * }</pre>
 *
 * <p>The runtime depends on the JDK only (its JSON parser is shaded into the jar). Loaded specs and
 * mechanisms are immutable and thread-safe; randomness is passed per call.
 */
package org.optimech.runtime;
