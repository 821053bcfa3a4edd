package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;

/**
 * The JSON form of the {@link StructuredBody structured bodies}, for {@link KNormJson}:
 *
 * <pre>{@code
 * {"type": "sum-ball", "k": 20}      {"type": "count-ball", "k": 5}      {"type": "count-join", "k": 5}
 * {"type": "permutohedron"}          {"type": "permutohedron", "prism_half_height": "4.5"}
 * }</pre>
 */
final class StructuredBodyJson {
    /** The structured bodies' types. */
    static final Set<String> TYPES = Set.of("sum-ball", "count-ball", "count-join", "permutohedron");

    private StructuredBodyJson() {
    }

    static StructuredBody read(JsonObject b, String type, int d, String bp) throws FieldException {
        if (type.equals("permutohedron")) {
            Fields.allowedKeys(b, bp, Set.of("type", "prism_half_height"));
            if (d < 2) {
                throw new FieldException(KNormJson.P + "/dimension", "a permutohedron body needs dimension >= 2. Provided value: " + d);
            }
            BigDecimal h = null;
            if (b.has("prism_half_height")) {
                h = Fields.decimalString(b.get("prism_half_height").orElseThrow(), bp + "/prism_half_height");
                if (h.signum() <= 0) {
                    throw new FieldException(bp + "/prism_half_height", "must be > 0 (omit it for the permutohedron in its hyperplane). Provided value: "
                            + h.toPlainString());
                }
            }
            return new StructuredBody.Permutohedron(h);
        }
        Fields.allowedKeys(b, bp, Set.of("type", "k"));
        int k = (int) Fields.integer(Fields.member(b, "k", bp), bp + "/k", 1, d);
        switch (type) {
            case "sum-ball":
                return new StructuredBody.SumBall(k);
            case "count-ball":
                return new StructuredBody.CountBall(k);
            default:
                return new StructuredBody.CountJoin(k);
        }
    }

    static JsonObject write(StructuredBody body) {
        JsonObject.Builder b = JsonObject.builder().put("type", body.type());
        if (body instanceof StructuredBody.Permutohedron p) {
            if (p.prismHalfHeight() != null) {
                b.put("prism_half_height", p.prismHalfHeight().toPlainString());
            }
            return b.build();
        }
        return b.put("k", StructuredBody.kOf(body)).build();
    }
}
