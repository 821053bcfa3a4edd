package org.optimech.runtime.knorm;

/**
 * The release of a statistic whose noise lies in the hyperplane Σx = 0 (a permutohedron without prism, an elliptic Gaussian
 * with no variance along 1): every record's contributions sum to the same public σ, so the statistic of n records has
 * Σ T = n·σ. Adding the noise to the caller's statistic would publish the caller's Σ t exactly, rounding residue included;
 * this release reads t only at the first d − 1 coordinates and sets the last to n·σ minus the others, so the output
 * depends on nothing else of t. n, the public record count, is the caller's (never estimated from Σ t, whose rounding
 * depends on the data); σ = 0 under add/remove, where a single record is itself an adjacent output and so lies in the
 * hyperplane, and then n does not enter.
 */
final class HyperplaneRelease {
    private HyperplaneRelease() {
    }

    /** Checks a per-record sum σ for {@link #release}. */
    static double checkedRecordSum(double recordSum) {
        if (!Double.isFinite(recordSum)) {
            throw new IllegalArgumentException("recordSum must be finite. Provided value: " + recordSum);
        }
        return recordSum;
    }

    /** t + z on the first d − 1 coordinates, n·σ − their sum on the last; {@code noise} (in the hyperplane) is overwritten. */
    static double[] release(double[] statistic, double[] noise, long records, double recordSum) {
        int d = noise.length;
        double total = recordSum == 0 ? 0 : records * recordSum;
        if (!Double.isFinite(total)) {
            throw new IllegalArgumentException("records · σ is beyond the double range. Provided value: " + records);
        }
        double rest = 0;
        for (int j = 0; j < d - 1; j++) {
            noise[j] += statistic[j];
            rest += noise[j];
        }
        noise[d - 1] = total - rest;
        return noise;
    }
}
