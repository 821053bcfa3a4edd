/**
 * Certified sensitivities of polynomial statistics without their hull: branch and bound over the box of one record
 * (add/remove) or of a pair of records (substitution), 2k-dimensional for k record variables whatever the statistic's
 * dimension. Upper bounds are the runtime's own interval bounds ({@code org.optimech.runtime.certificate}), lower bounds are
 * witnesses (points whose value is certified from below), and the search stops at a stated relative gap, a time limit or
 * a node budget. Its trees are the certificate the spec stores and the runtime re-checks.
 */
package org.optimech.geometry.sensitivity;
