package org.optimech.runtime.accounting;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.PrivacyGuarantee;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.spec.SpecCodec;

/**
 * The accountant against independent computations: brute-force composition over every output sequence of a small table (all
 * ordered pairs, δ = Σ (P − e^ε Q)⁺ summed directly), the binomial closed form of randomized response, and the Gaussian's
 * exact profile through μ-GDP.
 */
class AccountantTest {
    private static final JsonObject EMPTY = JsonObject.builder().build();

    /** A pure ε-DP table on a path, asymmetric so that no single pair is worst for every ε. */
    static DiscreteMechanismSpec asymmetric() throws Exception {
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

    /** An (ε, δ) table with outputs one neighbour never produces: infinite losses, a δ atom no ε removes. */
    static DiscreteMechanismSpec withZeros() throws Exception {
        long[][] w = {
            {6, 2, 0},
            {3, 3, 2},
            {0, 2, 6},
        };
        PrivacyGuarantee p = new PrivacyGuarantee(Relation.SUBSTITUTION, NeighbourGraph.path(3), new BigDecimal("1"), new BigDecimal("0.375"), new BigDecimal("1"),
                new BigDecimal("0.375"), Numerics.EXACT, InputPolicy.CLAMP);
        return DiscreteMechanismSpec.of(new IntegerRange(0, 2), new IntegerRange(0, 2), WeightTable.ofLongs(3, w), p, EMPTY, EMPTY);
    }

    /**
     * Regression (issue 24, G4): an (ε, δ) table beyond 20,000 ordered pairs was refused by {@link Accountant#releases} and
     * {@link Accountant#dominatingPair}, so a privacy-loss-distribution ledger could not charge it. It is now bounded through
     * its certified guarantee's dominating pair, which must lie above the exact pair-by-pair accounting of the same pairs (a
     * 3-input table with the same two rows has every pair the 10,002-input one has).
     */
    @Test
    void anEpsilonDeltaTableBeyondThePairLimitIsBoundedByItsDeclaredPair() throws Exception {
        DiscreteMechanismSpec big = TestMechanisms.alternating(10_002);
        DiscreteMechanismSpec small = TestMechanisms.alternating(3);
        assertTrue(Accountant.coarseDominatingPair(big).orElseThrow().contains("20002 ordered neighbouring pairs"), Accountant.coarseDominatingPair(big).toString());
        assertTrue(Accountant.coarseDominatingPair(small).isEmpty());
        PrivacyLossDistribution bigPair = Accountant.dominatingPair(big, 1e-3);
        PrivacyLossDistribution smallPair = Accountant.dominatingPair(small, 1e-3);
        double[][] rows = rows(new long[][] {{6, 2, 0}, {3, 3, 2}, {6, 2, 0}}, 3);
        int[][] edges = NeighbourGraph.path(3).edges();
        // both pairs are upper bounds, each with its own floating-point margin (about 1e-12 here): compare them with that slack, and
        // the coarse one with the truth (brute force over every output sequence) without any
        for (double eps : new double[] {0, 0.2, 0.5, 0.9, 1, 1.5, 3}) {
            assertTrue(bigPair.delta(eps) >= smallPair.delta(eps) - 1e-9, "epsilon " + eps + ": " + bigPair.delta(eps) + " < " + smallPair.delta(eps));
            assertTrue(bigPair.delta(eps) >= bruteForce(rows, edges, 1, eps), "epsilon " + eps);
        }
        for (int n : new int[] {1, 4, 20}) {
            Releases coarse = Accountant.releases(big, n);
            Releases exact = Accountant.releases(small, n);
            assertFalse(coarse.hasLowerBound());
            assertTrue(coarse.method().contains("certified (epsilon, delta) guarantee's dominating pair"), coarse.method());
            for (double eps : new double[] {0, 0.5, 1, 2, 5, 10}) {
                assertTrue(coarse.deltaUpper(eps) >= exact.deltaUpper(eps) - 1e-9, n + " releases, epsilon " + eps);
                if (n <= 4) {
                    assertTrue(coarse.deltaUpper(eps) >= bruteForce(rows, edges, n, eps), n + " releases, epsilon " + eps);
                }
            }
        }
        // the declared pair at one release: delta(epsilon) = delta + (1 - delta) (e^eps - e^epsilon)+ / (1 + e^eps), 0.25 at epsilon 1
        assertEquals(0.25, bigPair.delta(1), 2e-3);
        assertEquals(0.25 + 0.75 * (Math.E - Math.exp(0.5)) / (1 + Math.E), bigPair.delta(0.5), 2e-3);
    }

    /** δ(ε) of N releases by enumerating every output sequence of every ordered neighbouring pair: the largest over pairs. */
    static double bruteForce(double[][] rows, int[][] edges, int n, double epsilon) {
        double worst = 0;
        double e = Math.exp(epsilon);
        for (int[] edge : edges) {
            for (int dir = 0; dir < 2; dir++) {
                double[] p = rows[edge[dir]];
                double[] q = rows[edge[1 - dir]];
                int k = p.length;
                int sequences = (int) Math.pow(k, n);
                double delta = 0;
                for (int s = 0; s < sequences; s++) {
                    double ps = 1;
                    double qs = 1;
                    for (int i = 0, t = s; i < n; i++, t /= k) {
                        ps *= p[t % k];
                        qs *= q[t % k];
                    }
                    delta += Math.max(0, ps - e * qs);
                }
                worst = Math.max(worst, delta);
            }
        }
        return worst;
    }

    private static double[][] rows(long[][] w, int bits) {
        double[][] r = new double[w.length][];
        for (int i = 0; i < w.length; i++) {
            r[i] = new double[w[i].length];
            for (int j = 0; j < w[i].length; j++) {
                r[i][j] = Math.scalb((double) w[i][j], -bits);
            }
        }
        return r;
    }

    private static void assertBrackets(Releases r, double truth, double epsilon, double tolerance, String what) {
        double up = r.deltaUpper(epsilon);
        double lo = r.deltaLower(epsilon);
        assertTrue(lo <= truth * (1 + 1e-12) + 1e-15 && truth <= up * (1 + 1e-12) + 1e-15, what + " at epsilon " + epsilon + ": " + lo + " <= " + truth + " <= " + up);
        assertTrue(up - lo <= tolerance, what + " at epsilon " + epsilon + ": bracket " + lo + ".." + up + " wider than " + tolerance);
    }

    @Test
    void tableMatchesBruteForceCompositionOverAllPairs() throws Exception {
        DiscreteMechanismSpec s = asymmetric();
        double[][] rows = rows(new long[][] {{40, 16, 6, 2}, {16, 32, 12, 4}, {4, 12, 32, 16}, {2, 6, 16, 40}}, 6);
        int[][] edges = NeighbourGraph.path(4).edges();
        for (int n = 1; n <= 4; n++) {
            Releases r = Accountant.releases(s, n);
            for (double eps : new double[] {0, 0.3, 0.9, 1.7, 2.5, 4, 6}) {
                assertBrackets(r, bruteForce(rows, edges, n, eps), eps, 2e-3, n + " releases");
            }
            assertEquals(new BigDecimal(2 * n), r.basicEpsilon().stripTrailingZeros().setScale(0));
        }
        // 4 releases at delta 1e-3: tighter than basic composition's 8 (and at least the brute force's epsilon)
        Releases four = Accountant.releases(s, 4);
        double eps = four.epsilonUpper(1e-3);
        assertTrue(eps < 8 && eps > 0, "epsilon " + eps);
        assertTrue(bruteForce(rows, edges, 4, eps) <= 1e-3 * (1 + 1e-9), "the reported epsilon must achieve delta");
        assertTrue(bruteForce(rows, edges, 4, four.epsilonLower(1e-3) * 0.999) > 1e-3, "the lower epsilon must not achieve delta");
    }

    @Test
    void infiniteLossesAreADeltaAtom() throws Exception {
        DiscreteMechanismSpec s = withZeros();
        double[][] rows = rows(new long[][] {{6, 2, 0}, {3, 3, 2}, {0, 2, 6}}, 3);
        int[][] edges = NeighbourGraph.path(3).edges();
        for (int n = 1; n <= 5; n++) {
            Releases r = Accountant.releases(s, n);
            for (double eps : new double[] {0, 0.5, 1, 2, 5, 20}) {
                assertBrackets(r, bruteForce(rows, edges, n, eps), eps, 2e-3, n + " releases");
            }
            // no epsilon removes P(some release is an output the neighbour never gives): largest for inputs 1 then 2, 1 − (5/8)^n
            double atom = 1 - Math.pow(0.625, n);
            // up to the tracked floating-point error of the masses
            assertTrue(r.deltaUpper(1e6) >= atom && r.deltaUpper(1e6) <= atom + 1e-9, "upper atom " + r.deltaUpper(1e6));
            assertTrue(r.deltaLower(1e6) <= atom && r.deltaLower(1e6) >= atom - 1e-9, "lower atom " + r.deltaLower(1e6));
            assertEquals(Double.POSITIVE_INFINITY, r.epsilonUpper(atom * 0.99));
        }
        assertThrows(IllegalArgumentException.class, () -> Accountant.releases(s, 0));
    }

    @Test
    void randomizedResponseTableMatchesTheBinomialClosedForm() throws Exception {
        MechanismSpec rr = TestMechanisms.read(golden("randomized-response.json"));
        double eps = Math.log(3);
        for (long n : new long[] {1, 10, 200}) {
            Releases pairs = Accountant.releases(rr, n);
            assertTrue(pairs.method().contains("ordered neighbouring pairs"), pairs.method());
            for (double e : new double[] {0, 1, 3, 6, 15}) {
                double exact = binomialDelta(eps, n, e);
                assertBrackets(pairs, exact, e, 2e-3 * Math.max(1, Math.sqrt(n) / 3), "randomized response x" + n);
            }
        }
    }

    /** δ(ε) of n-fold randomized response at ε0, in BigDecimal-free logs but summed independently of the accountant (all k). */
    private static double binomialDelta(double eps0, long n, double e) {
        double p = Math.exp(eps0) / (1 + Math.exp(eps0));
        double sum = 0;
        for (long k = 0; k <= n; k++) {
            double loss = (2.0 * k - n) * eps0;
            if (loss > e) {
                double logChoose = lgammaChoose(n, k);
                sum += Math.exp(logChoose + k * Math.log(p) + (n - k) * Math.log(1 - p)) * (1 - Math.exp(e - loss));
            }
        }
        return sum;
    }

    private static double lgammaChoose(long n, long k) {
        double s = 0;
        for (long i = 1; i <= k; i++) {
            s += Math.log(n - k + i) - Math.log(i);
        }
        return s;
    }

    @Test
    void gaussianPldMatchesMuGdp() throws Exception {
        double mu = 0.5;
        double step = 1e-3;
        for (int n : new int[] {1, 4, 16}) {
            PrivacyLossDistribution up = PrivacyLossDistribution.gaussian(mu, step, PrivacyLossDistribution.Bound.UPPER).compose(n);
            PrivacyLossDistribution lo = PrivacyLossDistribution.gaussian(mu, step, PrivacyLossDistribution.Bound.LOWER).compose(n);
            for (double e : new double[] {0, 0.5, 1, 2, 4}) {
                double exact = GaussianProfile.delta(e, mu * Math.sqrt(n), 1);
                assertTrue(lo.delta(e) <= exact && exact <= up.delta(e), n + " at " + e + ": " + lo.delta(e) + " " + exact + " " + up.delta(e));
                // each loss moved by at most one step, so n losses by at most n steps: the bracket lies within the exact profile shifted by n·h
                double shift = n * step;
                assertTrue(up.delta(e) <= GaussianProfile.delta(e - shift, mu * Math.sqrt(n), 1) + 1e-9, "upper too loose at " + e);
                assertTrue(lo.delta(e) >= GaussianProfile.delta(e + shift, mu * Math.sqrt(n), 1) - 1e-9, "lower too loose at " + e);
            }
        }
    }

    @Test
    void gaussianProcessSpecIsMuGdp() throws Exception {
        GaussianProcessSpec g = (GaussianProcessSpec) TestMechanisms.read(golden("gaussian-process.json"));
        double mu = g.sensitivity().doubleValue() / g.noiseScale();
        Releases r = Accountant.releases(g, 9);
        assertTrue(r.method().contains("GDP"), r.method());
        for (double e : new double[] {0.1, 1, 3}) {
            double exact = GaussianProfile.delta(e, 3 * mu, 1);
            assertBrackets(r, exact, e, 1e-8 + 1e-6 * exact, "gaussian process");
        }
        // and the grid PLD of its dominating pair, composed, agrees
        PrivacyLossDistribution grid = Accountant.dominatingPair(g, 1e-3).compose(9);
        assertEquals(r.deltaUpper(1), grid.delta(1), 5e-3 * r.deltaUpper(1) + 1e-6);
    }

    @Test
    void knormUsesTheRandomizedResponsePair() throws Exception {
        KNormSpec k = (KNormSpec) TestMechanisms.read(golden("knorm-hexagon.json"));
        double eps0 = k.certifiedEpsilon().doubleValue();
        Releases r = Accountant.releases(k, 20);
        assertTrue(r.method().contains("randomized-response"), r.method());
        PrivacyLossDistribution up = PrivacyLossDistribution.randomizedResponse(eps0, 1e-3, PrivacyLossDistribution.Bound.UPPER).compose(20);
        PrivacyLossDistribution lo = PrivacyLossDistribution.randomizedResponse(eps0, 1e-3, PrivacyLossDistribution.Bound.LOWER).compose(20);
        for (double e : new double[] {0, 0.5 * eps0 * 20, 0.8 * eps0 * 20}) {
            double exact = binomialDelta(eps0, 20, e);
            double upper = r.deltaUpper(e);
            assertTrue(exact <= upper * (1 + 1e-12) + 1e-15 && upper - exact <= 1e-9 + 1e-8 * exact, "k-norm closed form at " + e + ": " + exact + " <= " + upper);
            assertTrue(lo.delta(e) <= exact * (1 + 1e-9) && exact <= up.delta(e) * (1 + 1e-9), "grid at " + e);
        }
        // the pair dominates the mechanism's: its own lower bound would be no lower bound of the spec's epsilon (audit of issue 24)
        assertFalse(r.hasLowerBound());
        assertEquals(0, r.deltaLower(0.5 * eps0 * 20));
        assertEquals(0, r.epsilonLower(1e-6));
        assertTrue(r.describe(1e-6).contains("no lower bound: the randomized-response pair dominates"), r.describe(1e-6));
        // ε-DP composed: never more than basic composition, at δ = 0 exactly basic
        assertTrue(r.epsilonUpper(1e-6) < 20 * eps0);
        assertEquals(20 * eps0, r.epsilonUpper(0), 1e-9 * 20 * eps0);
    }

    @Test
    void dominatingPairLiesAboveEveryPair() throws Exception {
        DiscreteMechanismSpec s = asymmetric();
        double step = 1e-3;
        PrivacyLossDistribution env = Accountant.dominatingPair(s, step);
        DiscretePairs pairs = DiscretePairs.of(s);
        double[] worstAtGrid = new double[1];
        for (double e = -3; e <= 3; e += 0.0137) {
            double max = 0;
            for (int p = 0; p < pairs.pairCount(); p++) {
                max = Math.max(max, pairs.distribution(p, step, PrivacyLossDistribution.Bound.UPPER).delta(e));
            }
            assertTrue(env.delta(e) >= max * (1 - 1e-12), "envelope at " + e + ": " + env.delta(e) + " < " + max);
            assertTrue(env.delta(e) <= max + 2e-3, "envelope too loose at " + e);
            worstAtGrid[0] = Math.max(worstAtGrid[0], env.delta(e) - max);
        }
        // composed, it bounds the brute force of the mechanism itself
        double[][] rows = rows(new long[][] {{40, 16, 6, 2}, {16, 32, 12, 4}, {4, 12, 32, 16}, {2, 6, 16, 40}}, 6);
        PrivacyLossDistribution three = env.compose(3);
        for (double e : new double[] {0, 1, 2, 4}) {
            assertTrue(three.delta(e) >= bruteForce(rows, NeighbourGraph.path(4).edges(), 3, e), "composed envelope at " + e);
        }
    }

    /**
     * Regression (session 6): count-path's four pairs are all undominated and the largest curve changes three times. The
     * envelope's T was e^-h too small, so every atom was e^-h too light (total mass 0.99906 at h = 1e-3, δ up to 4.1e-4 below
     * a pair's) and each change of curve left a negative atom, clipped into an error of 6.3e-5 per release, which made a
     * PLD ledger fall back to basic composition.
     */
    @Test
    void envelopeOfSeveralUndominatedPairsLiesAboveEachAndKeepsItsMass() throws Exception {
        for (MechanismSpec s : new MechanismSpec[] {TestMechanisms.read(golden("count-path.json")), asymmetric()}) {
            double step = 1e-3;
            PrivacyLossDistribution env = Accountant.dominatingPair(s, step);
            DiscretePairs pairs = DiscretePairs.of((DiscreteMechanismSpec) s);
            java.util.List<PrivacyLossDistribution> upper = new java.util.ArrayList<>();
            for (int p = 0; p < pairs.pairCount(); p++) {
                upper.add(pairs.distribution(p, step, PrivacyLossDistribution.Bound.UPPER));
            }
            assertTrue(env.error() <= 1e-9, "envelope error " + env.error());
            double mass = env.infinity();
            for (double m : env.masses()) {
                mass += m;
            }
            assertEquals(1.0, mass, 1e-9, "envelope mass");
            for (int k = -4000; k <= 4000; k++) { // every grid point of [-4, 4] and a point between each two
                for (double e : new double[] {k * step, (k + 0.37) * step}) {
                    double max = 0;
                    for (PrivacyLossDistribution u : upper) {
                        max = Math.max(max, u.delta(e));
                    }
                    assertTrue(env.delta(e) >= max * (1 - 1e-12), "envelope at " + e + ": " + env.delta(e) + " < " + max);
                }
                double max = 0; // at grid points the envelope is the largest curve itself, not merely above it
                for (PrivacyLossDistribution u : upper) {
                    max = Math.max(max, u.delta(k * step));
                }
                assertTrue(env.delta(k * step) <= max + env.error() + 1e-12, "envelope too loose at " + k * step + ": " + env.delta(k * step) + " > " + max);
            }
        }
    }

    @Test
    void describeNamesBothAccountings() throws Exception {
        Releases r = Accountant.releases(asymmetric(), 10);
        String d = r.describe(1e-6);
        assertTrue(d.contains("10 releases") && d.contains("basic composition") && d.contains("epsilon 20"), d);
    }

    static JsonObject golden(String name) throws Exception {
        try (java.io.InputStream in = java.util.Objects.requireNonNull(AccountantTest.class.getResourceAsStream("/golden/v1/" + name), name)) {
            return org.optimech.runtime.json.JsonParser.parse(in).asObject();
        }
    }
}
