/**
 * The K-norm paper's regression studies: private logistic regression by extended objective
 * perturbation with certified K-norm sensitivities (Algorithm 2, corrected by ERRATA K9; made private
 * for the computed minimiser by approximate minima perturbation) and the Algorithm 3 / Figure 2
 * simulation.
 */
package org.optimech.examples.regression;
