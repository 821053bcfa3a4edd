package org.optimech.geometry.sensitivity;

import java.io.ByteArrayOutputStream;
import java.util.PriorityQueue;
import org.optimech.runtime.certificate.Bisection;
import org.optimech.runtime.certificate.IntervalPolynomial;
import org.optimech.runtime.certificate.Outward;
import org.optimech.runtime.certificate.PairObjective;
import org.optimech.runtime.certificate.TreeCodes;

/**
 * Best-first branch and bound for max Σ_j |u_j| over the box of a record pair (or one record), keeping its tree. A box
 * along one of whose coordinates the objective is certified convex is replaced by that coordinate's two faces (by the face
 * z = hi alone where the flip of z's variable is a symmetry of the box, rows and signs: {@link PairObjective#mirrorFace});
 * otherwise a row that alone blocks such a step has its sign fixed, a box with few free rows has the widest one's sign
 * fixed, and any other box is split in space or by a sign (whichever gives the smaller larger child bound); once every
 * row's sign is known on a box the maximum separates, max_X A − min_X′ A, and two {@link SmoothSearch}es finish it.
 */
final class SumSearch {
    static final class Node {
        double[] lo;
        double[] hi;
        int[] signs;
        double bound;
        double leafBound;
        int code = TreeCodes.LEAF;
        Node a;
        Node b;
        SmoothSearch plus;
        SmoothSearch minus;
        boolean reduceTried;
    }

    /**
     * At most this many free rows: split a sign rather than space. Each sign split moves a row into the known part, and once
     * all are known the maximum separates into one-sided searches that bound concave parts exactly (tangent planes), where
     * spatial splits would only shrink |u_j|'s enclosures (p = 5 regression: the mixed boxes have at most 6 free rows).
     */
    static final int SIGN_FIRST = 8;
    private final PairObjective o;
    private final int k;
    private final PriorityQueue<Node> queue = new PriorityQueue<>((x, y) -> Double.compare(y.bound, x.bound));
    private final Node root;
    private double stuckMax = Double.NEGATIVE_INFINITY;
    private double lower = Double.NEGATIVE_INFINITY;
    private double[] witness;
    private long nodes;

    SumSearch(PairObjective o, double[] lo, double[] hi) {
        this.o = o;
        this.k = o.variables();
        int[] signs = new int[o.rowCount()];
        if (o.pairs()) {
            signs[0] = 1; // as the runtime: swapping the pair negates u
        }
        root = leaf(lo.clone(), hi.clone(), signs);
        queue.add(root);
    }

    long nodes() {
        long s = nodes;
        return s;
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

    void offer(double[] x) {
        double v = o.sumLowerAt(x);
        if (v > lower) {
            lower = v;
            witness = x.clone();
        }
    }

    private Node leaf(double[] lo, double[] hi, int[] signs) {
        Node n = new Node();
        n.lo = lo;
        n.hi = hi;
        n.signs = signs;
        n.leafBound = o.sumLeaf(lo, hi, signs);
        n.bound = n.leafBound;
        nodes++;
        offer(SmoothSearch.centre(lo, hi));
        return n;
    }

    String describeTop() {
        Node n = queue.peek();
        if (n == null) {
            return "empty";
        }
        StringBuilder b = new StringBuilder();
        java.util.List<Node> top = new java.util.ArrayList<>();
        for (int i = 0; i < 5 && !queue.isEmpty(); i++) {
            top.add(queue.poll());
        }
        for (Node t : top) {
            b.append(t.bound).append(" lo ").append(java.util.Arrays.toString(t.lo)).append(" hi ").append(java.util.Arrays.toString(t.hi))
                    .append(" signs ").append(java.util.Arrays.toString(t.signs)).append(" known ")
                    .append(java.util.Arrays.toString(o.knownSigns(o.differences(t.lo, t.hi), t.signs))).append('\n');
        }
        queue.addAll(top);
        java.util.TreeMap<String, Integer> hist = new java.util.TreeMap<>();
        double lim = lower + 0.5 * (n.bound - lower);
        for (Node t : queue) {
            String key;
            if (t.code == TreeCodes.SEPARATE) {
                key = "separate";
            } else {
                int fc = 0;
                for (int z = 0; z < t.lo.length; z++) {
                    fc += t.lo[z] < t.hi[z] ? 1 : 0;
                }
                int fr = 0;
                for (int s : o.knownSigns(o.differences(t.lo, t.hi), t.signs)) {
                    fr += s == 0 ? 1 : 0;
                }
                key = String.format("freeCoords %2d freeRows %2d", fc, fr);
            }
            key += t.bound > lim ? " upperHalf" : " lowerHalf";
            hist.merge(key, 1, Integer::sum);
        }
        b.append("queue ").append(queue.size()).append('\n');
        hist.forEach((kk, vv) -> b.append(kk).append(": ").append(vv).append('\n'));
        return b + "code " + n.code + " bound " + n.bound + " leaf " + n.leafBound + (n.plus != null ? " plus [" + n.plus.lower() + ", " + n.plus.upper() + "] "
                + n.plus.nodes() + " minus [" + (n.minus == null ? "" : n.minus.lower() + ", " + n.minus.upper() + "] " + n.minus.nodes()) : "") + " stuckMax " + stuckMax;
    }

    boolean step() {
        Node n = queue.poll();
        if (n == null) {
            return false;
        }
        if (n.code == TreeCodes.SEPARATE) {
            long before = n.plus.nodes() + (n.minus == null ? 0 : n.minus.nodes());
            SmoothSearch s = n.minus == null || n.plus.upper() - n.plus.lower() >= n.minus.upper() - n.minus.lower() ? n.plus : n.minus;
            if (!s.step()) {
                s = s == n.plus ? n.minus : n.plus;
                if (s == null || !s.step()) {
                    stuckMax = Math.max(stuckMax, n.bound);
                    return true;
                }
            }
            nodes += n.plus.nodes() + (n.minus == null ? 0 : n.minus.nodes()) - before;
            separatedBound(n);
            queue.add(n);
            return true;
        }
        expand(n);
        return true;
    }

    private void separatedBound(Node n) {
        n.bound = n.minus == null ? n.plus.upper() : Outward.addUp(n.plus.upper(), n.minus.upper());
        double[] x = new double[o.dimensions()];
        System.arraycopy(n.plus.witness(), 0, x, 0, k);
        if (n.minus != null) {
            System.arraycopy(n.minus.witness(), 0, x, k, k);
        }
        offer(x);
    }

    private void expand(Node n) {
        if (!n.reduceTried) {
            n.reduceTried = true;
            double[] lo = n.lo.clone();
            double[] hi = n.hi.clone();
            if (o.sumReduce(lo, hi, n.signs) > 0) {
                Node c = leaf(lo, hi, n.signs);
                n.code = TreeCodes.REDUCE;
                n.a = c;
                n.lo = null;
                n.hi = null;
                queue.add(c);
                return;
            }
        }
        // the rows' enclosures and signs serve the face step and the splits below (computed once per box)
        double[][] g = o.differences(n.lo, n.hi);
        int[] known = o.knownSigns(g, n.signs);
        boolean[] convex = o.convexAlong(n.lo, n.hi, known);
        int faces = TreeCodes.SPLIT + o.dimensions() + o.rowCount();
        int ends = -1;
        for (int z = 0; z < convex.length && faces + z <= TreeCodes.MAX_CODE; z++) {
            if (convex[z] && (ends < 0 || n.hi[z] - n.lo[z] > n.hi[ends] - n.lo[ends])) {
                ends = z;
            }
        }
        int mirrors = faces + o.dimensions();
        for (int z = 0; z < convex.length && mirrors + z <= TreeCodes.MAX_CODE; z++) {
            if (convex[z] && o.mirrorFace(n.lo, n.hi, n.signs, z)) {
                // convex along the coordinate and its two faces are mirror images: one face holds the maximum
                double[] lo2 = n.lo.clone();
                lo2[z] = n.hi[z];
                n.code = mirrors + z;
                n.a = leaf(lo2, n.hi.clone(), n.signs);
                n.lo = null;
                n.hi = null;
                queue.add(n.a);
                return;
            }
        }
        if (ends >= 0) {
            // convex along the coordinate: the maximum lies on one of its two faces
            double[] hi1 = n.hi.clone();
            hi1[ends] = n.lo[ends];
            double[] lo2 = n.lo.clone();
            lo2[ends] = n.hi[ends];
            n.code = faces + ends;
            n.a = leaf(n.lo.clone(), hi1, n.signs);
            n.b = leaf(lo2, n.hi.clone(), n.signs);
            n.lo = null;
            n.hi = null;
            queue.add(n.a);
            queue.add(n.b);
            return;
        }
        int freeRow = -1;
        double freeWidth = -1;
        boolean anyFree = false;
        // a sign split is written as one byte, SPLIT + n + j: rows past that limit are split in space only (beyond about
        // 230 rows a larger code would be written wrong and the runtime would refuse the certificate)
        int rowLimit = TreeCodes.MAX_CODE - TreeCodes.SPLIT - o.dimensions();
        for (int j = 0; j < known.length; j++) {
            if (known[j] == 0) {
                anyFree = true;
                if (j <= rowLimit && g[j][1] - g[j][0] > freeWidth) {
                    freeRow = j;
                    freeWidth = g[j][1] - g[j][0];
                }
            }
        }
        if (!anyFree) {
            IntervalPolynomial a = o.combination(known);
            n.code = TreeCodes.SEPARATE;
            n.plus = new SmoothSearch(Smooth.of(a), slice(n.lo, 0), slice(n.hi, 0));
            nodes += n.plus.nodes();
            if (o.pairs()) {
                n.minus = new SmoothSearch(Smooth.of(a.negate()), slice(n.lo, k), slice(n.hi, k));
                nodes += n.minus.nodes();
            }
            n.lo = null;
            n.hi = null;
            separatedBound(n);
            queue.add(n);
            return;
        }
        int freeCount = 0;
        for (int s : known) {
            freeCount += s == 0 ? 1 : 0;
        }
        // a row that alone blocks a face step is split first: one of its signs opens the face step (x_i² − x′_i²: + makes
        // the objective convex in x_i, − in x′_i)
        int blocker = o.soleBlocker(n.lo, n.hi, known, rowLimit);
        if (blocker >= 0) {
            freeRow = blocker;
        }
        if (freeRow >= 0 && (blocker >= 0 || freeCount <= SIGN_FIRST)) {
            Node[] c = signChildren(n, freeRow);
            n.code = TreeCodes.SPLIT + o.dimensions() + freeRow;
            n.a = c[0];
            n.b = c[1];
            n.lo = null;
            n.hi = null;
            queue.add(n.a);
            queue.add(n.b);
            return;
        }
        // option 1: bisect the coordinate of largest smear
        double[] smear = o.smear(n.lo, n.hi);
        int best = -1;
        double mid = Double.NaN;
        for (int z = 0; z < smear.length; z++) {
            if (n.lo[z] < n.hi[z]) {
                double m = Bisection.midpoint(n.lo[z], n.hi[z]);
                if (!Double.isNaN(m) && (best < 0 || smear[z] > smear[best])) {
                    best = z;
                    mid = m;
                }
            }
        }
        if (best < 0 && freeRow < 0) {
            stuckMax = Math.max(stuckMax, n.bound); // no split can be written: the node stays a leaf at its certified bound
            return;
        }
        Node sa = null;
        Node sb = null;
        if (best >= 0) {
            double[] hi1 = n.hi.clone();
            hi1[best] = mid;
            double[] lo2 = n.lo.clone();
            lo2[best] = mid;
            sa = leaf(n.lo.clone(), hi1, n.signs);
            sb = leaf(lo2, n.hi.clone(), n.signs);
        }
        // option 2: fix the sign of the free row of widest enclosure (of those whose code fits)
        Node pa = null;
        Node pb = null;
        if (freeRow >= 0) {
            Node[] c = signChildren(n, freeRow);
            pa = c[0];
            pb = c[1];
        }
        boolean space = sa != null && (pa == null || Math.max(sa.bound, sb.bound) <= Math.max(pa.bound, pb.bound));
        n.code = space ? TreeCodes.SPLIT + best : TreeCodes.SPLIT + o.dimensions() + freeRow;
        n.a = space ? sa : pa;
        n.b = space ? sb : pb;
        n.lo = null;
        n.hi = null;
        queue.add(n.a);
        queue.add(n.b);
    }

    /** The two children of fixing row j's sign on the box: +1, then −1. */
    private Node[] signChildren(Node n, int j) {
        int[] plus = n.signs.clone();
        plus[j] = 1;
        int[] minus = n.signs.clone();
        minus[j] = -1;
        return new Node[] {leaf(n.lo.clone(), n.hi.clone(), plus), leaf(n.lo.clone(), n.hi.clone(), minus)};
    }

    private double[] slice(double[] a, int from) {
        double[] s = new double[k];
        System.arraycopy(a, from, s, 0, k);
        return s;
    }

    /** Writes the tree in preorder, collapsing subtrees whose own leaf bound is at most {@code collapse}. */
    void write(ByteArrayOutputStream out, double collapse, double subSlack) {
        java.util.ArrayDeque<Node> stack = new java.util.ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Node x = stack.pop();
            if (x.code == TreeCodes.LEAF || x.leafBound <= collapse) {
                out.write(TreeCodes.LEAF);
            } else if (x.code == TreeCodes.REDUCE) {
                out.write(TreeCodes.REDUCE);
                stack.push(x.a);
            } else if (x.code == TreeCodes.SEPARATE) {
                out.write(TreeCodes.SEPARATE);
                x.plus.write(out, x.plus.upper() + subSlack);
                if (x.minus != null) {
                    x.minus.write(out, x.minus.upper() + subSlack);
                }
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
}
