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
        // the builder's arrays are taken over where they are full (a builder sized by builder(n, m, z)), else trimmed
        this.varLower = fit(b.varLower, n);
        this.varUpper = fit(b.varUpper, n);
        double[] cl = fit(b.costLo, n);
        double[] ch = fit(b.costHi, n);
        this.rowStart = b.rowStart.length == m + 1 ? b.rowStart : Arrays.copyOf(b.rowStart, m + 1);
        this.rowStart[m] = z;
        this.column = fit(b.column, z);
        double[] al = fit(b.coefLo, z);
        double[] ah = fit(b.coefHi, z);
        double[] ll = fit(b.lowerLo, m);
        double[] lh = fit(b.lowerHi, m);
        double[] ul = fit(b.upperLo, m);
        double[] uh = fit(b.upperHi, m);
        b.built = true;
        // a point model keeps one array per interval (half the memory of a solver's model)
        this.costLo = cl;
        this.costHi = Arrays.equals(cl, ch) ? cl : ch;
        this.coefLo = al;
        this.coefHi = Arrays.equals(al, ah) ? al : ah;
        this.lowerLo = ll;
        this.lowerHi = Arrays.equals(ll, lh) ? ll : lh;
        this.upperLo = ul;
        this.upperHi = Arrays.equals(ul, uh) ? ul : uh;
        this.point = costLo == costHi && coefLo == coefHi && lowerLo == lowerHi && upperLo == upperHi;
        this.variableName = variableName;
        this.rowName = rowName;
    }

    private static double[] fit(double[] a, int length) {
        return a.length == length ? a : Arrays.copyOf(a, length);
    }

    private static int[] fit(int[] a, int length) {
        return a.length == length ? a : Arrays.copyOf(a, length);
    }

    public static Builder builder() {
        return new Builder(16, 16, 16);
    }

    /**
     * A builder sized for the model: with the exact counts its arrays become the model's without a copy (the counts are
     * capacities, not limits: a larger model grows them as {@link #builder()} does).
     */
    public static Builder builder(int variables, int rows, int nonzeros) {
        if (variables < 0 || rows < 0 || nonzeros < 0) {
            throw new IllegalArgumentException("sizes must be >= 0. Provided values: " + variables + " variables, " + rows + " rows, " + nonzeros + " nonzeros");
        }
        return new Builder(variables, rows, nonzeros);
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
        private double[] varLower;
        private double[] varUpper;
        private double[] costLo;
        private double[] costHi;
        private int nRows;
        private int[] rowStart;
        private double[] lowerLo;
        private double[] lowerHi;
        private double[] upperLo;
        private double[] upperHi;
        private int nnz;
        private int[] column;
        private double[] coefLo;
        private double[] coefHi;
        /** Set by {@link #build}, which hands its arrays to the model: the builder is spent. */
        private boolean built;

        private Builder(int variables, int rows, int nonzeros) {
            varLower = new double[variables];
            varUpper = new double[variables];
            costLo = new double[variables];
            costHi = new double[variables];
            rowStart = new int[rows + 1];
            lowerLo = new double[rows];
            lowerHi = new double[rows];
            upperLo = new double[rows];
            upperHi = new double[rows];
            column = new int[nonzeros];
            coefLo = new double[nonzeros];
            coefHi = new double[nonzeros];
        }

        private void requireOpen() {
            if (built) {
                throw new IllegalStateException("this builder has built its model already");
            }
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
            requireOpen();
            if (nVars == varLower.length) {
                int c = Math.max(16, nVars * 2);
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
            requireOpen();
            if (nRows + 1 >= rowStart.length || nRows >= this.lowerLo.length) {
                int c = Math.max(16, rowStart.length * 2);
                rowStart = Arrays.copyOf(rowStart, c + 1);
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
            requireOpen();
            if (nRows == 0) {
                throw new IllegalStateException("term before the first row");
            }
            if (var < 0 || var >= nVars) {
                throw new IndexOutOfBoundsException("variable " + var);
            }
            if (nnz == column.length) {
                int c = Math.max(16, nnz * 2);
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
            requireOpen();
            return new LinearProgram(this, variableName, rowName);
        }
    }
}
