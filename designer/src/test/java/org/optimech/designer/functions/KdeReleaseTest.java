package org.optimech.designer.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.RealVector;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.SpecCodec;

/** The KDE release's sensitivities against independent computations, its calibrations, and its spec. */
class KdeReleaseTest {
    static KdeRelease kde(String kernel, String cal, String eps) {
        return new KdeRelease(kernel, 0.1, 100, 0, 1, 30, new BigDecimal(eps), new BigDecimal("0.1"), cal);
    }

    /**
     * Prop. 3.4 in finite dimensions: for neighbouring data the Mahalanobis distance of the two estimates on any grid, in the kernel's Gram
     * matrix, is at most the RKHS Δ. Checked on a 12-point grid for random pairs of differing records (Gaussian kernel).
     */
    @Test
    void gaussianSensitivityBoundsTheGridMahalanobisDistance() {
        KdeRelease k = new KdeRelease("gaussian", 0.1, 100, 0, 1, 12, BigDecimal.ONE, new BigDecimal("0.1"), "classical");
        double[] g = k.grid();
        double[][] gram = new double[g.length][g.length];
        for (int i = 0; i < g.length; i++) {
            for (int j = 0; j < g.length; j++) {
                gram[i][j] = Math.exp(-(g[i] - g[j]) * (g[i] - g[j]) / (2 * 0.01));
            }
        }
        CholeskyDecomposition chol = new CholeskyDecomposition(new Array2DRowRealMatrix(gram), 1e-15, 1e-300);
        SplittableRandom rnd = new SplittableRandom(1);
        double worst = 0;
        for (int t = 0; t < 2000; t++) {
            double x = rnd.nextDouble(-0.2, 1.2);
            double y = rnd.nextDouble(-0.2, 1.2);
            double[] diff = new double[g.length];
            for (int i = 0; i < g.length; i++) {
                diff[i] = (Math.exp(-(g[i] - x) * (g[i] - x) / 0.02) - Math.exp(-(g[i] - y) * (g[i] - y) / 0.02)) / (100 * Math.sqrt(2 * Math.PI) * 0.1);
            }
            RealVector d = new ArrayRealVector(diff);
            worst = Math.max(worst, Math.sqrt(d.dotProduct(chol.getSolver().solve(d))));
        }
        assertTrue(worst <= k.sensitivity(), worst + " > " + k.sensitivity());
        assertTrue(worst > 0.9 * k.sensitivity(), "the bound is nearly attained by far-apart records: " + worst);
        assertEquals(Math.sqrt(2) / (100 * Math.sqrt(2 * Math.PI) * 0.1), k.sensitivity(), 2e-12 * k.sensitivity(), "closed form, rounded up by 1e-12");
    }

    /** ERRATA G5: a kernel bump's Sobolev norm (10) with γ = 1/h, integrated numerically, stays below 1/(√(2π) h²). */
    @Test
    void sobolevNormOfOneBumpIsBounded() {
        double h = 0.1;
        for (double mu = 0; mu <= 1; mu += 0.05) {
            int steps = 20_000;
            double intPhi2 = 0;
            double intDphi2 = 0;
            for (int i = 0; i < steps; i++) {
                double x = (i + 0.5) / steps;
                double phi = Math.exp(-(x - mu) * (x - mu) / (2 * h * h)) / (Math.sqrt(2 * Math.PI) * h);
                double dphi = -(x - mu) / (h * h) * phi;
                intPhi2 += phi * phi / steps;
                intDphi2 += dphi * dphi / steps;
            }
            double at0 = Math.exp(-mu * mu / (2 * h * h)) / (Math.sqrt(2 * Math.PI) * h);
            double at1 = Math.exp(-(1 - mu) * (1 - mu) / (2 * h * h)) / (Math.sqrt(2 * Math.PI) * h);
            double norm2 = 0.5 * (at0 * at0 + at1 * at1) + h / 2 * intDphi2 + 1 / (2 * h) * intPhi2;
            assertTrue(norm2 <= 1 / (Math.sqrt(2 * Math.PI) * h * h), "mu " + mu + ": " + norm2);
        }
        assertEquals(2 / (Math.pow(2 * Math.PI, 0.25) * 100 * 0.1), kde("exponential", "classical", "1").sensitivity(), 1e-10);
    }

    @Test
    void calibrations() {
        assertEquals(Math.sqrt(2 * Math.log(20)), kde("gaussian", "classical", "1").c(), 1e-9);
        double analytic = kde("gaussian", "analytic", "1").c();
        assertTrue(analytic < Math.sqrt(2 * Math.log(20)), "the exact profile needs less noise here: " + analytic);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kde("gaussian", "classical", "2"));
        assertTrue(e.getMessage().contains("ERRATA G1"), e.getMessage());
        assertTrue(kde("gaussian", "analytic", "8").c() > 0, "analytic works beyond epsilon 1");
        assertThrows(IllegalArgumentException.class, () -> new KdeRelease("exponential", 0.1, 100, -1, 1, 30, BigDecimal.ONE, new BigDecimal("0.1"), "analytic"));
    }

    /** The spec loads through the runtime (calibration re-checked, covariance factored) and records its jitter and derivation. */
    @Test
    void specRoundTrip() throws Exception {
        KdeRelease k = new KdeRelease("gaussian", 0.1, 100, 0, 1, 400, BigDecimal.ONE, new BigDecimal("0.1"), "analytic");
        GaussianProcessSpec s = k.toSpec(k.designBlock(), JsonObject.builder().put("tool", "test").build());
        assertEquals(400, s.grid().length);
        assertTrue(s.design().has("sensitivity_derivation") && s.design().has("jitter"));
        GaussianProcessSpec back = (GaussianProcessSpec) SpecCodec.read(SpecCodec.write(s));
        assertEquals(s.noiseScale(), back.noiseScale());
        double[] data = new double[100];
        java.util.Arrays.fill(data, 0.5);
        double[] f = k.estimate(data);
        assertEquals(1 / (Math.sqrt(2 * Math.PI) * 0.1), f[0 + (int) Math.round(0.5 * 399)], 0.05 * f[200]);
    }

    /**
     * Issue 18 (5): the runtime re-derives the KDE's sensitivity from the recorded problem. A lowered Δ (noise scale left as
     * is, digest recomputed) and a relation other than substitution (n must be public) are refused; without the recorded
     * problem Δ is unchecked and the standard policy refuses the spec.
     */
    @Test
    void theRuntimeReDerivesTheKdeSensitivity() throws Exception {
        KdeRelease k = new KdeRelease("exponential", 0.25, 50, 0, 1, 20, new BigDecimal("0.5"), new BigDecimal("0.1"), "classical");
        GaussianProcessSpec s = k.toSpec(k.designBlock(), JsonObject.builder().put("tool", "test").build());
        assertTrue(s.sensitivityRechecked(), s.sensitivityCheck());
        JsonObject doc = SpecCodec.write(s);
        org.optimech.runtime.spec.RuntimePolicy.standard().check(SpecCodec.read(doc));
        JsonObject mech = doc.get("mechanism").orElseThrow().asObject();
        BigDecimal lowered = s.sensitivity().multiply(new BigDecimal("0.9"));
        JsonObject tampered = org.optimech.runtime.spec.SpecDigest.seal(doc.with("mechanism", mech.with("sensitivity",
                new org.optimech.runtime.json.JsonString(lowered.toPlainString()))));
        org.optimech.runtime.spec.InvalidSpecException e = org.junit.jupiter.api.Assertions.assertThrows(org.optimech.runtime.spec.InvalidSpecException.class,
                () -> SpecCodec.read(tampered));
        assertEquals("/mechanism/sensitivity", e.pointer(), e.getMessage());
        assertTrue(e.getMessage().contains("re-derived from design.problem"), e.getMessage());
        JsonObject addRemove = org.optimech.runtime.spec.SpecDigest.seal(doc.with("privacy", doc.get("privacy").orElseThrow().asObject().with("relation",
                new org.optimech.runtime.json.JsonString("add-remove"))));
        assertEquals("/privacy/relation", org.junit.jupiter.api.Assertions.assertThrows(org.optimech.runtime.spec.InvalidSpecException.class,
                () -> SpecCodec.read(addRemove)).pointer());
        JsonObject noProblem = org.optimech.runtime.spec.SpecDigest.seal(doc.with("design", doc.get("design").orElseThrow().asObject().without("problem")));
        // the standard policy (SpecCodec.read's default) refuses it; an explicit allowance reads it as unchecked
        assertEquals("/mechanism/sensitivity", org.junit.jupiter.api.Assertions.assertThrows(org.optimech.runtime.spec.InvalidSpecException.class,
                () -> SpecCodec.read(noProblem)).pointer());
        GaussianProcessSpec unchecked = (GaussianProcessSpec) SpecCodec.read(noProblem,
                org.optimech.runtime.spec.RuntimePolicy.builder().allowUncheckedSensitivity().build());
        assertFalse(unchecked.sensitivityRechecked());
    }
}
