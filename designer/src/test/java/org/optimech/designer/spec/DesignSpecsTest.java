package org.optimech.designer.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.Set;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.discrete.Designs;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.DiscreteMechanismSpec;

/** Specs written by the designer: schema-valid, complete, re-loadable, and sampled as stored. */
class DesignSpecsTest {
    @TempDir
    Path dir;

    static JsonSchema schema() throws Exception {
        Path p = Path.of(System.getProperty("user.dir")).resolve("../docs/spec-v1.schema.json").normalize();
        try (InputStream in = Files.newInputStream(p)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    @Test
    void writtenSpecsValidateAgainstTheSchemaAndCarryTheRequiredFields() throws Exception {
        String[] problems = {
            "{\"kind\":\"discrete\",\"epsilon\":1.0,\"inputs\":{\"range\":[0,6]},\"objective\":\"minimax\"}",
            "{\"kind\":\"discrete\",\"epsilon\":0.5,\"delta\":0.01,\"inputs\":{\"range\":[0,6]},\"loss\":\"squared\"}",
            "{\"kind\":\"discrete\",\"epsilon\":2,\"inputs\":{\"labels\":[\"a\",\"b\",\"c\"]},\"neighbours\":\"complete\",\"relation\":\"add-remove\"}",
        };
        for (String json : problems) {
            DiscreteDesign d = Designs.design(json);
            Path out = dir.resolve("spec.json");
            DiscreteMechanismSpec loaded = DesignSpecs.writeAndVerify(d, out, Instant.parse("2026-11-22T12:00:00Z"));
            assertEquals(d.certifiedEpsilon(), loaded.privacy().certifiedEpsilon());
            JsonNode doc = new ObjectMapper().readTree(out.toFile());
            Set<ValidationMessage> errors = schema().validate(doc);
            assertTrue(errors.isEmpty(), errors.toString());
            for (String ptr : new String[] {"/privacy/epsilon", "/privacy/delta", "/privacy/certified_epsilon", "/privacy/neighbours", "/privacy/numerics",
                "/privacy/input_policy", "/design/objective", "/design/objective_value", "/design/solver", "/design/problem", "/design/optimality/certified",
                "/provenance/created", "/provenance/tool_version", "/digest/value"}) {
                assertTrue(!doc.at(ptr).isMissingNode(), ptr + " missing in " + json);
            }
            assertEquals("exact", doc.at("/privacy/numerics").asText());
            assertEquals(d.objectiveValue().doubleValue(), doc.at("/design/objective_value").asDouble(), 0);
            assertTrue(doc.at("/design/optimality/certified").asBoolean());
        }
    }

    /** Structural specs (Bayes deterministic, minimax randomized remap) validate against the same schema and re-load. */
    @Test
    void structuralSpecsValidateAgainstTheSchema() throws Exception {
        String[] problems = {
            "{\"kind\":\"discrete\",\"epsilon\":1.0,\"inputs\":{\"range\":[0,12]},\"objective\":\"minimax\"}",
            "{\"kind\":\"discrete\",\"epsilon\":0.25,\"inputs\":{\"range\":[5,30]},\"outputs\":{\"range\":[0,40]},\"loss\":\"squared\"}",
        };
        for (String json : problems) {
            var p = org.optimech.designer.problem.ProblemParser.parse(json);
            var d = new org.optimech.designer.structural.StructuralDesigner(org.optimech.designer.common.DesignOptions.defaults(
                    org.optimech.designer.lp.OrToolsLpSolver.clp()), org.optimech.designer.common.Progress.silent()).design(p);
            Path out = dir.resolve("structural.json");
            var loaded = DesignSpecs.writeAndVerify(DesignSpecs.toSpec(d, Instant.parse("2026-11-22T12:00:00Z")), out);
            assertEquals(p.epsilon(), loaded.privacy().certifiedEpsilon());
            JsonNode doc = new ObjectMapper().readTree(out.toFile());
            Set<ValidationMessage> errors = schema().validate(doc);
            assertTrue(errors.isEmpty(), errors.toString());
            assertEquals("geometric-remap", doc.at("/mechanism/kind").asText());
            assertEquals("structural", doc.at("/design/method").asText());
            assertTrue(doc.at("/design/optimality/certified").asBoolean(), doc.at("/design/optimality").toString());
        }
    }

    /**
     * Issue 18 (9): an ε written with more digits than a double holds is recorded exactly, as a decimal string, so the digest
     * covers it and the runtime (which refuses number literals that do not round-trip) loads the spec.
     */
    @Test
    void exactDecimalsBeyondADoubleAreRecordedAsStrings() throws Exception {
        Path out = dir.resolve("digits.spec.json");
        DesignSpecs.writeAndVerify(Designs.design("{\"kind\":\"discrete\",\"epsilon\":0.50000000000000000001,\"inputs\":{\"range\":[0,4]}}"), out,
                Instant.EPOCH);
        org.optimech.runtime.json.JsonObject doc = org.optimech.runtime.json.JsonParser.parse(out).asObject();
        org.optimech.runtime.json.JsonValue eps = doc.get("design").orElseThrow().asObject().get("problem").orElseThrow().asObject().get("epsilon").orElseThrow();
        assertEquals(new org.optimech.runtime.json.JsonString("0.50000000000000000001"), eps);
        assertEquals("0.50000000000000000001", doc.get("privacy").orElseThrow().asObject().get("epsilon").orElseThrow().asString());
    }

    @Test
    void writtenFilesAreReadableByOthers() throws Exception {
        Path out = dir.resolve("perm.spec.json");
        DesignSpecs.writeAndVerify(Designs.design("{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"range\":[0,2]}}"), out, Instant.EPOCH);
        if (Files.getFileStore(out).supportsFileAttributeView("posix")) {
            assertTrue(Files.getPosixFilePermissions(out).contains(PosixFilePermission.OWNER_READ));
            assertTrue(Files.getPosixFilePermissions(out).size() > 2, "spec written with restrictive temp-file permissions: " + Files.getPosixFilePermissions(out));
        }
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count(), "temporary files left behind");
        }
    }

    /**
     * The runtime samples a designed spec as stored: χ² goodness of fit of 300,000 draws per input
     * (three inputs of a big-integer table, denominator beyond 64 bits) against the stored row.
     * Rejects at the 1 − 1e-7 quantile: false-failure probability 3e-7 for the test (seed fixed).
     */
    @Test
    void sampledOutputsFollowTheStoredRows() throws Exception {
        DiscreteDesign d = Designs.design("{\"kind\":\"discrete\",\"epsilon\":0.7,\"inputs\":{\"range\":[0,30]}}");
        Path out = dir.resolve("chi2.spec.json");
        DiscreteMechanismSpec written = DesignSpecs.writeAndVerify(d, out, Instant.EPOCH);
        DiscreteMechanism m = org.optimech.runtime.testing.TestMechanisms.discrete(written);
        assertTrue(!written.weights().fitsInLong(), "wanted a big-integer table to exercise that sampler");
        SeededRandomBits bits = new SeededRandomBits(2026);
        for (int input : new int[] {0, 15, 30}) {
            int n = 300_000;
            long[] counts = new long[m.spec().outputs().size()];
            for (int i = 0; i < n; i++) {
                counts[m.sampleIndex(input, bits)]++;
            }
            // pool outputs with expected count < 5 into one cell, as χ² requires
            double chi2 = 0;
            int cells = 0;
            double pooledExpected = 0;
            long pooledObserved = 0;
            for (int j = 0; j < counts.length; j++) {
                double e = n * written.weights().probability(input, j);
                if (e < 5) {
                    pooledExpected += e;
                    pooledObserved += counts[j];
                } else {
                    chi2 += (counts[j] - e) * (counts[j] - e) / e;
                    cells++;
                }
            }
            if (pooledExpected > 0) {
                chi2 += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / Math.max(pooledExpected, 1e-300);
                cells++;
            }
            double critical = new ChiSquaredDistribution(cells - 1).inverseCumulativeProbability(1 - 1e-7);
            assertTrue(chi2 < critical, "input " + input + ": chi2 " + chi2 + " >= " + critical + " (false-failure probability 1e-7)");
        }
    }
}
