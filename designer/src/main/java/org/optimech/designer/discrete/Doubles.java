package org.optimech.designer.discrete;

import java.math.BigDecimal;

/** Directed rounding of decimals to doubles (Java has no rounding modes for double arithmetic). */
final class Doubles {
    private Doubles() {
    }

    /** The largest double ≤ x. */
    static double floor(BigDecimal x) {
        double d = x.doubleValue();
        while (new BigDecimal(d).compareTo(x) > 0) {
            d = Math.nextDown(d);
        }
        return d;
    }

    /** The smallest double ≥ x. */
    static double ceil(BigDecimal x) {
        double d = x.doubleValue();
        while (new BigDecimal(d).compareTo(x) < 0) {
            d = Math.nextUp(d);
        }
        return d;
    }
}
