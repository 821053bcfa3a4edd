package org.optimech.runtime;

import org.optimech.runtime.testing.TestMechanisms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.InputStream;
import java.math.BigInteger;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecDigest;

/**
 * Issue 18 (1, 7): input policies are total maps from any value to a row. Under {@code default} every value outside the
 * domain (null included) takes the declared default row; under {@code clamp} every integer, however large, takes the
 * nearest end. Neither throws, so a release cannot reveal through an error that the private value was outside the
 * domain. Only the legacy {@code reject} throws, and the designer no longer writes it.
 */
class InputPolicyTest {
    private static JsonObject golden(String name) throws Exception {
        try (InputStream in = Objects.requireNonNull(InputPolicyTest.class.getResourceAsStream("/golden/v1/" + name), name)) {
            return JsonParser.parse(in).asObject();
        }
    }

    /** The randomized-response golden spec (labels, legacy reject) re-declared with input policy default and a default label. */
    private static DiscreteMechanism withDefault(String label) throws Exception {
        JsonObject doc = golden("randomized-response.json");
        doc = JsonEdit.set(doc, "/privacy/input_policy", new JsonString("default")).asObject();
        doc = JsonEdit.set(doc, "/privacy/default_input", new JsonString(label)).asObject();
        return org.optimech.runtime.testing.TestMechanisms.discrete((DiscreteSpec) TestMechanisms.read(SpecDigest.seal(doc)));
    }

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12), Arbitraries.strings().numeric().ofMaxLength(40),
                Arbitraries.of("", " ", "yes ", "YES", "-1", "1e400", "NaN", "\u0000"));
    }

    @Property(tries = 300)
    void defaultPolicyMapsEveryOutsideValueToTheDefaultRow(@ForAll("anyText") String value) throws Exception {
        DiscreteMechanism m = withDefault(labels()[0]);
        int expected = m.spec().inputs().indexOf(value).orElse(0);
        assertEquals(expected, m.inputIndex(value), value);
    }

    @Test
    void defaultPolicyTakesNullAndEveryLabel() throws Exception {
        DiscreteMechanism m = withDefault(labels()[1]);
        assertEquals(1, m.inputIndex(null));
        for (int i = 0; i < labels().length; i++) {
            assertEquals(i, m.inputIndex(labels()[i]));
        }
        assertEquals(InputPolicy.DEFAULT, m.spec().privacy().inputPolicy());
        // the policy survives a write and a re-read, digest and all
        DiscreteSpec again = (DiscreteSpec) TestMechanisms.read(SpecCodec.write(m.spec()));
        assertEquals(1, again.privacy().defaultInput());
    }

    private static String[] labels() throws Exception {
        DiscreteSpec s = (DiscreteSpec) TestMechanisms.read(golden("randomized-response.json"));
        String[] l = new String[s.inputs().size()];
        for (int i = 0; i < l.length; i++) {
            l[i] = s.inputs().valueAt(i);
        }
        return l;
    }

    @Provide
    Arbitrary<BigInteger> anyInteger() {
        return Arbitraries.oneOf(Arbitraries.bigIntegers().between(BigInteger.ONE.shiftLeft(200).negate(), BigInteger.ONE.shiftLeft(200)),
                Arbitraries.bigIntegers().between(BigInteger.valueOf(-50), BigInteger.valueOf(50)),
                Arbitraries.of(BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE),
                        BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE)));
    }

    /** Clamping is the nearest end of the range for integers of any size, written with or without padding. */
    @Property(tries = 300)
    void clampTakesEveryIntegerToTheNearestEnd(@ForAll("anyInteger") BigInteger v) throws Exception {
        DiscreteMechanism m = org.optimech.runtime.testing.TestMechanisms.discrete((DiscreteSpec) TestMechanisms.read(golden("count-path.json")));
        IntegerRange r = (IntegerRange) m.spec().inputs();
        BigInteger clamped = v.max(BigInteger.valueOf(r.from())).min(BigInteger.valueOf(r.to()));
        int expected = clamped.subtract(BigInteger.valueOf(r.from())).intValueExact();
        assertEquals(expected, m.inputIndex(v.toString()));
        assertEquals(expected, m.inputIndex(" " + v + " "));
    }

    @Test
    void onlyTheLegacyRejectPolicyThrows() throws Exception {
        DiscreteMechanism legacy = org.optimech.runtime.testing.TestMechanisms.discrete((DiscreteSpec) TestMechanisms.read(golden("randomized-response.json")));
        assertEquals(InputPolicy.REJECT, legacy.spec().privacy().inputPolicy());
        assertThrows(IllegalArgumentException.class, () -> legacy.inputIndex("not a label"));
        DiscreteMechanism clamp = org.optimech.runtime.testing.TestMechanisms.discrete((DiscreteSpec) TestMechanisms.read(golden("count-path.json")));
        assertThrows(IllegalArgumentException.class, () -> clamp.inputIndex("abc")); // not an integer at all: the caller's parsing bug
    }

    /**
     * Review of issue 18: a crafted value must not cost time in proportion to its square (a big-integer parse of a million
     * digits took 14 s) nor fail: integer texts are decided in linear time, the long ones by their sign alone.
     */
    @Test
    void longIntegerTextsAreDecidedInLinearTime() throws Exception {
        DiscreteMechanism clamp = org.optimech.runtime.testing.TestMechanisms.discrete((DiscreteSpec) TestMechanisms.read(golden("count-path.json")));
        DiscreteMechanism label = withDefault(labels()[1]);
        String huge = "9".repeat(1_000_000);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), () -> {
            assertEquals(clamp.spec().inputs().size() - 1, clamp.inputIndex(huge));
            assertEquals(0, clamp.inputIndex("-" + huge));
            assertEquals(0, clamp.inputIndex("-0000" + huge.substring(0, 100) + "0"));
            assertEquals(1, label.inputIndex(huge));
        });
        assertEquals(1, clamp.inputIndex("+0001"));
        assertEquals(0, clamp.inputIndex("-0"));
    }
}
