package org.optimech.designer.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.StructuredBody;

/**
 * The containment table's suprema against brute force: the vertices of each polytope enumerated from its definition and the
 * target gauge evaluated by the gauges {@link StructuredDesignerTest} writes from the bodies' definitions; the ℓ2 ball (not a
 * polytope) by 200,000 random points of the sphere, which must never beat the closed form and come within 3% of it (d ≤ 4).
 */
class StructuredContainmentTest {
    private static final Body L1 = new Body.Ball(LpNorm.L1);
    private static final Body L2 = new Body.Ball(LpNorm.L2);
    private static final Body LINF = new Body.Ball(LpNorm.LINF);

    /** Every vector in {−1, 0, 1}^d. */
    private static List<double[]> ternary(int d) {
        List<double[]> out = new ArrayList<>();
        int n = (int) Math.pow(3, d);
        for (int c = 0; c < n; c++) {
            double[] x = new double[d];
            int r = c;
            for (int j = 0; j < d; j++) {
                x[j] = r % 3 - 1;
                r /= 3;
            }
            out.add(x);
        }
        return out;
    }

    /** The vertices (and some interior points, harmless for a supremum) of a unit body, from its definition. */
    private static List<double[]> points(Body a, int d) {
        List<double[]> out = new ArrayList<>();
        for (double[] x : ternary(d)) {
            int plus = 0;
            int minus = 0;
            for (double v : x) {
                plus += v > 0 ? 1 : 0;
                minus += v < 0 ? 1 : 0;
            }
            boolean keep;
            if (a.equals(L1)) {
                keep = plus + minus == 1;
            } else if (a.equals(LINF)) {
                keep = plus + minus == d;
            } else if (a instanceof StructuredBody.SumBall s) {
                keep = plus + minus == s.k();
            } else if (a instanceof StructuredBody.CountBall s) {
                keep = plus <= s.k() && minus <= s.k();
            } else {
                keep = (minus == 0 || plus == 0) && plus + minus <= ((StructuredBody.CountJoin) a).k();
            }
            if (keep) {
                out.add(x);
            }
        }
        return out;
    }

    private static double bruteSup(Body a, Body b, int d) {
        double best = 0;
        for (double[] x : points(a, d)) {
            best = Math.max(best, StructuredDesignerTest.gauge(b, x));
        }
        return best;
    }

    @Property(tries = 60)
    void suprema(@ForAll @IntRange(min = 1, max = 6) int d, @ForAll @IntRange(min = 1, max = 6) int k, @ForAll @IntRange(min = 0, max = 2) int kind,
            @ForAll @IntRange(min = 0, max = 2) int ball) {
        net.jqwik.api.Assume.that(k <= d);
        Body s = kind == 0 ? new StructuredBody.SumBall(k) : kind == 1 ? new StructuredBody.CountBall(k) : new StructuredBody.CountJoin(k);
        Body poly = ball == 0 ? L1 : LINF;
        assertEquals(bruteSup(poly, s, d), StructuredContainment.sup(poly, s, d), 1e-12, poly + " in " + s);
        Body any = ball == 0 ? L1 : ball == 1 ? L2 : LINF;
        assertEquals(bruteSup(s, any, d), StructuredContainment.sup(s, any, d), 1e-12, s + " in " + any);
    }

    @Test
    void sphereInStructuredBodiesBySampling() {
        Random random = new Random(22);
        for (int d = 1; d <= 4; d++) {
            for (int k = 1; k <= d; k++) {
                for (Body s : new Body[] {new StructuredBody.SumBall(k), new StructuredBody.CountBall(k), new StructuredBody.CountJoin(k)}) {
                    double closed = StructuredContainment.sup(L2, s, d);
                    double best = 0;
                    for (int i = 0; i < 200_000; i++) {
                        double[] x = new double[d];
                        double n = 0;
                        for (int j = 0; j < d; j++) {
                            x[j] = random.nextGaussian();
                            n += x[j] * x[j];
                        }
                        n = Math.sqrt(n);
                        for (int j = 0; j < d; j++) {
                            x[j] /= n;
                        }
                        best = Math.max(best, StructuredDesignerTest.gauge(s, x));
                    }
                    assertTrue(best <= closed * (1 + 1e-12), s + " d = " + d + ": sampled " + best + " above the closed form " + closed);
                    assertTrue(best >= closed * 0.97, s + " d = " + d + ": sampled " + best + " far below the closed form " + closed);
                }
            }
        }
    }

    @Test
    void theExactHullLiesInsideEveryBallAndTheTableSaysSo() throws Exception {
        StructuredDesign s = StructuredDesigner.compare(StructuredDesignerTest.problem("{\"counts\": {\"dimension\": 6, \"max_nonzero\": 2}}", "substitution",
                "[\"l1\", \"l2\", \"linf\", \"hull\"]", "trace"), null, m -> { });
        Boolean[][] in = s.containment();
        for (int b = 0; b < 4; b++) {
            assertEquals(Boolean.TRUE, in[3][b]);
        }
        // no ball of these sensitivities lies in another: l1 (Δ 4) does not reach inside linf (Δ 1) and so on, checked by the brute suprema
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 4; b++) {
                if (a != b) {
                    Body ba = s.candidates().get(a).body();
                    Body bb = s.candidates().get(b).body();
                    boolean brute = s.candidates().get(a).sensitivity().doubleValue() * (ba.equals(L2) || bb.equals(L2) ? StructuredContainment.sup(ba, bb, 6)
                            : bruteSup(ba, bb, 6)) <= s.candidates().get(b).sensitivity().doubleValue() * (1 + 1e-12);
                    assertEquals(brute, in[a][b], a + " in " + b);
                }
            }
        }
    }
}
