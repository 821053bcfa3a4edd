package org.optimech.designer.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class EpsilonGridTest {
    @Test
    void rangeIsExactDecimalAndIncludesTheEnd() {
        List<BigDecimal> v = EpsilonGrid.parse("0.1:1:0.1").values();
        assertEquals(10, v.size());
        assertEquals(0, v.get(0).compareTo(new BigDecimal("0.1")));
        assertEquals(0, v.get(9).compareTo(BigDecimal.ONE), "decimal steps must reach TO exactly (0.1 added ten times in doubles does not)");
        assertEquals(0, v.get(2).compareTo(new BigDecimal("0.3")));
        assertEquals(List.of(new BigDecimal("0.5")), EpsilonGrid.parse("0.5:0.5:1").values());
        assertEquals(3, EpsilonGrid.parse("1:2:0.4").values().size(), "1, 1.4, 1.8; 2.2 is past TO");
    }

    @Test
    void commaList() {
        assertEquals(List.of(new BigDecimal("0.05"), new BigDecimal("0.5"), BigDecimal.ONE, new BigDecimal("5")),
                EpsilonGrid.parse("0.05, 0.5,1,5").values());
    }

    @Test
    void badGridsNameThePartAndValue() {
        assertMessage("0:1:0.1", "epsilon must be > 0 and at most 50. Provided value: 0");
        assertMessage("0.1:1:0", "epsilon STEP must be > 0. Provided value: 0");
        assertMessage("1:0.5:0.1", "epsilon TO must be >= FROM. Provided value: 1:0.5:0.1");
        assertMessage("0.1:x:0.1", "epsilon TO must be a decimal number. Provided value: \"x\"");
        assertMessage("0.1:1", "epsilon must be FROM:TO:STEP or a comma list. Provided value: 0.1:1");
        assertMessage("0.001:10:0.001", "at most 1000 values");
        assertMessage("1,NaN", "epsilon value must be a decimal number. Provided value: \"NaN\"");
        assertMessage("1:60:1", "epsilon must be > 0 and at most 50. Provided value: 51");
        assertMessage("-1", "epsilon must be > 0 and at most 50. Provided value: -1");
    }

    private static void assertMessage(String grid, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EpsilonGrid.parse(grid));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
