package org.optimech.examples.thesis;

import java.util.ArrayList;
import java.util.List;

/**
 * The risk body of the counting query with n = 1 (thesis §2.3.3, Figure 2.1): every pair
 * (R(0), R(1)) of absolute-loss risks of an α-DP mechanism from {0, 1} to outputs {0, 1}.
 *
 * <p>With a = P(1 | 0) = R(0) and b = P(0 | 1) = R(1), the α-DP constraints of the two outputs in
 * both directions are four half-planes: 1 − a ≤ e^α b, b ≤ e^α (1 − a), a ≤ e^α (1 − b),
 * 1 − b ≤ e^α a. The body is the unit square clipped by them, computed here by polygon clipping
 * (no closed form is assumed; the test compares with one).
 */
public record RiskBody(double alpha, List<double[]> vertices) {
    public RiskBody {
        vertices = vertices.stream().map(double[]::clone).toList();
    }

    @Override
    public List<double[]> vertices() {
        return vertices.stream().map(double[]::clone).toList();
    }

    /** Clips the unit square by the four α-DP half-planes; vertices counter-clockwise. */
    public static RiskBody of(double alpha) {
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be > 0 and finite. Provided value: " + alpha);
        }
        double e = Math.exp(alpha);
        List<double[]> poly = new ArrayList<>(List.of(new double[] {0, 0}, new double[] {1, 0}, new double[] {1, 1}, new double[] {0, 1}));
        // Each half-plane as c0 + c1·a + c2·b ≥ 0.
        double[][] halfPlanes = {
            {-1, 1, e},        // e^α b − (1 − a) ≥ 0
            {e, -e, -1},       // e^α (1 − a) − b ≥ 0
            {e, -1, -e},       // e^α (1 − b) − a ≥ 0
            {-1, e, 1},        // e^α a − (1 − b) ≥ 0
        };
        for (double[] h : halfPlanes) {
            poly = clip(poly, h);
        }
        return new RiskBody(alpha, poly);
    }

    /** min over the body of w0·R(0) + w1·R(1): attained at a vertex. */
    public double minimum(double w0, double w1) {
        double best = Double.POSITIVE_INFINITY;
        for (double[] v : vertices) {
            best = Math.min(best, w0 * v[0] + w1 * v[1]);
        }
        return best;
    }

    /** Whether a point is in the body, to an absolute tolerance. */
    public boolean contains(double r0, double r1, double tol) {
        int n = vertices.size();
        for (int i = 0; i < n; i++) {
            double[] p = vertices.get(i);
            double[] q = vertices.get((i + 1) % n);
            double cross = (q[0] - p[0]) * (r1 - p[1]) - (q[1] - p[1]) * (r0 - p[0]);
            if (cross < -tol) {
                return false;
            }
        }
        return true;
    }

    // Sutherland–Hodgman against one half-plane c0 + c1·x + c2·y ≥ 0.
    private static List<double[]> clip(List<double[]> poly, double[] h) {
        List<double[]> out = new ArrayList<>();
        int n = poly.size();
        for (int i = 0; i < n; i++) {
            double[] p = poly.get(i);
            double[] q = poly.get((i + 1) % n);
            double fp = h[0] + h[1] * p[0] + h[2] * p[1];
            double fq = h[0] + h[1] * q[0] + h[2] * q[1];
            if (fp >= 0) {
                out.add(p);
            }
            if ((fp >= 0) != (fq >= 0)) {
                double t = fp / (fp - fq);
                out.add(new double[] {p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])});
            }
        }
        // Drop repeated vertices (a half-plane through a vertex yields it twice).
        List<double[]> dedup = new ArrayList<>();
        for (double[] v : out) {
            double[] last = dedup.isEmpty() ? null : dedup.get(dedup.size() - 1);
            if (last == null || Math.abs(last[0] - v[0]) + Math.abs(last[1] - v[1]) > 1e-14) {
                dedup.add(v);
            }
        }
        if (dedup.size() > 1) {
            double[] first = dedup.get(0);
            double[] last = dedup.get(dedup.size() - 1);
            if (Math.abs(last[0] - first[0]) + Math.abs(last[1] - first[1]) <= 1e-14) {
                dedup.remove(dedup.size() - 1);
            }
        }
        return dedup;
    }
}
