package org.optimech.geometry.exactref;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.fraction.BigFraction;

/**
 * How the tests of the move from Commons Math's {@code BigFraction} to the runtime's {@code Rational} compare doubles.
 * {@code BigFraction.doubleValue()} divides the numerator's double by the denominator's (three roundings once either
 * exceeds 2^53); {@code Rational.doubleValue()} rounds the quotient once more closely. So a converted double either equals
 * the old one or is strictly nearer the exact value, which is what "rounded once from its exact value" in the Javadoc of
 * the moved methods asks for. BigFraction here is the independent reference, not production arithmetic.
 */
public final class OldRounding {
    private OldRounding() {
    }

    /** {@code now} equals {@code old}, or is strictly nearer {@code exact} (compared exactly). */
    public static void assertSameOrNearer(BigFraction exact, double old, double now, String what) {
        if (Double.compare(old, now) == 0) {
            return;
        }
        BigFraction oldError = new BigFraction(old).subtract(exact).abs();
        BigFraction newError = new BigFraction(now).subtract(exact).abs();
        assertTrue(newError.compareTo(oldError) < 0, what + ": new " + now + " is not nearer " + exact.doubleValue() + " than old " + old);
    }
}
