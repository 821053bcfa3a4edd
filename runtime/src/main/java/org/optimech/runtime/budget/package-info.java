/**
 * Privacy budgets: a ledger that counts releases per dataset against a configured total ε and δ, under
 * basic composition or privacy loss distributions, refuses a release that would exceed it, reports what was spent, and
 * persists across restarts in a file it rewrites atomically.
 */
package org.optimech.runtime.budget;
