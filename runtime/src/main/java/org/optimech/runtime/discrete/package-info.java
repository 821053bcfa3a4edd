/**
 * Discrete mechanisms as exact integer tables: input and output domains, the neighbour graph, the
 * weight table (rows of non-negative integers summing to {@code 2^K}), the exact privacy checks
 * (every ratio against a rational lower bound of {@code e^ε}; the hockey-stick δ), and a sampler
 * that uses integer arithmetic only, so the guarantee holds for the bits it outputs. Two sampling
 * modes ({@link org.optimech.runtime.discrete.SamplingMode}): a fast binary search, and a constant-time
 * full-row scan ({@link org.optimech.runtime.discrete.ConstantTimeTable}), for which a geometric-remap
 * spec is compiled into a certified table ({@link org.optimech.runtime.discrete.GeometricTable}).
 */
package org.optimech.runtime.discrete;
