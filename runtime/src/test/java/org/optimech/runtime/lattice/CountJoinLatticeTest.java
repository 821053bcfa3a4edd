package org.optimech.runtime.lattice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.knorm.CountJoinBody;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * The exact lattice sampler of the count join conv(Q ∪ −Q) ({@link StructuredEnvelope}) against its exact law P(z) ∝ x^{G(z)},
 * G = k‖z‖_K = max(k‖z₊‖∞, Σz₊) + max(k‖z₋‖∞, Σz₋) and x = e^{−r/k}, computed here by counting lattice points (no sampler
 * code): a vector splits into a positive part on i coordinates and a negative part on j others, and the number of positive
 * i-vectors with max ≤ m and sum ≤ s is a small dynamic programme. Checked: the law of G (χ²), the law of one coordinate
 * (χ²), E‖Z‖² (z-test), each with both proposals (ℓ1 and ℓ∞), and the certified acceptance below the exact one. False-failure
 * probability: 1e-7 per χ² ({@link org.optimech.runtime.ChiSquare#ALPHA}), 1.2e-8 per z-test (|z| &lt; 5.7).
 */
class CountJoinLatticeTest {
    static LatticeGauge join(int d, int k) {
        return LatticeGauge.countJoin(d, k, CountJoinBody.of(d, k).logVolume() - 1e-9);
    }

    /** max(‖z₊‖∞, Σz₊/k) + max(‖z₋‖∞, Σz₋/k), from the definition. */
    private static double gauge(long[] z, int k) {
        double maxP = 0;
        double maxN = 0;
        double plus = 0;
        double minus = 0;
        for (long v : z) {
            maxP = Math.max(maxP, v);
            maxN = Math.max(maxN, -v);
            plus += Math.max(v, 0);
            minus += Math.max(-v, 0);
        }
        return Math.max(maxP, plus / k) + Math.max(maxN, minus / k);
    }

    @Test
    void gaugeAndRoundingTermMatchTheDefinition() {
        SeededRandomBits bits = new SeededRandomBits(5);
        for (int d = 1; d <= 8; d++) {
            for (int k = 1; k <= d; k++) {
                LatticeGauge g = join(d, k);
                assertEquals("count-join", g.name());
                double rho = 0;
                for (int mask = 0; mask < 1 << d; mask++) {
                    long[] v = new long[d];
                    for (int j = 0; j < d; j++) {
                        v[j] = ((mask >> j) & 1) == 1 ? 1 : -1;
                    }
                    rho = Math.max(rho, gauge(v, k));
                }
                assertEquals(rho, g.roundingTerm().doubleValue(), 1e-15, "rho, d = " + d + ", k = " + k);
                for (int t = 0; t < 50; t++) {
                    long[] z = new long[d];
                    for (int j = 0; j < d; j++) {
                        z[j] = bits.nextLong() % 20;
                    }
                    assertEquals(gauge(z, k), g.of(z).doubleValue(), 1e-12, "gauge at " + java.util.Arrays.toString(z));
                }
            }
        }
        // mixed signs can beat the all-ones corner: d = 4, k = 4 has rho = 2 (1 + 1), not d/k = 1
        assertEquals(Rational.of(BigInteger.TWO), join(4, 4).roundingTerm());
    }

    @Test
    void noiseFollowsTheExactLawWithEitherProposal() {
        check(5, 1, rate(1, 1), "l1", 31);
        check(6, 2, rate(1, 1), "l1", 32);
        // k = d: the level proposal certifies best; the cube proposal is forced to keep its path checked
        check(3, 3, rate(3, 2), StructuredLatticeTest.envelope(join(3, 3), StructuredEnvelope.joinWith(join(3, 3), rate(3, 2), "linf")), "linf", 33);
    }

    static Rational rate(long p, long q) {
        return new Rational(BigInteger.valueOf(p), BigInteger.valueOf(q));
    }

    static void check(int d, int k, Rational r, String proposal, long seed) {
        LatticeSampler s = LatticeSampler.of(join(d, k), 0, r, 1);
        assertEquals(proposal, s.structuredProposal().orElseThrow(), "proposal chosen for d = " + d + ", k = " + k);
        check(d, k, r, StructuredLatticeTest.of(s), proposal, seed);
    }

    /** The law of {@code noise} (the count join's lattice noise at rate r) against lattice-point counting, and its certified acceptance. */
    static void check(int d, int k, Rational r, StructuredLatticeTest.Noise noise, String proposal, long seed) {
        double x = Math.exp(-r.doubleValue() / k);
        int top = StructuredLatticeTest.levels(d, k, x);
        int mTop = top / k;
        // pos[i][m][s] = #{w ∈ {1..m}^i : Σw ≤ s}
        double[][][] pos = positiveCounts(d, mTop, top);
        // cumulative C(a, b) = #{z : G₊ ≤ a, G₋ ≤ b} for the whole vector, and for z₁ = v ≥ 0 fixed (v < 0 by symmetry)
        double[][] whole = cumulative(d, -1, k, top, pos);
        double c = 0;
        double[] gLaw = new double[top + 2];
        double[][] cell = cells(whole, top);
        for (int a = 0; a <= top; a++) {
            for (int b = 0; a + b <= top; b++) {
                gLaw[a + b] += cell[a][b] * Math.pow(x, a + b);
            }
        }
        for (double v : gLaw) {
            c += v;
        }
        double[] single = new double[mTop + 1]; // P(z₁ = v) for v = 0..mTop, unnormalised (the law is symmetric)
        for (int v = 0; v <= mTop; v++) {
            double[][] cv = cells(cumulative(d - 1, v, k, top, pos), top);
            for (int a = 0; a <= top; a++) {
                for (int b = 0; a + b <= top; b++) {
                    single[v] += cv[a][b] * Math.pow(x, a + b);
                }
            }
        }
        int w = Math.min(3 * k + 3, mTop);
        double[] law = new double[2 * w + 2];
        double inside = 0;
        double ez2 = 0;
        for (int v = -mTop; v <= mTop; v++) {
            double p = single[Math.abs(v)] / c;
            ez2 += p * v * v;
            if (Math.abs(v) <= w) {
                law[v + w] = p;
                inside += p;
            }
        }
        law[2 * w + 1] = Math.max(0, 1 - inside);
        assertEquals(1, inside + law[2 * w + 1], 1e-9);
        for (int n = 0; n <= top; n++) {
            gLaw[n] /= c;
        }
        StructuredLatticeTest.sampleAndCheck(noise, k, true, gLaw, law, w, d * ez2, seed, "count join d = " + d + ", k = " + k);
        StructuredLatticeTest.assertAcceptanceBelowExact(noise, c, r.doubleValue(), proposal, k, d, false);
    }

    /** pos[i][m][s] = #{w ∈ {1, …, m}^i : Σw ≤ s}, i ≤ d, m ≤ mTop, s ≤ top (doubles: exact below 2^53). */
    private static double[][][] positiveCounts(int d, int mTop, int top) {
        double[][][] pos = new double[d + 1][mTop + 1][];
        for (int m = 0; m <= mTop; m++) {
            double[] exact = new double[top + 1];
            exact[0] = 1;
            pos[0][m] = prefix(exact);
            for (int i = 1; i <= d; i++) {
                double[] next = new double[top + 1];
                for (int t = 0; t <= top; t++) {
                    for (int v = 1; v <= m && t + v <= top; v++) {
                        next[t + v] += exact[t];
                    }
                }
                exact = next;
                pos[i][m] = prefix(exact);
            }
        }
        return pos;
    }

    private static double[] prefix(double[] exact) {
        double[] p = exact.clone();
        for (int t = 1; t < p.length; t++) {
            p[t] += p[t - 1];
        }
        return p;
    }

    /**
     * C(a, b) = #{z ∈ ℤ^dim (with a first coordinate v > 0 added to the positive part when v ≥ 1; v = 0 adds a zero coordinate,
     * v = −1 means none) : G₊ ≤ a, G₋ ≤ b}: Σ over i positive and j negative coordinates of the multinomial times
     * #{positive parts with G ≤ a}·#{negative parts with G ≤ b}; G(w) ≤ a ⟺ max w ≤ ⌊a/k⌋ and Σw ≤ a.
     */
    private static double[][] cumulative(int dim, int v, int k, int top, double[][][] pos) {
        double[][] out = new double[top + 1][top + 1];
        for (int i = 0; i <= dim; i++) {
            for (int j = 0; i + j <= dim; j++) {
                double ways = multinomial(dim, i, j);
                for (int a = 0; a <= top; a++) {
                    double plus;
                    if (v >= 1) {
                        plus = (long) v * k <= a ? pos[i][a / k][a - v] : 0;
                    } else {
                        plus = pos[i][a / k][a];
                    }
                    if (plus == 0) {
                        continue;
                    }
                    for (int b = 0; a + b <= top; b++) {
                        out[a][b] += ways * plus * pos[j][b / k][b];
                    }
                }
            }
        }
        return out;
    }

    /** The counts at exactly (G₊, G₋) = (a, b), by differencing the cumulative counts. */
    private static double[][] cells(double[][] cum, int top) {
        double[][] cell = new double[top + 1][top + 1];
        for (int a = 0; a <= top; a++) {
            for (int b = 0; a + b <= top; b++) {
                cell[a][b] = cum[a][b] - (a > 0 ? cum[a - 1][b] : 0) - (b > 0 ? cum[a][b - 1] : 0) + (a > 0 && b > 0 ? cum[a - 1][b - 1] : 0);
            }
        }
        return cell;
    }

    private static double multinomial(int n, int i, int j) {
        double r = 1;
        for (int t = 1; t <= i; t++) {
            r = r * (n - i + t) / t;
        }
        for (int t = 1; t <= j; t++) {
            r = r * (n - i - j + t) / t;
        }
        return r;
    }

    @Test
    void certifiedAcceptanceAtHighDimension() {
        Rational r = rate(1, 1 << 10);
        // counts of 1000 items, k = 20 (the count ball certifies 0.009 here; the join's l1 proposal sandwiches it by Σz₊ + Σz₋)
        LatticeSampler s = LatticeSampler.of(join(1000, 20), -10, r, 1);
        assertEquals("l1", s.structuredProposal().orElseThrow());
        assertTrue(s.acceptance() > 0.1, "certified " + s.acceptance());
    }
}
