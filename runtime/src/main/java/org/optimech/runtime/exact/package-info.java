/**
 * Exact arithmetic behind every privacy number: strict decimal parsing and certified rational
 * bounds on {@code e^x}. Privacy checks never use a floating-point value of {@code e^ε}: a ratio is
 * accepted only against a rational that is provably at most {@code e^ε}.
 */
package org.optimech.runtime.exact;
