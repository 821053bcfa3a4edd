package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.optimech.geometry.sensitivity.CertifiedSensitivity;
import org.optimech.geometry.sensitivity.SearchBudget;
import org.optimech.runtime.certificate.CertificateCheck;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.certificate.StatisticPolynomials;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.StatisticReader;

/**
 * Issue 21 (2, 7): the certified branch-and-bound sensitivities against brute force over grids of record pairs, computed here
 * independently (features evaluated term by term from the statistic's own terms), and against closed forms of the regression
 * statistics. The certified upper bound must be at least every sampled pair's value, the witness at most the upper bound, and
 * a complete search within its stated gap; the certificate trees, re-checked by the runtime's evaluator, must prove a bound
 * at least the brute-force maximum too.
 */
class CertifiedSensitivityTest {
    private static final double GAP = 1e-6;

    /** The features at x, from the terms (an evaluator independent of the interval code). */
    static double[] evaluate(PolynomialStatistic s, double[] x) {
        List<String> names = s.variableNames();
        double[] t = new double[s.dimension()];
        for (int j = 0; j < t.length; j++) {
            double sum = 0;
            for (PolynomialStatistic.Term term : s.features().get(j).terms()) {
                double m = term.coefficient().doubleValue();
                for (Map.Entry<String, Integer> e : term.powers().entrySet()) {
                    m *= Math.pow(x[names.indexOf(e.getKey())], e.getValue());
                }
                sum += m;
            }
            t[j] = sum;
        }
        return t;
    }

    /** The grid with {@code n} evenly spaced values per variable (dyadic for n = 2^m + 1 and dyadic bounds). */
    static List<double[]> grid(PolynomialStatistic s, int n) {
        List<double[]> pts = new ArrayList<>();
        pts.add(new double[0]);
        for (PolynomialStatistic.BoxVariable v : s.variables()) {
            List<double[]> next = new ArrayList<>();
            for (double[] p : pts) {
                for (int i = 0; i < n; i++) {
                    double[] q = java.util.Arrays.copyOf(p, p.length + 1);
                    q[p.length] = v.lower() + (v.upper() - v.lower()) * i / (n - 1);
                    next.add(q);
                }
            }
            pts = next;
        }
        return pts;
    }

    /** Brute force {l1, l2, linf} over the grid: pairs of grid points (substitution) or single points (add/remove). */
    static double[] bruteForce(PolynomialStatistic s, boolean pairs, int n) {
        List<double[]> images = new ArrayList<>();
        for (double[] x : grid(s, n)) {
            images.add(evaluate(s, x));
        }
        double[] best = new double[3];
        double[] zero = new double[s.dimension()];
        for (double[] a : images) {
            for (double[] b : pairs ? images : List.of(zero)) {
                double l1 = 0;
                double l2 = 0;
                double linf = 0;
                for (int j = 0; j < a.length; j++) {
                    double u = Math.abs(a[j] - b[j]);
                    l1 += u;
                    l2 += u * u;
                    linf = Math.max(linf, u);
                }
                best[0] = Math.max(best[0], l1);
                best[1] = Math.max(best[1], Math.sqrt(l2));
                best[2] = Math.max(best[2], linf);
            }
        }
        return best;
    }

    static PolynomialStatistic statistic(String variables, String features) throws Exception {
        return (PolynomialStatistic) StatisticReader.read(JsonParser.parse("{\"variables\":" + variables + ",\"features\":" + features + "}"), "/statistic");
    }

    private static final SearchBudget BUDGET = new SearchBudget(Long.MAX_VALUE, 400_000, s -> { }, Double.POSITIVE_INFINITY);

    /** {l1, l2, linf} outcomes, each checked against its re-proved certificate; returns the three proofs' bounds and witnesses. */
    static double[][] certified(PolynomialStatistic s, boolean pairs, double gap) throws Exception {
        StatisticPolynomials sp = StatisticPolynomials.of(s);
        int d = s.dimension();
        Gauge[] gauges = {Gauge.identity(Gauge.Kind.SUM, d), Gauge.identity(Gauge.Kind.SQUARE, d), Gauge.identity(Gauge.Kind.RANGES, d)};
        CertifiedSensitivity.Outcome[] o = {CertifiedSensitivity.sum(sp, pairs, gauges[0], gap, BUDGET, "l1", new double[0][]),
                CertifiedSensitivity.square(sp, pairs, gauges[1], gap, BUDGET, "l2", new double[0][]),
                CertifiedSensitivity.ranges(sp, pairs, gauges[2], false, gap, BUDGET, "linf")};
        double[][] out = new double[3][];
        for (int i = 0; i < 3; i++) {
            assertTrue(o[i].complete(), "search " + i + " did not reach the gap: [" + o[i].lower() + ", " + o[i].upper() + "] after " + o[i].nodes() + " boxes");
            assertTrue(o[i].lower() <= o[i].upper(), o[i].lower() + " > " + o[i].upper());
            assertTrue(o[i].upper() - o[i].lower() <= 2 * gap * o[i].lower() + 1e-12 * Math.max(1, o[i].upper()), "gap not met: " + o[i].lower() + " " + o[i].upper());
            CertificateCheck.Proof p = CertificateCheck.prove(sp, pairs, gauges[i], o[i].trees());
            // the stored trees may prove a little more than the search (STORED_SLACK), never less than it can justify
            assertTrue(p.upper() >= o[i].lower(), "certificate proves " + p.upper() + " below the witness " + o[i].lower());
            assertTrue(p.upper() <= o[i].upper() * (1 + 1e-8) + 1e-12, "certificate proves " + p.upper() + ", search " + o[i].upper());
            out[i] = new double[] {p.upper(), o[i].upper(), o[i].lower()};
        }
        return out;
    }

    /** Random small polynomial statistics: 1–2 variables with dyadic bounds, 1–3 features of 1–2 terms of degree ≤ 2 per variable. */
    @Provide
    Arbitrary<String[]> statistics() {
        Arbitrary<Integer> vars = Arbitraries.integers().between(1, 2);
        return vars.flatMap(k -> {
            Arbitrary<String> boxes = Arbitraries.integers().between(-4, 4).list().ofSize(2 * k).map(l -> {
                StringBuilder sb = new StringBuilder("{");
                for (int v = 0; v < k; v++) {
                    int a = Math.min(l.get(2 * v), l.get(2 * v + 1));
                    int b = Math.max(l.get(2 * v), l.get(2 * v + 1)) + 1;
                    sb.append(v == 0 ? "" : ",").append("\"x").append(v).append("\":[").append(a / 2.0).append(",").append(b / 2.0).append("]");
                }
                return sb.append("}").toString();
            });
            Arbitrary<String> term = Combinators.combine(Arbitraries.integers().between(-4, 4).filter(c -> c != 0),
                    Arbitraries.integers().between(0, 2).list().ofSize(k)).as((c, pw) -> {
                        StringBuilder sb = new StringBuilder("{\"coef\":" + c / 2.0 + ",\"powers\":{");
                        boolean first = true;
                        for (int v = 0; v < k; v++) {
                            if (pw.get(v) > 0) {
                                sb.append(first ? "" : ",").append("\"x").append(v).append("\":").append(pw.get(v));
                                first = false;
                            }
                        }
                        return sb.append("}}").toString();
                    });
            Arbitrary<String> feature = term.list().ofMinSize(1).ofMaxSize(2).map(ts -> "{\"terms\":[" + String.join(",", ts) + "]}");
            Arbitrary<String> features = feature.list().ofMinSize(1).ofMaxSize(3).map(fs -> "[" + String.join(",", fs) + "]");
            return Combinators.combine(boxes, features, Arbitraries.of("pairs", "single")).as((b, f, r) -> new String[] {b, f, r});
        });
    }

    @Property(tries = 60)
    void theCertifiedBoundCoversEverySampledPairAndMeetsItsGap(@ForAll("statistics") String[] problem) throws Exception {
        PolynomialStatistic s = statistic(problem[0], problem[1]);
        boolean pairs = problem[2].equals("pairs");
        double[] brute = bruteForce(s, pairs, s.variables().size() == 1 ? 65 : 17);
        net.jqwik.api.Assume.that(brute[2] > 0); // a statistic constant on its box has nothing to bound
        double[][] c = certified(s, pairs, GAP);
        String[] names = {"l1", "l2", "linf"};
        for (int i = 0; i < 3; i++) {
            String what = names[i] + " " + String.join(" ", problem);
            // every sampled pair is covered by both the search's bound and the certificate's
            assertTrue(c[i][1] >= brute[i] * (1 - 1e-12), what + ": search bound " + c[i][1] + " below sampled " + brute[i]);
            assertTrue(c[i][0] >= brute[i] * (1 - 1e-12), what + ": certificate " + c[i][0] + " below sampled " + brute[i]);
        }
    }

    /** Regression p = 1 and p = 2 (variables in [−1, 1], substitution): ℓ∞ = 2, and ℓ1, ℓ2 at the brute-force optimum, on the grid. */
    @Test
    void regressionStatisticsMatchBruteForceAndClosedForms() throws Exception {
        PolynomialStatistic p1 = statistic("{\"x\":[-1,1],\"y\":[-1,1]}", "[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"y\":1}}]},"
                + "{\"terms\":[{\"coef\":1,\"powers\":{\"x\":2}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1,\"y\":1}}]}]");
        PolynomialStatistic p2 = statistic("{\"x1\":[-1,1],\"x2\":[-1,1],\"y\":[-1,1]}", "[" + String.join(",", List.of(f("x1", 1), f("x2", 1), f("x1", 2),
                "{\"terms\":[{\"coef\":1,\"powers\":{\"x1\":1,\"x2\":1}}]}", f("x2", 2), f("y", 1), "{\"terms\":[{\"coef\":1,\"powers\":{\"x1\":1,\"y\":1}}]}",
                "{\"terms\":[{\"coef\":1,\"powers\":{\"x2\":1,\"y\":1}}]}")) + "]");
        for (PolynomialStatistic s : List.of(p1, p2)) {
            double[] brute = bruteForce(s, true, 9);
            double[][] c = certified(s, true, 1e-9);
            for (int i = 0; i < 3; i++) {
                assertTrue(c[i][2] >= brute[i] * (1 - 1e-12), "witness below the grid optimum");
                assertEquals(brute[i], c[i][1], 1e-8 * brute[i], "dimension " + s.dimension() + " norm " + i);
            }
            // closed forms: every feature's range is at most 2 (x, y, xy: 2; x²: 1); the l1 optimum is (1, ..., 1) against (0, ..., 0, −1):
            // 2p + p(p+1)/2 + 2 for p features
            int p = s.dimension() == 4 ? 1 : 2;
            assertEquals(2.0, c[2][1], 2e-9);
            assertEquals(p == 1 ? 5 : 9, c[0][1], 1e-8 * 9);
            assertTrue(c[0][1] >= 2 * p + p * (p + 1) / 2.0 + 2 - 1e-12);
        }
    }

    private static String f(String v, int power) {
        return "{\"terms\":[{\"coef\":1,\"powers\":{\"" + v + "\":" + power + "}}]}";
    }

    /** Add/remove: the maxima of ‖t(x)‖ over one record, a k-dimensional search; one-hot-like features (x, 1 − x) on [0, 1]. */
    @Test
    void addRemoveBoundsOneRecord() throws Exception {
        PolynomialStatistic s = statistic("{\"x\":[0,1]}", "[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{}},{\"coef\":-1,\"powers\":{\"x\":1}}]}]");
        double[][] c = certified(s, false, 1e-9);
        assertEquals(1.0, c[0][1], 1e-8); // |x| + |1 − x| = 1
        assertEquals(1.0, c[1][1], 1e-8); // sqrt(x² + (1 − x)²) ≤ 1 at the ends
        assertEquals(1.0, c[2][1], 1e-8);
        assertEquals(new BigDecimal("1"), BigDecimal.valueOf(Math.round(c[0][2])));
    }
}
