package org.optimech.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.optimech.cli.OptimechCli;

/**
 * Every bundled problem goes through the CLI as the README promises: discrete problems design, certify and
 * verify; K-norm problems ({@code knorm-*.json}) compare.
 */
class BundledProblemsTest {
    @TempDir
    Path dir;

    static Stream<Path> problems() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).resolve("problems");
        try (Stream<Path> s = Files.list(root)) {
            List<Path> l = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            assertTrue(l.size() >= 5, "bundled problems: " + l);
            return l.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("problems")
    void designsAndVerifies(Path problem) {
        if (problem.getFileName().toString().startsWith("knorm-")) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = OptimechCli.run(new String[] {"compare", problem.toString(), "--out", dir.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
            assertEquals(0, code, err.toString());
            assertTrue(out.toString().contains("<- selected"), out.toString());
            assertTrue(Files.exists(dir.resolve("comparison.md")));
            if (java.util.List.of("knorm-sum-ball.json", "knorm-borda-ranking.json", "knorm-item-counts.json").contains(problem.getFileName().toString())) {
                // structured statistics: designed end to end, Δ re-derived by the runtime at load
                assertTrue(Files.exists(dir.resolve("error-vs-dimension.png")), out.toString());
                Path spec = dir.resolve(problem.getFileName().toString().replace(".json", ".spec.json"));
                StringWriter dout = new StringWriter();
                assertEquals(0, OptimechCli.run(new String[] {"design", problem.toString(), "--out", spec.toString(), "--quiet"}, new PrintWriter(dout, true),
                        new PrintWriter(err, true)), err.toString());
                assertTrue(dout.toString().contains("the runtime re-derives it at load"), dout.toString());
                StringWriter vout = new StringWriter();
                assertEquals(0, OptimechCli.run(new String[] {"verify", spec.toString()}, new PrintWriter(vout, true), new PrintWriter(new StringWriter(), true)));
                assertTrue(vout.toString().contains("\"valid\": true"), vout.toString());
            }
            return;
        }
        Path spec = dir.resolve(problem.getFileName().toString().replace(".json", ".spec.json"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = OptimechCli.run(new String[] {"design", problem.toString(), "--out", spec.toString(), "--quiet"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        assertTrue(out.toString().contains("optimality   certified"), out.toString());
        StringWriter vout = new StringWriter();
        assertEquals(0, OptimechCli.run(new String[] {"verify", spec.toString()}, new PrintWriter(vout, true), new PrintWriter(new StringWriter(), true)));
        assertTrue(vout.toString().contains("\"valid\": true"));
    }
}
