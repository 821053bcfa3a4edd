/**
 * The mechanism spec, format version 1: the model ({@link org.optimech.runtime.spec.MechanismSpec}: discrete
 * tables, geometric-remap and K-norm kinds),
 * its JSON codec with the SHA-256 digest over the RFC 8785 canonical form, and the loader that
 * validates everything (shapes, exact row sums, the digest, and the privacy constraints re-checked
 * from the stored integers; a K-norm body's convexity and tiling, and its sensitivity over the stored
 * adjacent points, checked exactly) before a spec can be sampled. Specs are read-only data: they hand out no sampler; the
 * runtime's mechanisms ({@code Mechanisms.of(spec, policy)}) build those under the policy's numerics. The JSON Schema is
 * {@code docs/spec-v1.schema.json}.
 */
package org.optimech.runtime.spec;
