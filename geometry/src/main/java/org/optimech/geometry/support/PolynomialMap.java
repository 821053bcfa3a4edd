package org.optimech.geometry.support;

import java.util.List;

/**
 * A feature map t: box ⊂ ℝ^m → ℝ^d whose coordinates are polynomials Σ coef·Π x_v^{p_v}, with the box
 * of each variable. Evaluated over sub-boxes in interval arithmetic.
 */
public final class PolynomialMap {
    /** One monomial: coef·Π_v x_v^{powers[v]}. */
    public record Term(double coef, int[] powers) {
        public Term {
            if (!Double.isFinite(coef)) {
                throw new IllegalArgumentException("coef must be finite. Provided value: " + coef);
            }
            powers = powers.clone();
            for (int p : powers) {
                if (p < 0) {
                    throw new IllegalArgumentException("powers must be >= 0. Provided value: " + p);
                }
            }
        }

        @Override
        public int[] powers() {
            return powers.clone();
        }
    }

    private final double[][] box;
    private final List<List<Term>> features;

    private PolynomialMap(double[][] box, List<List<Term>> features) {
        this.box = box;
        this.features = features;
    }

    /**
     * @param box box[v] = {lower, upper} for each variable
     * @param features per feature, its terms
     */
    public static PolynomialMap of(double[][] box, List<List<Term>> features) {
        if (box.length == 0 || features.isEmpty()) {
            throw new IllegalArgumentException("a polynomial map needs at least one variable and one feature");
        }
        double[][] b = new double[box.length][];
        for (int v = 0; v < box.length; v++) {
            if (box[v].length != 2 || !Double.isFinite(box[v][0]) || !Double.isFinite(box[v][1]) || !(box[v][0] <= box[v][1])) {
                throw new IllegalArgumentException("variable " + v + " must have a finite box [lower, upper] with lower <= upper");
            }
            b[v] = box[v].clone();
        }
        for (List<Term> f : features) {
            for (Term t : f) {
                if (t.powers.length != box.length) {
                    throw new IllegalArgumentException("every term must give a power for each of the " + box.length + " variables");
                }
            }
        }
        return new PolynomialMap(b, features.stream().map(List::copyOf).toList());
    }

    public int variables() {
        return box.length;
    }

    public int dimension() {
        return features.size();
    }

    /** The box (copies). */
    public double[][] box() {
        double[][] b = new double[box.length][];
        for (int v = 0; v < box.length; v++) {
            b[v] = box[v].clone();
        }
        return b;
    }

    /** Feature k over a box of the variables, as an interval containing every value. */
    public Interval feature(int k, Interval[] x) {
        Interval s = Interval.point(0);
        for (Term t : features.get(k)) {
            Interval p = Interval.point(t.coef);
            for (int v = 0; v < x.length; v++) {
                if (t.powers[v] > 0) {
                    p = p.multiply(x[v].pow(t.powers[v]));
                }
            }
            s = s.add(p);
        }
        return s;
    }

    /** ∂t_k/∂x_v over a box of the variables, as an interval containing every value. */
    public Interval derivative(int k, int v, Interval[] x) {
        Interval s = Interval.point(0);
        for (Term t : features.get(k)) {
            int pv = t.powers[v];
            if (pv == 0) {
                continue;
            }
            Interval p = Interval.point(t.coef).scale(pv);
            for (int u = 0; u < x.length; u++) {
                int e = u == v ? pv - 1 : t.powers[u];
                if (e > 0) {
                    p = p.multiply(x[u].pow(e));
                }
            }
            s = s.add(p);
        }
        return s;
    }

    /** t(x) at a point, each coordinate as an interval containing the exact real value. */
    public Interval[] at(double[] x) {
        Interval[] xi = new Interval[x.length];
        for (int v = 0; v < x.length; v++) {
            xi[v] = Interval.point(x[v]);
        }
        Interval[] out = new Interval[dimension()];
        for (int k = 0; k < out.length; k++) {
            out[k] = feature(k, xi);
        }
        return out;
    }
}
