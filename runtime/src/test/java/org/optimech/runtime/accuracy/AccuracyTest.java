package org.optimech.runtime.accuracy;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.KNormBlock;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.PrivacyGuarantee;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.spec.SpecCodec;

/**
 * Accuracy against independent computations: a table's intervals from its rows in big integers, a geometric remap's from
 * the truncated geometric composed with the remap in high-precision decimals, and the K-norm and Gaussian closed forms against
 * Monte Carlo on the samplers with another seed.
 */
class AccuracyTest {
    private static final JsonObject EMPTY = JsonObject.builder().build();

    /** The randomized-response-like table on 0..3: weight 2^K·(e^ε on the diagonal) normalised, built exactly. */
    static DiscreteMechanismSpec table() throws Exception {
        long[][] w = {
            {40, 16, 6, 2},
            {16, 32, 12, 4},
            {4, 12, 32, 16},
            {2, 6, 16, 40},
        };
        PrivacyGuarantee p = new PrivacyGuarantee(Relation.SUBSTITUTION, NeighbourGraph.path(4), new BigDecimal("2"), BigDecimal.ZERO, new BigDecimal("2"),
                BigDecimal.ZERO, Numerics.EXACT, InputPolicy.CLAMP);
        return DiscreteMechanismSpec.of(new IntegerRange(0, 3), new IntegerRange(0, 3), WeightTable.ofLongs(6, w), p, EMPTY, EMPTY);
    }

    @Test
    void tableIntervalsAreExactFromTheRows() throws Exception {
        DiscreteMechanismSpec s = table();
        DiscreteAccuracy a = DiscreteAccuracy.of(s, 0.2);
        assertTrue(a.numeric());
        assertEquals(0.0, a.slack());
        assertTrue(a.method().startsWith("exact"), a.method());
        // input 1: errors -1,0,1,2 with masses 16,32,12,4 of 64: P(err < 0) = 1/4 > 0.1, so lo = -1; P(err > 1) = 4/64 <= 0.1, P(err > 0) = 16/64 > 0.1: hi = 1
        DiscreteAccuracy.InputAccuracy one = a.input(1);
        assertEquals(-1, one.lowerError());
        assertEquals(1, one.upperError());
        // P(|err| > 1) = 4/64 <= 0.2, P(|err| > 0) = 32/64: a = 1
        assertEquals(1, one.absoluteError());
        assertEquals(0.5, one.probabilityExact());
        assertEquals(0, one.median());
        // input 0: errors 0..3 with 40,16,6,2: P(err > 1) = 8/64 > 0.1, P(err > 2) = 2/64: hi = 2; lo = 0
        assertEquals(0, a.input(0).lowerError());
        assertEquals(2, a.input(0).upperError());
        DiscreteAccuracy.InputAccuracy worst = a.worst();
        assertEquals(-2, worst.lowerError());
        assertEquals(2, worst.upperError());
        assertTrue(a.describe().contains("within [-2, +2]"), a.describe());
        // the same numbers through the front door's dispatch
        assertEquals(a.worst(), ((DiscreteAccuracy) Accuracy.of(s, 0.2)).worst());
    }

    /** The golden geometric-remap count spec against the truncated geometric composed with the remap in 50-digit decimals. */
    @Test
    void geometricRemapMatchesAnIndependentHighPrecisionComposition() throws Exception {
        int n = 30;
        int[] target = new int[n + 1];
        for (int z = 0; z <= n; z++) {
            target[z] = Math.max(2, Math.min(n - 2, z)); // a remap that pulls the ends in
        }
        Remap remap = Remap.deterministic(n + 1, target);
        PrivacyGuarantee p = new PrivacyGuarantee(Relation.SUBSTITUTION, NeighbourGraph.path(n + 1), new BigDecimal("0.7"), BigDecimal.ZERO,
                new BigDecimal("0.7"), BigDecimal.ZERO, Numerics.EXACT, InputPolicy.CLAMP);
        GeometricRemapSpec s = GeometricRemapSpec.of(new IntegerRange(0, n), new IntegerRange(0, n), new BigDecimal("0.7"), remap, p, EMPTY, EMPTY);
        for (double beta : new double[] {0.3, 0.1, 0.05, 0.01}) {
            DiscreteAccuracy a = DiscreteAccuracy.of(s, beta);
            assertTrue(a.slack() < 1e-10 && a.slack() > 0, "slack " + a.slack());
            for (int i = 0; i <= n; i++) {
                BigDecimal[] row = exactRow(n, 0.7, target, i);
                long[] want = bruteInterval(row, i, beta);
                DiscreteAccuracy.InputAccuracy got = a.input(i);
                assertEquals(want[0], got.lowerError(), "input " + i + " beta " + beta);
                assertEquals(want[1], got.upperError(), "input " + i + " beta " + beta);
                assertEquals(want[2], got.absoluteError(), "input " + i + " beta " + beta);
            }
        }
    }

    /** P(output | i) for the truncated geometric then a deterministic remap, in 50-digit decimals (α^k by BigDecimal powers). */
    private static BigDecimal[] exactRow(int n, double eps, int[] target, int i) {
        MathContext mc = new MathContext(50);
        BigDecimal alpha = new BigDecimal(Math.exp(-eps)); // the same α as a double: the check is of the composition, not of exp
        BigDecimal one = BigDecimal.ONE;
        BigDecimal[] out = new BigDecimal[n + 1];
        Arrays.fill(out, BigDecimal.ZERO);
        for (int z = 0; z <= n; z++) {
            BigDecimal g;
            if (z == 0) {
                g = alpha.pow(i, mc).divide(one.add(alpha), mc);
            } else if (z == n) {
                g = alpha.pow(n - i, mc).divide(one.add(alpha), mc);
            } else {
                g = one.subtract(alpha).divide(one.add(alpha), mc).multiply(alpha.pow(Math.abs(z - i), mc), mc);
            }
            out[target[z]] = out[target[z]].add(g, mc);
        }
        return out;
    }

    /** {lo, hi, a} by brute force over integers: the largest lo with P(err < lo) ≤ β/2, the smallest hi, the smallest a. */
    private static long[] bruteInterval(BigDecimal[] row, int input, double beta) {
        BigDecimal half = new BigDecimal(beta / 2);
        BigDecimal b = new BigDecimal(beta);
        long lo = 0;
        long hi = 0;
        long a = -1;
        for (long x = -row.length - 1; x <= row.length + 1; x++) {
            BigDecimal below = BigDecimal.ZERO;
            for (int o = 0; o < row.length; o++) {
                if (o - input < x) {
                    below = below.add(row[o]);
                }
            }
            if (below.compareTo(half) <= 0) {
                lo = x;
            }
        }
        for (long x = row.length + 1; x >= -row.length - 1; x--) {
            BigDecimal above = BigDecimal.ZERO;
            for (int o = 0; o < row.length; o++) {
                if (o - input > x) {
                    above = above.add(row[o]);
                }
            }
            if (above.compareTo(half) <= 0) {
                hi = x;
            }
        }
        for (long x = 0; a < 0; x++) {
            BigDecimal out = BigDecimal.ZERO;
            for (int o = 0; o < row.length; o++) {
                if (Math.abs(o - input) > x) {
                    out = out.add(row[o]);
                }
            }
            if (out.compareTo(b) <= 0) {
                a = x;
            }
        }
        return new long[] {lo, hi, a};
    }

    @Test
    void labelsReportTheProbabilityOfTheTrueLabel() throws Exception {
        MechanismSpec rr = TestMechanisms.read(golden("randomized-response.json"));
        DiscreteAccuracy a = (DiscreteAccuracy) Accuracy.of(rr, 0.05);
        assertTrue(!a.numeric() || a.inputCount() > 0);
        double min = 1;
        for (int i = 0; i < a.inputCount(); i++) {
            min = Math.min(min, a.input(i).probabilityExact());
        }
        assertEquals(min, a.worst().probabilityExact());
        assertTrue(min > 0 && min < 1, "P(true label) " + min);
    }

    @Test
    void betaOutsideTheOpenUnitIntervalIsRefused() throws Exception {
        DiscreteMechanismSpec s = table();
        for (double bad : new double[] {0, 1, -0.1, Double.NaN, 2}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Accuracy.of(s, bad));
            assertTrue(e.getMessage().startsWith("beta must be in (0, 1)"), e.getMessage());
        }
    }

    private static KNormSpec ball(LpNorm norm, int d, String sensitivity, String epsilon) throws Exception {
        KNormBlock block = new KNormBlock(d, null, new Body.Ball(norm), new BigDecimal(sensitivity), new BigDecimal(epsilon), null, null);
        return KNormSpec.of(block, Relation.ADD_REMOVE, new BigDecimal(epsilon), new BigDecimal(epsilon), EMPTY, EMPTY);
    }

    /** The closed forms against an independent Monte Carlo (another seed, the sampler called directly), within 5 standard errors. */
    @Test
    void knormClosedFormsAgreeWithMonteCarlo() throws Exception {
        double beta = 0.05;
        int d = 3;
        double s = 2.0 / 0.5;
        for (LpNorm norm : LpNorm.values()) {
            KNormSpec spec = ball(norm, d, "2", "0.5");
            VectorAccuracy a = VectorAccuracy.of(spec, beta);
            double[][] draws = new double[100_000][];
            SeededRandomBits random = new SeededRandomBits(99);
            for (int i = 0; i < draws.length; i++) {
                draws[i] = org.optimech.runtime.sampling.Samplers.knorm(spec, NumericsPolicy.ALLOW_IDEALIZED).noise(random);
            }
            double coord = quantileOf(draws, v -> Math.abs(v[0]), 1 - beta);
            double max = quantileOf(draws, LpNorm.LINF::of, 1 - beta);
            double l2 = quantileOf(draws, LpNorm.L2::of, 1 - beta);
            // 100,000 draws: the 95% quantile's relative standard error is about 1%
            assertClose(coord, a.coordinates()[0].value(), 0.04, norm + " coordinate");
            assertClose(max, a.simultaneous().value(), 0.04, norm + " max");
            assertClose(l2, a.l2().value(), 0.04, norm + " l2");
            if (norm == LpNorm.L1) {
                assertEquals(s * Math.log(1 / beta), a.coordinates()[0].value(), 1e-12);
                assertTrue(a.coordinates()[0].closedForm() && a.simultaneous().closedForm() && !a.l2().closedForm());
                assertClose(s * Math.sqrt(2), a.standardDeviations()[0], 1e-12, "laplace sd");
            }
            if (norm == LpNorm.L2) {
                assertTrue(a.l2().closedForm() && !a.coordinates()[0].closedForm());
                // ||V||_2 ~ Gamma(3, s): P(> x) = e^{-x/s}(1 + x/s + (x/s)^2/2) at the reported x is beta
                double x = a.l2().value() / s;
                assertEquals(beta, Math.exp(-x) * (1 + x + x * x / 2), 1e-10);
            }
            if (norm == LpNorm.LINF) {
                assertTrue(a.coordinates()[0].closedForm() && a.simultaneous().closedForm());
                assertClose(s * Math.sqrt((d + 1) * (d + 2) / 3.0), a.standardDeviations()[0], 1e-12, "linf sd");
            }
        }
    }

    @Test
    void monteCarloFiguresStateTheirStandardError() throws Exception {
        KNormSpec hexagon = (KNormSpec) TestMechanisms.read(golden("knorm-hexagon.json"));
        VectorAccuracy a = VectorAccuracy.of(hexagon, 0.05);
        assertTrue(a.draws() > 0 && a.method().contains("Monte Carlo"), a.method());
        for (VectorAccuracy.Estimate e : a.coordinates()) {
            assertTrue(e.standardError() > 0 && e.standardError() < 0.05 * e.value(), e.toString());
        }
        // reproducible: the seed is fixed
        assertEquals(a.l2(), VectorAccuracy.of(hexagon, 0.05).l2());
        // regression (issue 24, G5): the one-line summary kept the widest coordinate's value and dropped its standard error
        VectorAccuracy.Estimate widest = a.widest();
        for (VectorAccuracy.Estimate e : a.coordinates()) {
            assertTrue(e.value() <= widest.value(), e + " wider than " + widest);
        }
        assertTrue(a.describe().contains("each coordinate is within +-" + widest + " of the true value (the widest)"), a.describe());
        assertTrue(widest.toString().contains("(s.e. "), widest.toString());
    }

    /**
     * An exact lattice release's Monte Carlo takes as many draws as its work budget allows at the certified acceptance (each
     * draw up to d/a coordinate draws), never fewer than the floor, never more than the floating sampler's count; past the
     * limit at the floor the continuous noise stands in. Regression (session 11): the floor was 2,000 draws whatever the cost,
     * so `design` and `inspect` of counts of 2000 items with k = 800 (acceptance 1.1e-6) ran for hours after the spec was written.
     */
    @Test
    void anExactReleasesMonteCarloKeepsToItsWorkBudget() {
        for (int d : new int[] {2, 10, 100, 1000, 2000}) {
            for (double a : new double[] {1e-6, 1.1e-5, 7.3e-4, 0.01, 0.5, 1}) {
                int n = VectorAccuracy.latticeDraws(d, a);
                assertTrue(n >= VectorAccuracy.MIN_LATTICE_DRAWS && n <= 200_000 && (long) n * d <= Math.max(VectorAccuracy.MAX_CELLS,
                        (long) VectorAccuracy.MIN_LATTICE_DRAWS * d), d + ", " + a + ": " + n);
                // the expected work at the certified acceptance keeps to the budget unless the floor alone exceeds it
                assertTrue(n == VectorAccuracy.MIN_LATTICE_DRAWS || n * (double) d / a <= VectorAccuracy.LATTICE_WORK * (1 + 1e-9), d + ", " + a + ": " + n);
            }
        }
        assertEquals(200, VectorAccuracy.latticeDraws(1000, 7.3e-4), "counts of 1000 items, k = 200 (count ball, mixed)");
        assertEquals(100_000, VectorAccuracy.latticeDraws(10, 0.5));
    }

    @Test
    void latticeFiguresIncludeTheRounding() throws Exception {
        KNormSpec l1 = (KNormSpec) TestMechanisms.read(golden("knorm-l1-lattice.json"));
        VectorAccuracy a = VectorAccuracy.of(l1, 0.05);
        assertTrue(a.method().contains("lattice rounding"), a.method());
        double half = Math.scalb(1.0, l1.latticeNoise().orElseThrow().exponent() - 1);
        assertTrue(a.coordinates()[0].value() > half);
    }

    @Test
    void gaussianProcessCoordinatesAreNormal() throws Exception {
        GaussianProcessSpec g = (GaussianProcessSpec) TestMechanisms.read(golden("gaussian-process.json"));
        double beta = 0.1;
        VectorAccuracy a = VectorAccuracy.of(g, beta);
        double sd = g.noiseScale() * Math.sqrt(1 + g.jitter());
        double half = a.coordinates()[0].value();
        // Φ(half/sd) = 1 - beta/2
        assertEquals(1 - beta / 2, GaussianProfile.phi(half / sd), 1e-10);
        assertTrue(a.simultaneous().value() >= half && a.l2().value() >= half);
        assertEquals(g.grid().length, a.names().size());
    }

    private static double quantileOf(double[][] draws, java.util.function.ToDoubleFunction<double[]> f, double q) {
        double[] x = new double[draws.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = f.applyAsDouble(draws[i]);
        }
        Arrays.sort(x);
        return x[(int) Math.ceil(q * x.length) - 1];
    }

    private static void assertClose(double want, double got, double relative, String what) {
        assertTrue(Math.abs(want - got) <= relative * Math.abs(want), what + ": want " + want + ", got " + got);
    }

    static JsonObject golden(String name) throws Exception {
        try (java.io.InputStream in = java.util.Objects.requireNonNull(AccuracyTest.class.getResourceAsStream("/golden/v1/" + name), name)) {
            return org.optimech.runtime.json.JsonParser.parse(in).asObject();
        }
    }
}
