package org.optimech.designer.spec;

import org.optimech.designer.knorm.KNormDesigner;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.ValidationMessage;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.designer.knorm.CandidateReport;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * K-norm specs written by the designer: every compared candidate (and both forms of the hull) is
 * schema-valid, re-loads through the runtime's exact checks, and samples noise whose covariance trace
 * matches the designer's exact (d+1)(d+2)(Δ/ε)²·tr M(K) — a cross-check of the stored body against the
 * geometry module's closed forms and exact triangulated second moments. Each trace check is a 6σ test
 * on 20,000 draws (false-failure probability about 2e-9 each under the CLT; below 1e-7 for the file).
 */
class KNormSpecsTest {
    @TempDir
    Path dir;

    private static final String[] PROBLEMS = {
        // Example 3.1 on a grid of records (finite, asserted), curved Example 3.1, the regression statistics, a degenerate histogram
        "../examples/problems/knorm-example-3-1-grid.json",
        "../examples/problems/knorm-example-3-1.json",
        "../examples/problems/knorm-regression.json",
        "../examples/problems/knorm-regression-p1.json",
        "{\"kind\":\"knorm\",\"epsilon\":0.5,\"statistic\":{\"records\":[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]}}",
        "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"statistic\":{\"differences\":[[1,0.01],[1,-0.01]]}}",
    };

    static KNormProblem problem(String source) throws Exception {
        Path base = Path.of(System.getProperty("user.dir"));
        return KNormProblemParser.parse(source.startsWith("{") ? JsonParser.parse(source) : JsonParser.parse(base.resolve(source).normalize()));
    }

    @Test
    void everyCandidateBecomesASchemaValidSpecWhoseNoiseHasTheReportedCovariance() throws Exception {
        int checked = 0;
        for (String source : PROBLEMS) {
            KNormProblem p = problem(source);
            KNormComparison.Result r = KNormDesigner.compare(p);
            List<Object[]> variants = new ArrayList<>();
            for (CandidateReport c : r.candidates()) {
                variants.add(new Object[] {c, KNormSpecs.BodyForm.TRIANGULATION});
                if (c.name().equals("hull")) {
                    variants.add(new Object[] {c, KNormSpecs.BodyForm.HALFSPACES});
                }
            }
            for (Object[] v : variants) {
                CandidateReport c = (CandidateReport) v[0];
                KNormSpecs.BodyForm form = (KNormSpecs.BodyForm) v[1];
                String what = source + " / " + c.name() + " / " + form.json();
                Path out = dir.resolve("spec.json");
                KNormSpec spec = DesignSpecs.writeAndVerify(KNormSpecs.toSpec(p, r, c.name(), form, Instant.parse("2026-11-22T12:00:00Z")), out);
                JsonNode doc = new ObjectMapper().readTree(out.toFile());
                Set<ValidationMessage> errors = DesignSpecsTest.schema().validate(doc);
                assertTrue(errors.isEmpty(), what + ": " + errors);
                for (String ptr : new String[] {"/design/candidates/0/name", "/design/candidates/0/sensitivity", "/design/candidates/0/volume",
                    "/design/candidates/0/covariance_trace", "/design/candidates/0/variance_diagonal", "/design/selected", "/design/problem/kind",
                    "/mechanism/sensitivity", "/privacy/numerics"}) {
                    assertFalse(doc.at(ptr).isMissingNode(), what + ": " + ptr + " missing");
                }
                assertEquals(r.selected().name(), doc.at("/design/selected").asText());
                assertEquals("idealized", doc.at("/privacy/numerics").asText());
                assertEquals(r.space() != null, spec.pointSource().isPresent(), what);
                assertTrue(spec.sensitivity().compareTo(new BigDecimal(c.sensitivity())) >= 0, what + ": stored Delta below the certified one");

                assertMeanSquaredNorm(org.optimech.runtime.testing.TestMechanisms.knorm(spec, NumericsPolicy.ALLOW_IDEALIZED), p.dimension(), 100 + checked, c.covarianceTrace(), 0,
                        what + " (designer's trace)");
                checked++;
            }
        }
        assertTrue(checked >= 20, "checked " + checked);
    }

    /**
     * Exact numerics: every l1, linf and full-dimensional hull candidate (both forms) becomes a lattice spec that is
     * schema-valid, loads as exact, and releases lattice points whose noise has the continuous mechanism's covariance
     * trace scaled by the stored inflation (Δ_L·γ/Δ)² — the lattice sampler checked against the geometry module's exact
     * second moments (6σ tests on 20,000 draws, as above). Bodies without an exact lattice sampler are clear errors.
     */
    @Test
    void latticeSpecsAreExactAndTheirNoiseHasTheInflatedCovariance() throws Exception {
        int checked = 0;
        int refused = 0;
        for (String source : PROBLEMS) {
            KNormProblem p = problem(source);
            KNormComparison.Result r = KNormDesigner.compare(p);
            for (CandidateReport c : r.candidates()) {
                for (KNormSpecs.BodyForm form : c.name().equals("hull") ? KNormSpecs.BodyForm.values() : new KNormSpecs.BodyForm[] {KNormSpecs.BodyForm.TRIANGULATION}) {
                    String what = source + " / " + c.name() + " / " + form.json();
                    boolean capable = c.name().equals("l1") || c.name().equals("linf") || c.name().equals("hull") && r.hull().span().isFull();
                    if (!capable) {
                        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> KNormSpecs.toSpec(p, r, c.name(), form, KNormSpecs.Lattice.auto(), Instant.now()), what);
                        assertTrue(x.getMessage().contains("lattice"), x.getMessage());
                        refused++;
                        continue;
                    }
                    Path out = dir.resolve("lattice.json");
                    KNormSpec spec = DesignSpecs.writeAndVerify(KNormSpecs.toSpec(p, r, c.name(), form, KNormSpecs.Lattice.auto(), Instant.parse("2026-11-22T12:00:00Z")), out);
                    JsonNode doc = new ObjectMapper().readTree(out.toFile());
                    Set<ValidationMessage> errors = DesignSpecsTest.schema().validate(doc);
                    assertTrue(errors.isEmpty(), what + ": " + errors);
                    assertEquals("exact", doc.at("/privacy/numerics").asText(), what);
                    double inflation = doc.at("/design/lattice/noise_scale_inflation").asDouble();
                    assertTrue(inflation > 1 && inflation <= 1 + 1.0 / 1024 + 1e-12, what + ": inflation " + inflation);
                    assertMeanSquaredNorm(org.optimech.runtime.testing.TestMechanisms.knorm(spec, NumericsPolicy.EXACT_ONLY), p.dimension(), 500 + checked, c.covarianceTrace() * inflation * inflation,
                            Math.scalb(1.0, spec.latticeNoise().orElseThrow().exponent()), what + " (inflated trace)");
                    checked++;
                }
            }
        }
        assertTrue(checked >= 12 && refused >= 4, "checked " + checked + ", refused " + refused);
    }

    /**
     * A 6σ test on 20,000 releases of the zero statistic: E‖V‖² equals {@code want}; with {@code spacing} > 0 every
     * released coordinate must also be a multiple of it.
     */
    private static void assertMeanSquaredNorm(KNormMechanism m, int d, long seed, double want, double spacing, String what) {
        SeededRandomBits bits = new SeededRandomBits(seed);
        int n = 20_000;
        double sum = 0;
        double sumSq = 0;
        double[] zero = new double[d];
        for (int i = 0; i < n; i++) {
            double s = 0;
            // zero records: the statistic's public part (a substitution histogram's total) is 0 too, so the output is the noise
            for (double xi : m.sample(zero, 0, bits)) {
                if (spacing > 0) {
                    assertEquals(xi, Math.rint(xi / spacing) * spacing, what + ": a lattice point");
                }
                s += xi * xi;
            }
            sum += s;
            sumSq += s * s;
        }
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
        assertTrue(Math.abs(mean - want) <= 6 * sd / Math.sqrt(n), what + ": sampled E|V|^2 = " + mean + " vs " + want + " (sd " + sd + ")");
    }

    /** The degenerate histogram stores its subspace: noise in 3 coordinates, mapped into the 4-dimensional statistic's plane Σx = const. */
    @Test
    void degenerateHullsStoreTheirSubspace() throws Exception {
        KNormProblem p = problem(PROBLEMS[4]);
        KNormComparison.Result r = KNormDesigner.compare(p);
        KNormSpec spec = KNormSpecs.toSpec(p, r, "hull", KNormSpecs.BodyForm.TRIANGULATION, Instant.EPOCH);
        assertEquals(4, spec.dimension());
        assertEquals(3, spec.noiseDimension());
        assertTrue(spec.subspace().isPresent());
        KNormMechanism m = org.optimech.runtime.testing.TestMechanisms.knorm(spec, NumericsPolicy.ALLOW_IDEALIZED);
        SeededRandomBits bits = new SeededRandomBits(5);
        for (int i = 0; i < 1000; i++) {
            double[] x = m.sample(new double[] {1, 2, 3, 4}, 10, bits); // the total, 10 records, is public under substitution
            assertEquals(10, x[0] + x[1] + x[2] + x[3], 1e-9);
        }
    }

    @Test
    void badRequestsAreClearErrors() throws Exception {
        KNormProblem p = problem(PROBLEMS[2]);
        KNormComparison.Result r = KNormDesigner.compare(p);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KNormSpecs.toSpec(p, r, "cylinder", KNormSpecs.BodyForm.TRIANGULATION, Instant.EPOCH));
        assertTrue(e.getMessage().contains("body cylinder was not compared; compared: l1, l2, linf, hull, search"), e.getMessage());
        assertEquals("halfspaces", org.optimech.runtime.json.JsonName.parse(KNormSpecs.BodyForm.class, "halfspaces").json());
        assertThrows(IllegalArgumentException.class, () -> org.optimech.runtime.json.JsonName.parse(KNormSpecs.BodyForm.class, "vertices"));
    }

    @Test
    void sensitivitiesAreRoundedUpNeverDown() {
        assertEquals("3.125", KNormSpecs.upDecimal(3.125).toString());
        assertEquals("1", KNormSpecs.upDecimal(1.0).toString());
        double x = Math.nextUp(1.0);
        assertTrue(KNormSpecs.upDecimal(x).compareTo(new BigDecimal(x)) >= 0);
        double y = 0.1;
        assertTrue(KNormSpecs.upDecimal(y).compareTo(new BigDecimal(y)) >= 0);
        assertEquals(17, KNormSpecs.upDecimal(y).precision());
    }
}
