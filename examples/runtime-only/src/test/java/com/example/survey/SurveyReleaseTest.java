package com.example.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * The runtime-only consumer: it runs, its policy bites, it depends on no optimech module but the runtime (what the build
 * resolved, as seen on this test's class path), and the README shows its code and its dependency verbatim.
 */
class SurveyReleaseTest {
    private static final Path SPEC = Path.of("count.spec.json");

    @Test
    void releasesAPrivateCountWithItsAccuracy() throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(captured, true, StandardCharsets.UTF_8)) {
            System.setOut(out);
            SurveyRelease.main(new String[0]);
        } finally {
            System.setOut(saved);
        }
        String line = captured.toString(StandardCharsets.UTF_8).strip();
        Matcher m = Pattern.compile("(-?\\d+) \\((.*)\\)").matcher(line);
        assertTrue(m.matches(), line);
        long released = Long.parseLong(m.group(1));
        assertTrue(released >= 0 && released <= 40, "a count of 0..40, not " + released);
        assertTrue(m.group(2).contains("95%") && m.group(2).contains("within"), m.group(2));
    }

    @Test
    void aStricterPolicyRefusesTheBundledSpecNamingTheField() {
        RuntimePolicy stricter = RuntimePolicy.builder().maxEpsilon(new BigDecimal("0.25")).build();
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> Mechanisms.load(SPEC, stricter));
        assertTrue(e.getMessage().contains("/privacy/certified_epsilon"), e.getMessage());
    }

    @Test
    void noOptimechModuleButTheRuntimeIsOnTheClassPath() {
        Set<String> modules = new TreeSet<>();
        for (String entry : System.getProperty("java.class.path").split(Pattern.quote(File.pathSeparator))) {
            Path p = Path.of(entry).toAbsolutePath().normalize();
            String s = p.toString().replace(File.separatorChar, '/');
            Matcher jar = Pattern.compile("/(optimech-[a-z-]+)-\\d[^/]*\\.jar$").matcher(s);
            Matcher reactor = Pattern.compile("/([a-z-]+)/target/(test-)?classes$").matcher(s);
            if (jar.find()) {
                modules.add(jar.group(1));
            } else if (reactor.find() && !p.startsWith(Path.of("").toAbsolutePath())) {
                modules.add("optimech-" + reactor.group(1)); // another reactor module's classes (a `test`-phase build)
            }
        }
        assertEquals(Set.of("optimech-runtime"), modules, "optimech modules on the class path");
        for (String other : List.of("org.optimech.geometry.body.LpBalls", "org.optimech.designer.Designers", "org.optimech.cli.OptimechCli",
                "org.optimech.spark.GroupRelease")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(other), other);
        }
    }

    @Test
    void theReadmeShowsThisConsumerAndItsDependencyVerbatim() throws Exception {
        String readme = normalize(Files.readString(Path.of("../../README.md")));
        String source = Files.readString(Path.of("src/main/java/com/example/survey/SurveyRelease.java"));
        String pom = Files.readString(Path.of("pom.xml"));
        List<String> blocks = new ArrayList<>(between(source, "// readme:" + "begin", "// readme:" + "end"));
        blocks.addAll(between(pom, "<!-- readme:" + "begin", "<!-- readme:" + "end"));
        assertEquals(2, blocks.size());
        for (String block : blocks) {
            assertTrue(readme.contains(normalize(block)), "README.md lacks the block:\n" + block);
        }
    }

    private static List<String> between(String text, String begin, String end) {
        List<String> blocks = new ArrayList<>();
        int at = 0;
        while ((at = text.indexOf(begin, at)) >= 0) {
            int start = text.indexOf('\n', at) + 1;
            int stop = text.indexOf(end, start);
            blocks.add(text.substring(start, text.lastIndexOf('\n', stop) + 1));
            at = stop;
        }
        return blocks;
    }

    private static String normalize(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n")) {
            out.append(line.strip()).append('\n');
        }
        return out.toString();
    }
}
