package org.optimech.geometry.sensitivity;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.optimech.runtime.certificate.IntervalPolynomial;
import org.optimech.runtime.certificate.PairObjective;

/**
 * Local searches that turn starting points into good witnesses (lower bounds) before a branch and bound: for Σ|u_j|, sign
 * iteration (fix the signs of u at the current pair, maximise the separated Σ s_j u_j by Newton steps on each record,
 * repeat: the value never decreases); for Σ u_j², projected Newton on the pair. Floating point; the branch and bound
 * evaluates every witness with certified bounds.
 */
public final class Witnesses {
    private Witnesses() {
    }

    /** Random points of the search box (and its centre), seeded. */
    public static List<double[]> randomStarts(double[] lo, double[] hi, int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[]> out = new ArrayList<>();
        out.add(SmoothSearch.centre(lo, hi));
        for (int i = 0; i < count; i++) {
            double[] x = new double[lo.length];
            for (int z = 0; z < x.length; z++) {
                double u = rnd.nextDouble();
                // a third of the coordinates at a bound: maxima of these statistics sit on faces more often than not
                x[z] = u < 1.0 / 6 ? lo[z] : u < 1.0 / 3 ? hi[z] : lo[z] + (hi[z] - lo[z]) * rnd.nextDouble();
            }
            out.add(x);
        }
        return out;
    }

    /** Sign iteration from a start; returns the improved point of the search box. */
    public static double[] sumLocal(PairObjective o, double[] lo, double[] hi, double[] start) {
        int k = o.variables();
        double[] x = LocalMax.clamp(start, lo, hi);
        double best = o.sumLowerAt(x);
        for (int it = 0; it < 20; it++) {
            double[][] g = o.differences(x, x);
            int[] s = new int[g.length];
            for (int j = 0; j < s.length; j++) {
                double mid = g[j][0] * 0.5 + g[j][1] * 0.5;
                s[j] = mid >= 0 ? 1 : -1;
            }
            IntervalPolynomial a = o.combination(s);
            double[] y = x.clone();
            double[] xa = LocalMax.maximize(Smooth.of(a), slice(lo, 0, k), slice(hi, 0, k), slice(x, 0, k), 30);
            System.arraycopy(xa, 0, y, 0, k);
            if (o.pairs()) {
                double[] xb = LocalMax.maximize(Smooth.of(a.negate()), slice(lo, k, k), slice(hi, k, k), slice(x, k, k), 30);
                System.arraycopy(xb, 0, y, k, k);
            }
            double v = o.sumLowerAt(y);
            if (!(v > best * (1 + 1e-15))) {
                if (v > best) {
                    x = y;
                }
                break;
            }
            best = v;
            x = y;
        }
        return x;
    }

    /** Projected Newton on Σ u_j² from a start. */
    public static double[] squareLocal(PairObjective o, double[] lo, double[] hi, double[] start) {
        return LocalMax.maximize(Smooth.square(o), lo, hi, start, 50);
    }

    private static double[] slice(double[] a, int from, int length) {
        double[] s = new double[length];
        System.arraycopy(a, from, s, 0, length);
        return s;
    }
}
