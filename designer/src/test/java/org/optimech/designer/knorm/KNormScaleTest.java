package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.Problems;
import org.optimech.runtime.spec.KNormSpec;

/**
 * A K-norm problem at any ε people type (down to 1e-320) either designs a spec the runtime loads, or is refused naming
 * {@code /epsilon}: the noise scale Δ/ε and the candidates' second moments must stay normal doubles (the runtime loads noise
 * scales in [2^-900, 2^900]).
 */
class KNormScaleTest {
    private static final String PROBLEM = "{\"kind\":\"knorm\",\"epsilon\":%s,\"neighbours\":\"add-remove\",\"statistic\":{\"differences\":[[1,0.01],[1,-0.01],[0.5,0.5]]}}";

    /** Regression (session 11): ε = 1e-275 failed with "JSON cannot represent Infinity", naming no field. */
    @Test
    void anEpsilonWhoseNoiseLeavesTheDoublesIsRefusedNamingIt() {
        InvalidProblemException e = assertThrows(InvalidProblemException.class,
                () -> Designers.design(Problems.parse(String.format(PROBLEM, "1e-275")), Designers.Options.defaults()));
        assertTrue(e.getMessage().contains("/epsilon") && e.getMessage().contains("1E-275") && e.getMessage().contains("[2^-900, 2^900]"), e.getMessage());
    }

    @Property(tries = 25)
    void everyEpsilonDesignsALoadableSpecOrIsRefusedNamingIt(@ForAll @IntRange(min = 1, max = 320) int exponent, @ForAll @IntRange(min = 1, max = 9) int mantissa)
            throws Exception {
        String epsilon = mantissa + "e-" + exponent;
        try {
            KNormSpec spec = (KNormSpec) Designers.design(Problems.parse(String.format(PROBLEM, epsilon)), Designers.Options.defaults()).spec();
            double scale = spec.sensitivity().doubleValue() / spec.noiseEpsilon().doubleValue();
            assertTrue(scale <= 0x1p900 && Double.isFinite(scale), epsilon + ": " + scale);
        } catch (InvalidProblemException e) {
            assertTrue(e.getMessage().contains("/epsilon") && exponent > 100, epsilon + ": " + e.getMessage());
        }
    }

    @Test
    void aSmallButRepresentableEpsilonStillDesigns() throws Exception {
        KNormSpec spec = (KNormSpec) Designers.design(Problems.parse(String.format(PROBLEM, "1e-100")), Designers.Options.defaults()).spec();
        assertEquals(0, spec.noiseEpsilon().compareTo(new java.math.BigDecimal("1e-100")));
    }
}
