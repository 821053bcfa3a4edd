package org.optimech.geometry.support;

/**
 * A closed interval [lo, hi] of reals. Every operation widens its result by one ulp on each side, so
 * the true real result of the operation on any points of the operands lies inside (Java has no
 * rounding modes; one ulp covers a correctly rounded operation).
 */
public record Interval(double lo, double hi) {
    public Interval {
        if (!(lo <= hi)) {
            throw new IllegalArgumentException("interval must have lo <= hi. Provided value: [" + lo + ", " + hi + "]");
        }
    }

    public static Interval point(double x) {
        return new Interval(x, x);
    }

    public Interval add(Interval o) {
        return new Interval(Math.nextDown(lo + o.lo), Math.nextUp(hi + o.hi));
    }

    public Interval negate() {
        return new Interval(-hi, -lo);
    }

    public Interval subtract(Interval o) {
        return add(o.negate());
    }

    public Interval multiply(Interval o) {
        double a = lo * o.lo;
        double b = lo * o.hi;
        double c = hi * o.lo;
        double d = hi * o.hi;
        return new Interval(Math.nextDown(Math.min(Math.min(a, b), Math.min(c, d))), Math.nextUp(Math.max(Math.max(a, b), Math.max(c, d))));
    }

    public Interval scale(double k) {
        return multiply(point(k));
    }

    /** x^n for n ≥ 0, tight for even powers of intervals containing 0. */
    public Interval pow(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("power must be >= 0. Provided value: " + n);
        }
        if (n == 0) {
            return point(1);
        }
        if (n % 2 == 0 && lo <= 0 && hi >= 0) {
            double m = Math.max(-lo, hi);
            Interval p = new Interval(0, m).powMonotone(n);
            return new Interval(0, p.hi);
        }
        if (n % 2 == 0 && hi < 0) {
            return negate().powMonotone(n);
        }
        return powMonotone(n);
    }

    /** Repeated multiplication; correct for odd n or a non-negative interval. */
    private Interval powMonotone(int n) {
        Interval r = this;
        for (int i = 1; i < n; i++) {
            r = r.multiply(this);
        }
        return r;
    }

    public Interval abs() {
        if (lo >= 0) {
            return this;
        }
        if (hi <= 0) {
            return negate();
        }
        return new Interval(0, Math.max(-lo, hi));
    }

    public Interval max(Interval o) {
        return new Interval(Math.max(lo, o.lo), Math.max(hi, o.hi));
    }

    /**
     * The intersection with another enclosure of the same quantity. Both hold, so they overlap; if rounding ever made
     * them disjoint, the union is returned, which still encloses the quantity.
     */
    public Interval intersect(Interval o) {
        double l = Math.max(lo, o.lo);
        double h = Math.min(hi, o.hi);
        return l <= h ? new Interval(l, h) : new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
    }

    public double width() {
        return hi - lo;
    }

    public double mid() {
        return lo / 2 + hi / 2;
    }
}
