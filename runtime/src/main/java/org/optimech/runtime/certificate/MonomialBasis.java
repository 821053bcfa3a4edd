package org.optimech.runtime.certificate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The monomials Π x_v^{e_v} a family of polynomials is written in, closed under first and second derivatives, with
 * interval enclosures of every monomial over a box. Polynomials over one basis share the enclosures of a box, so a
 * node's many feature values cost one pass over the monomials.
 */
public final class MonomialBasis {
    private final int variables;
    private final int[][] exponents;
    /** derivative[m][v]: the index of ∂m/∂x_v's monomial (−1 when x_v does not occur); the factor is exponents[m][v]. */
    private final int[][] derivative;
    private final int[][] sparseVars;
    private final int[][] sparsePowers;
    private final int[] maxPower;
    private final int constant;

    private MonomialBasis(int variables, List<int[]> monomials) {
        this.variables = variables;
        Map<List<Integer>, Integer> index = new HashMap<>();
        List<int[]> all = new ArrayList<>();
        int[] zero = new int[variables];
        for (int[] m : monomials) {
            add(m, index, all);
        }
        add(zero, index, all);
        // close under two rounds of differentiation
        for (int round = 0; round < 2; round++) {
            int n = all.size();
            for (int m = 0; m < n; m++) {
                for (int v = 0; v < variables; v++) {
                    if (all.get(m)[v] > 0) {
                        int[] d = all.get(m).clone();
                        d[v]--;
                        add(d, index, all);
                    }
                }
            }
        }
        exponents = all.toArray(new int[0][]);
        derivative = new int[exponents.length][variables];
        sparseVars = new int[exponents.length][];
        sparsePowers = new int[exponents.length][];
        maxPower = new int[variables];
        for (int m = 0; m < exponents.length; m++) {
            int count = 0;
            for (int v = 0; v < variables; v++) {
                maxPower[v] = Math.max(maxPower[v], exponents[m][v]);
                count += exponents[m][v] > 0 ? 1 : 0;
                if (exponents[m][v] > 0) {
                    int[] d = exponents[m].clone();
                    d[v]--;
                    Integer i = index.get(key(d));
                    derivative[m][v] = i == null ? -2 : i; // −2: not closed (only third derivatives would need it)
                } else {
                    derivative[m][v] = -1;
                }
            }
            sparseVars[m] = new int[count];
            sparsePowers[m] = new int[count];
            int c = 0;
            for (int v = 0; v < variables; v++) {
                if (exponents[m][v] > 0) {
                    sparseVars[m][c] = v;
                    sparsePowers[m][c++] = exponents[m][v];
                }
            }
        }
        constant = index.get(key(zero));
    }

    /**
     * @param variables the number of variables
     * @param monomials exponent vectors (each of length {@code variables}, entries ≥ 0)
     */
    public static MonomialBasis of(int variables, List<int[]> monomials) {
        if (variables < 1) {
            throw new IllegalArgumentException("a monomial basis needs at least one variable. Provided value: " + variables);
        }
        for (int[] m : monomials) {
            if (m.length != variables) {
                throw new IllegalArgumentException("every exponent vector must have " + variables + " entries. Provided length: " + m.length);
            }
            for (int e : m) {
                if (e < 0) {
                    throw new IllegalArgumentException("exponents must be >= 0. Provided value: " + e);
                }
            }
        }
        return new MonomialBasis(variables, monomials);
    }

    private static void add(int[] m, Map<List<Integer>, Integer> index, List<int[]> all) {
        List<Integer> k = key(m);
        if (!index.containsKey(k)) {
            index.put(k, all.size());
            all.add(m.clone());
        }
    }

    private static List<Integer> key(int[] m) {
        List<Integer> k = new ArrayList<>(m.length);
        for (int e : m) {
            k.add(e);
        }
        return k;
    }

    public int variables() {
        return variables;
    }

    public int size() {
        return exponents.length;
    }

    /** The index of a monomial in this basis, or −1. */
    public int indexOf(int[] exponentVector) {
        for (int m = 0; m < exponents.length; m++) {
            if (Arrays.equals(exponents[m], exponentVector)) {
                return m;
            }
        }
        return -1;
    }

    int constantIndex() {
        return constant;
    }

    int derivativeIndex(int m, int v) {
        return derivative[m][v];
    }

    int exponent(int m, int v) {
        return exponents[m][v];
    }

    /**
     * Encloses every monomial over the box [lo, hi] (outward rounding).
     *
     * @param mLo receives the lower ends (length {@link #size()})
     * @param mHi receives the upper ends
     */
    public void enclose(double[] lo, double[] hi, int offset, double[] mLo, double[] mHi) {
        double[] out = new double[2];
        double[][] pLo = new double[variables][];
        double[][] pHi = new double[variables][];
        for (int v = 0; v < variables; v++) {
            pLo[v] = new double[maxPower[v] + 1];
            pHi[v] = new double[maxPower[v] + 1];
            for (int e = 0; e <= maxPower[v]; e++) {
                Outward.pow(lo[offset + v], hi[offset + v], e, out);
                pLo[v][e] = out[0];
                pHi[v][e] = out[1];
            }
        }
        for (int m = 0; m < exponents.length; m++) {
            int[] vs = sparseVars[m];
            int[] ps = sparsePowers[m];
            if (vs.length == 0) {
                mLo[m] = 1;
                mHi[m] = 1;
                continue;
            }
            double l = pLo[vs[0]][ps[0]];
            double h = pHi[vs[0]][ps[0]];
            for (int i = 1; i < vs.length; i++) {
                Outward.mul(l, h, pLo[vs[i]][ps[i]], pHi[vs[i]][ps[i]], out);
                l = out[0];
                h = out[1];
            }
            mLo[m] = l;
            mHi[m] = h;
        }
    }

    /** Encloses every monomial at a point (the box of zero width at x). */
    public void encloseAt(double[] x, int offset, double[] mLo, double[] mHi) {
        enclose(x, x, offset, mLo, mHi);
    }
}
