package org.optimech.geometry.support;

import java.util.PriorityQueue;
import java.util.function.Function;

/**
 * Branch and bound over a box: with an interval extension F (F(box) contains f on the box), it
 * returns a certified upper bound on max f and a witness lower bound (F at a point), bisecting the
 * box of largest upper bound along its widest side until the two are within the tolerance or the
 * box budget runs out (the bounds stay valid; the gap says how far apart they are).
 */
public final class BoxMaximizer {
    /**
     * @param upper certified: no point of the box has f above it
     * @param lower attained: f(witness) ≥ lower
     * @param witness the point that attains the lower bound
     * @param boxes how many boxes were evaluated
     */
    public record Bound(double upper, double lower, double[] witness, long boxes) {
        public Bound {
            witness = witness.clone();
        }

        @Override
        public double[] witness() {
            return witness.clone();
        }

        public double gap() {
            return upper - lower;
        }
    }

    private record Node(Interval[] box, double upper) {
    }

    private BoxMaximizer() {
    }

    /**
     * @param f the interval extension
     * @param box the search box
     * @param tolerance stop when upper − lower ≤ tolerance·max(1, |lower|)
     * @param maxBoxes the budget
     */
    public static Bound maximize(Function<Interval[], Interval> f, Interval[] box, double tolerance, long maxBoxes) {
        return maximize(f, box, tolerance, maxBoxes, () -> false);
    }

    /**
     * As {@link #maximize(Function, Interval[], double, long)}, also ending (every 1,024 boxes) once {@code stop} is true: the
     * bound returned is then the largest upper bound still open, certified like one that ran out of boxes.
     */
    public static Bound maximize(Function<Interval[], Interval> f, Interval[] box, double tolerance, long maxBoxes, java.util.function.BooleanSupplier stop) {
        PriorityQueue<Node> queue = new PriorityQueue<>((a, b) -> Double.compare(b.upper, a.upper));
        queue.add(new Node(box.clone(), f.apply(box).hi()));
        double bestLo = Double.NEGATIVE_INFINITY;
        double[] witness = mid(box);
        long boxes = 1;
        double prunedUpper = Double.NEGATIVE_INFINITY;
        while (!queue.isEmpty()) {
            Node n = queue.poll();
            double[] m = mid(n.box);
            double lo = f.apply(points(m)).lo();
            if (lo > bestLo) {
                bestLo = lo;
                witness = m;
            }
            if (n.upper - bestLo <= tolerance * Math.max(1, Math.abs(bestLo)) || boxes >= maxBoxes || (boxes & 1023) < 2 && boxes > 1 && stop.getAsBoolean()) {
                return new Bound(n.upper, bestLo, witness, boxes);
            }
            int widest = 0;
            for (int v = 1; v < n.box.length; v++) {
                if (n.box[v].width() > n.box[widest].width()) {
                    widest = v;
                }
            }
            double cut = n.box[widest].mid();
            Interval[] left = n.box.clone();
            Interval[] right = n.box.clone();
            left[widest] = new Interval(n.box[widest].lo(), cut);
            right[widest] = new Interval(cut, n.box[widest].hi());
            for (Interval[] child : new Interval[][] {left, right}) {
                boxes++;
                double up = Math.min(n.upper, f.apply(child).hi());
                if (up >= bestLo) {
                    queue.add(new Node(child, up));
                } else {
                    prunedUpper = Math.max(prunedUpper, up);
                }
            }
        }
        // every box was pruned below the witness (only possible through rounding): its value is then the maximum's bound
        return new Bound(Math.max(bestLo, prunedUpper), bestLo, witness, boxes);
    }

    private static double[] mid(Interval[] box) {
        double[] m = new double[box.length];
        for (int v = 0; v < box.length; v++) {
            m[v] = box[v].mid();
        }
        return m;
    }

    private static Interval[] points(double[] x) {
        Interval[] p = new Interval[x.length];
        for (int v = 0; v < x.length; v++) {
            p[v] = Interval.point(x[v]);
        }
        return p;
    }
}
