/** The functions paper's Figures 1 and 2: a private kernel density estimate released with Gaussian-process noise. */
package org.optimech.examples.functions;
