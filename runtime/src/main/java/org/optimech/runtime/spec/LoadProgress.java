package org.optimech.runtime.spec;

/**
 * What a spec load reports as it goes, for a progress display ({@link SpecLoader#load(java.nio.file.Path, RuntimePolicy,
 * LoadProgress)}): each long step in turn, with its own unit, so that every step that takes a while has a figure and an
 * estimate of its own. Reading a spec is only part of its load (measured on a 12 MB, 1000 × 1000 table: reading and parsing
 * about a third, the digest about two thirds of the rest, building the table from its rows most of what is left).
 */
@FunctionalInterface
public interface LoadProgress {
    /**
     * {@code done} of {@code total} units of {@code step} are finished. Steps come in the order of {@link Step}, each
     * starting with a report of 0 done; within a step the counts only grow, and a step that finishes ends with done = total.
     * A load that is refused makes no report after the refusal.
     */
    void report(Step step, long done, long total);

    /** Reports nothing. */
    static LoadProgress none() {
        return (step, done, total) -> { };
    }

    /** The long steps of a load, in order. Checks not listed (the exact privacy re-check, the rest of the policy) take little time. */
    enum Step {
        /** Bytes read of the file's size. */
        READ("bytes read of the file's size"),
        /**
         * Bytes of the canonical form digested. Its total, until the last report, is an estimate: the file's size, which the
         * canonical form rarely exceeds (it leaves out the layout's white space and the digest member); the last report gives
         * the bytes digested as both done and total.
         */
        DIGEST("bytes digested, of about the file's size"),
        /** Rows of a weight table checked (each sums to the denominator) and built; only for a discrete table. */
        TABLE_ROWS("weight table rows checked"),
        /**
         * Bytes of the canonical form hashed to verify a signature against the policy's trusted keys; only for a signed spec
         * under a policy with trusted keys (a second pass as long as the digest). Its total is an estimate as the digest's is.
         */
        SIGNATURE("bytes hashed for the signature, of about the file's size");

        private final String unit;

        Step(String unit) {
            this.unit = unit;
        }

        /** What the step's units are, for a display. */
        public String unit() {
            return unit;
        }
    }
}
