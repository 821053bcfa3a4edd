package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Every spec a command writes for a bundled problem ({@code examples/problems}) passes {@code verify}, {@code inspect} (complete:
 * a discrete spec lists its risk per input) and {@code sample}: {@code design} with its defaults, {@code design --numerics exact}
 * for K-norm problems, and {@code sweep --specs} at two values of ε for discrete ones. A spec whose sensitivity the runtime cannot
 * re-derive (a curved K-norm statistic) is verified and sampled with the explicit {@code --allow-unchecked-sensitivity}.
 */
class BundledProblemsTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyWrittenSpecVerifiesInspectsAndSamples() throws Exception {
        List<Path> problems;
        try (Stream<Path> s = Files.list(Path.of("..", "examples", "problems"))) {
            problems = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(problems.size() >= 10, "the bundled problems: " + problems);
        return problems.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> everySpecOf(p)));
    }

    private void everySpecOf(Path problem) throws Exception {
        String name = problem.getFileName().toString().replace(".json", "");
        String kind = JsonParser.parse(Files.readString(problem)).asObject().get("kind").orElseThrow().asString();
        List<Path> specs = new ArrayList<>();
        Path spec = dir.resolve(name + ".spec.json");
        CliTest.Run design = CliTest.run("design", problem.toString(), "--out", spec.toString(), "-q");
        assertEquals(0, design.code(), name + ": " + design.err());
        specs.add(spec);
        if (kind.equals("knorm")) {
            Path exact = dir.resolve(name + ".exact.spec.json");
            CliTest.Run lattice = CliTest.run("design", problem.toString(), "--out", exact.toString(), "--numerics", "exact", "-q");
            // every K-norm example has a candidate with an exact lattice sampler (structured ones: the sum ball, count ball or a ball)
            assertEquals(0, lattice.code(), name + " --numerics exact: " + lattice.err());
            assertTrue(Files.exists(exact), name + " --numerics exact wrote no spec");
            specs.add(exact);
        } else if (kind.equals("discrete")) {
            Path out = dir.resolve(name + "-sweep");
            CliTest.Run sweep = CliTest.run("sweep", problem.toString(), "--epsilon", "0.6931471805599453,1.25", "--out", out.toString(), "--specs", "-q");
            assertEquals(0, sweep.code(), name + " sweep: " + sweep.err() + sweep.out());
            try (Stream<Path> s = Files.list(out.resolve("specs"))) {
                specs.addAll(s.sorted().toList());
            }
            assertEquals(2 + 1, specs.size(), name + ": the sweep wrote a spec per point");
        }
        for (Path s : specs) {
            verifyInspectSample(name, s);
        }
    }

    private static void verifyInspectSample(String name, Path spec) throws Exception {
        MechanismSpec loaded = SpecLoader.load(spec, RuntimePolicy.builder().allowUncheckedSensitivity().numerics(NumericsPolicy.ALLOW_IDEALIZED).build());
        boolean unchecked = loaded instanceof KNormSpec k && !k.sensitivityRechecked();
        String label = name + " (" + spec.getFileName() + ")";
        List<String> verifyArgs = new ArrayList<>(List.of("verify", spec.toString()));
        List<String> sampleArgs = new ArrayList<>(List.of("sample", spec.toString(), "--count", "1", "--seed", "7"));
        if (unchecked) {
            verifyArgs.add("--allow-unchecked-sensitivity");
            sampleArgs.add("--allow-unchecked-sensitivity");
        }
        CliTest.Run verify = CliTest.run(verifyArgs.toArray(String[]::new));
        assertEquals(0, verify.code(), label + ": " + verify.out() + verify.err());
        assertTrue(verify.out().contains("\"valid\": true"), label + ": " + verify.out());

        CliTest.Run inspect = CliTest.run("inspect", spec.toString());
        assertEquals(0, inspect.code(), label + ": " + inspect.err());
        assertFalse(inspect.out().contains("records no design.problem"), label + ": inspect left out the risk per input:\n" + inspect.out());
        if (loaded instanceof DiscreteSpec) {
            assertTrue(inspect.out().contains("risk per input ("), label + ": " + inspect.out());
        }

        String input;
        if (loaded instanceof DiscreteSpec d) {
            input = d.inputs().valueAt(d.inputs().size() / 2);
        } else if (loaded instanceof KNormSpec k) {
            input = String.join(",", java.util.Collections.nCopies(k.dimension(), "0.25"));
            // a public part off the noise's subspace or hyperplane (substitution): the record count is the caller's
            if (k.hyperplaneRecordSum().filter(s -> s != 0).isPresent()
                    || k.subspaceRecordOffset().filter(q -> java.util.Arrays.stream(q).anyMatch(v -> v != 0)).isPresent()) {
                sampleArgs.addAll(List.of("--records", "1"));
            }
        } else if (loaded instanceof org.optimech.runtime.spec.EllipticGaussianSpec g) {
            input = String.join(",", java.util.Collections.nCopies(g.dimension(), "0.25"));
            if (g.hyperplaneRecordSum().filter(s -> s != 0).isPresent()) {
                sampleArgs.addAll(List.of("--records", "1"));
            }
        } else {
            input = String.join(",", java.util.Collections.nCopies(((GaussianProcessSpec) loaded).grid().length, "0"));
        }
        sampleArgs.add("--input");
        sampleArgs.add(input);
        CliTest.Run sample = CliTest.run(sampleArgs.toArray(String[]::new));
        assertEquals(0, sample.code(), label + ": " + sample.err());
        assertEquals(1, sample.out().lines().count(), label + ": " + sample.out());
    }
}
