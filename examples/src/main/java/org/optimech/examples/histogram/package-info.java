/** Thesis §2.4.1: sparse histograms by thresholded Laplace noise, compared with plain noise addition. */
package org.optimech.examples.histogram;
