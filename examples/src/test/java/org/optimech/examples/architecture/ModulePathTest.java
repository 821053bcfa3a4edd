package org.optimech.examples.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library modules as a user on the module path sees them (the other tests run on the class path, where exports do not
 * apply): a small consumer module is compiled with {@code javac --module-path} against the built runtime, geometry and
 * designer, and run with {@code java --module-path}; it designs a problem, loads and samples a spec and builds a hull
 * through the API packages. A consumer that imports an internal package ({@code runtime.sampling}, unexported;
 * {@code runtime.certificate} and {@code geometry.body}, exported only to sibling modules) does not compile.
 */
class ModulePathTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void aConsumerModuleDesignsLoadsAndSamplesThroughTheApi() throws Exception {
        String main = """
                package consumer;

                import java.nio.file.Path;
                import org.optimech.designer.Design;
                import org.optimech.designer.Designers;
                import org.optimech.designer.problem.Problems;
                import org.optimech.geometry.hull.ConvexHull;
                import org.optimech.geometry.hull.QuickHull;
                import org.optimech.runtime.Mechanism;
                import org.optimech.runtime.Mechanisms;
                import org.optimech.runtime.spec.RuntimePolicy;
                import org.optimech.runtime.random.SeededRandomBits;

                public final class Main {
                    public static void main(String[] args) throws Exception {
                        Mechanism loaded = Mechanisms.load(Path.of(args[0]), RuntimePolicy.standard());
                        long out = loaded.sample(3L, new SeededRandomBits(7));
                        Design design = Designers.design(Problems.read(Path.of(args[1])), Designers.Options.defaults());
                        Mechanism designed = Mechanisms.of(design.spec(), RuntimePolicy.standard());
                        String released = designed.sample("20", new SeededRandomBits(7));
                        ConvexHull hull = QuickHull.of(new double[][] {{0, 0}, {1, 0}, {0, 1}, {0.2, 0.2}});
                        System.out.println("loaded " + loaded.spec().kind() + " " + out + "; designed "
                                + design.spec().certifiedEpsilon() + " " + released + "; hull " + hull.vertexCount());
                    }
                }
                """;
        Path classes = compile("consumer", main, "org.optimech.designer");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", modulePath() + File.pathSeparator + classes, "-m", "consumer/consumer.Main",
                REPO.resolve("runtime/src/test/resources/golden/v1/count-path.json").toString(),
                REPO.resolve("examples/problems/counting-query.json").toString()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the consumer did not finish in 120 s");
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), output);
        assertTrue(output.matches("(?s)loaded discrete-table -?\\d+; designed 0\\.5 \\d+; hull 3\\s*"), output);
    }

    @Test
    void internalPackagesAreNotVisibleOnTheModulePath() throws Exception {
        // unexported
        assertNotVisible("org.optimech.runtime.sampling", "Samplers");
        // exported only to geometry and the designer
        assertNotVisible("org.optimech.runtime.certificate", "Gauge");
        assertNotVisible("org.optimech.runtime.io", "AtomicFiles");
        // exported only to the designer
        assertNotVisible("org.optimech.geometry.body", "Polytope");
        assertNotVisible("org.optimech.geometry.sensitivity", "CertifiedSensitivity");
    }

    @Test
    void theSameInternalImportCompilesWhenTheModuleExportsIt() throws Exception {
        // the refusal above is the module boundary, not a wrong name: an API type of the same module compiles
        compile("consumer", consumerUsing("org.optimech.runtime.spec", "MechanismSpec"), "org.optimech.geometry");
    }

    private void assertNotVisible(String pkg, String type) throws IOException, URISyntaxException {
        List<Diagnostic<? extends JavaFileObject>> errors = compileErrors("consumer", consumerUsing(pkg, type), "org.optimech.designer");
        assertFalse(errors.isEmpty(), pkg + " is visible on the module path");
        String messages = errors.stream().map(d -> d.getMessage(Locale.ROOT)).collect(Collectors.joining("\n"));
        assertTrue(messages.contains("package " + pkg + " is not visible"), messages);
    }

    private static String consumerUsing(String pkg, String type) {
        return "package consumer;\n\npublic final class Main {\n    static Class<?> used() {\n        return " + pkg + "." + type
                + ".class;\n    }\n}\n";
    }

    private Path compile(String module, String main, String requires) throws IOException, URISyntaxException {
        List<Diagnostic<? extends JavaFileObject>> errors = compileErrors(module, main, requires);
        assertTrue(errors.isEmpty(), errors.stream().map(ModulePathTest::describe).collect(Collectors.joining("\n")));
        return dir.resolve(module + "-classes");
    }

    private List<Diagnostic<? extends JavaFileObject>> compileErrors(String module, String main, String requires)
            throws IOException, URISyntaxException {
        Path src = Files.createDirectories(dir.resolve(module + "-src/consumer"));
        Files.writeString(src.getParent().resolve("module-info.java"), "module " + module + " {\n    requires " + requires + ";\n}\n");
        Files.writeString(src.resolve("Main.java"), main);
        Path out = Files.createDirectories(dir.resolve(module + "-classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("--release", "17", "--module-path", modulePath(), "-d", out.toString());
            boolean ok = javac.getTask(new StringWriter(), files, diagnostics, options, null,
                    files.getJavaFileObjects(src.getParent().resolve("module-info.java"), src.resolve("Main.java"))).call();
            List<Diagnostic<? extends JavaFileObject>> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(d);
                }
            }
            assertEquals(ok, errors.isEmpty());
            return errors;
        }
    }

    private static String describe(Diagnostic<? extends JavaFileObject> d) {
        return "line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT);
    }

    /** The built library modules (jars under verify, class directories under a narrow test run) and their dependencies. */
    private static String modulePath() throws URISyntaxException {
        List<String> entries = new ArrayList<>();
        for (Class<?> c : new Class<?>[] {org.optimech.runtime.Mechanisms.class, org.optimech.geometry.hull.QuickHull.class,
            org.optimech.designer.Designers.class, org.apache.commons.math3.fraction.BigFraction.class, com.google.ortools.Loader.class,
            org.ojalgo.OjAlgoUtils.class, io.jenetics.Genotype.class}) {
            Path location = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            assertTrue(location.toString().endsWith(".jar") || Files.isRegularFile(location.resolve("module-info.class"))
                    || !c.getName().startsWith("org.optimech"), "not a module: " + location);
            entries.add(location.toString());
        }
        return String.join(File.pathSeparator, entries);
    }
}
