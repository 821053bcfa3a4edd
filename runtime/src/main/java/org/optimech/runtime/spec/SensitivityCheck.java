package org.optimech.runtime.spec;

/**
 * What the load-time re-derivation of a spec's sensitivity from its recorded problem found.
 *
 * @param rechecked whether the sensitivity was re-derived from the stored problem and found to bound it
 * @param adjacentPoints how many adjacent outputs were checked (0 when none, or for a closed form)
 * @param note one sentence: how it was re-derived, or why it could not be
 */
record SensitivityCheck(boolean rechecked, long adjacentPoints, String note) {
}
