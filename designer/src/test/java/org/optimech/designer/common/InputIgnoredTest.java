package org.optimech.designer.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Design;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.Problems;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;

/** Issue 20: a Bayes design whose output ignores the input (the prior alone is optimal at that ε) is not called optimal silently. */
class InputIgnoredTest {

    private static Design design(String json, String method) throws Exception {
        return Designers.design(Problems.parse(json), Designers.Options.defaults().withMethod(DesignMethod.parse(method)));
    }

    private static java.util.Optional<JsonArray> warnings(Design d) {
        JsonObject design = d.spec().design();
        return design.get("warnings").map(v -> (JsonArray) v);
    }

    @Test
    void structuralAndLpDesignsThatIgnoreTheInputSaySo() throws Exception {
        // at epsilon 0.01 the Bayes-optimal release of a count in [0, 4] under absolute loss is the prior's median, whatever the input
        String count = "{\"kind\":\"discrete\",\"epsilon\":0.01,\"inputs\":{\"range\":[0,4]}}";
        for (String method : new String[] {"structural", "lp"}) {
            Design d = design(count, method);
            String w = warnings(d).orElseThrow(() -> new AssertionError(method + ": no warning")).elements().get(0).asString();
            assertTrue(w.contains("ignores its input") && w.contains("prior alone") && w.contains("epsilon 0.01"), w);
        }
        String labels = "{\"kind\":\"discrete\",\"epsilon\":0.01,\"inputs\":{\"labels\":[\"a\",\"b\",\"c\"]},\"prior\":[0.8,0.1,0.1]}";
        Design lp = design(labels, "auto");
        assertTrue(warnings(lp).isPresent());
        assertEquals(0, lp.spec().certifiedEpsilon().signum(), "identical rows are 0-DP, and certified so");
        // at epsilon 2 the same problems use the input: no warning
        assertFalse(warnings(design(count.replace("0.01", "2"), "structural")).isPresent());
        assertFalse(warnings(design(labels.replace("0.01", "2"), "auto")).isPresent());
    }

    @Test
    void detectsIdenticalRowsExactly() throws Exception {
        assertTrue(InputIgnored.of(WeightTable.ofLongs(2, new long[][] {{1, 3}, {1, 3}})));
        assertFalse(InputIgnored.of(WeightTable.ofLongs(2, new long[][] {{1, 3}, {2, 2}})));
        assertTrue(InputIgnored.of(Remap.deterministic(3, new int[] {1, 1, 1})));
        assertFalse(InputIgnored.of(Remap.deterministic(3, new int[] {1, 1, 2})));
        assertFalse(InputIgnored.warning(org.optimech.designer.problem.DiscreteProblem.class.cast(
                Problems.parse("{\"kind\":\"discrete\",\"epsilon\":1,\"inputs\":{\"range\":[0,1]}}")), false, BigDecimal.ONE).isPresent());
    }
}
