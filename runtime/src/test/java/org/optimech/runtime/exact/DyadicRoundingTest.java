package org.optimech.runtime.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The directed roundings of a decimal to a double: the nearest double on the asked side, also beyond the double range. */
class DyadicRoundingTest {

    @Property(tries = 500, seed = "20261128")
    void theRoundingsBracketTheDecimalWithNoDoubleBetween(@ForAll long unscaled, @ForAll @IntRange(min = -340, max = 340) int scale) {
        BigDecimal x = BigDecimal.valueOf(unscaled, scale);
        double lo = Dyadic.doubleAtMost(x);
        double hi = Dyadic.doubleAtLeast(x);
        if (Double.isFinite(lo)) {
            assertTrue(new BigDecimal(lo).compareTo(x) <= 0, x + " -> " + lo);
            assertTrue(lo == Double.MAX_VALUE || new BigDecimal(Math.nextUp(lo)).compareTo(x) > 0 || Math.nextUp(lo) == hi, x + " -> " + lo);
        }
        if (Double.isFinite(hi)) {
            assertTrue(new BigDecimal(hi).compareTo(x) >= 0, x + " -> " + hi);
        }
        assertTrue(lo <= hi);
        assertTrue(lo == hi || Math.nextUp(lo) == hi || (lo == Double.MAX_VALUE && hi == Double.POSITIVE_INFINITY)
                || (lo == Double.NEGATIVE_INFINITY && hi == -Double.MAX_VALUE), x + ": " + lo + " " + hi);
    }

    /** Review of the CSV clipping: a max_abs of 1e400 threw "Infinite or NaN", blaming the CSV. */
    @Test
    void decimalsBeyondTheDoubleRangeRoundToTheLargestFiniteOrAnInfinity() {
        assertEquals(Double.MAX_VALUE, Dyadic.doubleAtMost(new BigDecimal("1e400")));
        assertEquals(Double.POSITIVE_INFINITY, Dyadic.doubleAtLeast(new BigDecimal("1e400")));
        assertEquals(Double.NEGATIVE_INFINITY, Dyadic.doubleAtMost(new BigDecimal("-1e400")));
        assertEquals(-Double.MAX_VALUE, Dyadic.doubleAtLeast(new BigDecimal("-1e400")));
        assertEquals(Double.MAX_VALUE, Dyadic.doubleAtMost(new BigDecimal(Double.MAX_VALUE)));
    }
}
