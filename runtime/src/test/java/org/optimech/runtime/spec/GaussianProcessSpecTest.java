package org.optimech.runtime.spec;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.random.SeededRandomBits;

/**
 * Gaussian-process specs: the golden file loads and reseals identically, the calibration is re-checked (tampered and re-sealed specs are
 * refused), the noise has covariance s²(K + jitter·I) (checked entrywise on 40,000 draws at 6 standard errors: false-failure probability
 * below 1e-7 over the 25 entries), and the Gaussian profile matches independent values.
 */
class GaussianProcessSpecTest {
    static GaussianProcessSpec golden() throws Exception {
        return (GaussianProcessSpec) TestMechanisms.read(GoldenFilesTest.golden("gaussian-process.json"));
    }

    static void refused(String pointer, JsonValue value, String wantPointer, String part) throws Exception {
        JsonObject doc = SpecDigest.seal((JsonObject) JsonEdit.set(GoldenFilesTest.golden("gaussian-process.json"), pointer, value));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(doc));
        assertEquals(wantPointer, e.pointer(), e.getMessage());
        assertTrue(e.detail().contains(part), e.getMessage());
    }

    @Test
    void goldenLoadsAndReseals() throws Exception {
        JsonObject doc = GoldenFilesTest.golden("gaussian-process.json");
        GaussianProcessSpec s = golden();
        assertEquals(doc.get("digest").orElseThrow().asObject().get("value").orElseThrow().asString(),
                SpecCodec.write(s).get("digest").orElseThrow().asObject().get("value").orElseThrow().asString());
        assertEquals(5, s.grid().length);
        assertEquals("classical", s.calibration());
        assertEquals(Numerics.IDEALIZED, s.numerics());
        assertThrows(IllegalStateException.class, () -> org.optimech.runtime.sampling.Samplers.gaussianProcess(s, NumericsPolicy.EXACT_ONLY).noise(new SeededRandomBits(1)));
    }

    @Test
    void calibrationIsRecheckedAtLoad() throws Exception {
        // classical needs s >= sqrt(2 ln 20) * 0.5 = 1.2239
        refused("/mechanism/noise_scale", new JsonString("1.2"), "/mechanism/noise_scale", "below c(beta)*Delta/epsilon");
        refused("/mechanism/sensitivity", new JsonString("0.6"), "/mechanism/noise_scale", "below c(beta)*Delta/epsilon");
        // ERRATA G1: classical only for epsilon <= 1
        JsonObject doc = GoldenFilesTest.golden("gaussian-process.json");
        doc = (JsonObject) JsonEdit.set(doc, "/privacy/epsilon", new JsonString("2"));
        doc = (JsonObject) JsonEdit.set(doc, "/privacy/epsilon_double", org.optimech.runtime.json.JsonNumber.of(2));
        doc = SpecDigest.seal((JsonObject) JsonEdit.set(doc, "/privacy/certified_epsilon", new JsonString("2")));
        JsonObject eps2 = doc;
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(eps2));
        assertTrue(e.detail().contains("ERRATA G1"), e.getMessage());
        // analytic: the exact profile at sigma 1.25, Delta 0.5, epsilon 1 gives delta far below 0.1, so it passes; at sigma 0.3 it does not
        JsonObject analytic = SpecDigest.seal((JsonObject) JsonEdit.set(GoldenFilesTest.golden("gaussian-process.json"), "/mechanism/calibration",
                new JsonString("analytic")));
        assertEquals("analytic", ((GaussianProcessSpec) TestMechanisms.read(analytic)).calibration());
        JsonObject tooSmall = SpecDigest.seal((JsonObject) JsonEdit.set(analytic, "/mechanism/noise_scale", new JsonString("0.3")));
        e = assertThrows(InvalidSpecException.class, () -> TestMechanisms.read(tooSmall));
        assertTrue(e.detail().contains("exact privacy profile"), e.getMessage());
        refused("/mechanism/jitter", new JsonString("-1e-9"), "/mechanism/jitter", "never removes it");
        refused("/privacy/numerics", new JsonString("exact"), "/privacy/numerics", "must say \"idealized\"");
    }

    @Test
    void noiseHasTheStoredCovariance() throws Exception {
        GaussianProcessSpec s = golden();
        double[] g = s.grid();
        int m = g.length;
        int n = 40_000;
        double[][] sum = new double[m][m];
        SeededRandomBits bits = new SeededRandomBits(5);
        for (int t = 0; t < n; t++) {
            double[] v = org.optimech.runtime.sampling.Samplers.gaussianProcess(s, NumericsPolicy.ALLOW_IDEALIZED).noise(bits);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    sum[i][j] += v[i] * v[j];
                }
            }
        }
        double s2 = s.noiseScale() * s.noiseScale();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double k = Math.exp(-(g[i] - g[j]) * (g[i] - g[j]) / (2 * 0.25));
                double want = s2 * k;
                // Var(v_i v_j) = s^4 (K_ii K_jj + K_ij^2) for a Gaussian pair
                double se = s2 * Math.sqrt((1 + k * k) / n);
                assertEquals(want, sum[i][j] / n, 6 * se, i + "," + j);
            }
        }
    }

    /** Values of the exact Gaussian profile computed independently (scipy): the calibration for (1, 1e-5) and Φ at a few points. */
    @Test
    void gaussianProfileMatchesIndependentValues() {
        assertEquals(2.866515718791933e-07, GaussianProfile.phi(-5), 1e-20);
        assertEquals(0.006209665325776132, GaussianProfile.phi(-2.5), 1e-16);
        assertEquals(0.9777844055705686, GaussianProfile.phi(2.01), 1e-15);
        double s = GaussianProfile.calibrate(1, 1, 1e-5);
        assertTrue(s >= 3.7306316348161808 && s <= 3.7306316348161808 * (1 + 1e-7), "sigma " + s);
        assertTrue(GaussianProfile.deltaUpperBound(1, 1, s) <= 1e-5);
        // the classical c(beta) is sufficient here: sqrt(2 ln(2/1e-5)) = 4.94 > 3.73
        assertTrue(Math.sqrt(2 * Math.log(2 / 1e-5)) > s);
    }
}
