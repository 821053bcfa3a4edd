package org.optimech.runtime.json;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * ECMAScript's Number-to-String for finite doubles (ECMA-262 §6.1.6.1.20), which RFC 8785 uses for
 * canonical JSON numbers: the shortest decimal that reads back as the same double (ties to the
 * closer, then the even, digit string), laid out in plain or exponent form by its magnitude.
 *
 * <p>Java 17's {@code Double.toString} does not always give the shortest digits (JDK-4511638, fixed
 * in 19), so the digits are found here from the exact binary value: for each length p, the two
 * p-digit decimals around the value are the only candidates that can be closest, and the first
 * length at which one of them reads back as the double gives the answer.
 */
public final class Es6NumberFormat {
    private Es6NumberFormat() {
    }

    /** The ECMAScript string for a finite double; {@code -0.0} gives {@code "0"}. */
    public static String format(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite double: " + value);
        }
        if (value == 0.0) {
            return "0";
        }
        if (value < 0) {
            return "-" + format(-value);
        }
        BigDecimal shortest = shortestDecimal(value);
        String digits = shortest.unscaledValue().toString();
        int k = digits.length();
        int n = k - shortest.scale();
        return layout(digits, k, n);
    }

    private static BigDecimal shortestDecimal(double value) {
        BigDecimal exact = new BigDecimal(value);
        for (int p = 1; p <= 17; p++) {
            BigDecimal down = exact.round(new MathContext(p, RoundingMode.FLOOR));
            BigDecimal up = exact.round(new MathContext(p, RoundingMode.CEILING));
            boolean downOk = Double.parseDouble(down.toString()) == value;
            boolean upOk = Double.parseDouble(up.toString()) == value;
            if (downOk && upOk) {
                int cmp = exact.subtract(down).compareTo(up.subtract(exact));
                if (cmp < 0) {
                    return strip(down);
                }
                if (cmp > 0) {
                    return strip(up);
                }
                // Exactly half way: the even digit string.
                return down.unscaledValue().testBit(0) ? strip(up) : strip(down);
            }
            if (downOk) {
                return strip(down);
            }
            if (upOk) {
                return strip(up);
            }
        }
        throw new AssertionError("no decimal of at most 17 digits reads back as " + value);
    }

    private static BigDecimal strip(BigDecimal d) {
        return d.stripTrailingZeros();
    }

    private static String layout(String digits, int k, int n) {
        StringBuilder sb = new StringBuilder(k + 8);
        if (k <= n && n <= 21) {
            sb.append(digits);
            sb.append("0".repeat(n - k));
        } else if (0 < n && n <= 21) {
            sb.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            sb.append("0.").append("0".repeat(-n)).append(digits);
        } else {
            int e = n - 1;
            sb.append(digits.charAt(0));
            if (k > 1) {
                sb.append('.').append(digits, 1, k);
            }
            sb.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
        return sb.toString();
    }
}
