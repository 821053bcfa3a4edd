/**
 * ε sweeps: the optimal design of one problem at each ε of a grid, with the risk of the stored
 * mechanism, its certified lower bound, a CSV of the numbers and a plot against the closed-form
 * references 1/ε and 1/sinh ε for counting queries.
 */
package org.optimech.designer.sweep;
