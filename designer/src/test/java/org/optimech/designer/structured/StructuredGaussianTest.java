package org.optimech.designer.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.Problems;
import org.optimech.runtime.EllipticGaussianMechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.EllipticGaussianSpec;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * The Gaussian candidates of structured statistics, each number checked by an independent computation:
 * <ul>
 *   <li>the Mahalanobis sensitivity against brute force over the enumerated adjacent outputs with the full covariance matrix
 *       inverted by Gauss–Jordan elimination (d ≤ 5, every form, both relations);</li>
 *   <li>the privacy of the stored spec: δ(ε) of N(0, 1) against N(μ, 1) at the worst output's Mahalanobis norm μ (found by
 *       that brute force), integrated numerically as the hockey-stick divergence by Simpson's rule, against the stored δ;</li>
 *   <li>the elliptic fit's optimality: a dense grid over the covariance's shape, each point scaled to the enumerated outputs;</li>
 *   <li>Joseph–Yu's closed forms for one dominant class ((√b + √((d − 1)a))², their Lemma 4.7 with the count and vote ellipses);</li>
 *   <li>the sampled noise of the loaded mechanism against the stored covariance (z-tests, |z| &lt; 5.7, false-failure probability
 *       1.2e-8 each; fixed seeds).</li>
 * </ul>
 */
class StructuredGaussianTest {
    static KNormProblem problem(String statistic, String relation, String delta, String candidates, String criterion) throws InvalidProblemException {
        return (KNormProblem) Problems.parse("{\"kind\": \"knorm\", \"epsilon\": 0.5, \"neighbours\": \"" + relation + "\", \"statistic\": " + statistic
                + (delta == null ? "" : ", \"delta\": " + delta) + (candidates == null ? "" : ", \"candidates\": " + candidates) + ", \"criterion\": \""
                + criterion + "\"}");
    }

    static String ranking(int d, boolean borda) {
        if (borda) {
            return "{\"ranking\": {\"candidates\": " + d + ", \"scores\": \"borda\"}}";
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < d; i++) {
            s.append(i == 0 ? "" : ", ").append(i * i + (i == 0 ? 0.5 : 0));
        }
        return "{\"ranking\": {\"candidates\": " + d + ", \"scores\": [" + s + "]}}";
    }

    /** Every adjacent output: ±t(x) (add/remove) or t(x) − t(x′) (substitution), over the enumerated record domain. */
    static double[][] outputs(StructuredStatistic s, boolean substitution) {
        double[][] r = s.records(100_000);
        java.util.List<double[]> out = new java.util.ArrayList<>();
        for (double[] x : r) {
            if (!substitution) {
                out.add(x);
                out.add(StructuredDesignerTest.negate(x));
                continue;
            }
            for (double[] y : r) {
                double[] u = new double[x.length];
                for (int j = 0; j < u.length; j++) {
                    u[j] = x[j] - y[j];
                }
                out.add(u);
            }
        }
        return out.toArray(new double[0][]);
    }

    /** The inverse of a symmetric positive definite matrix, by Gauss–Jordan elimination with partial pivoting. */
    static double[][] inverse(double[][] m) {
        int n = m.length;
        double[][] a = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], 0, a[i], 0, n);
            a[i][n + i] = 1;
        }
        for (int c = 0; c < n; c++) {
            int p = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(a[r][c]) > Math.abs(a[p][c])) {
                    p = r;
                }
            }
            double[] t = a[c];
            a[c] = a[p];
            a[p] = t;
            double pivot = a[c][c];
            for (int j = 0; j < 2 * n; j++) {
                a[c][j] /= pivot;
            }
            for (int r = 0; r < n; r++) {
                if (r != c && a[r][c] != 0) {
                    double f = a[r][c];
                    for (int j = 0; j < 2 * n; j++) {
                        a[r][j] -= f * a[c][j];
                    }
                }
            }
        }
        double[][] inv = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], n, inv[i], 0, n);
        }
        return inv;
    }

    /** max uᵀΣ⁻¹u over the outputs, Σ built as a full matrix (Σx = 0 outputs only, through ‖u‖²/across, when along is 0). */
    static double bruteMahalanobis(double[][] outputs, int d, double across, double along) {
        double best = 0;
        if (along == 0) {
            for (double[] u : outputs) {
                double s = 0;
                double q = 0;
                for (double x : u) {
                    s += x;
                    q += x * x;
                }
                assertEquals(0, s, 1e-9, "an output off the hyperplane with no noise along 1");
                best = Math.max(best, q / across);
            }
            return best;
        }
        double[][] sigma = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                sigma[i][j] = (i == j ? across : 0) + (along - across) / d;
            }
        }
        double[][] inv = inverse(sigma);
        for (double[] u : outputs) {
            double q = 0;
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    q += u[i] * inv[i][j] * u[j];
                }
            }
            best = Math.max(best, q);
        }
        return best;
    }

    /** δ(ε) = ∫ (φ(x − μ) − e^ε φ(x))⁺ dx, by composite Simpson on [x₀, μ + 40] where x₀ = μ/2 + ε/μ starts the positive part. */
    static double hockeyStick(double mu, double epsilon) {
        double x0 = mu / 2 + epsilon / mu;
        double x1 = Math.max(x0, mu) + 40;
        int n = 400_000;
        double h = (x1 - x0) / n;
        double sum = 0;
        for (int i = 0; i <= n; i++) {
            double x = x0 + i * h;
            double f = Math.max(0, density(x - mu) - Math.exp(epsilon) * density(x));
            sum += f * (i == 0 || i == n ? 1 : i % 2 == 1 ? 4 : 2);
        }
        return sum * h / 3;
    }

    private static double density(double x) {
        return Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI);
    }

    @Provide
    Arbitrary<String> forms() {
        return Arbitraries.of("signed", "nonnegative", "counts", "ordered", "ordered-chain", "borda", "scores");
    }

    @Property(tries = 40)
    void storedMahalanobisSensitivityBoundsEveryOutputAndTheStoredDeltaBoundsTheWorstDirection(@ForAll("forms") String form,
            @ForAll @IntRange(min = 2, max = 5) int d, @ForAll @IntRange(min = 1, max = 5) int k, @ForAll boolean substitution,
            @ForAll boolean elliptic) throws Exception {
        Assume.that(k <= d);
        String st = form.equals("borda") || form.equals("scores") ? ranking(d, form.equals("borda")) : StructuredDesignerTest.statistic(form, d, k, "0.5");
        String name = elliptic ? "elliptic-gaussian" : "gaussian";
        KNormProblem p = problem(st, substitution ? "substitution" : "add-remove", "1e-5", "[\"" + name + "\"]", "trace");
        Design.StructuredGaussian design = (Design.StructuredGaussian) Designers.design(p, Designers.Options.defaults());
        EllipticGaussianSpec spec = design.spec();
        assertTrue(spec.sensitivityRechecked(), spec.sensitivityCheck());
        double[][] u = outputs((StructuredStatistic) p.statistic(), substitution);
        double worst = bruteMahalanobis(u, d, spec.varianceAcross(), spec.varianceAlong());
        double stored = spec.sensitivity().doubleValue();
        assertTrue(worst <= stored * stored * (1 + 1e-12), worst + " > " + stored + "^2");
        boolean exact = !form.equals("ordered-chain");
        if (exact) {
            assertEquals(stored * stored, worst, 1e-9 * worst, "the closed-form supremum is attained by an output");
        }
        // the privacy of the worst direction, integrated independently: at most the stored δ, and not wastefully below it
        double delta = hockeyStick(Math.sqrt(worst), 0.5);
        assertTrue(delta <= 1e-5 * (1 + 1e-7), "delta(0.5) at the worst output is " + delta);
        if (exact) {
            assertTrue(delta >= 0.999e-5, "the calibration wastes privacy: delta(0.5) at the worst output is " + delta);
        }
        // reloaded through the codec: the runtime re-derives the same sensitivity
        MechanismSpec back = SpecCodec.read(SpecCodec.write(spec));
        assertEquals(spec, back);
    }

    @Property(tries = 25)
    void ellipticTraceIsTheLeastOverADenseGridOfShapesAndNeverAboveTheSphere(@ForAll("forms") String form, @ForAll @IntRange(min = 2, max = 5) int d,
            @ForAll @IntRange(min = 1, max = 5) int k, @ForAll boolean substitution) throws Exception {
        Assume.that(k <= d);
        String st = form.equals("borda") || form.equals("scores") ? ranking(d, form.equals("borda")) : StructuredDesignerTest.statistic(form, d, k, "1");
        KNormProblem p = problem(st, substitution ? "substitution" : "add-remove", "1e-6", "[\"gaussian\", \"elliptic-gaussian\"]", "trace");
        StructuredDesign s = StructuredDesigner.compare(p, null, m -> { });
        double sphere = s.candidate("gaussian").orElseThrow().trace();
        double ellipse = s.candidate("elliptic-gaussian").orElseThrow().trace();
        assertTrue(ellipse <= sphere * (1 + 1e-9), ellipse + " > " + sphere);
        double[][] u = outputs((StructuredStatistic) p.statistic(), substitution);
        // unit-sensitivity trace at shape t = across/along: c(t)·(d − 1 + 1/t), c(t) = max_u ‖Pu‖² + t·(Σu)²/d from the vectors
        double l2 = 0;
        boolean sumZero = true;
        for (double[] x : u) {
            double q = 0;
            double sum = 0;
            for (double v : x) {
                q += v * v;
                sum += v;
            }
            l2 = Math.max(l2, q);
            sumZero &= Math.abs(sum) < 1e-9;
        }
        double gridBest = sumZero ? l2 * (d - 1) : Double.POSITIVE_INFINITY;
        for (int i = 0; !sumZero && i <= 30_000; i++) {
            gridBest = Math.min(gridBest, unitTrace(u, d, Math.exp(-15 + i * 1e-3)));
        }
        // ordered counts with implications: the classes cover a superset of the outputs, so the fit is certified but may miss the optimum
        boolean exact = !form.equals("ordered-chain");
        // both traces carry the same σ² (to the 17-digit rounding): compare the ratios to the sphere's d·Δ₂²
        assertTrue(!exact || ellipse / sphere <= gridBest / (d * l2) * (1 + 1e-6), "elliptic " + ellipse / sphere + " vs grid " + gridBest / (d * l2));
        // and the fitted shape itself, scaled to the vectors, has the trace reported (it is feasible, not below the true optimum)
        GaussianCovariance g = s.candidate("elliptic-gaussian").orElseThrow().gaussian();
        if (!sumZero) {
            double fitted = unitTrace(u, d, g.across().doubleValue() / g.along().doubleValue()) / (d * l2);
            assertTrue(exact ? Math.abs(fitted - ellipse / sphere) <= 1e-9 : fitted <= ellipse / sphere * (1 + 1e-9), "the fitted shape's trace scaled to "
                    + "the enumerated outputs is " + fitted + "; reported " + ellipse / sphere);
        }
    }

    /** The least trace of a covariance of shape across/along = t with every output at Mahalanobis norm ≤ 1: c(t)·(d − 1 + 1/t). */
    private static double unitTrace(double[][] u, int d, double t) {
        double c = 0;
        for (double[] x : u) {
            double sum = 0;
            for (double v : x) {
                sum += v;
            }
            double across = 0;
            for (double v : x) {
                across += (v - sum / d) * (v - sum / d);
            }
            c = Math.max(c, across + t * sum * sum / d);
        }
        return c * (d - 1 + 1 / t);
    }

    /** Joseph–Yu Lemma 4.7: one dominant class (a, b) gives the unit trace (√b + √((d − 1)a))², the sphere d·(a + b). */
    @Test
    void josephYuCountAndVoteEllipsesInClosedForm() throws Exception {
        int[][] counts = {{100, 10}, {1000, 20}, {50, 25}};
        for (int[] c : counts) {
            int d = c[0];
            int k = c[1];
            KNormProblem p = problem("{\"counts\": {\"dimension\": " + d + ", \"max_nonzero\": " + k + "}}", "add-remove", "1e-6",
                    "[\"gaussian\", \"elliptic-gaussian\"]", "trace");
            StructuredDesign s = StructuredDesigner.compare(p, null, m -> { });
            double b = (double) k * k / d;
            double a = k - b;
            double expected = Math.pow(Math.sqrt(b) + Math.sqrt((d - 1) * a), 2) / (d * (a + b));
            double ratio = s.candidate("elliptic-gaussian").orElseThrow().trace() / s.candidate("gaussian").orElseThrow().trace();
            assertEquals(expected, ratio, 1e-8, "counts d = " + d + ", k = " + k);
        }
        for (int d : new int[] {5, 40, 300}) {
            KNormProblem p = problem(ranking(d, true), "add-remove", "1e-6", "[\"gaussian\", \"elliptic-gaussian\"]", "trace");
            StructuredDesign s = StructuredDesigner.compare(p, null, m -> { });
            // Borda scores 0..d−1: b = (Σs)²/d = d(d − 1)²/4, a = Σ(s − s̄)² = d(d² − 1)/12
            double b = d * (d - 1.0) * (d - 1.0) / 4;
            double a = d * ((double) d * d - 1) / 12;
            double expected = Math.pow(Math.sqrt(b) + Math.sqrt((d - 1) * a), 2) / (d * (a + b));
            double ratio = s.candidate("elliptic-gaussian").orElseThrow().trace() / s.candidate("gaussian").orElseThrow().trace();
            assertEquals(expected, ratio, 1e-8, "Borda add-remove d = " + d);
            assertTrue(ratio < 0.8, "the vote ellipse beats the sphere by far at d = " + d + ": " + ratio);
        }
    }

    @Test
    void sampledNoiseHasTheStoredCovariance() throws Exception {
        KNormProblem p = problem("{\"counts\": {\"dimension\": 30, \"max_nonzero\": 5}}", "add-remove", "1e-6", "[\"elliptic-gaussian\"]", "trace");
        Design.StructuredGaussian design = (Design.StructuredGaussian) Designers.design(p, Designers.Options.defaults());
        EllipticGaussianSpec spec = design.spec();
        assertTrue(spec.varianceAlong() > 2 * spec.varianceAcross(), "an elliptic covariance: " + spec.varianceAcross() + ", " + spec.varianceAlong());
        EllipticGaussianMechanism m = (EllipticGaussianMechanism) Mechanisms.of(spec, StructuredDesignerTest.IDEALIZED);
        SeededRandomBits bits = new SeededRandomBits(2211);
        int n = 40_000;
        int d = 30;
        double[] zero = new double[d];
        double sumSq = 0;
        double sumSq2 = 0;
        double along = 0;
        double cross = 0;
        for (int i = 0; i < n; i++) {
            double[] v = m.sample(zero, bits);
            double q = 0;
            double s = 0;
            for (double x : v) {
                q += x * x;
                s += x;
            }
            sumSq += q;
            sumSq2 += q * q;
            along += s * s / d;
            cross += v[0] * v[1];
        }
        double trace = spec.trace();
        double meanQ = sumSq / n;
        double sdQ = Math.sqrt((sumSq2 / n - meanQ * meanQ) / n);
        assertTrue(Math.abs(meanQ - trace) < 5.7 * sdQ, "E||V||^2 " + meanQ + " vs " + trace);
        // (ΣV)²/d ~ along·χ²₁: mean along, standard deviation √2·along
        assertTrue(Math.abs(along / n - spec.varianceAlong()) < 5.7 * Math.sqrt(2.0 / n) * spec.varianceAlong(), "along " + along / n);
        // Cov(V₀, V₁) = (along − across)/d; its estimate has standard deviation at most √(Var V₀ · Var V₁ + cov²)/√n
        double cov = (spec.varianceAlong() - spec.varianceAcross()) / d;
        double var = spec.coordinateVariance();
        assertTrue(Math.abs(cross / n - cov) < 5.7 * Math.sqrt(var * var + cov * cov) / Math.sqrt(n), "cov " + cross / n + " vs " + cov);
    }

    @Test
    void theCriterionPicksAGaussianOnlyWhenItWinsAndTheReportComparesBoth() throws Exception {
        KNormProblem p = problem("{\"counts\": {\"dimension\": 200, \"max_nonzero\": 10}}", "add-remove", "1e-6", null, "trace");
        assertTrue(p.candidates().containsAll(KNormProblem.GAUSSIAN_CANDIDATES), "delta > 0 adds the Gaussian candidates: " + p.candidates());
        Design d = Designers.design(p, Designers.Options.defaults());
        Design.StructuredGaussian g = (Design.StructuredGaussian) d;
        assertEquals("elliptic-gaussian", g.design().selected().name());
        JsonValue rows = g.spec().design().get("candidates").orElseThrow();
        assertTrue(rows.toString().contains("spherical gaussian") && rows.toString().contains("elliptic gaussian"), rows.toString());
        // a K-norm body stays pure DP when it wins: Borda under substitution at a small delta
        KNormProblem borda = problem(ranking(12, true), "substitution", "1e-9", null, "trace");
        assertTrue(Designers.design(borda, Designers.Options.defaults()) instanceof Design.StructuredKNorm);
        // the volume criterion compares bodies only
        KNormProblem vol = problem("{\"counts\": {\"dimension\": 20, \"max_nonzero\": 3}}", "add-remove", "1e-3", null, "volume");
        assertTrue(Designers.design(vol, Designers.Options.defaults()) instanceof Design.StructuredKNorm);
    }

    @Test
    void deltaAndTheGaussianCandidatesAreCheckedWhereTheyAreRead() {
        InvalidProblemException e = assertThrows(InvalidProblemException.class, () -> problem("{\"counts\": {\"dimension\": 5, \"max_nonzero\": 2}}",
                "add-remove", "1.5", null, "trace"));
        assertTrue(e.getMessage().contains("/delta") && e.getMessage().contains("1.5"), e.getMessage());
        e = assertThrows(InvalidProblemException.class, () -> problem("{\"counts\": {\"dimension\": 5, \"max_nonzero\": 2}}", "add-remove", null,
                "[\"elliptic-gaussian\"]", "trace"));
        assertTrue(e.getMessage().contains("/candidates/0") && e.getMessage().contains("delta"), e.getMessage());
        e = assertThrows(InvalidProblemException.class, () -> problem("{\"differences\": [[1, 0], [0, 1]]}", "add-remove", "1e-6", null, "trace"));
        assertTrue(e.getMessage().contains("/delta") && e.getMessage().contains("structured"), e.getMessage());
    }

    @Test
    void tamperedSpecsAreRefusedByField() throws Exception {
        KNormProblem p = problem("{\"counts\": {\"dimension\": 30, \"max_nonzero\": 5}}", "add-remove", "1e-6", "[\"elliptic-gaussian\"]", "trace");
        EllipticGaussianSpec spec = ((Design.StructuredGaussian) Designers.design(p, Designers.Options.defaults())).spec();
        JsonObject doc = spec.document();
        JsonObject mech = doc.get("mechanism").orElseThrow().asObject();
        JsonObject cov = mech.get("covariance").orElseThrow().asObject();
        // a smaller variance along 1: the stored Δ_Σ no longer covers the outputs
        assertRefused(reseal(doc, mech.with("covariance", cov.with("along", new org.optimech.runtime.json.JsonString(
                new BigDecimal(cov.get("along").orElseThrow().asString()).multiply(new BigDecimal("0.9")).toPlainString())))), "/mechanism/mahalanobis_sensitivity");
        // no noise along 1 for counts: their outputs leave the hyperplane
        assertRefused(reseal(doc, mech.with("covariance", cov.with("along", new org.optimech.runtime.json.JsonString("0")))), "/mechanism/covariance/along");
        // a larger Δ_Σ with the same noise: the exact profile exceeds δ
        assertRefused(reseal(doc, mech.with("mahalanobis_sensitivity", new org.optimech.runtime.json.JsonString(spec.sensitivity().multiply(
                new BigDecimal("1.01")).toPlainString()))), "/mechanism/mahalanobis_sensitivity");
        // the recorded statistic changed to a larger k: re-derived sensitivity above the stored one
        JsonObject design = doc.get("design").orElseThrow().asObject();
        JsonObject problem = design.get("problem").orElseThrow().asObject();
        JsonObject bigger = problem.with("statistic", org.optimech.runtime.json.JsonParser.parse("{\"counts\": {\"dimension\": 30, \"max_nonzero\": 6}}")
                .asObject());
        JsonObject tampered = org.optimech.runtime.spec.SpecDigest.seal(doc.with("design", design.with("problem", bigger)));
        assertRefused(tampered, "/mechanism/mahalanobis_sensitivity");
    }

    private static JsonObject reseal(JsonObject doc, JsonObject mechanism) {
        return org.optimech.runtime.spec.SpecDigest.seal(doc.with("mechanism", mechanism));
    }

    private static void assertRefused(JsonObject doc, String pointer) {
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(doc));
        assertTrue(e.getMessage().contains(pointer), e.getMessage());
    }
}
