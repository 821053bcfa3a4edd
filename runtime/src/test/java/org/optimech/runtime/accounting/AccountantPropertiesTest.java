package org.optimech.runtime.accounting;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.PrivacyGuarantee;
import org.optimech.runtime.spec.Relation;

/**
 * Random small pure-DP tables: the accountant's bracket holds the brute-force composition over every output sequence, on the
 * default grid and on the grids chosen for a requested bracket width.
 */
class AccountantPropertiesTest {
    @Property(tries = 40)
    void bracketHoldsBruteForce(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed, @ForAll @IntRange(min = 1, max = 3) int n,
            @ForAll @IntRange(min = 0, max = 3) int widthChoice) throws Exception {
        double width = new double[] {Double.NaN, 1, 0.1, 0.01}[widthChoice];
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        int k = 3;
        int bits = 10;
        long[][] w = new long[k][k];
        double maxRatio = 0;
        for (int i = 0; i < k; i++) {
            long rest = 1L << bits;
            for (int j = 0; j < k - 1; j++) {
                w[i][j] = 1 + r.nextLong(rest - (k - j));
                rest -= w[i][j];
            }
            w[i][k - 1] = rest;
        }
        for (int i = 0; i + 1 < k; i++) {
            for (int j = 0; j < k; j++) {
                maxRatio = Math.max(maxRatio, Math.abs(Math.log((double) w[i][j] / w[i + 1][j])));
            }
        }
        BigDecimal eps = BigDecimal.valueOf(maxRatio).add(new BigDecimal("0.001")).setScale(3, RoundingMode.UP);
        PrivacyGuarantee p = new PrivacyGuarantee(Relation.SUBSTITUTION, NeighbourGraph.path(k), eps, BigDecimal.ZERO, eps, BigDecimal.ZERO, Numerics.EXACT,
                InputPolicy.CLAMP);
        DiscreteMechanismSpec spec = DiscreteMechanismSpec.of(new IntegerRange(0, k - 1), new IntegerRange(0, k - 1), WeightTable.ofLongs(bits, w), p,
                JsonObject.builder().build(), JsonObject.builder().build());
        double[][] rows = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                rows[i][j] = Math.scalb((double) w[i][j], -bits);
            }
        }
        Releases rel = Accountant.releases(spec, n, width, (a, b) -> { }, () -> false);
        for (double e : new double[] {0, 0.25 * maxRatio * n, 0.5 * maxRatio * n, 0.9 * maxRatio * n}) {
            double truth = AccountantTest.bruteForce(rows, NeighbourGraph.path(k).edges(), n, e);
            double up = rel.deltaUpper(e);
            double lo = rel.deltaLower(e);
            assertTrue(lo <= truth * (1 + 1e-12) + 1e-15 && truth <= up * (1 + 1e-12) + 1e-15, "seed " + seed + " n " + n + " width " + width + " at " + e + ": " + lo + " " + truth
                    + " " + up);
        }
    }
}
