package org.optimech.designer.structured;

/**
 * The second moment of the centred Borda permutohedron Π_n = conv{permutations of (i − (n − 1)/2)} in its hyperplane, by a
 * recursion over facets. Π_n's facets F_S (∅ ≠ S ⊊ [n], |S| = a) are translates of Π_a × Π_{n−a} (the S-coordinates take the a
 * largest values, a Borda set shifted by (n − a)/2, the rest shifted by −a/2), at distance h_a = √(a(n − a)n)/2 from the centre.
 * Coning over the facets (a homogeneous function f of degree 2 has ∫_P f = (1/(dim + 2))·Σ_F h_F ∫_F f) gives, with
 * m_n = E‖U‖² for U uniform in Π_n and the facet weights w_a = C(n, a)·h_a·vol(Π_a)vol(Π_{n−a})/vol(Π_n)
 * = C(n, a)a^{a−1}(n − a)^{n−a−1}/(2n^{n−2}) (vol(Π_n) = n^{n−2}√n; they sum to n − 1):
 * <pre>  m_n = (1/(n + 1))·Σ_{a=1}^{n−1} w_a·(a(n − a)n/4 + m_a + m_{n−a}),   m_1 = 0</pre>
 * (the cross terms vanish: each factor is centred and the shift is orthogonal to it). O(n²), in floating point through
 * logarithms of the weights; m_2 = 1/6 and m_3 = 5/6 (a regular hexagon of circumradius √2) by hand.
 */
final class PermutohedronMoments {
    private PermutohedronMoments() {
    }

    /** m_1 … m_n: E‖U‖² for U uniform in Π_j, j ≤ n. */
    static double[] secondMoments(int n) {
        double[] lf = new double[n + 1];
        for (int i = 1; i <= n; i++) {
            lf[i] = lf[i - 1] + Math.log(i);
        }
        double[] m = new double[n + 1];
        for (int j = 2; j <= n; j++) {
            double total = 0;
            double weights = 0;
            for (int a = 1; a < j; a++) {
                int b = j - a;
                double logW = lf[j] - lf[a] - lf[b] + (a - 1) * Math.log(a) + (b - 1) * Math.log(b) - Math.log(2) - (j - 2) * Math.log(j);
                double w = Math.exp(logW);
                weights += w;
                total += w * ((double) a * b * j / 4 + m[a] + m[b]);
            }
            // the weights sum to j − 1 exactly; normalising by their computed sum removes their rounding
            m[j] = total * (j - 1) / weights / (j + 1);
        }
        return m;
    }

    /** log vol_{n−1}(Π_n) = (n − 2)·log n + (log n)/2, in its hyperplane. */
    static double logVolume(int n) {
        return (n - 2) * Math.log(n) + 0.5 * Math.log(n);
    }
}
