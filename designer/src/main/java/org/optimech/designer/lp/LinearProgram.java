package org.optimech.designer.lp;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * {@code minimise c·x subject to L ≤ A x ≤ U, l ≤ x ≤ u}, stored by rows (CSR).
 *
 * <p>Costs, coefficients and row bounds are intervals {@code [lo, hi]}: a model built for a solver
 * has point intervals ({@link #isPoint()}); a model built for a certificate may say, for instance,
 * that a coefficient is {@code −e^ε} by enclosing it between two doubles. Variable bounds are
 * points. Entries are exact doubles.
 */
public final class LinearProgram {
    private final double[] varLower;
    private final double[] varUpper;
    private final double[] costLo;
    private final double[] costHi;
    private final int[] rowStart;
    private final int[] column;
    private final double[] coefLo;
    private final double[] coefHi;
    private final double[] lowerLo;
    private final double[] lowerHi;
    private final double[] upperLo;
    private final double[] upperHi;
    private final boolean point;
    private final IntFunction<String> variableName;
    private final IntFunction<String> rowName;

    private LinearProgram(Builder b, IntFunction<String> variableName, IntFunction<String> rowName) {
        int n = b.nVars;
        int m = b.nRows;
        int z = b.nnz;
        this.varLower = Arrays.copyOf(b.varLower, n);
        this.varUpper = Arrays.copyOf(b.varUpper, n);
        this.costLo = Arrays.copyOf(b.costLo, n);
        this.costHi = Arrays.copyOf(b.costHi, n);
        this.rowStart = Arrays.copyOf(b.rowStart, m + 1);
        this.rowStart[m] = z;
        this.column = Arrays.copyOf(b.column, z);
        this.coefLo = Arrays.copyOf(b.coefLo, z);
        this.coefHi = Arrays.copyOf(b.coefHi, z);
        this.lowerLo = Arrays.copyOf(b.lowerLo, m);
        this.lowerHi = Arrays.copyOf(b.lowerHi, m);
        this.upperLo = Arrays.copyOf(b.upperLo, m);
        this.upperHi = Arrays.copyOf(b.upperHi, m);
        this.point = Arrays.equals(costLo, costHi) && Arrays.equals(coefLo, coefHi) && Arrays.equals(lowerLo, lowerHi) && Arrays.equals(upperLo, upperHi);
        this.variableName = variableName;
        this.rowName = rowName;
    }

    public static Builder builder() {
        return new Builder();
    }

    public int variables() {
        return varLower.length;
    }

    public int rows() {
        return lowerLo.length;
    }

    public int nonzeros() {
        return column.length;
    }

    /** Whether every interval is a single number, i.e. the model can be handed to a solver. */
    public boolean isPoint() {
        return point;
    }

    public double variableLower(int j) {
        return varLower[j];
    }

    public double variableUpper(int j) {
        return varUpper[j];
    }

    public double costLo(int j) {
        return costLo[j];
    }

    public double costHi(int j) {
        return costHi[j];
    }

    /** Index of row i's first entry; entries of row i are {@code rowStart(i) .. rowStart(i+1)-1}. */
    public int rowStart(int i) {
        return rowStart[i];
    }

    public int column(int k) {
        return column[k];
    }

    public double coefLo(int k) {
        return coefLo[k];
    }

    public double coefHi(int k) {
        return coefHi[k];
    }

    public double rowLowerLo(int i) {
        return lowerLo[i];
    }

    public double rowLowerHi(int i) {
        return lowerHi[i];
    }

    public double rowUpperLo(int i) {
        return upperLo[i];
    }

    public double rowUpperHi(int i) {
        return upperHi[i];
    }

    /** A name for variable j in messages, e.g. {@code q[3][7]}. */
    public String variableName(int j) {
        return variableName.apply(j);
    }

    /** A name for row i in messages, e.g. {@code ratio(3→4, output 7)}. */
    public String rowName(int i) {
        return rowName.apply(i);
    }

    /** Checks that another model has the same variables and rows with the same sparsity pattern. */
    public boolean sameShape(LinearProgram other) {
        return other.variables() == variables() && Arrays.equals(other.rowStart, rowStart) && Arrays.equals(other.column, column);
    }

    /** Builds a {@link LinearProgram} row by row. */
    public static final class Builder {
        private int nVars;
        private double[] varLower = new double[16];
        private double[] varUpper = new double[16];
        private double[] costLo = new double[16];
        private double[] costHi = new double[16];
        private int nRows;
        private int[] rowStart = new int[16];
        private double[] lowerLo = new double[16];
        private double[] lowerHi = new double[16];
        private double[] upperLo = new double[16];
        private double[] upperHi = new double[16];
        private int nnz;
        private int[] column = new int[16];
        private double[] coefLo = new double[16];
        private double[] coefHi = new double[16];

        private Builder() {
        }

        /** Adds a variable {@code lower ≤ x ≤ upper} with a point cost; returns its index. */
        public int variable(double lower, double upper, double cost) {
            return variable(lower, upper, cost, cost);
        }

        /** Adds a variable whose cost lies in {@code [costLo, costHi]}; returns its index. */
        public int variable(double lower, double upper, double costLo, double costHi) {
            if (!(lower <= upper) || Double.isNaN(costLo) || Double.isNaN(costHi) || costLo > costHi) {
                throw new IllegalArgumentException("bad variable: [" + lower + ", " + upper + "], cost [" + costLo + ", " + costHi + "]");
            }
            if (nVars == varLower.length) {
                int c = nVars * 2;
                varLower = Arrays.copyOf(varLower, c);
                varUpper = Arrays.copyOf(varUpper, c);
                this.costLo = Arrays.copyOf(this.costLo, c);
                this.costHi = Arrays.copyOf(this.costHi, c);
            }
            varLower[nVars] = lower;
            varUpper[nVars] = upper;
            this.costLo[nVars] = costLo;
            this.costHi[nVars] = costHi;
            return nVars++;
        }

        /** Starts a row {@code lower ≤ a·x ≤ upper}; terms follow. Returns the row index. */
        public int row(double lower, double upper) {
            return row(lower, lower, upper, upper);
        }

        /** Starts a row whose bounds are intervals; terms follow. Returns the row index. */
        public int row(double lowerLo, double lowerHi, double upperLo, double upperHi) {
            if (nRows + 1 >= rowStart.length) {
                int c = rowStart.length * 2;
                rowStart = Arrays.copyOf(rowStart, c);
                this.lowerLo = Arrays.copyOf(this.lowerLo, c);
                this.lowerHi = Arrays.copyOf(this.lowerHi, c);
                this.upperLo = Arrays.copyOf(this.upperLo, c);
                this.upperHi = Arrays.copyOf(this.upperHi, c);
            }
            rowStart[nRows] = nnz;
            this.lowerLo[nRows] = lowerLo;
            this.lowerHi[nRows] = lowerHi;
            this.upperLo[nRows] = upperLo;
            this.upperHi[nRows] = upperHi;
            return nRows++;
        }

        /** Adds {@code coefficient · x_var} to the current row. */
        public Builder term(int var, double coefficient) {
            return term(var, coefficient, coefficient);
        }

        /** Adds a term whose coefficient lies in {@code [lo, hi]} to the current row. */
        public Builder term(int var, double lo, double hi) {
            if (nRows == 0) {
                throw new IllegalStateException("term before the first row");
            }
            if (var < 0 || var >= nVars) {
                throw new IndexOutOfBoundsException("variable " + var);
            }
            if (nnz == column.length) {
                int c = nnz * 2;
                column = Arrays.copyOf(column, c);
                coefLo = Arrays.copyOf(coefLo, c);
                coefHi = Arrays.copyOf(coefHi, c);
            }
            column[nnz] = var;
            coefLo[nnz] = lo;
            coefHi[nnz] = hi;
            nnz++;
            return this;
        }

        public LinearProgram build(IntFunction<String> variableName, IntFunction<String> rowName) {
            return new LinearProgram(this, variableName, rowName);
        }
    }
}
