/**
 * Function releases (functions paper; thesis ch. 3): a kernel density estimate released on a grid fixed in
 * advance with Gaussian-process noise, its RKHS sensitivity in closed form and its noise calibrated
 * classically or from the exact Gaussian privacy profile.
 */
package org.optimech.designer.functions;
