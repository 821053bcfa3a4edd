package org.optimech.designer.lp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cached OR-Tools natives: unpacked once, re-used while whole, replaced when damaged. */
class OrToolsNativesTest {
    private static Path nativeJar() throws Exception {
        assumeTrue(OrToolsNatives.resourceDirectory().isPresent(), "no OR-Tools natives cache on this platform");
        URL url = OrToolsNatives.class.getClassLoader().getResource(OrToolsNatives.resourceDirectory().get());
        assumeTrue(url != null && url.getProtocol().equals("jar"), "the natives are not in a jar here");
        return Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void unpacksOnceAndReusesAWholeCopy(@TempDir Path root) throws Exception {
        Path jar = nativeJar();
        String prefix = OrToolsNatives.resourceDirectory().get();
        Path first = OrToolsNatives.unpack(jar, prefix, root);
        assertTrue(Files.isRegularFile(first.resolve(System.mapLibraryName("jniortools"))));
        FileTime written = Files.getLastModifiedTime(first.resolve(System.mapLibraryName("jniortools")));
        Thread.sleep(20);
        Path second = OrToolsNatives.unpack(jar, prefix, root);
        assertEquals(first, second);
        assertEquals(written, Files.getLastModifiedTime(second.resolve(System.mapLibraryName("jniortools"))), "a whole copy is not rewritten");
        // nothing left over from the unpacking
        assertEquals(List.of(first), files(root));
    }

    @Test
    void aDamagedCopyIsReplaced(@TempDir Path root) throws Exception {
        Path jar = nativeJar();
        String prefix = OrToolsNatives.resourceDirectory().get();
        Path dir = OrToolsNatives.unpack(jar, prefix, root);
        Path smallest = files(dir).stream().min(Comparator.comparingLong(p -> p.toFile().length())).orElseThrow();
        byte[] original = Files.readAllBytes(smallest);
        byte[] damaged = original.clone();
        damaged[damaged.length / 2] ^= 1; // same size, different content: only the CRC-32 tells
        Files.write(smallest, damaged);
        Path again = OrToolsNatives.unpack(jar, prefix, root);
        assertEquals(dir, again);
        assertTrue(java.util.Arrays.equals(original, Files.readAllBytes(again.resolve(smallest.getFileName()))), "the damaged file was restored");
        Files.delete(again.resolve(smallest.getFileName()));
        Path third = OrToolsNatives.unpack(jar, prefix, root);
        assertTrue(Files.isRegularFile(third.resolve(smallest.getFileName())), "a missing file was restored");
        assertNotEquals(0, Files.size(third.resolve(smallest.getFileName())));
    }

    /** A process killed while unpacking left 71 MB behind for ever (review): an hour-old unpacking directory is removed. */
    @Test
    void anUnpackingLeftByAKilledProcessIsRemovedOnceStale(@TempDir Path root) throws Exception {
        Path jar = nativeJar();
        String prefix = OrToolsNatives.resourceDirectory().get();
        Path stale = Files.createDirectories(root.resolve("unpacking-killed"));
        Files.write(stale.resolve("libpartial.so"), new byte[] {1, 2, 3});
        Files.setLastModifiedTime(stale, FileTime.fromMillis(System.currentTimeMillis() - 2 * 3_600_000L));
        Path live = Files.createDirectories(root.resolve("unpacking-live")); // another process's, just begun
        Path dir = OrToolsNatives.unpack(jar, prefix, root);
        assertEquals(List.of(dir, live), files(root), "the stale one is gone, the live one kept");
    }

    @Test
    void aJarWithoutNativesIsAnError(@TempDir Path root) throws Exception {
        Path jar = nativeJar();
        IOException e = assertThrows(IOException.class, () -> OrToolsNatives.unpack(jar, "no-such-directory/", root));
        assertTrue(e.getMessage().startsWith("no natives under no-such-directory/ in "), e.getMessage());
    }
}
