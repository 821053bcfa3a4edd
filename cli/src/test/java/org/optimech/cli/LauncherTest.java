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
        Path repo = Files.createDirectories(dir.resolve("checkout/optimech"));
        Files.copy(Path.of("..", "optimech"), repo.resolve("optimech"));
        executable(repo.resolve("optimech"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        for (String m : new String[] {"runtime", "geometry", "designer", "cli"}) {
            Files.createDirectories(repo.resolve(m));
        }
        Path target = Files.createDirectories(repo.resolve("cli/target/classes"));
        Files.writeString(repo.resolve("cli/target/cli.classpath"), "/deps/a.jar");
        Path stamp = repo.resolve("cli/target/.optimech-built");
        Files.writeString(stamp, "");
        Files.setLastModifiedTime(stamp, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000)); // newer than every source
        Path fakeBin = Files.createDirectories(dir.resolve("fake-jdk/bin"));
        Files.writeString(fakeBin.resolve("java"), "#!/usr/bin/env bash\necho \"java $*\"\n");
        executable(fakeBin.resolve("java"));

        Path home = Files.createDirectories(dir.resolve("home/bin"));
        Files.createSymbolicLink(home.resolve("optimech"), repo.resolve("optimech")); // absolute
        Files.createSymbolicLink(home.resolve("relative"), home.relativize(repo.resolve("optimech"))); // relative to the link's directory
        Files.createSymbolicLink(home.resolve("chained"), Path.of("relative")); // a link to a link
        for (String link : new String[] {"optimech", "relative", "chained"}) {
            String out = launch(home.resolve(link), fakeBin, dir);
            assertTrue(out.contains("-cp " + target.toRealPath() + ":/deps/a.jar org.optimech.cli.OptimechCli --version"), link + ": " + out);
        }
    }

    private static String launch(Path launcher, Path fakeBin, Path cwd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", launcher.toString(), "--version")).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", fakeBin + ":" + System.getenv("PATH"));
        pb.environment().remove("OPTIMECH_JAVA_OPTS");
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
