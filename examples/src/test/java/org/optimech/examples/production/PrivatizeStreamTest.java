package org.optimech.examples.production;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.runtime.budget.BudgetLedger;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.NumericsPolicy;

/** The production example: runtime-only imports, loading a directory, the budget refusing, and tampered or idealized specs refused. */
class PrivatizeStreamTest {
    @TempDir
    Path dir;

    Path golden(String name, String as) throws Exception {
        Path target = dir.resolve(as + ".spec.json");
        try (var in = getClass().getResourceAsStream("/golden/v1/" + name)) {
            if (in == null) {
                // the runtime's golden files are not on this module's classpath: copy from the source tree
                Files.copy(Path.of(System.getProperty("user.dir")).resolve("../runtime/src/test/resources/golden/v1/" + name).normalize(), target);
            } else {
                Files.copy(in, target);
            }
        }
        return target;
    }

    /** The example must run with the runtime jar alone: it imports only the JDK and org.optimech.runtime. */
    @Test
    void importsOnlyTheRuntime() throws Exception {
        String src = Files.readString(Path.of(System.getProperty("user.dir")).resolve("src/main/java/org/optimech/examples/production/PrivatizeStream.java"));
        for (String line : src.split("\n")) {
            if (line.startsWith("import ")) {
                assertTrue(line.startsWith("import java.") || line.startsWith("import org.optimech.runtime."), line);
            }
        }
    }

    @Test
    void privatizesAndRefusesBeyondTheBudget() throws Exception {
        golden("count-path.json", "count");       // certified epsilon 0.693147181, inputs 0..2, clamp
        golden("knorm-hexagon.json", "hexagon");  // K-norm, epsilon 1, written before specs recorded their statistic
        // the standard policy refuses the hexagon: its sensitivity cannot be re-derived without the recorded statistic
        InvalidSpecException unchecked = assertThrows(InvalidSpecException.class, () -> PrivatizeStream.load(dir, NumericsPolicy.ALLOW_IDEALIZED));
        assertEquals("/mechanism/sensitivity", unchecked.pointer(), unchecked.getMessage());
        Map<String, PrivatizeStream.Loaded> specs = PrivatizeStream.load(dir, NumericsPolicy.ALLOW_IDEALIZED,
                org.optimech.runtime.spec.RuntimePolicy.builder().allowUncheckedSensitivity().build());
        assertEquals(2, specs.size());
        StringBuilder in = new StringBuilder("dataset,spec,value\n");
        for (int i = 0; i < 4; i++) {
            in.append("a,count,").append(i % 3).append('\n');
        }
        in.append("b,hexagon,3;4\n");
        StringWriter out = new StringWriter();
        BudgetLedger ledger = BudgetLedger.of(new BigDecimal("2.1"), BigDecimal.ZERO);
        PrivatizeStream.Stats s = PrivatizeStream.run(specs, ledger, new StringReader(in.toString()), out, new SeededRandomBits(1));
        assertEquals(5, s.records());
        assertEquals(4, s.released());
        assertEquals(1, s.refused(), "the fourth release on dataset a exceeds 2.1 = 3 x 0.69");
        String[] lines = out.toString().split("\n");
        assertEquals("dataset,spec,released", lines[0]);
        assertEquals("a,count,REFUSED", lines[4]);
        assertTrue(lines[5].startsWith("b,hexagon,") && lines[5].split(";").length == 2, lines[5]);
        assertEquals(3, ledger.spent("a").releases());
    }

    @Test
    void tamperedOrIdealizedSpecsAreRefusedAtLoad() throws Exception {
        Path hex = golden("knorm-hexagon.json", "hexagon");
        org.optimech.runtime.spec.RuntimePolicy allow = org.optimech.runtime.spec.RuntimePolicy.builder().allowUncheckedSensitivity().build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> PrivatizeStream.load(dir, NumericsPolicy.EXACT_ONLY, allow));
        assertTrue(e.getMessage().contains("idealized"), e.getMessage());
        Files.writeString(hex, Files.readString(hex).replace("\"sensitivity\": \"1\"", "\"sensitivity\": \"0.5\""));
        InvalidSpecException t = assertThrows(InvalidSpecException.class, () -> PrivatizeStream.load(dir, NumericsPolicy.ALLOW_IDEALIZED, allow));
        assertTrue(t.getMessage().contains("hexagon.spec.json") && t.getMessage().contains("digest mismatch"), t.getMessage());
    }
}
