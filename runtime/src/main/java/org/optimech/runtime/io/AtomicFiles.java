package org.optimech.runtime.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Writes files atomically (specs, reports, the budget ledger): a sibling temporary file with default permissions, then a move over the target. */
public final class AtomicFiles {
    /** Produces a file's bytes. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    /**
     * Writes {@code target}, creating its directory; readers never see a half-written file. Durable where the platform allows:
     * the temporary file's bytes are forced to the device before the move, and the directory (the move itself) after it, so a
     * power loss leaves the old file or the new one, never an empty or half-written one, and a ledger never loses a charge it
     * reported (where a directory cannot be opened for syncing, as on Windows, only the file is forced).
     */
    public static void write(Path target, Content content) throws IOException {
        write(target, content, forced -> { });
    }

    /** As {@link #write(Path, Content)}, telling {@code synced} each path once it was forced (the file, then the directory). */
    static void write(Path target, Content content, java.util.function.Consumer<Path> synced) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: that would make the file 0600.
        Path tmp = dir.resolve("." + abs.getFileName() + ".tmp-" + Long.toHexString(System.nanoTime()));
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                OutputStream out = Channels.newOutputStream(channel);
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            synced.accept(tmp);
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        if (forceDirectory(dir)) {
            synced.accept(dir);
        }
    }

    /** Forces a directory's entries (the rename) to the device; false where directories cannot be opened so (Windows). */
    private static boolean forceDirectory(Path dir) throws IOException {
        FileChannel channel;
        try {
            channel = FileChannel.open(dir, StandardOpenOption.READ);
        } catch (IOException | UnsupportedOperationException e) {
            return false; // the platform does not open directories: the file itself was forced
        }
        try (channel) {
            channel.force(true);
        }
        return true;
    }

    /** Writes a UTF-8 text file atomically. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }
}
