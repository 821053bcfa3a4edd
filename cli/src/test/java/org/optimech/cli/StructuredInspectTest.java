package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code optimech inspect} says when a structured body can only be released idealized (issue 22: "ship that body idealized-only
 * and say so"): the Borda permutohedron has no exact lattice sampler, and the line gives the loader's reason; a count join,
 * which has one, gets no such line, and {@code --numerics exact} refuses a named permutohedron with the reason.
 */
class StructuredInspectTest {
    @TempDir
    Path dir;

    private Path problem(String statistic, String neighbours) throws Exception {
        Path p = dir.resolve(neighbours + statistic.hashCode() + ".json");
        Files.writeString(p, "{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"" + neighbours + "\",\"statistic\":" + statistic
                + ",\"candidates\":[\"l1\",\"linf\",\"hull\"],\"criterion\":\"trace\"}");
        return p;
    }

    @Test
    void anIdealizedOnlyBodySaysSoAndAnExactOneDoesNot() throws Exception {
        Path borda = problem("{\"ranking\":{\"candidates\":6,\"scores\":\"borda\"}}", "substitution");
        Path spec = dir.resolve("borda.spec.json");
        CliTest.Run design = CliTest.run("design", borda.toString(), "--out", spec.toString(), "--body", "hull", "-q");
        assertEquals(0, design.code(), design.err());
        CliTest.Run inspect = CliTest.run("inspect", spec.toString());
        assertEquals(0, inspect.code(), inspect.err());
        assertTrue(inspect.out().contains("exact        not available for this body: the permutohedron body is sampled in floating point only"),
                inspect.out());
        CliTest.Run exact = CliTest.run("design", borda.toString(), "--out", dir.resolve("x.json").toString(), "--body", "hull", "--numerics", "exact", "-q");
        assertTrue(exact.code() != 0 && exact.err().contains("permutohedron"), exact.code() + ": " + exact.err());

        Path counts = problem("{\"counts\":{\"dimension\":12,\"max_nonzero\":12}}", "add-remove");
        Path join = dir.resolve("join.spec.json");
        assertEquals(0, CliTest.run("design", counts.toString(), "--out", join.toString(), "--body", "hull", "-q").code());
        CliTest.Run idealJoin = CliTest.run("inspect", join.toString());
        assertFalse(idealJoin.out().contains("not available"), idealJoin.out());
        Path exactJoin = dir.resolve("join-exact.spec.json");
        CliTest.Run e = CliTest.run("design", counts.toString(), "--out", exactJoin.toString(), "--body", "hull", "--numerics", "exact", "-q");
        assertEquals(0, e.code(), e.err());
        assertTrue(CliTest.run("inspect", exactJoin.toString()).out().contains("numerics exact (lattice"), "the count join with k = d is exact");
    }

    /**
     * A body that has an exact sampler in general but cannot certify one at its dimension and k (review 8a): the count join of
     * counts of 2000 items with k = 820 (add/remove; its best proposal certifies about 7.5e-7 there, below 1e-6; k = 800
     * certifies 1.1e-6 since session 11's join envelope) gets a line with
     * the loader's reason at the automatic spacing; the count ball of counts of 1000 items with k = 200 (substitution), which
     * played that part until its mixed proposal certified it in session 11, gets none.
     */
    @Test
    void aBodyWhoseExactSamplerCannotBeCertifiedHereSaysWhy() throws Exception {
        Path join = problem("{\"counts\":{\"dimension\":2000,\"max_nonzero\":820}}", "add-remove");
        Path spec = dir.resolve("join2000.spec.json");
        CliTest.Run design = CliTest.run("design", join.toString(), "--out", spec.toString(), "--body", "hull", "-q");
        assertEquals(0, design.code(), design.err());
        CliTest.Run inspect = CliTest.run("inspect", spec.toString());
        assertEquals(0, inspect.code(), inspect.err());
        assertTrue(inspect.out().contains("exact        not available at this dimension and k (automatic spacing 2^")
                && inspect.out().contains("cannot certify that it accepts"), inspect.out());

        Path ball = problem("{\"counts\":{\"dimension\":1000,\"max_nonzero\":200}}", "substitution");
        Path ballSpec = dir.resolve("ball.spec.json");
        assertEquals(0, CliTest.run("design", ball.toString(), "--out", ballSpec.toString(), "--body", "hull", "-q").code());
        CliTest.Run ballInspect = CliTest.run("inspect", ballSpec.toString());
        assertEquals(0, ballInspect.code(), ballInspect.err());
        assertFalse(ballInspect.out().contains("not available"), ballInspect.out());
    }
}
