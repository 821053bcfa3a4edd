/**
 * Benchmarks, run by hand (see README, "Benchmarks"): JMH throughput of the runtime samplers next to
 * the raw cost of their randomness and a naive floating-point sampler, and a timing harness of the
 * designer per LP backend. Every figure is reported as a ratio against a baseline measured in the
 * same run.
 */
package org.optimech.benchmarks;
