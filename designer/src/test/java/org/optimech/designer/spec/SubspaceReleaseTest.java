package org.optimech.designer.spec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.knorm.KNormDesigner;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecDigest;
import org.optimech.runtime.testing.TestMechanisms;

/**
 * A statistic whose adjacent outputs span a proper subspace V = {x = B·x[pivots]} gets noise only in V; the coordinates that
 * are zero or dependent in exact arithmetic get none. Regression (review of issue 21): the release was t + B·z with t the
 * caller's floating-point statistic, so a written form that does not cancel in doubles (here x + y + 0.375·x − 0.375·x, and
 * x·y − y·x) published its rounding residue exactly. The release is now n·q0 + B·(t[pivots] + z): for every residue off V
 * the output is bit for bit the output without it, under add/remove (q0 = 0) and under substitution (q0 from one record,
 * n the public record count, given by the caller: review finding, an estimate of n read the residue's coordinates again).
 */
class SubspaceReleaseTest {
    // c = 1 (a count), x, y, s = x + y written so that doubles need not cancel, z = x·y − y·x (zero)
    private static final String STATISTIC = "{\"variables\":{\"x\":[0,1],\"y\":[0,1]},\"features\":["
            + "{\"name\":\"c\",\"terms\":[{\"coef\":1,\"powers\":{}}]},"
            + "{\"name\":\"x\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},"
            + "{\"name\":\"y\",\"terms\":[{\"coef\":1,\"powers\":{\"y\":1}}]},"
            + "{\"name\":\"s\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}},{\"coef\":1,\"powers\":{\"y\":1}},{\"coef\":0.375,\"powers\":{\"x\":1}},"
            + "{\"coef\":-0.375,\"powers\":{\"x\":1}}]},"
            + "{\"name\":\"z\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1,\"y\":1}},{\"coef\":-1,\"powers\":{\"y\":1,\"x\":1}}]}]}";

    private static KNormSpec substitution;
    private static KNormSpec addRemove;

    private static synchronized KNormSpec spec(String neighbours) throws Exception {
        if (neighbours.equals("substitution") && substitution != null) {
            return substitution;
        }
        if (neighbours.equals("add-remove") && addRemove != null) {
            return addRemove;
        }
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse("{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"" + neighbours + "\",\"statistic\":"
                + STATISTIC + ",\"candidates\":[\"hull\"],\"criterion\":\"max-variance\"}"));
        KNormComparison.Result r = KNormDesigner.compare(p);
        KNormSpec spec = KNormSpec.of(SpecCodec.read(SpecCodec.write(KNormSpecs.toSpec(p, r, "hull", KNormSpecs.BodyForm.TRIANGULATION, Instant.EPOCH))))
                .orElseThrow();
        if (neighbours.equals("substitution")) {
            substitution = spec;
        } else {
            addRemove = spec;
        }
        return spec;
    }

    @Test
    void theSubspaceAndItsOffsetAreTheExactOnes() throws Exception {
        KNormSpec sub = spec("substitution");
        assertEquals(2, sub.noiseDimension());
        assertTrue(TestMechanisms.knorm(sub, NumericsPolicy.ALLOW_IDEALIZED).needsRecordCount());
        assertTrue(!TestMechanisms.knorm(spec("add-remove"), NumericsPolicy.ALLOW_IDEALIZED).needsRecordCount());
        assertArrayEquals(new double[] {1, 0, 0, 0, 0}, sub.subspaceRecordOffset().orElseThrow()); // the count is n, public
        KNormSpec ar = spec("add-remove");
        assertEquals(3, ar.noiseDimension());
        assertArrayEquals(new double[5], ar.subspaceRecordOffset().orElseThrow());
    }

    /** Under substitution: n records, pivot values w; any residue off V (below half a record on the count) changes nothing. */
    @Property(tries = 200)
    void substitutionReleasesPublishNoResidue(@ForAll @IntRange(min = 1, max = 1_000_000) int n, @ForAll @DoubleRange(min = 0, max = 1) double fx,
            @ForAll @DoubleRange(min = 0, max = 1) double fy, @ForAll @DoubleRange(min = -1e3, max = 1e3) double countError,
            @ForAll @DoubleRange(min = -1e3, max = 1e3) double sResidue, @ForAll @DoubleRange(min = -1e3, max = 1e3) double zResidue,
            @ForAll long seed) throws Exception {
        double[] a = checkResidues(spec("substitution"), n, fx * n, fy * n, countError, sResidue, zResidue, seed);
        assertEquals(n, a[0]); // the count is public under substitution: released as the caller's n, exactly
    }

    /** Under add/remove the count is in V (a record's own t has c = 1): only s and z are off it. */
    @Property(tries = 200)
    void addRemoveReleasesPublishNoResidue(@ForAll @IntRange(min = 0, max = 1_000_000) int n, @ForAll @DoubleRange(min = 0, max = 1) double fx,
            @ForAll @DoubleRange(min = 0, max = 1) double fy, @ForAll @DoubleRange(min = -1e3, max = 1e3) double sResidue,
            @ForAll @DoubleRange(min = -1e3, max = 1e3) double zResidue, @ForAll long seed) throws Exception {
        checkResidues(spec("add-remove"), n, fx * n, fy * n, 0, sResidue, zResidue, seed);
    }

    private static double[] checkResidues(KNormSpec spec, int n, double sx, double sy, double countError, double sResidue, double zResidue, long seed) {
        KNormMechanism m = TestMechanisms.knorm(spec, NumericsPolicy.ALLOW_IDEALIZED);
        double[] exact = {n, sx, sy, sx + sy, 0};
        double[] written = {n + countError, sx, sy, sx + sy + sResidue, zResidue};
        double[] a;
        double[] b;
        if (m.needsRecordCount()) {
            // substitution: n is the caller's public count, never read from the statistic; without it the release refuses
            assertThrows(IllegalStateException.class, () -> m.sample(exact, new SeededRandomBits(seed)));
            a = m.sample(exact, n, new SeededRandomBits(seed));
            b = m.sample(written, n, new SeededRandomBits(seed));
        } else {
            a = m.sample(exact, new SeededRandomBits(seed));
            b = m.sample(written, new SeededRandomBits(seed));
            assertArrayEquals(a, m.sample(written, 12345, new SeededRandomBits(seed)), "a record count that is not needed changes nothing");
        }
        assertArrayEquals(a, b, "the residue off the subspace reached the output");
        // the output lies in n·q0 + V: z is 0, s is x + y up to rounding of the sum
        assertEquals(0, a[4]);
        assertEquals(a[1] + a[2], a[3], 1e-12 * (Math.abs(a[1]) + Math.abs(a[2]) + 1));
        // the pivot coordinates carry noise (the mechanism did not collapse to the public part)
        assertTrue(a[1] != sx || a[2] != sy);
        return a;
    }

    /** A recorded statistic that does not lie in n·q0 + V (its constant feature made a variable one) is refused at load. */
    @Test
    void aRecordedStatisticOffTheSubspaceIsRefused() throws Exception {
        JsonObject doc = SpecCodec.write(spec("substitution"));
        JsonObject design = doc.get("design").orElseThrow().asObject();
        String moved = STATISTIC.replace("{\"name\":\"c\",\"terms\":[{\"coef\":1,\"powers\":{}}]}", "{\"name\":\"c\",\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]}");
        assertTrue(!moved.equals(STATISTIC));
        JsonObject problem = design.get("problem").orElseThrow().asObject().with("statistic", JsonParser.parse(moved));
        org.optimech.runtime.spec.InvalidSpecException e = assertThrows(org.optimech.runtime.spec.InvalidSpecException.class,
                () -> TestMechanisms.read(SpecDigest.seal(doc.with("design", design.with("problem", problem)))));
        // the multilinear statistic's points are re-derived first, so that check may name it; either way the spec is refused
        assertTrue(e.pointer().equals("/mechanism/subspace") || e.pointer().equals("/design/problem/statistic"), e.pointer() + ": " + e.getMessage());
        assertTrue(e.getMessage().contains("subspace"), e.getMessage());
    }

    /** Without a recorded statistic a substitution spec in a subspace cannot tell n·q0 from a residue: no release is built. */
    @Test
    void aSubstitutionSubspaceSpecWithoutItsStatisticBuildsNoRelease() throws Exception {
        JsonObject doc = SpecCodec.write(spec("substitution"));
        JsonObject design = doc.get("design").orElseThrow().asObject();
        KNormSpec bare = KNormSpec.of(TestMechanisms.read(SpecDigest.seal(doc.with("design", design.without("problem"))))).orElseThrow();
        assertTrue(bare.subspaceRecordOffset().isEmpty());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TestMechanisms.knorm(bare, NumericsPolicy.ALLOW_IDEALIZED));
        assertTrue(e.getMessage().contains("cannot be separated"), e.getMessage());
    }
}
