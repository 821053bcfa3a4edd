package org.optimech.runtime.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The canonical form's shortcut for small integer literals gives what the ECMAScript formatting of their double gives. */
class CanonicalIntegersTest {

    @Property(tries = 2000)
    void smallIntegersAreTheirDigits(@ForAll @LongRange(min = -999_999_999_999_999L, max = 999_999_999_999_999L) long v) {
        String literal = Long.toString(v);
        assertEquals(Es6NumberFormat.format(Double.parseDouble(literal)), JsonWriter.canonical(JsonNumber.ofLiteral(literal)));
    }

    @Test
    void edgesTakeTheGeneralPath() {
        for (String literal : new String[] {"0", "-0", "1", "-1", "999999999999999", "-999999999999999", "1000000000000000", "9007199254740993",
                "123456789012345678901", "1.0", "1e3", "-0.0", "10"}) {
            assertEquals(Es6NumberFormat.format(Double.parseDouble(literal)), JsonWriter.canonical(JsonNumber.ofLiteral(literal)), literal);
        }
    }
}
