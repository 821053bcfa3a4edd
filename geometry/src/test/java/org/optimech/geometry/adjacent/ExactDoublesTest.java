package org.optimech.geometry.adjacent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A collected coefficient that is not a double enters the polynomial map as doubles that sum to it exactly. */
class ExactDoublesTest {
    @Test
    void aSumOfDoublesIsSplitExactly() {
        for (BigDecimal c : List.of(BigDecimal.ONE, new BigDecimal(Math.scalb(1.0, 60)).add(BigDecimal.ONE),
                new BigDecimal(Math.scalb(1.0, 600)).add(new BigDecimal(Math.scalb(1.0, -600))).subtract(new BigDecimal(0.1)), new BigDecimal("0.5").negate())) {
            List<Double> parts = StatisticSpaces.exactDoubles(c);
            BigDecimal sum = BigDecimal.ZERO;
            for (double x : parts) {
                sum = sum.add(new BigDecimal(x));
            }
            assertEquals(0, sum.compareTo(c), c + " from " + parts);
        }
        assertEquals(List.of(), StatisticSpaces.exactDoubles(BigDecimal.ZERO));
    }
}
