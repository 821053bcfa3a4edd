package org.optimech.designer.problem;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.spec.GaussianProcessBlock.Calibration;
import org.optimech.runtime.spec.GaussianProcessBlock.Kernel;
import org.optimech.runtime.spec.Relation;

/**
 * A function release problem ({@code "kind": "function"}): a kernel density estimate of n records on an evenly spaced
 * grid over [lo, hi], released under (ε, δ)-DP by a Gaussian process (functions paper §4). Neighbours substitute one
 * record (n is public).
 *
 * @param kernel the covariance kernel of the noise
 * @param bandwidth the KDE bandwidth h
 * @param n the number of records
 * @param lo first grid point
 * @param hi last grid point
 * @param gridPoints number of grid points
 * @param epsilon ε as written
 * @param delta δ as written
 * @param calibration how the noise scale is calibrated
 */
public record FunctionProblem(String name, Kernel kernel, double bandwidth, int n, double lo, double hi, int gridPoints, BigDecimal epsilon, BigDecimal delta,
        Calibration calibration) implements Problem {
    /** Most grid points (the Gram matrix is gridPoints²). */
    public static final int MAX_GRID_POINTS = 4000;

    /**
     * Smallest δ the analytic calibration takes: the runtime bounds the Gaussian privacy profile to an absolute 1e-300
     * ({@code GaussianProfile.deltaUpperBound}), so a smaller δ could never be certified.
     */
    public static final BigDecimal MIN_ANALYTIC_DELTA = new BigDecimal("1e-290");

    public FunctionProblem {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(calibration, "calibration");
        String[] v = violation(kernel, bandwidth, n, lo, hi, gridPoints, epsilon, delta, calibration);
        if (v != null) {
            throw new IllegalArgumentException(v[1]);
        }
    }

    /** The first rule the parts break, as {pointer in the problem file, message}, or null: the one place the rules live. */
    private static String[] violation(Kernel kernel, double bandwidth, int n, double lo, double hi, int gridPoints, BigDecimal epsilon, BigDecimal delta,
            Calibration calibration) {
        if (!(bandwidth > 0) || Double.isInfinite(bandwidth)) {
            return new String[] {"/bandwidth", "bandwidth must be > 0 and finite. Provided value: " + bandwidth};
        }
        if (n < 1) {
            return new String[] {"/n", "n must be >= 1. Provided value: " + n};
        }
        if (!(lo < hi) || Double.isInfinite(lo) || Double.isInfinite(hi)) {
            return new String[] {"/grid", "grid bounds must be finite with from < to. Provided values: " + lo + ", " + hi};
        }
        if (kernel == Kernel.EXPONENTIAL && (lo < 0 || hi > 1)) {
            return new String[] {"/grid", "the exponential (Sobolev) kernel's RKHS norm is over [0, 1]: the grid must lie in [0, 1]. Provided: [" + lo + ", "
                    + hi + "]"};
        }
        if (gridPoints < 2 || gridPoints > MAX_GRID_POINTS) {
            return new String[] {"/grid/points", "grid points must be in [2, " + MAX_GRID_POINTS + "]. Provided value: " + gridPoints};
        }
        if (epsilon == null || epsilon.signum() <= 0 || epsilon.compareTo(DiscreteProblem.MAX_EPSILON) > 0) {
            return new String[] {"/epsilon", "epsilon must be > 0 and at most " + DiscreteProblem.MAX_EPSILON + ". Provided value: " + epsilon};
        }
        if (delta == null || delta.signum() <= 0 || delta.compareTo(BigDecimal.ONE) >= 0 || !(delta.doubleValue() > 0)) {
            return new String[] {"/delta", "delta must be in (0, 1) and at least the smallest positive double, 4.9e-324. Provided value: " + delta};
        }
        if (calibration == Calibration.ANALYTIC && delta.compareTo(MIN_ANALYTIC_DELTA) < 0) {
            return new String[] {"/delta", "delta must be at least " + MIN_ANALYTIC_DELTA + " for the analytic calibration (the privacy profile is certified "
                    + "to an absolute 1e-300); the classical calibration takes any delta in (0, 1) for epsilon <= 1. Provided value: " + delta};
        }
        if (calibration == Calibration.CLASSICAL && epsilon.compareTo(BigDecimal.ONE) > 0) {
            return new String[] {"/calibration", "the classical c(beta) is proved only for epsilon <= 1 (ERRATA G1); epsilon is " + epsilon
                    + ": use analytic"};
        }
        return null;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public String kind() {
        return "function";
    }

    /** Neighbours substitute one record: n is public. */
    @Override
    public Relation relation() {
        return Relation.SUBSTITUTION;
    }

    /** The grid: gridPoints evenly spaced points from lo to hi. */
    public double[] grid() {
        double[] g = new double[gridPoints];
        for (int i = 0; i < gridPoints; i++) {
            g[i] = lo + (hi - lo) * i / (gridPoints - 1);
        }
        return g;
    }

    /** The problem as a JSON document (recorded in the spec's design block). */
    public JsonObject document() {
        return JsonObject.builder().put("kind", "function").put("estimator", "kde").put("kernel", kernel.json()).put("bandwidth", bandwidth).put("n", n)
                .put("grid", JsonObject.builder().put("from", lo).put("to", hi).put("points", gridPoints).build())
                .put("epsilon", epsilon.toString()).put("delta", delta.toString()).put("calibration", calibration.json()).build();
    }

    /** Parses a problem of kind {@code function}; every refusal names its field. */
    public static FunctionProblem parse(JsonObject o) throws FieldException {
        Fields.allowedKeys(o, "", Set.of("kind", "name", "description", "estimator", "kernel", "bandwidth", "n", "grid", "epsilon", "delta", "calibration"));
        Fields.oneOf(Fields.member(o, "kind", ""), "/kind", "function");
        String name = o.has("name") ? Fields.string(o.get("name").orElseThrow(), "/name") : "";
        if (o.has("description")) {
            Fields.string(o.get("description").orElseThrow(), "/description");
        }
        if (o.has("estimator")) {
            Fields.oneOf(o.get("estimator").orElseThrow(), "/estimator", "kde");
        }
        Kernel kernel = o.has("kernel") ? Fields.enumValue(o.get("kernel").orElseThrow(), "/kernel", Kernel.class) : Kernel.GAUSSIAN;
        double h = Fields.finiteDouble(Fields.member(o, "bandwidth", ""), "/bandwidth");
        int n = (int) Fields.integer(Fields.member(o, "n", ""), "/n", 1, Integer.MAX_VALUE);
        JsonObject g = Fields.object(Fields.member(o, "grid", ""), "/grid");
        Fields.allowedKeys(g, "/grid", Set.of("from", "to", "points"));
        double lo = Fields.finiteDouble(Fields.member(g, "from", "/grid"), "/grid/from");
        double hi = Fields.finiteDouble(Fields.member(g, "to", "/grid"), "/grid/to");
        int points = (int) Fields.integer(Fields.member(g, "points", "/grid"), "/grid/points", 2, MAX_GRID_POINTS);
        BigDecimal eps = Fields.exactNumber(Fields.member(o, "epsilon", ""), "/epsilon");
        if (eps.signum() <= 0 || eps.compareTo(DiscreteProblem.MAX_EPSILON) > 0) {
            throw new FieldException("/epsilon", "must be > 0 and at most " + DiscreteProblem.MAX_EPSILON + ". Provided value: " + eps);
        }
        BigDecimal del = Fields.exactNumber(Fields.member(o, "delta", ""), "/delta");
        Calibration cal = o.has("calibration") ? Fields.enumValue(o.get("calibration").orElseThrow(), "/calibration", Calibration.class) : Calibration.ANALYTIC;
        String[] v = violation(kernel, h, n, lo, hi, points, eps, del, cal);
        if (v != null) {
            throw new FieldException(v[0], v[1]);
        }
        return new FunctionProblem(name, kernel, h, n, lo, hi, points, eps, del, cal);
    }
}
