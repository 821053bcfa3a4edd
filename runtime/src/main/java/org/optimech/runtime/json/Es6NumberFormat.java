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
 * in 19), so the digits are found by {@link ShortestDecimal} with integer arithmetic. The slower
 * definition from the exact binary value, {@link #formatExact}, is kept as the tests' reference.
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
        return ShortestDecimal.format(value);
    }

    /**
     * The same string as {@link #format}, from the exact binary value with BigDecimal: for each length p, the two p-digit
     * decimals around the value are the only candidates that can be closest, and the first length at which one of them reads
     * back as the double gives the answer. The reference the fast path is tested against.
     */
    static String formatExact(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite double: " + value);
        }
        if (value == 0.0) {
            return "0";
        }
        if (value < 0) {
            return "-" + formatExact(-value);
        }
        if (value >= Double.MIN_NORMAL) {
            // Double.toString reads back; with at most 15 digits no other decimal that short reads as this double (DBL_DIG)
            String fast = layoutIfShort(Double.toString(value));
            if (fast != null) {
                return fast;
            }
        }
        BigDecimal shortest = shortestDecimal(value);
        char[] digits = shortest.unscaledValue().toString().toCharArray();
        int k = digits.length;
        int n = k - shortest.scale();
        return layout(false, digits, 0, k, n);
    }

    /**
     * The canonical form of a number literal's nearest double, when it is cheap to know without formatting the double: a
     * literal of at most 15 significant digits in the normal range is the shortest form of its nearest double (distinct
     * decimals of at most 15 digits read as distinct doubles, DBL_DIG), so its own digits are laid out. Null otherwise.
     */
    static String canonicalOfShortLiteral(String literal) {
        return layoutIfShort(literal);
    }

    /**
     * A decimal text (a JSON literal or {@link Double#toString}'s output: digits, an optional point, an optional exponent) laid
     * out in ECMAScript's form from its own digits when it has at most 15 significant digits and a decimal exponent well inside
     * the normal double range; null otherwise (or for text of another shape). String work only: no BigDecimal.
     */
    private static String layoutIfShort(String text) {
        int len = text.length();
        int i = 0;
        boolean negative = len > 0 && text.charAt(0) == '-';
        if (negative) {
            i = 1;
        }
        char[] digits = new char[len];
        int count = 0;
        int point = -1;
        int exponent = 0;
        for (; i < len; i++) {
            char ch = text.charAt(i);
            if (ch >= '0' && ch <= '9') {
                digits[count++] = ch;
            } else if (ch == '.' && point < 0) {
                point = count;
            } else if ((ch == 'e' || ch == 'E') && i + 1 < len && len - i <= 7) {
                try {
                    exponent = Integer.parseInt(text.substring(text.charAt(i + 1) == '+' ? i + 2 : i + 1));
                } catch (NumberFormatException e) {
                    return null;
                }
                break;
            } else {
                return null;
            }
        }
        if (count == 0) {
            return null;
        }
        int n = (point < 0 ? count : point) + exponent; // the value is 0.d1d2…dcount × 10^n
        int first = 0;
        while (first < count && digits[first] == '0') {
            first++;
            n--;
        }
        if (first == count) {
            return "0";
        }
        int last = count;
        while (digits[last - 1] == '0') {
            last--;
        }
        int k = last - first;
        if (k > 15 || n < -300 || n > 300) {
            return null;
        }
        return layout(negative, digits, first, k, n);
    }

    private static BigDecimal shortestDecimal(double value) {
        BigDecimal exact = new BigDecimal(value);
        BigDecimal toString = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        // Some decimal of p digits reads back as the value iff its p-digit floor or ceiling does (they are the closest on each
        // side, and the read-back interval is convex), and then one of p + 1 digits does too: so the shortest length is found
        // going down from any length that reads back. Double.toString reads back (its digits are at most one too many on
        // Java 17), so start there: two or three trials instead of up to seventeen.
        int p = Math.min(17, toString.precision());
        while (p > 1 && readsBack(exact, p - 1, value)) {
            p--;
        }
        return closest(exact, p, value);
    }

    private static boolean readsBack(BigDecimal exact, int p, double value) {
        return Double.parseDouble(exact.round(new MathContext(p, RoundingMode.FLOOR)).toString()) == value
                || Double.parseDouble(exact.round(new MathContext(p, RoundingMode.CEILING)).toString()) == value;
    }

    /** Of the p-digit floor and ceiling, the one that reads back; both: the closer, then the even digit string. */
    private static BigDecimal closest(BigDecimal exact, int p, double value) {
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
        throw new AssertionError("no decimal of " + p + " digits reads back as " + value);
    }

    private static BigDecimal strip(BigDecimal d) {
        return d.stripTrailingZeros();
    }

    /** The ECMAScript layout of f 10^e (f > 0, trailing zeros allowed). */
    static String layout(boolean negative, long f, int e) {
        while (f % 10 == 0) {
            f /= 10;
            e++;
        }
        char[] digits = new char[19];
        int from = digits.length;
        for (; f != 0; f /= 10) {
            digits[--from] = (char) ('0' + f % 10);
        }
        int k = digits.length - from;
        return layout(negative, digits, from, k, k + e);
    }

    /** The ECMAScript layout of the k digits from {@code from} (no leading or trailing zero) times 10^(n - k). */
    private static String layout(boolean negative, char[] digits, int from, int k, int n) {
        StringBuilder sb = new StringBuilder(k + 8);
        if (negative) {
            sb.append('-');
        }
        if (k <= n && n <= 21) {
            sb.append(digits, from, k);
            for (int i = k; i < n; i++) {
                sb.append('0');
            }
        } else if (0 < n && n <= 21) {
            sb.append(digits, from, n).append('.').append(digits, from + n, k - n);
        } else if (-6 < n && n <= 0) {
            sb.append("0.");
            for (int i = n; i < 0; i++) {
                sb.append('0');
            }
            sb.append(digits, from, k);
        } else {
            int e = n - 1;
            sb.append(digits[from]);
            if (k > 1) {
                sb.append('.').append(digits, from + 1, k - 1);
            }
            sb.append('e').append(e < 0 ? '-' : '+').append(Math.abs(e));
        }
        return sb.toString();
    }
}
