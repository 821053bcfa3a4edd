/**
 * Privacy budgets: a ledger that counts releases per dataset against a configured total ε and δ under
 * basic composition, refuses a release that would exceed it, and reports what was spent.
 */
package org.optimech.runtime.budget;
