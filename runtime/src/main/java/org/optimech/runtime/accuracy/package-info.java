/**
 * How accurate a loaded mechanism is, before any data is seen: per input (or the worst input) the distribution of the error
 * output − true value, its quantiles, and two-sided intervals "with probability 1 − β the output is within [−a, +b] of the true
 * value". Discrete specs are computed exactly from the stored integers (tables) or from the stored structure with certified
 * bounds (geometric remap); K-norm and Gaussian-process specs per coordinate, simultaneously and in ℓ2, by closed form where
 * one exists and otherwise by seeded Monte Carlo with a stated standard error. Nothing here reads data or randomness of a
 * release.
 */
package org.optimech.runtime.accuracy;
