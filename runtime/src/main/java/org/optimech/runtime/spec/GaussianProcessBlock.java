package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.json.JsonName;

/**
 * The {@code mechanism} block of a Gaussian-process spec, typed: a function released on a fixed grid as
 * f_D(grid) + s·G(grid), G a zero-mean Gaussian process with kernel K (ERRATA G2: covariance s²·(K + jitter·I)). Shapes
 * only; {@link GaussianProcessSpec#of} checks the calibration and factors the covariance.
 *
 * @param grid the grid points, fixed in advance (copied)
 * @param kernel the covariance kernel
 * @param bandwidth the kernel's bandwidth h &gt; 0
 * @param sensitivity the RKHS sensitivity Δ
 * @param noiseScale s
 * @param calibration how s was calibrated from Δ and (ε, δ)
 * @param jitter added to the Gram matrix's diagonal (ERRATA G3: more noise, never less)
 */
public record GaussianProcessBlock(double[] grid, Kernel kernel, double bandwidth, BigDecimal sensitivity, BigDecimal noiseScale, Calibration calibration,
        BigDecimal jitter) {
    /** The mechanism kind name in JSON. */
    public static final String KIND = "gaussian-process";

    public GaussianProcessBlock {
        grid = Objects.requireNonNull(grid, "grid").clone();
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(sensitivity, "sensitivity");
        Objects.requireNonNull(noiseScale, "noiseScale");
        Objects.requireNonNull(calibration, "calibration");
        Objects.requireNonNull(jitter, "jitter");
    }

    @Override
    public double[] grid() {
        return grid.clone();
    }

    /** The covariance kernel K(x, y). */
    public enum Kernel implements JsonName {
        /** exp(−(x−y)²/(2h²)). */
        GAUSSIAN("gaussian"),
        /** exp(−|x−y|/h), the Sobolev kernel of H¹. */
        EXPONENTIAL("exponential");

        private final String json;

        Kernel(String json) {
            this.json = json;
        }

        @Override
        public String json() {
            return json;
        }

        /** K(x, y) at bandwidth h. */
        public double at(double h, double x, double y) {
            double d = x - y;
            return this == GAUSSIAN ? Math.exp(-d * d / (2 * h * h)) : Math.exp(-Math.abs(d) / h);
        }
    }

    /** How the noise scale is calibrated from Δ and (ε, δ). */
    public enum Calibration implements JsonName {
        /** c(β) = √(2 ln(2/β)), proved for ε ≤ 1 only (ERRATA G1). */
        CLASSICAL("classical"),
        /** The exact (analytic) Gaussian privacy profile. */
        ANALYTIC("analytic");

        private final String json;

        Calibration(String json) {
            this.json = json;
        }

        @Override
        public String json() {
            return json;
        }
    }

    /** Equal when every component is, arrays compared by content. */
    @Override
    public boolean equals(Object other) {
        return other instanceof GaussianProcessBlock o && java.util.Objects.deepEquals(grid, o.grid) && java.util.Objects.deepEquals(kernel, o.kernel)
                && java.util.Objects.deepEquals(bandwidth, o.bandwidth) && java.util.Objects.deepEquals(sensitivity, o.sensitivity)
                && java.util.Objects.deepEquals(noiseScale, o.noiseScale) && java.util.Objects.deepEquals(calibration, o.calibration)
                && java.util.Objects.deepEquals(jitter, o.jitter);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.deepHashCode(new Object[] {grid, kernel, bandwidth, sensitivity, noiseScale, calibration, jitter});
    }
}
