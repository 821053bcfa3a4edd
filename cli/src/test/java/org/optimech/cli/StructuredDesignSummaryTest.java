package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The design summary of a structured statistic names the body the spec stores (issue 22's outside-review audit). */
class StructuredDesignSummaryTest {
    @TempDir
    Path dir;

    /**
     * Regression: with {@code --numerics exact} the criterion's pick may have no exact sampler (the Borda permutohedron), and the
     * spec then stores the best candidate that has one. The summary's mechanism line said "body hull (permutohedron …), selected by
     * trace" while the spec held the ℓ∞ ball; it now names the stored body and says why the pick was passed over.
     */
    @Test
    void anExactDesignThatStoresAnotherBodyThanThePickNamesTheStoredOne() throws Exception {
        Path problem = dir.resolve("borda.json");
        Files.writeString(problem, "{\"kind\":\"knorm\",\"epsilon\":0.5,\"neighbours\":\"substitution\",\"statistic\":{\"ranking\":{\"candidates\":12,"
                + "\"scores\":\"borda\"}},\"candidates\":[\"l1\",\"l2\",\"linf\",\"hull\"],\"criterion\":\"trace\"}");
        Path spec = dir.resolve("borda.spec.json");
        CliTest.Run design = CliTest.run("design", problem.toString(), "--out", spec.toString(), "--numerics", "exact", "-q");
        assertEquals(0, design.code(), design.err());
        String line = design.out().lines().filter(l -> l.startsWith("  mechanism")).findFirst().orElseThrow();
        assertTrue(line.contains("body linf (linf ball), stored instead of hull (permutohedron"), line);
        assertTrue(line.contains("has no exact lattice sampler"), line);
        assertTrue(Files.readString(spec).contains("\"norm\": \"linf\"") || Files.readString(spec).contains("\"norm\":\"linf\""), "the spec stores the linf ball");

        // an idealized design stores the pick, and says it was selected
        CliTest.Run ideal = CliTest.run("design", problem.toString(), "--out", dir.resolve("ideal.spec.json").toString(), "-q");
        assertEquals(0, ideal.code(), ideal.err());
        assertTrue(ideal.out().contains("body hull (permutohedron") && ideal.out().contains("selected by trace"), ideal.out());
    }
}
