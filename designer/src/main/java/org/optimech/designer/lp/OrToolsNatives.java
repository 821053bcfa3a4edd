package org.optimech.designer.lp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.ZipFile;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

/**
 * The OR-Tools natives unpacked once into a cache directory and loaded from there. OR-Tools' own {@code Loader} unpacks
 * its 71 MB of libraries into a fresh temporary directory at every start (0.5 s on an idle 2-core machine, 2 s under
 * load, measured); a cached copy is checked against the jar's recorded sizes and CRC-32s at every load (a few tens of
 * milliseconds) and re-extracted when anything differs, into a private directory that is renamed into place whole, so a
 * half-written cache is never used. Anything unexpected (no native jar for this platform, an unwritable cache, a
 * Windows system, whose natives need more than one load) leaves the caller to OR-Tools' own loader.
 */
final class OrToolsNatives {
    /** Overrides the cache root (default {@code ~/.cache/optimech/ortools-natives}). */
    static final String CACHE_PROPERTY = "optimech.ortools.cache";

    private OrToolsNatives() {
    }

    /** The default cache root. */
    static Path defaultRoot() {
        String override = System.getProperty(CACHE_PROPERTY);
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "optimech", "ortools-natives");
    }

    /** The resource directory of this platform's natives ({@code ortools-linux-x86-64/}), or empty where unknown. */
    static Optional<String> resourceDirectory() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.startsWith("linux") ? "linux" : os.startsWith("mac") || os.startsWith("darwin") ? "darwin" : null;
        String a = arch.equals("amd64") || arch.equals("x86_64") ? "x86-64" : arch.equals("aarch64") || arch.equals("arm64") ? "aarch64" : null;
        return o == null || a == null ? Optional.empty() : Optional.of("ortools-" + o + "-" + a + "/");
    }

    /**
     * Unpacks (where needed) and loads the natives from the cache under {@code root}; returns the directory loaded from, or
     * empty when this way does not apply (then nothing was loaded).
     *
     * @throws IOException if the cache cannot be written or read
     */
    static Optional<Path> load(Path root) throws IOException {
        Optional<String> dir = resourceDirectory();
        if (dir.isEmpty()) {
            return Optional.empty();
        }
        URL url = OrToolsNatives.class.getClassLoader().getResource(dir.get());
        if (url == null || !url.getProtocol().equals("jar")) {
            return Optional.empty();
        }
        Path jarPath;
        try {
            jarPath = Path.of(((JarURLConnection) url.openConnection()).getJarFileURL().toURI());
        } catch (java.net.URISyntaxException | IllegalArgumentException | ClassCastException e) {
            return Optional.empty();
        }
        Path libs = unpack(jarPath, dir.get(), root);
        System.load(libs.resolve(System.mapLibraryName("jniortools")).toAbsolutePath().toString());
        return Optional.of(libs);
    }

    /**
     * The directory holding the entries of {@code jar} under {@code prefix}, unpacked under {@code root} into a directory
     * named by their sizes and CRC-32s; re-extracted when a file differs from its entry.
     */
    static Path unpack(Path jar, String prefix, Path root) throws IOException {
        try (ZipFile j = new ZipFile(jar.toFile())) {
            List<ZipEntry> entries = new ArrayList<>();
            CRC32 key = new CRC32();
            for (ZipEntry e : java.util.Collections.list(j.entries())) {
                if (e.getName().startsWith(prefix) && !e.isDirectory() && e.getName().indexOf('/', prefix.length()) < 0) {
                    entries.add(e);
                }
            }
            entries.sort(Comparator.comparing(ZipEntry::getName));
            if (entries.isEmpty()) {
                throw new IOException("no natives under " + prefix + " in " + jar);
            }
            for (ZipEntry e : entries) {
                key.update((e.getName() + ":" + e.getSize() + ":" + e.getCrc() + ";").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            Files.createDirectories(root);
            restrict(root);
            Path target = root.resolve(prefix.substring(0, prefix.length() - 1) + "-" + Long.toHexString(key.getValue()) + "-" + entries.size());
            if (Files.isDirectory(target) && matches(target, entries)) {
                return target;
            }
            removeStaleUnpacking(root);
            Path fresh = Files.createTempDirectory(root, "unpacking-");
            try {
                for (ZipEntry e : entries) {
                    try (InputStream in = j.getInputStream(e); OutputStream out = Files.newOutputStream(fresh.resolve(fileName(e)))) {
                        in.transferTo(out);
                    }
                }
                if (!matches(fresh, entries)) {
                    throw new IOException("the natives unpacked from " + jar + " do not match their CRC-32s");
                }
                if (Files.isDirectory(target)) {
                    deleteTree(target); // a damaged copy: replaced whole
                }
                try {
                    Files.move(fresh, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
                    // another process put its copy there first: use it if it is whole
                    if (!matches(target, entries)) {
                        throw new IOException("the natives cache " + target + " is being written concurrently and does not match yet");
                    }
                } catch (AtomicMoveNotSupportedException e) {
                    throw new IOException("the natives cache " + root + " cannot be written atomically", e);
                }
            } finally {
                if (Files.exists(fresh)) {
                    deleteTree(fresh);
                }
            }
            return target;
        }
    }

    /** Whether every entry is in {@code dir} with its size and CRC-32. */
    static boolean matches(Path dir, List<ZipEntry> entries) throws IOException {
        byte[] buffer = new byte[1 << 16];
        for (ZipEntry e : entries) {
            Path f = dir.resolve(fileName(e));
            if (!Files.isRegularFile(f) || Files.size(f) != e.getSize()) {
                return false;
            }
            CRC32 crc = new CRC32();
            try (InputStream in = Files.newInputStream(f)) {
                for (int r; (r = in.read(buffer)) > 0; ) {
                    crc.update(buffer, 0, r);
                }
            }
            if (crc.getValue() != e.getCrc()) {
                return false;
            }
        }
        return true;
    }

    private static String fileName(ZipEntry e) {
        String n = e.getName();
        return n.substring(n.lastIndexOf('/') + 1);
    }

    /** Owner-only permissions where the file system has POSIX ones: the cache holds code this process will run. */
    private static void restrict(Path dir) throws IOException {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException e) {
            // not POSIX: the platform's defaults
        }
    }

    /** Deletes a tree; one that another process deletes at the same time is no error (review: two processes on a damaged cache). */
    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (java.nio.file.NoSuchFileException e) {
            // gone already
        } catch (java.io.UncheckedIOException e) {
            if (!(e.getCause() instanceof java.nio.file.NoSuchFileException)) {
                throw e.getCause();
            }
        }
    }

    /**
     * Removes unpacking directories left by processes killed while unpacking (71 MB each), once they are an hour old, so
     * that no live unpacking is touched. Best effort: a directory that cannot be removed stays.
     */
    private static void removeStaleUnpacking(Path root) {
        long cutoff = System.currentTimeMillis() - 3_600_000L;
        try (Stream<Path> s = Files.list(root)) {
            for (Path p : s.filter(x -> x.getFileName().toString().startsWith("unpacking-")).toList()) {
                try {
                    if (Files.getLastModifiedTime(p).toMillis() < cutoff) {
                        deleteTree(p);
                    }
                } catch (IOException | RuntimeException e) {
                    // in use or not ours to remove: leave it
                }
            }
        } catch (IOException | RuntimeException e) {
            // the cache cannot be listed: nothing to clean
        }
    }
}
