/**
 * Benchmarks, run by hand (see README, "Benchmarks"): JMH throughput of the runtime samplers next to
 * the raw cost of their randomness and a naive floating-point sampler, a timing harness of the
 * designer per LP backend, and the exact hull engine against a stored Qhull table. Every figure is
 * reported as a ratio against a baseline measured in the same run (for Qhull, the table made on the
 * same machine).
 */
package org.optimech.benchmarks;
