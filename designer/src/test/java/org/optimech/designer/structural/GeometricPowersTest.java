package org.optimech.designer.structural;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link Geometric#pow} keeps a table of α^d: every power, inside the table, past its end, past the underflow and past n, is
 * the very double {@code StrictMath.exp(-ε·d)} the designer computed before (so designs do not change by a bit).
 */
class GeometricPowersTest {

    @Property(tries = 60)
    void tabledPowersAreStrictMathsExp(@ForAll @IntRange(min = 1, max = 3_000_000) int n, @ForAll @DoubleRange(min = -7, max = 1.69) double log10Eps,
            @ForAll @IntRange(min = 0, max = 5_000_000) int probe) {
        double eps = Math.pow(10, log10Eps);
        Geometric g = Geometric.of(n, eps);
        long limit = (long) Math.ceil(746 / eps) + 1;
        long[] ds = {0, 1, 2, probe, n, n + 1L, n + 2L, limit - 1, limit, limit + 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 10L * n,
            (long) (742 / eps), (long) (745 / eps), (long) (745.2 / eps)}; // around exp's underflow to 0
        for (long d : ds) {
            assertEquals(Double.doubleToRawLongBits(StrictMath.exp(-eps * d)), Double.doubleToRawLongBits(g.pow(d)), "d = " + d + ", eps = " + eps);
        }
        assertEquals(StrictMath.exp(-eps), g.alpha());
    }
}
