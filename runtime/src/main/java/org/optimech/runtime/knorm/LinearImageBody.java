package org.optimech.runtime.knorm;

import org.optimech.runtime.random.RandomSource;

/**
 * The image A·B of a unit body B under an invertible matrix A: uniform points are A·U with U uniform in
 * B (a linear map keeps uniformity), and ‖x‖ = ‖A⁻¹x‖_B.
 */
public final class LinearImageBody implements UnitBody {
    private final UnitBody base;
    private final double[][] a;
    private final double[][] inverse;

    private LinearImageBody(UnitBody base, double[][] a, double[][] inverse) {
        this.base = base;
        this.a = a;
        this.inverse = inverse;
    }

    /**
     * @param a the matrix, d × d
     * @param inverse its inverse (supplied so that the designer's exact inverse, rounded once, is used for the gauge)
     */
    public static LinearImageBody of(UnitBody base, double[][] a, double[][] inverse) {
        int d = base.dimension();
        if (a.length != d || inverse.length != d) {
            throw new IllegalArgumentException("the matrix and its inverse must be " + d + " x " + d);
        }
        double[][] ac = new double[d][];
        double[][] ic = new double[d][];
        for (int i = 0; i < d; i++) {
            if (a[i].length != d || inverse[i].length != d) {
                throw new IllegalArgumentException("the matrix and its inverse must be " + d + " x " + d);
            }
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(a[i][j]) || !Double.isFinite(inverse[i][j])) {
                    throw new IllegalArgumentException("matrix entries must be finite");
                }
            }
            ac[i] = a[i].clone();
            ic[i] = inverse[i].clone();
        }
        // A·A⁻¹ must be the identity to within rounding
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double s = 0;
                double scale = 0;
                for (int k = 0; k < d; k++) {
                    s += ac[i][k] * ic[k][j];
                    scale += Math.abs(ac[i][k] * ic[k][j]);
                }
                if (Math.abs(s - (i == j ? 1 : 0)) > 1e-9 * Math.max(1, scale)) {
                    throw new IllegalArgumentException("inverse is not the inverse of the matrix: (A·inverse)[" + i + "][" + j + "] = " + s);
                }
            }
        }
        return new LinearImageBody(base, ac, ic);
    }

    @Override
    public int dimension() {
        return base.dimension();
    }

    @Override
    public String name() {
        return "linear image of " + base.name();
    }

    @Override
    public double[] uniformPoint(RandomSource bits) {
        return apply(a, base.uniformPoint(bits));
    }

    @Override
    public double norm(double[] x) {
        return base.norm(apply(inverse, x));
    }

    private static double[] apply(double[][] m, double[] x) {
        double[] y = new double[x.length];
        for (int i = 0; i < m.length; i++) {
            double s = 0;
            for (int j = 0; j < x.length; j++) {
                s += m[i][j] * x[j];
            }
            y[i] = s;
        }
        return y;
    }
}
