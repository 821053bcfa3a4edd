package org.optimech.runtime.exact;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.regex.Pattern;

/** Strict decimal strings: the JSON number grammar, with a bounded exponent. */
public final class Decimals {
    private static final Pattern GRAMMAR = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]{1,4})?");
    /** Exponents beyond this are refused: no privacy parameter needs them, and BigDecimal would. */
    public static final int MAX_ABS_EXPONENT = 400;

    private Decimals() {
    }

    /**
     * Parses {@code text} as a decimal in the JSON number grammar (no leading {@code +}, no leading
     * zeros, no bare {@code .5}), or returns empty.
     */
    public static Optional<BigDecimal> parse(String text) {
        if (text == null || text.length() > 1000 || !GRAMMAR.matcher(text).matches()) {
            return Optional.empty();
        }
        BigDecimal d = new BigDecimal(text);
        if (d.signum() != 0 && Math.abs((long) d.precision() - d.scale() - 1) > MAX_ABS_EXPONENT) {
            return Optional.empty();
        }
        return Optional.of(d);
    }

    /** {@code x} rounded up to {@code digits} digits after the point, without trailing zeros. */
    public static BigDecimal ceilToDigits(BigDecimal x, int digits) {
        BigDecimal r = x.setScale(digits, RoundingMode.CEILING).stripTrailingZeros();
        return r.scale() < 0 ? r.setScale(0) : r;
    }

    /** The plain (non-exponent) string of a decimal, e.g. {@code 0.000001}. */
    public static String plain(BigDecimal x) {
        BigDecimal s = x.stripTrailingZeros();
        if (s.scale() < 0) {
            s = s.setScale(0);
        }
        return s.toPlainString();
    }
}
