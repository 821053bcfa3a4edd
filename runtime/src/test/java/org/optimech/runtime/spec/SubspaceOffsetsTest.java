package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;

/**
 * The per-record offset q0 of a subspace release (t(x) − B·t(x)[pivots], the same for every record) is proved at load, not
 * trusted: from the canonical polynomials (curved features included, which the sensitivity re-check may leave unproved), from
 * every domain point of a multilinear statistic with categorical variables, or from the listed records; a statistic that does
 * not lie in n·q0 + V is refused, and one the runtime cannot evaluate gives no offset under substitution.
 */
class SubspaceOffsetsTest {
    private static final Rational ONE = Rational.of(BigInteger.ONE);
    private static final Rational ZERO = Rational.ZERO;

    private static JsonObject design(String statistic) throws Exception {
        return JsonParser.parse("{\"problem\":{\"kind\":\"knorm\",\"statistic\":" + statistic + "}}").asObject();
    }

    private static String feature(String name, String terms) {
        return "{\"name\":\"" + name + "\",\"terms\":[" + terms + "]}";
    }

    private static Optional<double[]> offset(String statistic, Relation relation, int[] pivots, Rational[][] basis) throws Exception {
        return SubspaceOffsets.perRecord(design(statistic), relation, new BodyChecks.Subspace(pivots, basis), basis.length)
                .map(q -> java.util.Arrays.stream(q).mapToDouble(Rational::doubleValue).toArray());
    }

    // (1, x², x² + 0.375·x − 0.375·x): curved, t2 = t1 exactly, t0 the count
    private static final String CURVED = "{\"variables\":{\"x\":[0.5,2]},\"features\":[" + feature("c", "{\"coef\":1,\"powers\":{}}") + ","
            + feature("q", "{\"coef\":1,\"powers\":{\"x\":2}}") + "," + feature("r", "{\"coef\":1,\"powers\":{\"x\":2}},{\"coef\":0.375,\"powers\":{\"x\":1}},"
            + "{\"coef\":-0.375,\"powers\":{\"x\":1}}") + "]}";
    private static final Rational[][] CURVED_BASIS = {{ZERO}, {ONE}, {ONE}};

    @Test
    void curvedStatisticsAreProvedOnTheirPolynomials() throws Exception {
        assertEquals("[1.0, 0.0, 0.0]", java.util.Arrays.toString(offset(CURVED, Relation.SUBSTITUTION, new int[] {1}, CURVED_BASIS).orElseThrow()));
        // under add/remove a record's own t is an adjacent output: (1, x², x²) is not in span{(0, 1, 1)}
        FieldException e = assertThrows(FieldException.class, () -> offset(CURVED, Relation.ADD_REMOVE, new int[] {1}, CURVED_BASIS));
        assertEquals("/mechanism/subspace", e.pointer());
        // a statistic moved off the subspace (r = x² + x) is refused
        String moved = CURVED.replace("{\"coef\":-0.375,\"powers\":{\"x\":1}}", "{\"coef\":0.625,\"powers\":{\"x\":1}}");
        e = assertThrows(FieldException.class, () -> offset(moved, Relation.SUBSTITUTION, new int[] {1}, CURVED_BASIS));
        assertEquals("/mechanism/subspace", e.pointer());
    }

    @Test
    void categoricalStatisticsAreProvedAtEveryDomainPoint() throws Exception {
        // one-hot of a 3-level category plus their sum (always 1): the differences span Σ = 0 in the first three
        String st = "{\"variables\":{\"a\":{\"categories\":[\"u\",\"v\",\"w\"]}},\"features\":[" + feature("u", "{\"coef\":1,\"powers\":{\"a=u\":1}}") + ","
                + feature("v", "{\"coef\":1,\"powers\":{\"a=v\":1}}") + "," + feature("w", "{\"coef\":1,\"powers\":{\"a=w\":1}}") + ","
                + feature("n", "{\"coef\":1,\"powers\":{\"a=u\":1}},{\"coef\":1,\"powers\":{\"a=v\":1}},{\"coef\":1,\"powers\":{\"a=w\":1}}") + "]}";
        Rational minus = ONE.negate();
        Rational[][] basis = {{ONE, ZERO}, {ZERO, ONE}, {minus, minus}, {ZERO, ZERO}};
        assertEquals("[0.0, 0.0, 1.0, 1.0]", java.util.Arrays.toString(offset(st, Relation.SUBSTITUTION, new int[] {0, 1}, basis).orElseThrow()));
        // a wrong basis (w = −u) does not hold the record (0, 1, 0, 1) and (1, 0, 0, 1) with the same offset
        Rational[][] wrong = {{ONE, ZERO}, {ZERO, ONE}, {minus, ZERO}, {ZERO, ZERO}};
        assertEquals("/mechanism/subspace", assertThrows(FieldException.class, () -> offset(st, Relation.SUBSTITUTION, new int[] {0, 1}, wrong)).pointer());
    }

    @Test
    void recordsAreProvedOneByOneAndOtherStatisticsGiveNoOffsetUnderSubstitution() throws Exception {
        Rational minus = ONE.negate();
        Rational[][] basis = {{ONE, ZERO}, {ZERO, ONE}, {minus, minus}};
        assertEquals("[0.0, 0.0, 1.0]", java.util.Arrays.toString(offset("{\"records\":[[1,0,0],[0,1,0],[0,0,1]]}", Relation.SUBSTITUTION, new int[] {0, 1},
                basis).orElseThrow()));
        assertThrows(FieldException.class, () -> offset("{\"records\":[[1,0,0],[0,1,0],[0,0,2]]}", Relation.SUBSTITUTION, new int[] {0, 1}, basis));
        assertTrue(offset("{\"differences\":[[1,-1,0],[0,1,-1]]}", Relation.SUBSTITUTION, new int[] {0, 1}, basis).isEmpty());
        assertEquals("[0.0, 0.0, 0.0]", java.util.Arrays.toString(offset("{\"differences\":[[1,-1,0],[0,1,-1]]}", Relation.ADD_REMOVE, new int[] {0, 1}, basis)
                .orElseThrow()));
        assertTrue(SubspaceOffsets.perRecord(JsonParser.parse("{}").asObject(), Relation.SUBSTITUTION, new BodyChecks.Subspace(new int[] {0, 1}, basis), 3)
                .isEmpty());
    }
}
