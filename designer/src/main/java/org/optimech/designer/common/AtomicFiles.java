package org.optimech.designer.common;

import java.io.IOException;
import java.nio.file.Path;

/** Writes files atomically; kept for the designer's callers, implemented once in {@code org.optimech.runtime.io.AtomicFiles}. */
public final class AtomicFiles {
    /** Produces a file's bytes. */
    @FunctionalInterface
    public interface Content {
        /** Writes the file's bytes to {@code out}. */
        void writeTo(java.io.OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    /** Writes {@code target}, creating its directory; readers never see a half-written file. */
    public static void write(Path target, Content content) throws IOException {
        org.optimech.runtime.io.AtomicFiles.write(target, content::writeTo);
    }

    /** Writes a UTF-8 text file atomically. */
    public static void writeString(Path target, String text) throws IOException {
        org.optimech.runtime.io.AtomicFiles.writeString(target, text);
    }
}
