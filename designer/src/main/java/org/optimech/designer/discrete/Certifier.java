package org.optimech.designer.discrete;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.exact.Decimals;
import org.optimech.runtime.exact.ExpBounds;

/**
 * Certifies a weight table exactly, with the runtime's own checks: the numbers written to a spec are
 * the ones the runtime will re-check on load.
 */
final class Certifier {
    /** Significant digits of a certified ε (rounded up): relative, so that ε = 10^-6 is certified as finely as ε = 1. */
    static final int EPSILON_DIGITS = 9;
    /** Significant digits of a certified δ (rounded up). */
    static final int DELTA_DIGITS = 6;

    private Certifier() {
    }

    /** A certified ε and the ln of the table's largest neighbour ratio it was derived from. */
    record EpsilonCertificate(BigDecimal epsilon, double lnMaxRatio) {
    }

    /**
     * The smallest decimal with {@value #EPSILON_DIGITS} significant digits (or the request itself) that passes the exact
     * check, starting from ln of the exact largest ratio. The result may exceed the request; the caller decides.
     *
     * @throws IllegalStateException if the table has an infinite ratio
     */
    static EpsilonCertificate epsilon(WeightTable w, NeighbourGraph g, BigDecimal requested) {
        PrivacyChecks.MaxRatio max = PrivacyChecks.maxRatio(w, g);
        if (max.isInfinite()) {
            throw new IllegalStateException("the table has an infinite neighbour ratio at inputs " + max.from() + ", " + max.to() + ", output " + max.output());
        }
        double ln = Math.max(0, max.ln());
        // Passing is monotone in ε: walk up from ln(max ratio), rounded up, to the first decimal that
        // passes (the double ln can sit a hair below the exact one).
        BigDecimal c = new BigDecimal(ln).round(new MathContext(EPSILON_DIGITS, RoundingMode.CEILING));
        int tries = 0;
        while (!passes(w, g, c)) {
            if (++tries > 100) {
                throw new IllegalStateException("no certified epsilon within 100 steps of 10^-" + (EPSILON_DIGITS - 1) + " relative above ln(max ratio) = " + ln);
            }
            c = c.signum() == 0 ? new BigDecimal("1e-15") : c.add(step(c)).round(new MathContext(EPSILON_DIGITS, RoundingMode.CEILING));
        }
        c = new BigDecimal(Decimals.plain(c));
        if (c.compareTo(requested) > 0 && passes(w, g, requested)) {
            return new EpsilonCertificate(requested, ln); // the request has more digits than the grid
        }
        return new EpsilonCertificate(c, ln);
    }

    /** One unit in the last of {@value #EPSILON_DIGITS} significant digits of a positive c. */
    private static BigDecimal step(BigDecimal c) {
        int lead = c.precision() - c.scale() - 1; // c = d.ddd × 10^lead
        return BigDecimal.ONE.scaleByPowerOfTen(lead - (EPSILON_DIGITS - 1));
    }

    static boolean passes(WeightTable w, NeighbourGraph g, BigDecimal epsilon) {
        return PrivacyChecks.firstRatioViolation(w, g, ExpBounds.lowerNumerator(epsilon)).isEmpty();
    }

    /** The exact hockey-stick δ at ε (against a rational lower bound of e^ε), rounded up. */
    static BigDecimal delta(WeightTable w, NeighbourGraph g, BigDecimal epsilon) {
        BigInteger n = PrivacyChecks.hockeyStickNumerator(w, g, ExpBounds.lowerNumerator(epsilon));
        if (n.signum() == 0) {
            return BigDecimal.ZERO;
        }
        BigDecimal exact = new BigDecimal(n).divide(new BigDecimal(BigInteger.ONE.shiftLeft(PrivacyChecks.hockeyStickDenominatorBits(w))));
        return new BigDecimal(Decimals.plain(exact.round(new MathContext(DELTA_DIGITS, RoundingMode.CEILING))));
    }
}
