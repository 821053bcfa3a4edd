/**
 * Adjacent output spaces S_T = {T(X) − T(X′) : X ∼ X′} of additive statistics T(X) = Σ t(x_i): under
 * substitution the differences t(x) − t(x′), under add/remove the vectors ±t(x).
 */
package org.optimech.geometry.adjacent;
