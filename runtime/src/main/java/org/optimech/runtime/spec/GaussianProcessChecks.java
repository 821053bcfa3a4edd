package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.noise.GaussianProfile;

/**
 * Checks a Gaussian-process block exactly where it can: the grid, the kernel, Δ (re-derived from the recorded KDE problem), the
 * noise scale s and its calibration, the jitter. It factors K(grid) + jitter·I (Cholesky; a
 * matrix that is not positive definite is refused: ERRATA G3) and re-checks the calibration against the
 * certified (ε, δ): {@code classical} needs ε ≤ 1 (ERRATA G1) and s ≥ √(2 ln(2/δ))·Δ/ε; {@code analytic}
 * needs the Gaussian mechanism's exact δ(ε) at σ = s, bounded above, to be at most δ.
 */
final class GaussianProcessChecks {
    private static final String P = "/mechanism";
    /** Largest grid accepted (the factor costs m³/3 operations and m² doubles at load). */
    static final int MAX_GRID = 4000;

    /** The checked numbers and the covariance factor (data: the runtime's mechanisms build the sampler). */
    record Checked(double[] grid, String kernel, double bandwidth, BigDecimal sensitivity, double scale, String calibration, double jitter,
            double[][] factor, SensitivityCheck recheck) {
    }

    private GaussianProcessChecks() {
    }

    /** Relative margin above the double evaluation of the closed-form Δ that a stored Δ must keep (ulps of error are ~1e-15). */
    static final double CLOSED_FORM_MARGIN = 1e-13;

    /**
     * Re-derives Δ from the KDE problem recorded in {@code design.problem} (kernel, bandwidth, n, grid): the stored Δ must be
     * at least the closed form ({@link org.optimech.runtime.statistic.KdeSensitivity}) and the problem must describe the
     * stored mechanism (same kernel, bandwidth and grid). Without a recorded problem Δ is unchecked.
     */
    private static SensitivityCheck recheck(JsonObject design, Relation relation, double[] grid, String type, double h, BigDecimal sens) throws FieldException {
        String pp = "/design/problem";
        Optional<JsonObject> recorded = design.get("problem").flatMap(JsonValue::object)
                .filter(p -> p.get("kind").flatMap(JsonValue::string).filter("function"::equals).isPresent());
        if (recorded.isEmpty()) {
            return new SensitivityCheck(false, 0, "the spec does not record the function problem it was designed for (design.problem)");
        }
        JsonObject problem = recorded.get();
        if (relation != Relation.SUBSTITUTION) {
            // the KDE's sensitivity averages over a public n: adding or removing a record changes n, which it does not cover
            throw new FieldException("/privacy/relation", "a KDE release of a recorded function problem is private under substitution with a public n; its "
                    + "sensitivity does not cover adding or removing a record. Provided value: \"" + relation.json() + "\"");
        }
        if (problem.has("estimator")) {
            Fields.oneOf(problem.get("estimator").orElseThrow(), pp + "/estimator", "kde");
        }
        String kernel = problem.has("kernel") ? Fields.oneOf(problem.get("kernel").orElseThrow(), pp + "/kernel", "gaussian", "exponential") : "gaussian";
        if (!kernel.equals(type)) {
            throw new FieldException(pp + "/kernel", "the problem's kernel is " + kernel + " but the mechanism's is " + type);
        }
        double bandwidth = Fields.finiteDouble(Fields.member(problem, "bandwidth", pp), pp + "/bandwidth");
        if (bandwidth != h) {
            throw new FieldException(pp + "/bandwidth", "the problem's bandwidth " + bandwidth + " is not the mechanism's " + h);
        }
        long n = Fields.integer(Fields.member(problem, "n", pp), pp + "/n", 1, Integer.MAX_VALUE);
        JsonObject g = Fields.object(Fields.member(problem, "grid", pp), pp + "/grid");
        double lo = Fields.finiteDouble(Fields.member(g, "from", pp + "/grid"), pp + "/grid/from");
        double hi = Fields.finiteDouble(Fields.member(g, "to", pp + "/grid"), pp + "/grid/to");
        long points = Fields.integer(Fields.member(g, "points", pp + "/grid"), pp + "/grid/points", 2, MAX_GRID);
        boolean same = points == grid.length;
        for (int i = 0; same && i < grid.length; i++) {
            same = lo + (hi - lo) * i / (points - 1) == grid[i];
        }
        if (!same) {
            throw new FieldException(pp + "/grid", "does not generate the mechanism's grid of " + grid.length + " points");
        }
        double closed = org.optimech.runtime.statistic.KdeSensitivity.of(kernel, n, bandwidth);
        if (!(sens.doubleValue() >= closed * (1 + CLOSED_FORM_MARGIN))) {
            throw new FieldException(P + "/sensitivity", "is below the KDE's RKHS sensitivity re-derived from design.problem (" + kernel + " kernel, n = " + n
                    + ", bandwidth " + bandwidth + "): " + closed + ". Provided value: " + sens);
        }
        return new SensitivityCheck(true, 0, "re-derived from design.problem: the " + kernel + " KDE's closed-form RKHS sensitivity " + closed + " for n = " + n
                + ", bandwidth " + bandwidth + " is at most the stored Δ");
    }

    static Checked check(GaussianProcessBlock b, BigDecimal certEps, BigDecimal certDelta, Relation relation, JsonObject design) throws FieldException {
        double[] grid = b.grid();
        if (grid.length < 1 || grid.length > MAX_GRID) {
            throw new FieldException(P + "/grid", "must have between 1 and " + MAX_GRID + " points. Provided: " + grid.length);
        }
        for (int i = 0; i < grid.length; i++) {
            if (!Double.isFinite(grid[i])) {
                throw new FieldException(JsonPointer.child(P + "/grid", i), "must be a finite number. Provided value: " + grid[i]);
            }
        }
        String type = b.kernel().json();
        double h = b.bandwidth();
        if (!(h > 0) || Double.isInfinite(h)) {
            throw new FieldException(P + "/kernel/bandwidth", "must be > 0 and finite. Provided value: " + h);
        }
        BigDecimal sens = b.sensitivity();
        if (sens.signum() <= 0) {
            throw new FieldException(P + "/sensitivity", "must be > 0. Provided value: " + sens);
        }
        BigDecimal scaleDec = b.noiseScale();
        double scale = scaleDec.doubleValue();
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new FieldException(P + "/noise_scale", "must be > 0 and finite. Provided value: " + scaleDec);
        }
        String calibration = b.calibration().json();
        BigDecimal jitterDec = b.jitter();
        double jitter = jitterDec.doubleValue();
        if (jitterDec.signum() < 0 || Double.isInfinite(jitter)) {
            throw new FieldException(P + "/jitter", "must be >= 0 and finite (jitter adds noise; it never removes it). Provided value: " + jitterDec);
        }
        if (certDelta.signum() <= 0) {
            throw new FieldException("/privacy/certified_delta", "a Gaussian mechanism is (epsilon, delta)-DP with delta > 0. Provided value: " + certDelta);
        }
        // rounded down: a smaller epsilon or delta asks for more noise, never less
        double eps = org.optimech.runtime.exact.Dyadic.doubleAtMost(certEps);
        double del = org.optimech.runtime.exact.Dyadic.doubleAtMost(certDelta);
        double d = sens.doubleValue() * (1 + 1e-15);
        if (calibration.equals("classical")) {
            if (certEps.compareTo(BigDecimal.ONE) > 0) {
                throw new FieldException(P + "/calibration", "the classical c(beta) = sqrt(2 ln(2/beta)) is proved only for epsilon <= 1 (ERRATA G1); "
                        + "certified_epsilon is " + certEps + ": use \"analytic\"");
            }
            // c(δ) from ln δ taken off the decimal itself: a certified δ below the double range (4.9e-324) still has one
            double need = GaussianProfile.classicalConstantAtLeast(certDelta) * d / eps;
            if (!(scale >= need * (1 + 1e-12))) {
                throw new FieldException(P + "/noise_scale", "is below c(beta)*Delta/epsilon = " + need + " for the certified (" + certEps + ", " + certDelta
                        + "). Provided value: " + scaleDec);
            }
        } else if (!(del > 0)) {
            throw new FieldException("/privacy/certified_delta", "is below the smallest positive double (4.9E-324), where the analytic calibration cannot "
                    + "be certified. Provided value: " + certDelta);
        } else if (!(GaussianProfile.deltaUpperBound(eps, d, scale) <= del)) {
            throw new FieldException(P + "/noise_scale", "gives delta(" + certEps + ") <= " + GaussianProfile.deltaUpperBound(eps, d, scale)
                    + " only (the Gaussian mechanism's exact privacy profile, " + GaussianProfile.delta(eps, d, scale) + " in floating point, bounded with "
                    + "its evaluation error), which is above certified_delta = " + certDelta + ". Provided value: " + scaleDec);
        }
        // Cholesky of K + jitter·I
        int m = grid.length;
        double[][] l = new double[m][];
        for (int i = 0; i < m; i++) {
            l[i] = new double[i + 1];
            for (int j = 0; j <= i; j++) {
                double s = b.kernel().at(h, grid[i], grid[j]) + (i == j ? jitter : 0);
                for (int t = 0; t < j; t++) {
                    s -= l[i][t] * l[j][t];
                }
                if (i == j) {
                    if (!(s > 0)) {
                        throw new FieldException(P + "/jitter", "the covariance K(grid) + jitter*I is not positive definite in floating point (pivot " + i
                                + " is " + s + "); the designer must add jitter (ERRATA G3). Provided value: " + jitterDec);
                    }
                    l[i][i] = Math.sqrt(s);
                } else {
                    l[i][j] = s / l[j][j];
                }
            }
        }
        return new Checked(grid, type, h, sens, scale, calibration, jitter, l, recheck(design, relation, grid, type, h, sens));
    }
}
