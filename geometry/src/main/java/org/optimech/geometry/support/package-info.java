/**
 * Support functions and sensitivities of curved adjacent output spaces: polynomial feature maps on
 * boxes, interval arithmetic with outward rounding, and a branch-and-bound maximiser that returns a
 * certified upper bound together with a witness lower bound (a real point's value).
 */
package org.optimech.geometry.support;
