package org.optimech.designer.problem;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.optimech.runtime.discrete.IntegerRange;

/**
 * A loss {@code loss[input][output]} with the name it was given by ("absolute", "squared",
 * "relative", "zero-one" or "matrix"). Entries are finite doubles, taken as exact values.
 *
 * <p>Two representations: an explicit matrix, or a {@link DistanceForm} c_θ·|θ − ω|^power over
 * integer ranges, whose entries are computed on demand so that problems with 10^5 inputs do not
 * materialise 10^10 numbers.
 */
public final class Loss {
    private final String name;
    private final double[][] matrix;
    private final DistanceForm distance;

    /**
     * A loss c_θ·|θ − ω|^power on integer ranges (power 1 or 2; c_θ &gt; 0 per input).
     *
     * @param scale c_θ per input index
     */
    public record DistanceForm(IntegerRange inputs, IntegerRange outputs, int power, double[] scale) {
        public DistanceForm {
            Objects.requireNonNull(inputs, "inputs");
            Objects.requireNonNull(outputs, "outputs");
            if (power != 1 && power != 2) {
                throw new IllegalArgumentException("power must be 1 or 2. Provided value: " + power);
            }
            scale = scale.clone();
            if (scale.length != inputs.size()) {
                throw new IllegalArgumentException("need one scale per input (" + inputs.size() + "). Provided value: " + scale.length);
            }
            for (int i = 0; i < scale.length; i++) {
                if (!(scale[i] > 0) || !Double.isFinite(scale[i])) {
                    throw new IllegalArgumentException("scale[" + i + "] must be > 0 and finite. Provided value: " + scale[i]);
                }
            }
        }

        @Override
        public double[] scale() {
            return scale.clone();
        }

        /** c_θ for input index i, without copying. */
        public double scaleAt(int i) {
            return scale[i];
        }

        double at(int i, int j) {
            double d = Math.abs((double) (inputs.longValueAt(i) - outputs.longValueAt(j)));
            return scale[i] * (power == 1 ? d : d * d);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof DistanceForm f && f.inputs.equals(inputs) && f.outputs.equals(outputs) && f.power == power && Arrays.equals(f.scale, scale);
        }

        @Override
        public int hashCode() {
            return Objects.hash(inputs, outputs, power, Arrays.hashCode(scale));
        }
    }

    private Loss(String name, double[][] matrix, DistanceForm distance) {
        this.name = Objects.requireNonNull(name, "name");
        this.matrix = matrix;
        this.distance = distance;
    }

    /** An explicit matrix (copied). */
    public static Loss ofMatrix(String name, double[][] matrix) {
        double[][] m = copy(Objects.requireNonNull(matrix, "matrix"));
        if (m.length == 0) {
            throw new IllegalArgumentException("loss matrix must have at least one row");
        }
        for (int i = 0; i < m.length; i++) {
            if (m[i].length != m[0].length) {
                throw new IllegalArgumentException("loss matrix row " + i + " has " + m[i].length + " entries; row 0 has " + m[0].length);
            }
            for (int j = 0; j < m[i].length; j++) {
                if (!Double.isFinite(m[i][j])) {
                    throw new IllegalArgumentException("loss[" + i + "][" + j + "] must be finite. Provided value: " + m[i][j]);
                }
            }
        }
        return new Loss(name, m, null);
    }

    /** A loss in distance form, entries computed on demand. */
    public static Loss ofDistance(String name, DistanceForm form) {
        return new Loss(name, null, Objects.requireNonNull(form, "form"));
    }

    public String name() {
        return name;
    }

    /** The distance form, when the loss has one. */
    public Optional<DistanceForm> distanceForm() {
        return Optional.ofNullable(distance);
    }

    /** The full matrix (a new array; for a distance form, materialised: inputs × outputs doubles). */
    public double[][] matrix() {
        if (matrix != null) {
            return copy(matrix);
        }
        double[][] m = new double[inputs()][outputs()];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = distance.at(i, j);
            }
        }
        return m;
    }

    /** One entry, without copying the matrix. */
    public double at(int input, int output) {
        return matrix != null ? matrix[input][output] : distance.at(input, output);
    }

    public int inputs() {
        return matrix != null ? matrix.length : distance.inputs().size();
    }

    public int outputs() {
        return matrix != null ? matrix[0].length : distance.outputs().size();
    }

    /** The largest entry (for a distance form, attained at an end of the output range). */
    public double max() {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < inputs(); i++) {
            if (matrix != null) {
                for (double v : matrix[i]) {
                    m = Math.max(m, v);
                }
            } else {
                m = Math.max(m, Math.max(at(i, 0), at(i, outputs() - 1)));
            }
        }
        return m;
    }

    /** The largest entry of one input's row. */
    public double rowMax(int i) {
        if (matrix == null) {
            return Math.max(at(i, 0), at(i, outputs() - 1));
        }
        double m = Double.NEGATIVE_INFINITY;
        for (double v : matrix[i]) {
            m = Math.max(m, v);
        }
        return m;
    }

    /** The smallest entry (for a distance form, at the output nearest each input). */
    public double min() {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < inputs(); i++) {
            if (matrix != null) {
                for (double v : matrix[i]) {
                    m = Math.min(m, v);
                }
            } else {
                long x = distance.inputs().longValueAt(i);
                int j = distance.outputs().clampedIndexOf(x);
                m = Math.min(m, at(i, j));
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
        return o instanceof Loss l && l.name.equals(name) && Arrays.deepEquals(l.matrix, matrix) && Objects.equals(l.distance, distance);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.deepHashCode(matrix) + Objects.hashCode(distance);
    }

    @Override
    public String toString() {
        return "Loss[" + name + ", " + inputs() + "x" + outputs() + "]";
    }
}
