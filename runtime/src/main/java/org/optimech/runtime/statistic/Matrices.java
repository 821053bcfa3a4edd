package org.optimech.runtime.statistic;

/** Copies of rectangular double matrices, checked on the way in. */
final class Matrices {
    private Matrices() {
    }

    static double[][] checkedCopy(double[][] m, String what) {
        if (m == null || m.length == 0 || m[0] == null || m[0].length == 0) {
            throw new IllegalArgumentException(what + " must have at least one row of at least one number");
        }
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            if (m[i] == null || m[i].length != m[0].length) {
                throw new IllegalArgumentException(what + " must be rectangular: row " + i + " has " + (m[i] == null ? 0 : m[i].length) + " numbers, row 0 has "
                        + m[0].length);
            }
            for (double x : m[i]) {
                if (!Double.isFinite(x)) {
                    throw new IllegalArgumentException(what + " must be finite. Provided value: " + x + " in row " + i);
                }
            }
            c[i] = m[i].clone();
        }
        return c;
    }

    static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }
}
