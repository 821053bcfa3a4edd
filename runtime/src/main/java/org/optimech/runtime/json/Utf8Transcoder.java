package org.optimech.runtime.json;

import java.io.IOException;
import java.io.InputStream;

/**
 * UTF-8 bytes of text held in another form (a {@code String}, a {@code char[]}, UTF-16 or UTF-32 bytes), so that
 * {@link JsonReader} scans one encoding only. Text that has no UTF-8 form (an unpaired surrogate, a code point beyond
 * U+10FFFF, a truncated code unit) ends the stream: every byte before it is delivered, then the next read throws a
 * {@link MalformedTextException}, which the reader reports at its position in the document.
 */
abstract class Utf8Transcoder extends InputStream {
    /** Bytes of a code point that did not fit into the caller's array. */
    private final byte[] spill = new byte[4];
    private int spillPos;
    private int spillLen;
    private MalformedTextException failure;
    private boolean end;

    /** The next code point, or -1 at the end; throws once the text has no UTF-8 form at this place. */
    abstract int nextCodePoint() throws IOException;

    @Override
    public final int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public final int read(byte[] dst, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int o = off;
        int lim = off + len;
        while (spillPos < spillLen && o < lim) {
            dst[o++] = spill[spillPos++];
        }
        while (o < lim && failure == null && !end) {
            int cp;
            try {
                cp = nextCodePoint();
            } catch (MalformedTextException e) {
                failure = e;
                break;
            }
            if (cp < 0) {
                end = true;
            } else if (cp < 0x80) {
                dst[o++] = (byte) cp;
            } else {
                int n = encode(cp, spill);
                int fit = Math.min(n, lim - o);
                System.arraycopy(spill, 0, dst, o, fit);
                o += fit;
                spillPos = fit;
                spillLen = n;
            }
        }
        if (o > off) {
            return o - off;
        }
        if (failure != null) {
            throw failure;
        }
        return -1;
    }

    /** Writes the UTF-8 form of a scalar value (not a surrogate) and returns its length. */
    private static int encode(int cp, byte[] out) {
        if (cp < 0x800) {
            out[0] = (byte) (0xC0 | cp >> 6);
            out[1] = (byte) (0x80 | cp & 0x3F);
            return 2;
        }
        if (cp < 0x10000) {
            out[0] = (byte) (0xE0 | cp >> 12);
            out[1] = (byte) (0x80 | cp >> 6 & 0x3F);
            out[2] = (byte) (0x80 | cp & 0x3F);
            return 3;
        }
        out[0] = (byte) (0xF0 | cp >> 18);
        out[1] = (byte) (0x80 | cp >> 12 & 0x3F);
        out[2] = (byte) (0x80 | cp >> 6 & 0x3F);
        out[3] = (byte) (0x80 | cp & 0x3F);
        return 4;
    }

    /** In-memory UTF-16 text: a {@code String} or a range of a {@code char[]}. */
    static final class OfChars extends Utf8Transcoder {
        private final String string;
        private final char[] array;
        private int next;
        private final int end;

        OfChars(String string) {
            this.string = string;
            this.array = null;
            this.next = 0;
            this.end = string.length();
        }

        OfChars(char[] array, int offset, int length) {
            this.string = null;
            this.array = array;
            this.next = offset;
            this.end = offset + length;
        }

        private char at(int i) {
            return array != null ? array[i] : string.charAt(i);
        }

        @Override
        int nextCodePoint() throws MalformedTextException {
            if (next >= end) {
                return -1;
            }
            char c = at(next);
            if (!Character.isSurrogate(c)) {
                next++;
                return c;
            }
            if (Character.isHighSurrogate(c) && next + 1 < end && Character.isLowSurrogate(at(next + 1))) {
                int cp = Character.toCodePoint(c, at(next + 1));
                next += 2;
                return cp;
            }
            throw new MalformedTextException(String.format("unpaired UTF-16 surrogate U+%04X in the text", (int) c));
        }
    }

    /** UTF-16 or UTF-32 bytes (after their byte order mark), big- or little-endian. */
    static final class OfUnicodeBytes extends Utf8Transcoder {
        private final InputStream in;
        private final int unitBytes;
        private final boolean bigEndian;
        private final String name;
        private final byte[] raw = new byte[8192];
        private int rawPos;
        private int rawLen;

        OfUnicodeBytes(InputStream in, int unitBytes, boolean bigEndian) {
            this.in = in;
            this.unitBytes = unitBytes;
            this.bigEndian = bigEndian;
            this.name = (unitBytes == 2 ? "UTF-16" : "UTF-32") + (bigEndian ? "BE" : "LE");
        }

        /** The next code unit, or -1 at the end of the input. */
        private int unit() throws IOException {
            int u = 0;
            for (int i = 0; i < unitBytes; i++) {
                if (rawPos == rawLen) {
                    int n;
                    do {
                        n = in.read(raw, 0, raw.length);
                    } while (n == 0);
                    if (n < 0) {
                        if (i == 0) {
                            return -1;
                        }
                        throw new MalformedTextException("invalid " + name + ": the input ends inside a code unit");
                    }
                    rawPos = 0;
                    rawLen = n;
                }
                int b = raw[rawPos++] & 0xFF;
                u = bigEndian ? u << 8 | b : u | b << 8 * i;
            }
            return u;
        }

        @Override
        int nextCodePoint() throws IOException {
            int u = unit();
            if (u < 0) {
                return -1;
            }
            if (unitBytes == 4) {
                if (Integer.compareUnsigned(u, Character.MAX_CODE_POINT) > 0 || u >= 0xD800 && u <= 0xDFFF) {
                    throw new MalformedTextException(String.format("invalid %s: 0x%08X is not a Unicode scalar value", name, u));
                }
                return u;
            }
            if (u < 0xD800 || u > 0xDFFF) {
                return u;
            }
            if (u <= 0xDBFF) {
                int low = unit();
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    return Character.toCodePoint((char) u, (char) low);
                }
            }
            throw new MalformedTextException(String.format("invalid %s: unpaired surrogate U+%04X", name, u));
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** The text at this place has no UTF-8 form; the message says why. */
    static final class MalformedTextException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedTextException(String message) {
            super(message);
        }
    }
}
