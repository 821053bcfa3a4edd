package org.optimech.runtime.knorm;

import java.math.BigInteger;
import org.optimech.runtime.noise.ExactBernoulli;
import org.optimech.runtime.random.RandomSource;

/**
 * Uniform points of Q_m = [0, 1]^m ∩ {Σx ≤ k} for every m ≤ n, by slicing the cube (Joseph–Yu 2023 after Stanley 1977):
 * <ol>
 *   <li>a slice j &lt; min(m, k) with probability A(m, j)/Σ_{i&lt;k} A(m, i) (the slice {j ≤ Σx &lt; j + 1} has volume A(m, j)/m!);</li>
 *   <li>a uniform permutation w of m elements with exactly j descents, built in O(m) (below);</li>
 *   <li>f_t = the w_t-th smallest of m uniforms (sorted uniforms from cumulative exponentials, no sort);</li>
 *   <li>x_t = f_t − f_{t−1} mod 1 with f_0 = 0 (Stanley's map: a piecewise translation of the cube with unit Jacobian, under which
 *       ⌊Σx⌋ is the number of descents of f), uniform in slice j.</li>
 * </ol>
 * The permutation: inserting the largest element m into a permutation of m − 1 elements keeps the descent count in j + 1 of
 * the m gaps (after a descent, or at the end) and adds one in the other m − 1 − j (after an ascent, or at the front), whence
 * A(m, j) = (j + 1)A(m − 1, j) + (m − j)A(m − 1, j − 1). A backward pass decides, from m down to 2, whether each insertion
 * added a descent (probability (i − j)A(i − 1, j − 1)/A(i, j), from the table); the forward pass inserts 1, 2, …, m, each
 * into a uniform gap of the required kind. Gaps are the leaves of a binary tree whose in-order internal nodes are the
 * permutation: filling a gap splits it into a left gap (after an ascent, or the front) and a right gap (after a descent, or
 * the end), so each kind is a plain array with O(1) uniform choice, append and replace, and the whole draw is O(m).
 *
 * <p>Floating point (idealized): the table's probabilities are the exact big-integer ratios rounded to doubles. Immutable
 * and thread-safe.
 */
final class CubeSlices {
    final int n;
    final int k;
    /** addProbability[i][j]: P(inserting i added a descent | the result has j descents), i ≥ 2, j &lt; min(i, k). */
    private final double[][] addProbability;
    /** sliceCdf[m][j]: P(slice ≤ j) in Q_m. */
    private final double[][] sliceCdf;
    /** log vol(Q_m), m = 0 … n. */
    private final double[] logVolume;

    CubeSlices(int n, int k) {
        if (n < 0 || k < 1) {
            throw new IllegalArgumentException("need n >= 0 and k >= 1. Provided values: " + n + ", " + k);
        }
        this.n = n;
        this.k = k;
        this.addProbability = new double[n + 1][];
        this.sliceCdf = new double[n + 1][];
        this.logVolume = new double[n + 1];
        BigInteger[][] prev = new BigInteger[1][];
        double[] logFactorial = {0};
        EulerianNumbers.rows(n, k, (m, row) -> {
            if (m >= 1) {
                logFactorial[0] += Math.log(m);
            }
            BigInteger total = BigInteger.ZERO;
            for (BigInteger a : row) {
                total = total.add(a);
            }
            logVolume[m] = m == 0 ? 0 : EulerianNumbers.log(total) - logFactorial[0];
            double[] cdf = new double[row.length];
            BigInteger partial = BigInteger.ZERO;
            for (int j = 0; j < row.length; j++) {
                partial = partial.add(row[j]);
                cdf[j] = j == row.length - 1 ? 1.0 : EulerianNumbers.ratio(partial, total);
            }
            sliceCdf[m] = cdf;
            if (m >= 2) {
                double[] p = new double[row.length];
                for (int j = 1; j < row.length; j++) {
                    p[j] = EulerianNumbers.ratio(prev[0][j - 1].multiply(BigInteger.valueOf(m - j)), row[j]);
                }
                addProbability[m] = p;
            }
            prev[0] = row;
        });
    }

    /** log vol(Q_m). */
    double logVolume(int m) {
        return logVolume[m];
    }

    /** A uniform point of Q_m, m ≤ n. */
    double[] uniform(int m, RandomSource bits) {
        if (m == 0) {
            return new double[0];
        }
        int j = slice(m, bits);
        int[] w = permutationWithDescents(m, j, bits);
        // sorted uniforms U_(1) < … < U_(m): partial sums of m + 1 exponentials over their total
        double[] cum = new double[m + 1];
        double s = 0;
        for (int i = 0; i <= m; i++) {
            s += Continuous.exponential(bits);
            cum[i] = s;
        }
        double[] x = new double[m];
        double previous = 0;
        for (int t = 0; t < m; t++) {
            double f = cum[w[t]] / s;
            double y = f - previous;
            x[t] = y < 0 ? y + 1 : y;
            previous = f;
        }
        return x;
    }

    /** A slice index with probability A(m, j)/Σ_{i<k} A(m, i). */
    private int slice(int m, RandomSource bits) {
        return StructuredBodies.draw(sliceCdf[m], bits);
    }

    /** A uniform permutation of 0 … m − 1 (one-line notation) with exactly j descents, j &lt; m; O(m). */
    int[] permutationWithDescents(int m, int j, RandomSource bits) {
        boolean[] adds = new boolean[m + 1];
        int cur = j;
        for (int i = m; i >= 2; i--) {
            boolean add = cur == i - 1 || cur > 0 && Continuous.openUniform(bits) < addProbability[i][cur];
            adds[i] = add;
            if (add) {
                cur--;
            }
        }
        // the tree: node 0 holds value 0 with the front gap (left) and the end gap (right)
        int nodes = 2 * m + 1;
        int[] left = new int[nodes];
        int[] right = new int[nodes];
        int[] value = new int[nodes];
        java.util.Arrays.fill(value, -1);
        value[0] = 0;
        left[0] = 1;
        right[0] = 2;
        int next = 3;
        int[] addGaps = new int[m];
        int[] keepGaps = new int[m];
        int addCount = 1;
        int keepCount = 1;
        addGaps[0] = 1;
        keepGaps[0] = 2;
        for (int i = 2; i <= m; i++) {
            int leftChild = next++;
            int rightChild = next++;
            int gap;
            if (adds[i]) {
                int at = (int) ExactBernoulli.uniformBelow(addCount, bits);
                gap = addGaps[at];
                addGaps[at] = leftChild;
                keepGaps[keepCount++] = rightChild;
            } else {
                int at = (int) ExactBernoulli.uniformBelow(keepCount, bits);
                gap = keepGaps[at];
                keepGaps[at] = rightChild;
                addGaps[addCount++] = leftChild;
            }
            value[gap] = i - 1;
            left[gap] = leftChild;
            right[gap] = rightChild;
        }
        // in-order traversal of the internal nodes (an explicit stack: the tree may be a path)
        int[] w = new int[m];
        int[] stack = new int[nodes];
        int top = 0;
        int node = 0;
        int out = 0;
        while (top > 0 || value[node] >= 0) {
            while (value[node] >= 0) {
                stack[top++] = node;
                node = left[node];
            }
            node = stack[--top];
            w[out++] = value[node];
            node = right[node];
        }
        return w;
    }
}
