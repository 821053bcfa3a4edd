/**
 * Bodies for K-norm mechanisms: polytopes from hulls with their gauges and support functions, cone
 * triangulations from the origin with exact volumes and second-moment matrices, and the closed
 * forms of ℓ1, ℓ2 and ℓ∞ balls and boxes.
 */
package org.optimech.geometry.body;
