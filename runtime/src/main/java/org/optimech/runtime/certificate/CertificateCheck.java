package org.optimech.runtime.certificate;

import java.math.BigDecimal;
import org.optimech.runtime.exact.Rational;

/**
 * Re-checks a stored sensitivity certificate: walks its trees over the statistic's box (of one record, or of a pair), computes
 * every leaf's bound with this package's evaluator, and compares the largest gauge they prove with Δ exactly. The trees
 * cover their boxes by construction (exact dyadic bisection), a reduction or a separation is re-derived before it is taken,
 * and a concave leaf's Hessian is certified again, so a tampered tree either proves the same bound or is refused.
 */
public final class CertificateCheck {
    /** The most nodes walked before a certificate is refused as too large to re-check at load. */
    public static final long MAX_NODES = 20_000_000L;
    /** The deepest a tree may be. */
    static final int MAX_DEPTH = 4000;

    /**
     * What a certificate proves.
     *
     * @param value exactly: sup over S_T of the gauge is at most this ({@link Gauge.Kind#SQUARE}: of the squared gauge)
     * @param upper the gauge bound as a double, rounded up (the square root for {@link Gauge.Kind#SQUARE})
     * @param nodes nodes walked
     * @param rowRanges ranges gauges: each row's proven range, rounded up (empty otherwise)
     */
    public record Proof(Rational value, double upper, long nodes, double[] rowRanges) {
        public Proof {
            rowRanges = rowRanges.clone();
        }

        @Override
        public double[] rowRanges() {
            return rowRanges.clone();
        }
    }

    /** A certificate that does not prove what it claims. */
    public static final class CertificateException extends Exception {
        private static final long serialVersionUID = 1L;

        public CertificateException(String message) {
            super(message);
        }
    }

    private final byte[] bytes;
    private int pos;
    private long nodes;

    private CertificateCheck(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * Checks that the trees prove sup over S_T of the gauge ≤ Δ.
     *
     * @param pairs substitution (pairs of records) or add/remove
     * @throws CertificateException naming what failed: a malformed tree, a step that does not hold, or a proven bound above Δ
     */
    public static Proof check(StatisticPolynomials statistic, boolean pairs, Gauge gauge, byte[] trees, BigDecimal delta) throws CertificateException {
        Proof p = prove(statistic, pairs, gauge, trees);
        Rational d = Rational.of(delta);
        if (p.value().compareTo(gauge.kind() == Gauge.Kind.SQUARE ? d.multiply(d) : d) > 0) {
            throw new CertificateException("the trees prove the " + (gauge.kind() == Gauge.Kind.SQUARE ? "squared gauge" : "gauge") + " only up to "
                    + p.value().doubleValue() + ", above sensitivity" + (gauge.kind() == Gauge.Kind.SQUARE ? "^2" : "") + " = " + delta);
        }
        return p;
    }

    /**
     * Walks the trees and returns the bound they prove.
     *
     * @throws CertificateException for a malformed tree or a step that does not hold
     */
    public static Proof prove(StatisticPolynomials statistic, boolean pairs, Gauge gauge, byte[] trees) throws CertificateException {
        CertificateCheck c = new CertificateCheck(trees);
        IntervalPolynomial[] rows = statistic.rows(gauge);
        double[] lo = statistic.lower();
        double[] hi = statistic.upper();
        Rational value;
        double upper;
        double[] ranges = new double[0];
        switch (gauge.kind()) {
            case RANGES: {
                value = null;
                ranges = new double[rows.length];
                Rational[] bounds = gauge.bounds();
                for (int r = 0; r < rows.length; r++) {
                    double up = c.oneSided(rows[r], lo.clone(), hi.clone(), 0);
                    double down = c.oneSided(rows[r].negate(), lo.clone(), hi.clone(), 0);
                    double range = finite(pairs ? Outward.addUp(up, down) : Math.max(up, down));
                    ranges[r] = range;
                    Rational v = Rational.of(new BigDecimal(range)).divide(bounds[r]);
                    value = value == null || v.compareTo(value) > 0 ? v : value;
                }
                upper = up(value);
                break;
            }
            case SUM: {
                PairObjective o = new PairObjective(rows, pairs);
                int[] signs = new int[rows.length];
                if (pairs) {
                    signs[0] = 1; // swapping the pair negates u, so some maximiser has u_0 ≥ 0
                }
                upper = finite(c.pair(o, statistic.searchLower(pairs), statistic.searchUpper(pairs), signs, false, 0));
                value = Rational.of(new BigDecimal(upper));
                break;
            }
            default: {
                PairObjective o = new PairObjective(rows, pairs);
                double sq = finite(c.pair(o, statistic.searchLower(pairs), statistic.searchUpper(pairs), null, true, 0));
                value = Rational.of(new BigDecimal(sq));
                upper = Math.nextUp(Math.sqrt(sq));
            }
        }
        if (c.pos != trees.length) {
            throw new CertificateException("the certificate has " + (trees.length - c.pos) + " bytes after its last tree");
        }
        return new Proof(value, upper, c.nodes, ranges);
    }

    /** The smallest double at or above a rational. */
    private static double up(Rational q) {
        return StatisticPolynomials.up(q);
    }

    private static double finite(double bound) throws CertificateException {
        if (!Double.isFinite(bound)) {
            throw new CertificateException("the trees prove no finite bound (" + bound + ")");
        }
        return bound;
    }

    private int next() throws CertificateException {
        if (pos >= bytes.length) {
            throw new CertificateException("the certificate ends inside a tree");
        }
        if (++nodes > MAX_NODES) {
            throw new CertificateException("the certificate has more than " + MAX_NODES + " nodes, more than is re-checked at load");
        }
        return bytes[pos++] & 0xff;
    }

    private double[] point(int n) throws CertificateException {
        if (pos + 8L * n > bytes.length) {
            throw new CertificateException("the certificate ends inside a concave leaf's point");
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            long bits = 0;
            for (int b = 0; b < 8; b++) {
                bits = (bits << 8) | (bytes[pos++] & 0xff);
            }
            y[i] = Double.longBitsToDouble(bits);
        }
        return y;
    }

    private double oneSided(IntervalPolynomial p, double[] lo, double[] hi, int depth) throws CertificateException {
        if (depth > MAX_DEPTH) {
            throw new CertificateException("a tree is deeper than " + MAX_DEPTH);
        }
        int k = p.basis().variables();
        int code = next();
        if (code == TreeCodes.LEAF) {
            return OneSided.leaf(p, lo, hi, 0);
        }
        if (code == TreeCodes.REDUCE) {
            if (OneSided.reduce(p, lo, hi, 0) == 0) {
                throw new CertificateException("a reduction step fixes no coordinate (the derivative has no sign on its box)");
            }
            return oneSided(p, lo, hi, depth + 1);
        }
        if (code == TreeCodes.CONCAVE) {
            double b = OneSided.concave(p, lo, hi, 0, point(k), 0);
            if (Double.isNaN(b)) {
                throw new CertificateException("a concave leaf's Hessian is not certified negative definite on its box, or its point is outside");
            }
            return b;
        }
        int v = code - TreeCodes.SPLIT;
        if (v < 0 || v >= k) {
            throw new CertificateException("code " + code + " is not a step of a one-sided tree over " + k + " variables");
        }
        return split(lo, hi, v, (l, h) -> oneSided(p, l, h, depth + 1));
    }

    private interface Child {
        double bound(double[] lo, double[] hi) throws CertificateException;
    }

    private static double split(double[] lo, double[] hi, int v, Child child) throws CertificateException {
        double m = Bisection.midpoint(lo[v], hi[v]);
        if (Double.isNaN(m)) {
            throw new CertificateException("a split of coordinate " + v + " on [" + lo[v] + ", " + hi[v] + "] has no exact midpoint");
        }
        double[] hi1 = hi.clone();
        hi1[v] = m;
        double a = child.bound(lo.clone(), hi1);
        double[] lo2 = lo.clone();
        lo2[v] = m;
        double b = child.bound(lo2, hi.clone());
        return Math.max(a, b);
    }

    private double pair(PairObjective o, double[] lo, double[] hi, int[] signs, boolean square, int depth) throws CertificateException {
        if (depth > MAX_DEPTH) {
            throw new CertificateException("a tree is deeper than " + MAX_DEPTH);
        }
        int n = o.dimensions();
        int code = next();
        if (code == TreeCodes.LEAF) {
            return square ? o.squareLeaf(lo, hi) : o.sumLeaf(lo, hi, signs);
        }
        if (code == TreeCodes.REDUCE) {
            if ((square ? o.squareReduce(lo, hi) : o.sumReduce(lo, hi, signs)) == 0) {
                throw new CertificateException("a reduction step fixes no coordinate (the derivative has no sign on its box)");
            }
            return pair(o, lo, hi, signs, square, depth + 1);
        }
        if (square && code == TreeCodes.CONCAVE) {
            double b = o.squareConcave(lo, hi, point(n));
            if (Double.isNaN(b)) {
                throw new CertificateException("a concave leaf's Hessian is not certified negative definite on its box, or its point is outside");
            }
            return b;
        }
        if (!square && code == TreeCodes.SEPARATE) {
            int[] known = o.knownSigns(o.differences(lo, hi), signs);
            for (int s : known) {
                if (s == 0) {
                    throw new CertificateException("a separation step on a box where some row's sign is not known");
                }
            }
            IntervalPolynomial a = o.combination(known);
            int k = o.variables();
            double up = oneSided(a, slice(lo, 0, k), slice(hi, 0, k), depth + 1);
            if (o.pairs()) {
                up = Outward.addUp(up, oneSided(a.negate(), slice(lo, k, k), slice(hi, k, k), depth + 1));
            }
            return up;
        }
        int v = code - TreeCodes.SPLIT;
        if (v >= 0 && v < n) {
            return split(lo, hi, v, (l, h) -> pair(o, l, h, signs, square, depth + 1));
        }
        int j = code - TreeCodes.SPLIT - n;
        if (square && j >= 0 && j < n) {
            if (!o.mirrorHalf(lo, hi, j)) {
                throw new CertificateException("a mirror step on coordinate " + j + ", whose box or rows are not symmetric under the flip of its variable");
            }
            double[] lo2 = lo.clone();
            lo2[j] = 0;
            return pair(o, lo2, hi.clone(), signs, true, depth + 1);
        }
        if (!square && j >= 0 && j < o.rowCount()) {
            if (signs[j] != 0) {
                throw new CertificateException("a sign split on row " + j + ", whose sign is already fixed");
            }
            int[] plus = signs.clone();
            plus[j] = 1;
            int[] minus = signs.clone();
            minus[j] = -1;
            double a = pair(o, lo.clone(), hi.clone(), plus, false, depth + 1);
            double b = pair(o, lo.clone(), hi.clone(), minus, false, depth + 1);
            return Math.max(a, b);
        }
        int z = code - TreeCodes.SPLIT - n - o.rowCount();
        if (!square && z >= 0 && z < n) {
            if (!o.sumConvex(lo, hi, signs)[z]) {
                throw new CertificateException("a face step on coordinate " + z + ", along which the objective is not certified convex on its box");
            }
            double[] hi1 = hi.clone();
            hi1[z] = lo[z];
            double[] lo2 = lo.clone();
            lo2[z] = hi[z];
            double a = pair(o, lo.clone(), hi1, signs, false, depth + 1);
            double b = pair(o, lo2, hi.clone(), signs, false, depth + 1);
            return Math.max(a, b);
        }
        int w = z - n;
        if (!square && w >= 0 && w < n) {
            if (!o.sumConvex(lo, hi, signs)[w]) {
                throw new CertificateException("a mirrored face step on coordinate " + w + ", along which the objective is not certified convex on its box");
            }
            if (!o.mirrorFace(lo, hi, signs, w)) {
                throw new CertificateException("a mirrored face step on coordinate " + w
                        + ", whose box, rows or fixed signs are not symmetric under the flip of its variable");
            }
            double[] lo2 = lo.clone();
            lo2[w] = hi[w];
            return pair(o, lo2, hi.clone(), signs, false, depth + 1);
        }
        throw new CertificateException("code " + code + " is not a step of this tree");
    }

    private static double[] slice(double[] a, int from, int length) {
        double[] s = new double[length];
        System.arraycopy(a, from, s, 0, length);
        return s;
    }
}
