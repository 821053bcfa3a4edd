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
            return read(r, policy, LoadProgress.none(), 1);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * As {@link #load(Path, RuntimePolicy)}, reporting {@code (done, total)} as it goes, in one unit: {@code total} is the
     * file's size plus 1, {@code done} the bytes read so far (reported every 64 KiB); the last unit, every check that follows
     * the reading, is reported when the load returns. The checks can take as long as the reading (the digest of a large table):
     * for a figure of each, see {@link #load(Path, RuntimePolicy, LoadProgress)}.
     *
     * @param progress called on the loading thread; not called after the load throws
     */
    public static MechanismSpec load(Path file, RuntimePolicy policy, BiConsumer<Long, Long> progress) throws IOException, InvalidSpecException {
        Objects.requireNonNull(progress, "progress");
        MechanismSpec spec = load(file, policy, (step, done, total) -> {
            if (step == LoadProgress.Step.READ) {
                progress.accept(done, total + 1);
            }
        });
        long total = Files.size(file) + 1;
        progress.accept(total, total);
        return spec;
    }

    /**
     * As {@link #load(Path, RuntimePolicy)}, reporting each long step as it goes ({@link LoadProgress}): the bytes read of the
     * file's size (every 64 KiB), the bytes of the canonical form digested, and a table's rows checked. The load accepts and
     * refuses exactly what {@link #load(Path, RuntimePolicy)} does.
     *
     * @param progress called on the loading thread; not called after the load throws
     */
    public static MechanismSpec load(Path file, RuntimePolicy policy, LoadProgress progress) throws IOException, InvalidSpecException {
        Objects.requireNonNull(progress, "progress");
        long size = Files.size(file);
        progress.report(LoadProgress.Step.READ, 0, size);
        try (JsonReader r = JsonReader.of(new BufferedInputStream(new CountingStream(Files.newInputStream(file), size, progress), 1 << 16))) {
            return read(r, policy, progress, size);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Counts the bytes read and reports them, never beyond the size measured up front (a file that grows is not over-counted). */
    private static final class CountingStream extends FilterInputStream {
        private final long size;
        private final LoadProgress progress;
        private long read;

        CountingStream(InputStream in, long size, LoadProgress progress) {
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
            progress.report(LoadProgress.Step.READ, read, size);
        }
    }

    /**
     * Streams one document: the weight table or remap rows of a discrete spec are read straight into flat arrays, never
     * into a tree (see {@link SpecStream}); every check is the codec's.
     */
    private static MechanismSpec read(JsonReader r, RuntimePolicy policy, LoadProgress progress, long fileBytes) throws InvalidSpecException {
        SpecStream.Document doc;
        try {
            doc = SpecStream.read(r);
            if (r.next() != JsonReader.Token.END_DOCUMENT) {
                throw new AssertionError("the reader ends a document or refuses what follows it");
            }
        } catch (JsonSyntaxException e) {
            throw new InvalidSpecException("", e.getMessage());
        }
        return SpecCodec.read(doc, policy, progress, fileBytes);
    }

    /** Parses and validates a spec held in a string, under the {@link RuntimePolicy#standard() standard policy}. */
    public static MechanismSpec parse(String json) throws InvalidSpecException {
        return parse(json, RuntimePolicy.standard());
    }

    /** Parses and validates a spec held in a string, then applies a runtime policy. */
    public static MechanismSpec parse(String json, RuntimePolicy policy) throws InvalidSpecException {
        try (JsonReader r = JsonReader.of(json)) {
            return read(r, policy, LoadProgress.none(), json.length());
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
