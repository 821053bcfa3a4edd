package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The golden files validate against docs/spec-v1.schema.json, and the schema rejects what it should. */
class SchemaTest {
    static JsonSchema schema() throws Exception {
        Path p = Path.of(System.getProperty("user.dir")).resolve("../docs/spec-v1.schema.json").normalize();
        try (InputStream in = Files.newInputStream(p)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"randomized-response.json", "count-path.json", "approximate-dp.json", "knorm-hexagon.json", "knorm-halfspaces.json",
        "knorm-histogram-subspace.json", "gaussian-process.json", "knorm-hexagon-lattice.json", "knorm-l1-lattice.json", "elliptic-gaussian.json"})
    void goldenFilesValidate(String name) throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/golden/v1/" + name)) {
            Set<ValidationMessage> errors = schema().validate(new ObjectMapper().readTree(in));
            assertTrue(errors.isEmpty(), errors.toString());
        }
    }

    @Test
    void schemaRejectsNumericWeightsAndUnknownKeys() throws Exception {
        JsonNode doc;
        try (InputStream in = getClass().getResourceAsStream("/golden/v1/count-path.json")) {
            doc = new ObjectMapper().readTree(in);
        }
        ((com.fasterxml.jackson.databind.node.ArrayNode) doc.at("/mechanism/weights/0")).set(0, 160);
        assertFalse(schema().validate(doc).isEmpty());
        ((com.fasterxml.jackson.databind.node.ArrayNode) doc.at("/mechanism/weights/0")).set(0, "160");
        assertTrue(schema().validate(doc).isEmpty());
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.at("/privacy")).put("bonus", 1);
        assertFalse(schema().validate(doc).isEmpty());
    }

    @Test
    void knormSpecsMayNotCarryADiscreteNeighbourGraphOrExactNumerics() throws Exception {
        JsonNode doc;
        try (InputStream in = getClass().getResourceAsStream("/golden/v1/knorm-hexagon.json")) {
            doc = new ObjectMapper().readTree(in);
        }
        assertTrue(schema().validate(doc).isEmpty());
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.at("/privacy")).put("numerics", "exact");
        assertFalse(schema().validate(doc).isEmpty());
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.at("/privacy")).put("numerics", "idealized");
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.at("/privacy")).put("neighbours", "path");
        assertFalse(schema().validate(doc).isEmpty());
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.at("/privacy")).remove("neighbours");
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.at("/mechanism/body")).put("type", "sphere");
        assertFalse(schema().validate(doc).isEmpty());
    }
}
