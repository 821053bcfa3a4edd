package org.optimech.designer.structural;

import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.Remap;

/**
 * The risk of each input under the truncated geometric mechanism followed by a remap:
 * r_i = Σ_z G[i][z]·Σ_k R[z][k]·L(i, ω_k). Exact sums over a window |i − z| ≤ W; the mass outside the
 * window is known in closed form, so each r_i comes with an upper bound r_i + (mass outside)·max_ω L(i, ω).
 */
final class StructuralRisk {
    /** Inputs up to which every r_i sums over all z. */
    static final int FULL_WINDOW = 4000;

    /**
     * @param lower r_i summed over the window (a lower bound for non-negative losses)
     * @param upper r_i plus the bound on what the window left out
     */
    record PerInput(double[] lower, double[] upper, int window) {
        double maxUpper() {
            double m = Double.NEGATIVE_INFINITY;
            for (double v : upper) {
                m = Math.max(m, v);
            }
            return m;
        }

        /** Bayes risk from the upper values. */
        double bayesUpper(double[] prior) {
            double s = 0;
            for (int i = 0; i < upper.length; i++) {
                s += prior[i] * upper[i];
            }
            return s;
        }
    }

    private StructuralRisk() {
    }

    static int window(int n, double epsilon, double maxLoss) {
        if (n <= FULL_WINDOW) {
            return n;
        }
        // α^W ≤ e^{-45}/max(1, maxLoss): what is left out is below 3e-20 in loss units
        double w = (45 + StrictMath.log(Math.max(1, maxLoss))) / epsilon;
        return (int) Math.min(n, Math.ceil(w));
    }

    static PerInput of(Geometric g, Remap remap, Loss loss) {
        int n = g.n();
        int w = window(n, g.epsilon(), loss.max());
        double[] pw = new double[w + 1];
        for (int d = 0; d <= w; d++) {
            pw[d] = g.pow(d);
        }
        double[] kappa = new double[n + 1];
        for (int z = 0; z <= n; z++) {
            kappa[z] = g.kappa(z);
        }
        double[] lower = new double[n + 1];
        double[] upper = new double[n + 1];
        Loss.DistanceForm form = loss.distanceForm().orElse(null);
        if (form != null && remap.isDeterministic()) {
            deterministicDistance(g, remap, form, loss, w, pw, kappa, lower, upper);
            return new PerInput(lower, upper, w);
        }
        // inputs are independent: evaluate them in parallel (O(n·window), the largest part of a design at n = 10^6)
        java.util.stream.IntStream.rangeClosed(0, n).parallel().forEach(i -> {
            int zLo = Math.max(0, i - w);
            int zHi = Math.min(n, i + w);
            double r = 0;
            for (int z = zLo; z <= zHi; z++) {
                double l;
                if (remap.width(z) == 1) {
                    l = loss.at(i, remap.outputAt(z, 0));
                } else {
                    l = 0;
                    for (int k = 0; k < remap.width(z); k++) {
                        l += remap.probabilityAt(z, k) * loss.at(i, remap.outputAt(z, k));
                    }
                }
                r += kappa[z] * pw[Math.abs(i - z)] * l;
            }
            double outside = (zLo > 0 ? g.tailBeyond(i - zLo) : 0) + (zHi < n ? g.tailBeyond(zHi - i) : 0);
            lower[i] = r;
            upper[i] = outside == 0 ? r : r + outside * loss.rowMax(i);
        });
        return new PerInput(lower, upper, w);
    }

    /**
     * {@link #of} for a deterministic remap and a distance-form loss: the same sums in the same order, with each loss
     * entry c_i·|θ_i − ω_{remap(z)}|^power computed from flat arrays ({@link Loss.DistanceForm#at}'s arithmetic: the long
     * difference, then its double), so the values are bit for bit those of the general loop at a fraction of its cost.
     */
    private static void deterministicDistance(Geometric g, Remap remap, Loss.DistanceForm form, Loss loss, int w, double[] pw, double[] kappa,
            double[] lower, double[] upper) {
        int n = g.n();
        int[] out = new int[n + 1];
        for (int z = 0; z <= n; z++) {
            out[z] = remap.outputAt(z, 0);
        }
        long shift = form.inputs().from() - form.outputs().from();
        boolean squared = form.power() == 2;
        // κ_z·α^d for the inner columns, the product the general loop forms first ((κ_z·α^d)·L, left to right)
        double[] inner = new double[w + 1];
        for (int d = 0; d <= w; d++) {
            inner[d] = g.kappa(1) * pw[d];
        }
        // an input whose window lies inside the inner columns (w < i < n − w) sums κ·α^{|i−z|} for z = i − w .. i + w in turn:
        // the same weight sequence for every such input, so BLOCK of them are summed side by side (independent additions the
        // processor overlaps), each in its own unchanged order
        double[] sym = new double[2 * w + 1];
        for (int t = 0; t <= 2 * w; t++) {
            sym[t] = inner[Math.abs(t - w)];
        }
        int blocks = (n + BLOCK) / BLOCK;
        java.util.stream.IntStream.range(0, blocks).parallel().forEach(block -> {
            int i0 = block * BLOCK;
            if (i0 > w && i0 + BLOCK - 1 < n - w) {
                inside(form, out, sym, shift, squared, w, i0, lower);
                double outside = g.tailBeyond(w) + g.tailBeyond(w);
                for (int i = i0; i < i0 + BLOCK; i++) {
                    upper[i] = outside == 0 ? lower[i] : lower[i] + outside * loss.rowMax(i);
                }
            } else {
                for (int i = i0, stop = Math.min(n, i0 + BLOCK - 1); i <= stop; i++) {
                    one(g, form, loss, out, inner, pw, kappa, shift, squared, w, i, lower, upper);
                }
            }
        });
    }

    /** Inputs summed side by side in {@link #inside}. */
    private static final int BLOCK = 4;

    /** r_i for i = i0 .. i0 + 3, whose windows lie inside the inner columns: each the sum over z ascending, as {@link #one}. */
    private static void inside(Loss.DistanceForm form, int[] out, double[] sym, long shift, boolean squared, int w, int i0, double[] lower) {
        double c0 = form.scaleAt(i0);
        double c1 = form.scaleAt(i0 + 1);
        double c2 = form.scaleAt(i0 + 2);
        double c3 = form.scaleAt(i0 + 3);
        long x0 = shift + i0;
        double r0 = 0;
        double r1 = 0;
        double r2 = 0;
        double r3 = 0;
        for (int t = 0, z = i0 - w; t <= 2 * w; t++, z++) {
            double s = sym[t];
            r0 += s * entry(c0, x0 - out[z], squared);
            r1 += s * entry(c1, x0 + 1 - out[z + 1], squared);
            r2 += s * entry(c2, x0 + 2 - out[z + 2], squared);
            r3 += s * entry(c3, x0 + 3 - out[z + 3], squared);
        }
        lower[i0] = r0;
        lower[i0 + 1] = r1;
        lower[i0 + 2] = r2;
        lower[i0 + 3] = r3;
    }

    /** r_i for one input, any window. */
    private static void one(Geometric g, Loss.DistanceForm form, Loss loss, int[] out, double[] inner, double[] pw, double[] kappa, long shift, boolean squared,
            int w, int i, double[] lower, double[] upper) {
        int n = g.n();
        int zLo = Math.max(0, i - w);
        int zHi = Math.min(n, i + w);
        double c = form.scaleAt(i);
        long xi = shift + i;
        // the same terms in the same order (z ascending), split so that no term needs |i − z| or κ_z looked up:
        // the end columns 0 and n (their own κ), then the inner columns left of i and from i on
        double r = 0;
        int from = zLo;
        int to = zHi;
        if (zLo == 0) {
            r += kappa[0] * pw[i] * entry(c, xi - out[0], squared);
            from = 1;
        }
        boolean last = zHi == n && n > 0;
        if (last) {
            to = n - 1;
        }
        for (int z = from, stop = Math.min(i - 1, to); z <= stop; z++) {
            r += inner[i - z] * entry(c, xi - out[z], squared);
        }
        for (int z = Math.max(i, from); z <= to; z++) {
            r += inner[z - i] * entry(c, xi - out[z], squared);
        }
        if (last) {
            r += kappa[n] * pw[n - i] * entry(c, xi - out[n], squared);
        }
        double outside = (zLo > 0 ? g.tailBeyond(i - zLo) : 0) + (zHi < n ? g.tailBeyond(zHi - i) : 0);
        lower[i] = r;
        upper[i] = outside == 0 ? r : r + outside * loss.rowMax(i);
    }

    /** c·|x − y|^power as {@link Loss.DistanceForm#at} computes it: the long difference, then its double. */
    private static double entry(double c, long xMinusY, boolean squared) {
        double d = Math.abs((double) xMinusY);
        return c * (squared ? d * d : d);
    }
}
