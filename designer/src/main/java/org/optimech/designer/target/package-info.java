/**
 * Designing for an accuracy target and asking what another ε would buy: {@link org.optimech.designer.target.AccuracyTarget}
 * ("abs-error &lt;= 10 at 95%"), {@link org.optimech.designer.target.TargetSearch} (the smallest ε whose optimal mechanism under
 * the target's own loss 1{|ω − θ| &gt; a} meets it, by bisection, with the ε/accuracy curve searched), and
 * {@link org.optimech.designer.target.EpsilonWhatIf} (a spec's accuracy at other values of ε).
 */
package org.optimech.designer.target;
