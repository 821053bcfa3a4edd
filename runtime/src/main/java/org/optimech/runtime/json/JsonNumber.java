package org.optimech.runtime.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A JSON number, kept as the literal text it was written with (RFC 8259 grammar). The exact value
 * is {@link #decimal()}; {@link #doubleValue()} is the correctly rounded nearest double, which is
 * also what RFC 8785 canonicalizes.
 */
public final class JsonNumber implements JsonValue {
    private static final Pattern GRAMMAR = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    /**
     * The literal; for a number made from a double, formatted when first asked (a packed array of millions of doubles makes
     * its elements on demand, and most readers want the double, not the text). A racy first call formats twice, the same
     * immutable string either way.
     */
    private String literal;
    /** The double of a number made by {@link #of(double)} (never −0.0); unused otherwise. */
    private final double value;
    /** Whether this number was made from a double, so its literal is RFC 8785's form of it: written as is, not formatted again. */
    private final boolean canonical;

    private JsonNumber(String literal) {
        this.literal = literal;
        this.value = Double.NaN;
        this.canonical = false;
    }

    private JsonNumber(double value) {
        this.literal = null;
        this.value = value == 0.0 ? 0.0 : value; // -0.0 is written "0", which reads back as +0.0
        this.canonical = true;
    }

    /** Largest |exponent| a literal may write: far beyond any double, and safely inside {@link BigDecimal}'s scale. */
    public static final int MAX_ABS_EXPONENT = 10_000;

    /**
     * A number from its JSON literal; rejects text outside the RFC 8259 number grammar, and exponents beyond
     * ±{@value #MAX_ABS_EXPONENT} (which {@link BigDecimal} may not represent; no spec or problem needs them).
     */
    public static JsonNumber ofLiteral(String literal) {
        Objects.requireNonNull(literal, "literal");
        if (!GRAMMAR.matcher(literal).matches()) {
            throw new IllegalArgumentException("not a JSON number literal: " + literal);
        }
        int e = Math.max(literal.indexOf('e'), literal.indexOf('E'));
        if (e >= 0) {
            String digits = literal.substring(e + 1).replaceFirst("^[+-]", "").replaceFirst("^0+(?=.)", "");
            if (digits.length() > 5 || Integer.parseInt(digits) > MAX_ABS_EXPONENT) {
                throw new IllegalArgumentException("number exponent out of range (at most " + MAX_ABS_EXPONENT + " in magnitude): "
                        + (literal.length() > 40 ? literal.substring(0, 37) + "..." : literal));
            }
        }
        return new JsonNumber(literal);
    }

    /** A number from a literal that {@link JsonReader} has already checked against the grammar and the exponent bound. */
    static JsonNumber ofCheckedLiteral(String literal) {
        return new JsonNumber(literal);
    }

    public static JsonNumber of(long value) {
        return new JsonNumber(Long.toString(value));
    }

    /**
     * A number holding a finite double, written in the shortest form that reads back as the same
     * double (ECMAScript's Number-to-string, as RFC 8785 requires).
     */
    public static JsonNumber of(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("JSON cannot represent " + value);
        }
        return new JsonNumber(value);
    }

    /** Whether {@link #literal()} is known to be RFC 8785's canonical form of the number (it was made from a double). */
    boolean isCanonical() {
        return canonical;
    }

    /** The literal text. */
    public String literal() {
        String l = literal;
        if (l == null) {
            l = Es6NumberFormat.format(value);
            literal = l;
        }
        return l;
    }

    /** The exact value of the literal. */
    public BigDecimal decimal() {
        return new BigDecimal(literal());
    }

    /** The double nearest to the literal's exact value. */
    public double doubleValue() {
        return canonical ? value : Double.parseDouble(literal);
    }

    /**
     * Whether the literal survives RFC 8785 canonicalization: its nearest double is finite and its shortest form has the
     * literal's exact value ({@code 0.1}, {@code 1.0}, {@code 1e-30} do; {@code 1.00000000000000000001} and {@code 1e400} do
     * not). A digest over the canonical form covers exactly such numbers, so a spec may hold no other.
     */
    public boolean roundTrips() {
        if (canonical || Es6NumberFormat.canonicalOfShortLiteral(literal) != null) {
            return true;
        }
        double d = doubleValue();
        return Double.isFinite(d) && new BigDecimal(Es6NumberFormat.format(d)).compareTo(decimal()) == 0;
    }

    /**
     * An exact decimal as JSON: a number when it {@link #roundTrips() round-trips}, else its decimal string (which keeps
     * every digit through canonicalization). Readers of exact numbers accept both ({@link Fields#exactNumber}).
     */
    public static JsonValue exact(BigDecimal value) {
        String s = value.toString().replace("E+", "e").replace("E", "e");
        JsonNumber n = ofLiteral(s);
        return n.roundTrips() ? n : new JsonString(s);
    }

    /** Whether the exact value is an integer (e.g. {@code 3}, {@code 3.0}, {@code 3e2}). */
    public boolean isIntegral() {
        BigDecimal d = decimal();
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    /** The exact integer value; throws {@link ArithmeticException} if it has a fractional part. */
    public BigInteger bigIntegerValueExact() {
        return decimal().toBigIntegerExact();
    }

    @Override
    public String typeName() {
        return "number";
    }

    @Override
    public JsonNumber asNumber() {
        return this;
    }

    @Override
    public Optional<JsonNumber> number() {
        return Optional.of(this);
    }

    @Override
    public JsonNumber asNumber(String pointer) {
        return this;
    }

    /** Numbers are equal when their exact values are ({@code 1.0} equals {@code 1}). */
    @Override
    public boolean equals(Object o) {
        if (o instanceof JsonNumber other && canonical && other.canonical) {
            return value == other.value; // each is exactly its double (never -0.0)
        }
        return o instanceof JsonNumber other && decimal().compareTo(other.decimal()) == 0;
    }

    @Override
    public int hashCode() {
        BigDecimal d = decimal();
        return d.signum() == 0 ? 0 : d.stripTrailingZeros().hashCode();
    }

    @Override
    public String toString() {
        return literal();
    }
}
