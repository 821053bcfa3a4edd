/**
 * Histogram releases with exact integer noise: plain and thresholded (sparse) discrete Laplace, which
 * are ε-DP, and the random-DP sparse histogram, which is explicitly <em>not</em> differential privacy.
 */
package org.optimech.runtime.histogram;
