package org.optimech.runtime.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Atomic, durable writes (issue 24, G8: the budget ledger's file was renamed into place without forcing anything). */
class AtomicFilesTest {
    @TempDir
    Path dir;

    /** The temporary file is forced before the move (the target then still holds the old text), the directory after it. */
    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void forcesTheFileBeforeTheMoveAndTheDirectoryAfter() throws Exception {
        Path target = dir.resolve("ledger.json");
        Files.writeString(target, "old");
        List<String> events = new ArrayList<>();
        AtomicFiles.write(target, out -> out.write("new".getBytes(java.nio.charset.StandardCharsets.UTF_8)), forced -> {
            try {
                events.add((forced.equals(dir) ? "directory" : "file " + Files.readString(forced)) + ", target " + Files.readString(target));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertEquals(List.of("file new, target old", "directory, target new"), events);
        assertEquals("new", Files.readString(target));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList(), "no temporary file left");
        }
    }

    @Test
    void aFailingWriterLeavesTheOldFileAndNoTemporary() throws Exception {
        Path target = dir.resolve("spec.json");
        Files.writeString(target, "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(target, out -> {
            out.write(1);
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(target));
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().contains(".tmp-")));
        }
        assertTrue(Files.exists(target));
    }
}
