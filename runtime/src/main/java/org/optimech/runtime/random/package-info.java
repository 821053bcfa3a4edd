/**
 * Sources of uniform random bits for the samplers. Production uses {@link
 * org.optimech.runtime.random.SecureRandomBits}; {@link org.optimech.runtime.random.SeededRandomBits}
 * exists only to reproduce a run and must never privatize real data.
 */
package org.optimech.runtime.random;
