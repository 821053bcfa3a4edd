/**
 * The mechanism spec, format version 1: the model ({@link org.optimech.runtime.spec.DiscreteMechanismSpec}),
 * its JSON codec with the SHA-256 digest over the RFC 8785 canonical form, and the loader that
 * validates everything (shapes, exact row sums, the digest, and the privacy constraints re-checked
 * from the stored integers) before a spec can be sampled. The JSON Schema is
 * {@code docs/spec-v1.schema.json}.
 */
package org.optimech.runtime.spec;
