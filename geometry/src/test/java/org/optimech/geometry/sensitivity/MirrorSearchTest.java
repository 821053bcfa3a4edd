package org.optimech.geometry.sensitivity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.certificate.CertificateCheck;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.certificate.StatisticPolynomials;
import org.optimech.runtime.certificate.TreeCodes;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.StatisticReader;

/**
 * The ℓ1 pair search with mirrored face steps (issue 21): on statistics symmetric under flips of their variables the search
 * keeps one face of a mirrored pair; its bound and the runtime's re-proof of its certificate must still cover every pair of a
 * grid (brute force, evaluated from the terms independently of the interval code), and the certificate must be refused once
 * the statistic is made asymmetric.
 */
class MirrorSearchTest {
    private static final SearchBudget BUDGET = new SearchBudget(Long.MAX_VALUE, 400_000, s -> { }, Double.POSITIVE_INFINITY);

    private static PolynomialStatistic statistic(String variables, String features) throws Exception {
        return (PolynomialStatistic) StatisticReader.read(JsonParser.parse("{\"variables\":" + variables + ",\"features\":" + features + "}"), "/statistic");
    }

    /** Row j = Σ_m c[j][m]·a^pa[m]·b^pb[m], from the coefficients (independent of the interval code). */
    private static double row(int[] c, int[][] powers, double a, double b) {
        double s = 0;
        for (int m = 0; m < c.length; m++) {
            s += c[m] * Math.pow(a, powers[m][0]) * Math.pow(b, powers[m][1]);
        }
        return s;
    }

    private static final int[][] POWERS = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1}, {0, 2}};

    private static String features(int[][] coefs) {
        StringBuilder fs = new StringBuilder("[");
        for (int j = 0; j < coefs.length; j++) {
            fs.append(j == 0 ? "" : ",").append("{\"terms\":[");
            boolean first = true;
            for (int m = 0; m < POWERS.length; m++) {
                if (coefs[j][m] != 0) {
                    fs.append(first ? "" : ",").append("{\"coef\":").append(coefs[j][m]).append(",\"powers\":{");
                    String sep = "";
                    if (POWERS[m][0] > 0) {
                        fs.append("\"a\":").append(POWERS[m][0]);
                        sep = ",";
                    }
                    if (POWERS[m][1] > 0) {
                        fs.append(sep).append("\"b\":").append(POWERS[m][1]);
                    }
                    fs.append("}}");
                    first = false;
                }
            }
            fs.append("]}");
        }
        return fs.append(']').toString();
    }

    /** {ℓ1, ℓ2} over pairs of grid points. */
    private static double[] bruteForce(int[][] coefs, int n) {
        List<double[]> images = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int l = 0; l < n; l++) {
                double a = -1 + 2.0 * i / (n - 1);
                double b = -1 + 2.0 * l / (n - 1);
                double[] t = new double[coefs.length];
                for (int j = 0; j < coefs.length; j++) {
                    t[j] = row(coefs[j], POWERS, a, b);
                }
                images.add(t);
            }
        }
        double[] best = new double[2];
        for (double[] x : images) {
            for (double[] y : images) {
                double s = 0;
                double q = 0;
                for (int j = 0; j < x.length; j++) {
                    s += Math.abs(x[j] - y[j]);
                    q += (x[j] - y[j]) * (x[j] - y[j]);
                }
                best[0] = Math.max(best[0], s);
                best[1] = Math.max(best[1], Math.sqrt(q));
            }
        }
        return best;
    }

    /** Whether the tree's bytes hold a mirrored face step's code (n = 4 search coordinates). */
    private static boolean mirrors(byte[] trees, int rows) {
        int base = TreeCodes.SPLIT + 8 + rows;
        for (byte t : trees) {
            int c = t & 0xff;
            if (c >= base && c < base + 4) {
                return true;
            }
        }
        return false;
    }

    /**
     * Random statistics of (a, b) ∈ [−1, 1]² whose rows each have one parity in a (so the flip a → −a maps every row to ±
     * itself): the certified ℓ1 bound and its re-proof cover the grid's largest pair and meet the gap.
     */
    @Property(tries = 80)
    void mirroredSearchesCoverEverySampledPair(@ForAll("symmetric") int[][] coefs) throws Exception {
        PolynomialStatistic s = statistic("{\"a\":[-1,1],\"b\":[-1,1]}", features(coefs));
        StatisticPolynomials sp = StatisticPolynomials.of(s);
        Gauge l1 = Gauge.identity(Gauge.Kind.SUM, coefs.length);
        double[] both = bruteForce(coefs, 17);
        double brute = both[0];
        net.jqwik.api.Assume.that(brute > 0);
        CertifiedSensitivity.Outcome o = CertifiedSensitivity.sum(sp, true, l1, 1e-6, BUDGET, "l1", new double[0][]);
        assertTrue(o.complete(), "[" + o.lower() + ", " + o.upper() + "]");
        assertTrue(o.upper() >= brute * (1 - 1e-12), "search bound " + o.upper() + " below sampled " + brute);
        assertTrue(o.upper() - o.lower() <= 2e-6 * o.lower() + 1e-12, "gap not met: [" + o.lower() + ", " + o.upper() + "]");
        CertificateCheck.Proof p = CertificateCheck.prove(sp, true, l1, o.trees());
        assertTrue(p.upper() >= brute * (1 - 1e-12), "certificate proves " + p.upper() + " below sampled " + brute);
        net.jqwik.api.statistics.Statistics.label("mirrored").collect(mirrors(o.trees(), coefs.length));
        // ℓ2: the search halves the box along a mirrored coordinate (code SPLIT + n + z)
        Gauge l2 = Gauge.identity(Gauge.Kind.SQUARE, coefs.length);
        CertifiedSensitivity.Outcome q = CertifiedSensitivity.square(sp, true, l2, 1e-6, BUDGET, "l2", new double[0][]);
        assertTrue(q.complete(), "l2 [" + q.lower() + ", " + q.upper() + "]");
        assertTrue(q.upper() >= both[1] * (1 - 1e-12), "l2 search bound " + q.upper() + " below sampled " + both[1]);
        CertificateCheck.Proof pq = CertificateCheck.prove(sp, true, l2, q.trees());
        assertTrue(pq.upper() >= both[1] * (1 - 1e-12), "l2 certificate proves " + pq.upper() + " below sampled " + both[1]);
        net.jqwik.api.statistics.Statistics.label("l2 starts with a mirror").collect(q.trees().length > 1 && (q.trees()[0] & 0xff) == TreeCodes.SPLIT + 4);
    }

    @Provide
    Arbitrary<int[][]> symmetric() {
        // monomials odd in a: a, ab; even: 1, b, a², b²
        Arbitrary<int[]> row = Combinators.combine(Arbitraries.of(true, false), Arbitraries.integers().between(-2, 2).array(int[].class).ofSize(6))
                .as((odd, c) -> {
                    int[] r = c.clone();
                    for (int m = 0; m < r.length; m++) {
                        if ((POWERS[m][0] % 2 == 1) != odd) {
                            r[m] = 0;
                        }
                    }
                    return r;
                }).filter(r -> java.util.Arrays.stream(r).anyMatch(c -> c != 0));
        return row.array(int[][].class).ofMinSize(1).ofMaxSize(3);
    }

    @Test
    void theRegressionStatisticsUseMirrorsAndTheirCertificatesFailOnAnAsymmetricStatistic() throws Exception {
        // p = 1 regression (x, y, x², xy): flips of x and of y are symmetries; ℓ1 = 5 (x = ±1, y = ±1 against x′ = 0, y′ = ∓y)
        String vars = "{\"x\":[-1,1],\"y\":[-1,1]}";
        String f = "[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":2}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"y\":1}}]},"
                + "{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1,\"y\":1}}]}]";
        StatisticPolynomials sp = StatisticPolynomials.of(statistic(vars, f));
        Gauge l1 = Gauge.identity(Gauge.Kind.SUM, 4);
        CertifiedSensitivity.Outcome o = CertifiedSensitivity.sum(sp, true, l1, 1e-9, BUDGET, "l1", new double[0][]);
        assertEquals(5.0, o.upper(), 5e-9);
        assertTrue(mirrors(o.trees(), 4), "no mirrored face step in the certificate");
        assertEquals(5.0, CertificateCheck.prove(sp, true, l1, o.trees()).upper(), 5e-9);
        // y's row becomes y + x/2: no longer odd in y, so the y mirror the certificate uses does not hold
        StatisticPolynomials asym = StatisticPolynomials.of(statistic(vars, f.replace("{\"coef\":1,\"powers\":{\"y\":1}}]",
                "{\"coef\":1,\"powers\":{\"y\":1}},{\"coef\":0.5,\"powers\":{\"x\":1}}]")));
        CertificateCheck.CertificateException e = org.junit.jupiter.api.Assertions.assertThrows(CertificateCheck.CertificateException.class,
                () -> CertificateCheck.prove(asym, true, l1, o.trees()));
        assertTrue(e.getMessage().contains("not symmetric"), e.getMessage());
    }
}
