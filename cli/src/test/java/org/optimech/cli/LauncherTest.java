package org.optimech.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code optimech} launcher at the repository root, run through symlinks (as after {@code ln -s} into {@code ~/bin}) on a
 * copy of it in a stand-in repository whose build is already up to date, with a stand-in {@code java} that prints what it was
 * asked to run: the launcher must find the repository behind the links, not the links' directory.
 */
@DisabledOnOs(OS.WINDOWS)
class LauncherTest {
    @TempDir
    Path dir;

    @Test
    void runsThroughAbsoluteRelativeAndChainedSymlinks() throws Exception {
        Path repo = standIn();
        Path target = repo.resolve("cli/target/classes");
        Path fakeBin = dir.resolve("fake-jdk/bin");
        Path home = Files.createDirectories(dir.resolve("home/bin"));
        Files.createSymbolicLink(home.resolve("optimech"), repo.resolve("optimech")); // absolute
        Files.createSymbolicLink(home.resolve("relative"), home.relativize(repo.resolve("optimech"))); // relative to the link's directory
        Files.createSymbolicLink(home.resolve("chained"), Path.of("relative")); // a link to a link
        for (String link : new String[] {"optimech", "relative", "chained"}) {
            String out = launch(home.resolve(link), fakeBin, dir);
            assertTrue(out.contains("-cp " + target.toRealPath() + ":/deps/a.jar org.optimech.cli.OptimechCli --version"), link + ": " + out);
        }
    }

    /**
     * Regression (issue 24, G2): the launcher tells the CLI whether stderr is a terminal ({@code [ -t 2 ]}), which decides
     * between a progress bar and plain lines: false when stderr is a pipe, true under a pseudo-terminal ({@code script}).
     */
    @Test
    void tellsTheCliWhetherStderrIsATerminal() throws Exception {
        tellsWhetherStderrIsATerminal(standIn(), "optimech");
    }

    /** Issue 24: the Spark runner's launcher says the same, so its stages are a bar on a terminal too. */
    @Test
    void tellsTheSparkRunnerWhetherStderrIsATerminal() throws Exception {
        Path repo = standIn();
        Files.copy(Path.of("..", "optimech-spark"), repo.resolve("optimech-spark"));
        executable(repo.resolve("optimech-spark"));
        Files.createDirectories(repo.resolve("spark/target/classes"));
        Files.writeString(repo.resolve("spark/target/spark.classpath"), "/deps/a.jar");
        Path stamp = Files.writeString(repo.resolve("spark/target/.optimech-spark-built"), "");
        Files.setLastModifiedTime(stamp, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        tellsWhetherStderrIsATerminal(repo, "optimech-spark");
    }

    /**
     * Issue 23 (LP memory): the launcher runs the serial collector unless {@code OPTIMECH_JAVA_OPTS} chooses a collector (two
     * collector flags would stop the JVM), and keeps the user's other options either way.
     */
    @Test
    void usesTheSerialCollectorUnlessTheUserChoosesOne() throws Exception {
        Path repo = standIn();
        Path fakeBin = dir.resolve("fake-jdk/bin");
        assertTrue(launch(repo.resolve("optimech"), fakeBin, dir, null).contains("java -XX:+UseSerialGC -Doptimech.stderr.tty"));
        String sized = launch(repo.resolve("optimech"), fakeBin, dir, "-Xmx1g");
        assertTrue(sized.contains("java -XX:+UseSerialGC -Xmx1g -Doptimech.stderr.tty"), sized);
        for (String gc : new String[] {"-XX:+UseG1GC", "-Xmx2g -XX:+UseZGC", "-XX:+UseParallelGC -Xms1g"}) {
            String out = launch(repo.resolve("optimech"), fakeBin, dir, gc);
            assertTrue(out.contains("java " + gc + " -Doptimech.stderr.tty") && !out.contains("UseSerialGC"), gc + ": " + out);
        }
    }

    private void tellsWhetherStderrIsATerminal(Path repo, String launcher) throws Exception {
        Path fakeBin = dir.resolve("fake-jdk/bin");
        assertTrue(launch(repo.resolve(launcher), fakeBin, dir).contains("-Doptimech.stderr.tty=false -cp"));
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "no script(1) to make a terminal");
        ProcessBuilder pb = new ProcessBuilder(List.of("/usr/bin/script", "-q", "-e", "-c", "bash " + repo.resolve(launcher) + " --version", "/dev/null"))
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", fakeBin + ":" + System.getenv("PATH"));
        pb.environment().remove("OPTIMECH_JAVA_OPTS");
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher did not finish");
        assertTrue(out.contains("-Doptimech.stderr.tty=true -cp"), out);
    }

    /** A copy of the launcher in a stand-in repository whose build is up to date, with a stand-in java on fake-jdk/bin. */
    private Path standIn() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("checkout/optimech"));
        Files.copy(Path.of("..", "optimech"), repo.resolve("optimech"));
        executable(repo.resolve("optimech"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        for (String m : new String[] {"runtime", "geometry", "designer", "cli", "spark"}) {
            Files.createDirectories(repo.resolve(m));
        }
        Files.createDirectories(repo.resolve("cli/target/classes"));
        Files.writeString(repo.resolve("cli/target/cli.classpath"), "/deps/a.jar");
        Path stamp = repo.resolve("cli/target/.optimech-built");
        Files.writeString(stamp, "");
        Files.setLastModifiedTime(stamp, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000)); // newer than every source
        Path fakeBin = Files.createDirectories(dir.resolve("fake-jdk/bin"));
        Files.writeString(fakeBin.resolve("java"), "#!/usr/bin/env bash\necho \"java $*\"\n");
        executable(fakeBin.resolve("java"));
        return repo;
    }

    private static String launch(Path launcher, Path fakeBin, Path cwd) throws Exception {
        return launch(launcher, fakeBin, cwd, null);
    }

    /** Runs the launcher with OPTIMECH_JAVA_OPTS set to {@code javaOpts}, or unset when it is null. */
    private static String launch(Path launcher, Path fakeBin, Path cwd, String javaOpts) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", launcher.toString(), "--version")).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", fakeBin + ":" + System.getenv("PATH"));
        pb.environment().remove("OPTIMECH_JAVA_OPTS");
        if (javaOpts != null) {
            pb.environment().put("OPTIMECH_JAVA_OPTS", javaOpts);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher did not finish");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static void executable(Path p) throws Exception {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
