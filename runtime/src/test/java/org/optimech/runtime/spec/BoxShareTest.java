package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.Rational;

/** {@link Body.Box#shareOf}: the exact volume share the designer states and the loader re-checks for a half-space body. */
class BoxShareTest {
    @Test
    void exactOnTheStoredDoubles() {
        Body.Box outer = new Body.Box(new double[] {-2, -2}, new double[] {2, 2});
        assertEquals(0, new Rational(BigInteger.ONE, BigInteger.valueOf(4)).compareTo(outer.shareOf(new Body.Box(new double[] {-1, -1}, new double[] {1, 1}))));
        // 0.1 is not 1/10: the share is the stored double's exact value, (0.1 + 0.1) / 2
        Body.Box unit = new Body.Box(new double[] {-1}, new double[] {1});
        assertEquals(0, Rational.of(new BigDecimal(0.1)).compareTo(unit.shareOf(new Body.Box(new double[] {-0.1}, new double[] {0.1}))));
        assertThrows(IllegalArgumentException.class, () -> outer.shareOf(unit));
    }

    /** Against an independent product of exact decimals, for random boxes inside [-1, 1]^3. */
    @Property(tries = 200)
    void agreesWithExactDecimals(@ForAll @DoubleRange(min = -1, max = -1e-3) @Scale(12) double a, @ForAll @DoubleRange(min = 1e-3, max = 1) @Scale(12) double b,
            @ForAll @DoubleRange(min = 0.01, max = 1) @Scale(12) double t) {
        double[] lo = {a, a * t, -1};
        double[] hi = {b, b * t, 1};
        Body.Box outer = new Body.Box(new double[] {-1, -1, -1}, new double[] {1, 1, 1});
        BigDecimal want = BigDecimal.ONE;
        for (int j = 0; j < 3; j++) {
            want = want.multiply(new BigDecimal(hi[j]).subtract(new BigDecimal(lo[j]))).divide(BigDecimal.valueOf(2));
        }
        Rational got = outer.shareOf(new Body.Box(lo, hi));
        assertEquals(0, want.compareTo(new BigDecimal(got.numerator()).divide(new BigDecimal(got.denominator()), MathContext.UNLIMITED)));
    }
}
