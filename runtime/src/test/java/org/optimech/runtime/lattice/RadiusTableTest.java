package org.optimech.runtime.lattice;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.ChiSquare;

/**
 * The box radius drawn whole from its tabulated Knuth–Yao walk ({@link RadiusPmf}, issue 23): its enclosures against the
 * radius law summed directly in doubles (an independent computation: no mixture identity, no fixed point), its support
 * bound against the same, the table's presence for the common bodies, and χ² fits (false-failure probability
 * {@link ChiSquare#ALPHA} each) of the radius and of the box level for unit and non-unit half-widths.
 */
class RadiusTableTest {
    private static long[] ones(int d) {
        long[] m = new long[d];
        java.util.Arrays.fill(m, 1);
        return m;
    }

    private static Rational rate(long den) {
        return new Rational(BigInteger.ONE, BigInteger.valueOf(den));
    }

    /** ln(|B_k|·e^{−rk}), |B_k| = ∏(2(k+1)m_j − 1), in doubles. */
    private static double logWeight(long[] m, double r, long k) {
        double log = -r * k;
        for (long mj : m) {
            log += Math.log(2.0 * (k + 1) * mj - 1);
        }
        return log;
    }

    /** ln Σ_k |B_k| e^{−rk}, summed directly until the terms fall 60 nats below the sum. */
    private static double logNormalizer(long[] m, double r) {
        double total = Double.NEGATIVE_INFINITY;
        for (long k = 0;; k++) {
            double t = logWeight(m, r, k);
            total = Math.max(total, t) + Math.log1p(Math.exp(-Math.abs(total - t)));
            if (k > m.length / r + 10 && t < total - 60) {
                return total;
            }
        }
    }

    @Test
    void theEnclosuresHoldTheRadiusLawSummedDirectly() {
        long[][] widths = {ones(1), ones(2), ones(4), ones(6), {2, 1}, {3, 1, 2}, {1, 5, 2, 7}};
        long[] dens = {3, 17, 40, 1025};
        int bits = 40;
        for (long[] m : widths) {
            for (long den : dens) {
                Rational r = rate(den);
                RadiusPmf pmf = new RadiusPmf(m, BoxRadius.coefficients(m), r);
                double logZ = logNormalizer(m, r.doubleValue());
                int count = 3000;
                BigInteger[] lo = new BigInteger[count];
                BigInteger[] hi = new BigInteger[count];
                pmf.enclose(count, bits, lo, hi);
                for (int k = 0; k < count; k++) {
                    double q = Math.scalb(Math.exp(logWeight(m, r.doubleValue(), k) - logZ), bits); // relative error ≈ 1e-13
                    String where = java.util.Arrays.toString(m) + ", rate 1/" + den + ", k = " + k;
                    assertTrue(lo[k].doubleValue() <= q * (1 + 1e-11) + 1e-9, where + ": lower " + lo[k] + " above " + q);
                    assertTrue(hi[k].doubleValue() >= q * (1 - 1e-11) - 1e-9, where + ": upper " + hi[k] + " below " + q);
                    assertTrue(hi[k].subtract(lo[k]).compareTo(BigInteger.valueOf(4)) <= 0, where + ": width " + hi[k].subtract(lo[k]));
                }
            }
        }
    }

    @Test
    void theSupportBoundsEveryLaterProbabilityAndIsNotFarPastTheLast() {
        long[][] widths = {ones(1), ones(3), ones(6), {2, 1}};
        for (long[] m : widths) {
            for (long den : new long[] {3, 17, 1025}) {
                Rational r = rate(den);
                double rd = r.doubleValue();
                double logZ = logNormalizer(m, rd);
                RadiusPmf pmf = new RadiusPmf(m, BoxRadius.coefficients(m), r);
                for (int level : new int[] {10, 39, 61}) {
                    long c = pmf.support(level);
                    double threshold = -(level + 1) * Math.log(2);
                    long last = -1; // the last k with q_k ≥ 2^-(level+1), scanned to 4c
                    for (long k = 0; k < 4 * c + 100; k++) {
                        if (logWeight(m, rd, k) - logZ >= threshold) {
                            last = k;
                        }
                    }
                    String where = java.util.Arrays.toString(m) + ", rate 1/" + den + ", level " + level;
                    assertTrue(last < c, where + ": q_" + last + " ≥ 2^-(level+1) at or past the support " + c);
                    // the bound starts past the peak of (k+1)^D e^{-rk} (k = D/r) and overstates q_k by about 2^D·e: (D + 4)/r more at most
                    assertTrue(c <= Math.max(2 * (last + 1), m.length / rd + 2) + (m.length + 4) / rd + 10, where + ": support " + c + " far past the last " + last);
                }
            }
        }
    }

    @Test
    void theCommonBodiesTabulateTheirRadius() {
        for (int d = 2; d <= 8; d++) {
            assertTrue(new BoxRadius(ones(d), rate(1025)).tabulated(), "linf, d = " + d + ", the automatic spacing's rate 1/1025");
        }
        assertTrue(new BoxRadius(new long[] {2, 1}, rate(17)).tabulated(), "the hexagon golden file's proposal");
        assertFalse(new BoxRadius(ones(BoxRadius.MAX_TABLE_DIMENSION + 1), rate(3)).tabulated(), "above the table's dimension");
        assertFalse(new BoxRadius(ones(2), new Rational(BigInteger.ONE, BigInteger.ONE.shiftLeft(70))).tabulated(), "a rate of 2^-70");
    }

    /**
     * Certifying a sampler (what the loader, {@code inspect} and the designer's loops do) does not build the radius table
     * (review 9, low 4: 0.2–0.4 s); making the sampler does, so the first release does not pay for it either.
     */
    @Test
    void onlyMakingTheSamplerBuildsTheRadiusTable() {
        LatticeGauge sumBall = LatticeGauge.sumBall(4, 3, org.optimech.runtime.knorm.SumBallBody.of(4, 3).logVolume() - 1e-9);
        LatticeSampler.Certified certified = LatticeSampler.certify(sumBall, 0, rate(200), 1);
        assertTrue(certified.envelope().proposalName().equals("linf"), "the sum ball d = 4, k = 3 takes the cube's proposal");
        assertFalse(certified.envelope().prepared(), "certified only");
        LatticeSampler.of(certified);
        assertTrue(certified.envelope().prepared(), "the sampler is made");
    }

    @Test
    void theTabulatedLinfRadiusInDimensionThreeMatchesTheShellCounts() {
        // P(‖z‖∞ = m) ∝ ((2m+1)^3 − (2m−1)^3)·e^{−rm} (1 at m = 0), r = 1/40: the radius comes from the table
        double r = 1.0 / 40;
        LatticeSampler s = LatticeSampler.of(LatticeGauge.linf(3), 0, rate(40), 1);
        int window = 800;
        double[] p = new double[window + 2];
        double total = 0;
        for (int m = 0; m <= 4000; m++) {
            double shell = m == 0 ? 1 : Math.pow(2 * m + 1, 3) - Math.pow(2 * m - 1, 3);
            double w = shell * Math.exp(-r * m);
            total += w;
            p[Math.min(m, window + 1)] += w;
        }
        for (int m = 0; m < p.length; m++) {
            p[m] /= total;
        }
        int n = 200_000;
        long[] counts = new long[window + 2];
        SeededRandomBits bits = new SeededRandomBits(23);
        for (int i = 0; i < n; i++) {
            long m = LatticeGauge.maxAbs(s.noise(bits)).longValueExact();
            counts[(int) Math.min(m, window + 1)]++;
        }
        ChiSquare.assertFits(counts, p, n, "tabulated l-infinity radius, d = 3");
    }

    @Test
    void theHexagonProposalsLevelMatchesItsBoxCounts() {
        // half-widths (2, 1) at rate 1/17, as the hexagon golden file: P(h(z) = k) ∝ (|B_k| − |B_{k−1}|)·e^{−sk}
        long[] m = {2, 1};
        double s = 1.0 / 17;
        BoxRadius box = new BoxRadius(m, rate(17));
        int window = 300;
        double[] p = new double[window + 2];
        double total = 0;
        for (int k = 0; k <= 3000; k++) {
            double shell = BoxRadius.count(m, k).doubleValue() - (k == 0 ? 0 : BoxRadius.count(m, k - 1).doubleValue());
            double w = shell * Math.exp(-s * k);
            total += w;
            p[Math.min(k, window + 1)] += w;
        }
        for (int k = 0; k < p.length; k++) {
            p[k] /= total;
        }
        int n = 200_000;
        long[] counts = new long[window + 2];
        SeededRandomBits bits = new SeededRandomBits(24);
        for (int i = 0; i < n; i++) {
            long h = box.level((long[]) box.point(bits));
            counts[(int) Math.min(h, window + 1)]++;
        }
        ChiSquare.assertFits(counts, p, n, "hexagon proposal level, half-widths (2, 1)");
    }
}
