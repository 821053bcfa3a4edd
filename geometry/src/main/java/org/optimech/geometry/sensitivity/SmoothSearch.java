package org.optimech.geometry.sensitivity;

import java.io.ByteArrayOutputStream;
import java.util.PriorityQueue;
import org.optimech.runtime.certificate.Bisection;
import org.optimech.runtime.certificate.TreeCodes;

/**
 * Best-first branch and bound for the maximum of a {@link Smooth} objective over a box, keeping its tree: each step takes
 * the box of largest bound and reduces it to a face (monotonicity), bounds it by a tangent plane (certified concavity,
 * at a local maximum found by {@link LocalMax}) or bisects the side of largest smear. The bound is the largest leaf bound;
 * the tree is written in {@link TreeCodes}.
 */
final class SmoothSearch {
    static final class Node {
        double[] lo;
        double[] hi;
        double bound;
        double leafBound;
        int code = TreeCodes.LEAF;
        Node a;
        Node b;
        double[] y;
        boolean reduceTried;
        boolean concaveTried;
        boolean stuck;
        int depth;
    }

    private final Smooth f;
    private final PriorityQueue<Node> queue = new PriorityQueue<>((x, y) -> Double.compare(y.bound, x.bound));
    private final Node root;
    private final double rootWidth;
    private double stuckMax = Double.NEGATIVE_INFINITY;
    private double lower = Double.NEGATIVE_INFINITY;
    private double[] witness;
    private long nodes;

    SmoothSearch(Smooth f, double[] lo, double[] hi) {
        this.f = f;
        double w = 0;
        for (int z = 0; z < lo.length; z++) {
            w = Math.max(w, hi[z] - lo[z]);
        }
        this.rootWidth = w;
        this.root = leaf(lo.clone(), hi.clone(), 0);
        queue.add(root);
    }

    long nodes() {
        return nodes;
    }

    double upper() {
        return queue.isEmpty() ? stuckMax : Math.max(queue.peek().bound, stuckMax);
    }

    double lower() {
        return lower;
    }

    double[] witness() {
        return witness.clone();
    }

    /** Offers a point as a witness (its certified lower value counts). */
    void offer(double[] x) {
        double v = f.lowerAt(x);
        if (v > lower) {
            lower = v;
            witness = x.clone();
        }
    }

    private Node leaf(double[] lo, double[] hi, int depth) {
        Node n = new Node();
        n.lo = lo;
        n.hi = hi;
        n.depth = depth;
        n.leafBound = f.leaf(lo, hi);
        n.bound = n.leafBound;
        nodes++;
        offer(centre(lo, hi));
        return n;
    }

    static double[] centre(double[] lo, double[] hi) {
        double[] c = new double[lo.length];
        for (int z = 0; z < c.length; z++) {
            c[z] = lo[z] == hi[z] ? lo[z] : Math.min(hi[z], Math.max(lo[z], lo[z] * 0.5 + hi[z] * 0.5));
        }
        return c;
    }

    /** Expands the box of largest bound; false when no box can be expanded further. */
    boolean step() {
        Node n = queue.poll();
        if (n == null) {
            return false;
        }
        expand(n);
        return true;
    }

    private void expand(Node n) {
        if (!n.reduceTried) {
            n.reduceTried = true;
            double[] lo = n.lo.clone();
            double[] hi = n.hi.clone();
            if (f.reduce(lo, hi) > 0) {
                Node c = leaf(lo, hi, n.depth + 1);
                c.reduceTried = false;
                n.code = TreeCodes.REDUCE;
                n.a = c;
                release(n);
                queue.add(c);
                return;
            }
        }
        for (int z = 0; z < n.lo.length && TreeCodes.SPLIT + f.n() + z <= TreeCodes.MAX_CODE; z++) {
            if (f.mirror(n.lo, n.hi, z)) {
                // the half z ≥ 0 holds the maximum (a symmetry): one child
                double[] lo2 = n.lo.clone();
                lo2[z] = 0;
                Node c = leaf(lo2, n.hi.clone(), n.depth);
                n.code = TreeCodes.SPLIT + f.n() + z;
                n.a = c;
                release(n);
                queue.add(c);
                return;
            }
        }
        int free = 0;
        double width = 0;
        for (int z = 0; z < n.lo.length; z++) {
            if (n.lo[z] < n.hi[z]) {
                free++;
                width = Math.max(width, n.hi[z] - n.lo[z]);
            }
        }
        boolean nearBest = n.bound - lower <= 0.05 * Math.max(Math.abs(lower), Double.MIN_NORMAL);
        if (!n.concaveTried && free > 0 && (n.depth == 0 || (n.depth % 2 == 0 && (nearBest || width <= rootWidth / 8)))) {
            n.concaveTried = true;
            double[] start = witness != null && inside(witness, n.lo, n.hi) ? witness : centre(n.lo, n.hi);
            double[] y = LocalMax.maximize(f, n.lo, n.hi, start, 30);
            offer(y);
            double b = f.concave(n.lo, n.hi, y);
            if (Double.isFinite(b) && b < n.bound) {
                n.code = TreeCodes.CONCAVE;
                n.y = y;
                n.bound = b;
                queue.add(n);
                return;
            }
        }
        double[] smear = f.smear(n.lo, n.hi);
        int best = -1;
        double mid = Double.NaN;
        for (int z = 0; z < smear.length; z++) {
            if (n.lo[z] < n.hi[z]) {
                double m = Bisection.midpoint(n.lo[z], n.hi[z]);
                if (!Double.isNaN(m) && (best < 0 || smear[z] > smear[best] || (smear[z] == smear[best] && n.hi[z] - n.lo[z] > n.hi[best] - n.lo[best]))) {
                    best = z;
                    mid = m;
                }
            }
        }
        if (best < 0) {
            n.stuck = true;
            stuckMax = Math.max(stuckMax, n.bound);
            return;
        }
        double[] hi1 = n.hi.clone();
        hi1[best] = mid;
        double[] lo2 = n.lo.clone();
        lo2[best] = mid;
        Node a = leaf(n.lo.clone(), hi1, n.depth + 1);
        Node b = leaf(lo2, n.hi.clone(), n.depth + 1);
        n.code = TreeCodes.SPLIT + best;
        n.y = null;
        n.a = a;
        n.b = b;
        release(n);
        queue.add(a);
        queue.add(b);
    }

    private static void release(Node n) {
        n.lo = null;
        n.hi = null;
    }

    static boolean inside(double[] x, double[] lo, double[] hi) {
        for (int z = 0; z < x.length; z++) {
            if (!(lo[z] <= x[z] && x[z] <= hi[z])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes the tree in preorder; a subtree whose root's own leaf bound is at most {@code collapse} is written as one leaf
     * (it proves no more than the tree's bound allows).
     */
    void write(ByteArrayOutputStream out, double collapse) {
        write(root, out, collapse);
    }

    private static void write(Node n, ByteArrayOutputStream out, double collapse) {
        // an explicit stack: trees can be deep
        java.util.ArrayDeque<Node> stack = new java.util.ArrayDeque<>();
        stack.push(n);
        while (!stack.isEmpty()) {
            Node x = stack.pop();
            if (x.code == TreeCodes.LEAF || x.leafBound <= collapse) {
                out.write(TreeCodes.LEAF);
            } else if (x.code == TreeCodes.REDUCE) {
                out.write(TreeCodes.REDUCE);
                stack.push(x.a);
            } else if (x.code == TreeCodes.CONCAVE) {
                out.write(TreeCodes.CONCAVE);
                writePoint(out, x.y);
            } else {
                if (x.code > TreeCodes.MAX_CODE) {
                    throw new IllegalStateException("a certificate step's code " + x.code + " does not fit its byte");
                }
                out.write(x.code);
                if (x.b != null) {
                    stack.push(x.b);
                }
                stack.push(x.a);
            }
        }
    }

    static void writePoint(ByteArrayOutputStream out, double[] y) {
        for (double v : y) {
            long bits = Double.doubleToRawLongBits(v);
            for (int s = 56; s >= 0; s -= 8) {
                out.write((int) (bits >>> s) & 0xff);
            }
        }
    }
}
