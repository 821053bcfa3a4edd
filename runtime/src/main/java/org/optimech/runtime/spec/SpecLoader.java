package org.optimech.runtime.spec;

import java.io.BufferedInputStream;
import java.io.BufferedWriter;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.BiConsumer;
import org.optimech.runtime.json.JsonReader;
import org.optimech.runtime.json.JsonStreamWriter;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonWriter;

/** Loads spec files: parse, then {@link SpecCodec#read validate everything}. */
public final class SpecLoader {
    private SpecLoader() {
    }

    /**
     * Loads and validates a spec file under the {@link RuntimePolicy#standard() standard policy} (which refuses a spec whose
     * sensitivity could not be re-checked unless it is signed by a trusted key: with none trusted, such a spec needs a
     * policy that allows it).
     *
     * @throws IOException if the file cannot be read
     * @throws InvalidSpecException if it is not valid JSON (pointer {@code ""}) or not a valid spec
     */
    public static MechanismSpec load(Path file) throws IOException, InvalidSpecException {
        return load(file, RuntimePolicy.standard());
    }

    /**
     * Loads and validates a spec file, then applies a runtime policy (trusted signatures, maximum ε and δ, numerics).
     *
     * @throws InvalidSpecException if the spec is invalid or the policy refuses it
     */
    public static MechanismSpec load(Path file, RuntimePolicy policy) throws IOException, InvalidSpecException {
        try (JsonReader r = JsonReader.of(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            return read(r, policy);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * As {@link #load(Path, RuntimePolicy)}, reporting {@code (done, total)} as it goes, for a progress display. The unit is
     * the byte: {@code total} is the file's size plus 1, {@code done} the bytes read so far (reported every 64 KiB); the last
     * unit, the checks that follow the reading (digest, policy, the exact privacy re-check), is reported when the load
     * returns, so the counts only grow and end at {@code total} on success. Reading and parsing dominate a large spec's load
     * (measured: a 151-input table), which is why bytes, not rows or pairs, give a useful estimate. The load accepts and refuses
     * exactly what {@link #load(Path, RuntimePolicy)} does.
     *
     * @param progress called on the loading thread; not called after the load throws
     */
    public static MechanismSpec load(Path file, RuntimePolicy policy, BiConsumer<Long, Long> progress) throws IOException, InvalidSpecException {
        Objects.requireNonNull(progress, "progress");
        long total = Files.size(file) + 1;
        progress.accept(0L, total);
        MechanismSpec spec;
        try (JsonReader r = JsonReader.of(new BufferedInputStream(new CountingStream(Files.newInputStream(file), total - 1, progress), 1 << 16))) {
            spec = read(r, policy);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        progress.accept(total, total);
        return spec;
    }

    /** Counts the bytes read and reports them, never beyond the size measured up front (a file that grows is not over-counted). */
    private static final class CountingStream extends FilterInputStream {
        private final long size;
        private final BiConsumer<Long, Long> progress;
        private long read;

        CountingStream(InputStream in, long size, BiConsumer<Long, Long> progress) {
            super(in);
            this.size = size;
            this.progress = progress;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counted(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                counted(n);
            }
            return n;
        }

        private void counted(int n) {
            read = Math.min(size, read + n);
            progress.accept(read, size + 1);
        }
    }

    /**
     * Streams one document: the weight table or remap rows of a discrete spec are read straight into flat arrays, never
     * into a tree (see {@link SpecStream}); every check is the codec's.
     */
    private static MechanismSpec read(JsonReader r, RuntimePolicy policy) throws InvalidSpecException {
        SpecStream.Document doc;
        try {
            doc = SpecStream.read(r);
            if (r.next() != JsonReader.Token.END_DOCUMENT) {
                throw new AssertionError("the reader ends a document or refuses what follows it");
            }
        } catch (JsonSyntaxException e) {
            throw new InvalidSpecException("", e.getMessage());
        }
        return SpecCodec.read(doc, policy);
    }

    /** Parses and validates a spec held in a string, under the {@link RuntimePolicy#standard() standard policy}. */
    public static MechanismSpec parse(String json) throws InvalidSpecException {
        return parse(json, RuntimePolicy.standard());
    }

    /** Parses and validates a spec held in a string, then applies a runtime policy. */
    public static MechanismSpec parse(String json, RuntimePolicy policy) throws InvalidSpecException {
        try (JsonReader r = JsonReader.of(json)) {
            return read(r, policy);
        }
    }

    /** The file text of a spec: the sealed document, pretty-printed. For a large spec prefer {@link #write(MechanismSpec, OutputStream)}. */
    public static String toText(MechanismSpec spec) {
        return JsonWriter.pretty(SpecCodec.write(spec));
    }

    /**
     * Writes the file text of a spec ({@link #toText}, byte for byte in UTF-8) to {@code out} as it goes: a table of
     * millions of entries is never held as text. Does not close {@code out}.
     */
    public static void write(MechanismSpec spec, OutputStream out) throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        JsonStreamWriter json = JsonStreamWriter.pretty(w);
        json.value(SpecCodec.write(spec));
        json.flush();
        w.flush();
    }
}
