/**
 * Sources of uniform random bits for the samplers. They are bit-exact ({@link
 * org.optimech.runtime.random.BufferedRandomSource}): a sampler that asks for k bits consumes k bits of one stream, never a
 * 64-bit word for a 3-bit decision. Production uses {@link org.optimech.runtime.random.SecureRandomBits} (a DRBG per thread,
 * {@link org.optimech.runtime.random.RandomSource#secure()}); {@link org.optimech.runtime.random.SeededRandomBits} exists
 * only to reproduce a run and must never privatize real data; {@link org.optimech.runtime.random.CountingRandomSource}
 * counts the bits a sampler takes, for tests and benchmarks. Buffered sources can look ahead ({@link
 * org.optimech.runtime.random.RandomSource#peekBits}); {@link org.optimech.runtime.random.PrefixTable} uses that to run a
 * bit-by-bit exact walk as one table look-up per draw, consuming exactly the bits the walk would.
 */
package org.optimech.runtime.random;
