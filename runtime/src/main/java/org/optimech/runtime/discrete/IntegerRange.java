package org.optimech.runtime.discrete;

import java.util.OptionalInt;

/** The integers {@code from..to}, both ends included. */
public record IntegerRange(long from, long to) implements DiscreteDomain {
    public IntegerRange {
        if (from > to) {
            throw new IllegalArgumentException("range must have from <= to. Provided value: [" + from + ", " + to + "]");
        }
        if (to - from + 1 > MAX_SIZE || to - from + 1 <= 0) {
            throw new IllegalArgumentException("range must have at most " + MAX_SIZE + " values. Provided value: [" + from + ", " + to + "]");
        }
    }

    @Override
    public int size() {
        return (int) (to - from + 1);
    }

    /** The integer value at an index. */
    public long longValueAt(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        return from + index;
    }

    @Override
    public String valueAt(int index) {
        return Long.toString(longValueAt(index));
    }

    @Override
    public OptionalInt indexOf(String value) {
        try {
            long v = Long.parseLong(value);
            if (v < from || v > to || !Long.toString(v).equals(value)) {
                return OptionalInt.empty();
            }
            return OptionalInt.of((int) (v - from));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** The index of the range value nearest to {@code v} (its clamp into the range). */
    public int clampedIndexOf(long v) {
        return (int) (Math.min(Math.max(v, from), to) - from);
    }

    /**
     * The index of the range value nearest to the integer written in {@code text} (surrounding white space allowed, an
     * optional sign, decimal digits of any length), or −1 when the text is not such an integer. Linear in the text's
     * length: a long text of digits is simply beyond the range, decided by its sign, without building a big integer.
     */
    public int clampedIndexOfText(String text) {
        String t = text.strip();
        int start = t.startsWith("-") || t.startsWith("+") ? 1 : 0;
        if (t.length() == start) {
            return -1;
        }
        int firstNonZero = -1;
        for (int i = start; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            if (firstNonZero < 0 && c != '0') {
                firstNonZero = i;
            }
        }
        boolean negative = t.charAt(0) == '-';
        if (firstNonZero < 0) {
            return clampedIndexOf(0L);
        }
        if (t.length() - firstNonZero > 18) { // at least 10^18 in magnitude: beyond both ends of any range of longs we accept
            return negative ? 0 : size() - 1;
        }
        long v = Long.parseLong(t.substring(firstNonZero));
        return clampedIndexOf(negative ? -v : v);
    }

    /** The index of the range value nearest to {@code v}, for integers of any size (its clamp into the range). */
    public int clampedIndexOf(java.math.BigInteger v) {
        if (v.bitLength() < 64) {
            return clampedIndexOf(v.longValue());
        }
        return v.signum() < 0 ? 0 : size() - 1;
    }
}
