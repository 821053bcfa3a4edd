package org.optimech.designer.problem;

import java.util.Objects;

/**
 * A loss matrix {@code loss[input][output]} with the name it was given by ("absolute", "squared",
 * "zero-one" or "matrix"). Entries are finite doubles, taken as exact values.
 */
public record Loss(String name, double[][] matrix) {
    public Loss {
        Objects.requireNonNull(name, "name");
        matrix = copy(Objects.requireNonNull(matrix, "matrix"));
        for (int i = 0; i < matrix.length; i++) {
            if (matrix[i].length != matrix[0].length) {
                throw new IllegalArgumentException("loss matrix row " + i + " has " + matrix[i].length + " entries; row 0 has " + matrix[0].length);
            }
            for (int j = 0; j < matrix[i].length; j++) {
                if (!Double.isFinite(matrix[i][j])) {
                    throw new IllegalArgumentException("loss[" + i + "][" + j + "] must be finite. Provided value: " + matrix[i][j]);
                }
            }
        }
    }

    @Override
    public double[][] matrix() {
        return copy(matrix);
    }

    /** One entry, without copying the matrix. */
    public double at(int input, int output) {
        return matrix[input][output];
    }

    public int inputs() {
        return matrix.length;
    }

    public int outputs() {
        return matrix[0].length;
    }

    /** The largest entry. */
    public double max() {
        double m = Double.NEGATIVE_INFINITY;
        for (double[] r : matrix) {
            for (double v : r) {
                m = Math.max(m, v);
            }
        }
        return m;
    }

    /** The smallest entry. */
    public double min() {
        double m = Double.POSITIVE_INFINITY;
        for (double[] r : matrix) {
            for (double v : r) {
                m = Math.min(m, v);
            }
        }
        return m;
    }

    private static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Loss l && l.name.equals(name) && java.util.Arrays.deepEquals(l.matrix, matrix);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + java.util.Arrays.deepHashCode(matrix);
    }

    @Override
    public String toString() {
        return "Loss[" + name + ", " + matrix.length + "x" + matrix[0].length + "]";
    }
}
