/**
 * Release problems: the discrete kind (a query with finitely many values, a neighbour graph, ε and
 * δ, a loss, a prior, an objective), its JSON format and its validation. Every rejection names the
 * field by JSON Pointer and the value that was provided.
 */
package org.optimech.designer.problem;
