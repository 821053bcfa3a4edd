package org.optimech.examples.production;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.budget.BudgetExceededException;
import org.optimech.runtime.budget.BudgetLedger;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Production loading with the runtime jar alone: load a directory of specs once (every file is validated;
 * one bad or tampered file refuses the whole directory), then privatize a stream of records, CSV in and CSV
 * out, charging every release to its dataset's budget (basic composition) and refusing releases beyond it.
 * Reports the counts and throughput on stderr.
 *
 * <p>Input: a header line, then {@code dataset,spec,value} per record; {@code spec} names a file
 * {@code SPEC.spec.json} in the directory; {@code value} is an input value of a discrete spec, or a K-norm
 * statistic written {@code v1;v2;…}. Output: {@code dataset,spec,released}, where a refused release is
 * written as the literal {@code REFUSED} (budget exhausted) and nothing noisy is emitted for it.
 *
 * <p>Usage: {@code PrivatizeStream --specs DIR --budget EPSILON[,DELTA] [--allow-idealized] [--allow-unchecked-sensitivity] [--in FILE]
 * [--out FILE]} (standard input and output by default).
 */
public final class PrivatizeStream {
    /** A loaded spec with its sampler. */
    record Loaded(MechanismSpec spec, Mechanism mechanism) {
    }

    /** What a run did. */
    record Stats(long records, long released, long refused, double seconds) {
        double perSecond() {
            return records / Math.max(seconds, 1e-9);
        }
    }

    private PrivatizeStream() {
    }

    /**
     * Loads every {@code *.spec.json} in {@code dir}.
     *
     * @throws InvalidSpecException for the first file the runtime refuses (its message names the file)
     * @throws IllegalStateException for a K-norm spec when idealized numerics are not allowed
     */
    static Map<String, Loaded> load(Path dir, NumericsPolicy policy) throws IOException, InvalidSpecException {
        return load(dir, policy, RuntimePolicy.standard());
    }

    /**
     * As {@link #load(Path, NumericsPolicy)}, each file checked against a runtime policy (trusted keys, limits, and whether a
     * spec whose sensitivity the runtime cannot re-derive is accepted).
     */
    static Map<String, Loaded> load(Path dir, NumericsPolicy policy, RuntimePolicy runtimePolicy) throws IOException, InvalidSpecException {
        Map<String, Loaded> specs = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.spec.json")) {
            for (Path f : files) {
                String name = f.getFileName().toString().replaceFirst("\\.spec\\.json$", "");
                Mechanism m;
                try {
                    m = Mechanisms.load(f, runtimePolicy.withNumerics(NumericsPolicy.ALLOW_IDEALIZED)); // the numerics argument decides below
                } catch (InvalidSpecException e) {
                    throw new InvalidSpecException(e.pointer(), f + ": " + e.detail());
                }
                if (org.optimech.examples.ReleaseShape.of(m) == org.optimech.examples.ReleaseShape.FUNCTIONS) {
                    throw new IllegalArgumentException(f + ": gaussian-process specs release functions on a grid; this stream takes values and vectors");
                }
                if (m.numerics() == Numerics.IDEALIZED && policy == NumericsPolicy.EXACT_ONLY) {
                    throw new IllegalStateException(f + ": the spec's numerics are idealized (floating-point noise) and exact numerics are required "
                            + "(pass --allow-idealized)");
                }
                specs.put(name, new Loaded(m.spec(), m));
            }
        }
        if (specs.isEmpty()) {
            throw new IOException(dir + ": no *.spec.json files");
        }
        return specs;
    }

    /** Privatizes every record of {@code in} into {@code out}. */
    static Stats run(Map<String, Loaded> specs, BudgetLedger ledger, Reader in, Writer out, RandomSource bits) throws IOException {
        long start = System.nanoTime();
        BufferedReader r = new BufferedReader(in);
        String header = r.readLine();
        if (header == null || !header.strip().equals("dataset,spec,value")) {
            throw new IOException("input must start with the header dataset,spec,value. Provided: " + header);
        }
        out.write("dataset,spec,released\n");
        long records = 0;
        long released = 0;
        long refused = 0;
        StringBuilder line = new StringBuilder();
        for (String row = r.readLine(); row != null; row = r.readLine()) {
            if (row.isBlank()) {
                continue;
            }
            records++;
            String[] f = row.split(",", 3);
            if (f.length != 3) {
                throw new IOException("line " + (records + 1) + ": expected dataset,spec,value. Provided: " + row);
            }
            Loaded l = specs.get(f[1]);
            if (l == null) {
                throw new IOException("line " + (records + 1) + ": unknown spec \"" + f[1] + "\"; loaded: " + specs.keySet());
            }
            line.setLength(0);
            line.append(f[0]).append(',').append(f[1]).append(',');
            try {
                ledger.charge(f[0], l.spec()); // charge before sampling: a failure afterwards over-counts, never under-counts
            } catch (BudgetExceededException e) {
                refused++;
                out.write(line.append("REFUSED\n").toString());
                continue;
            }
            java.util.Optional<DiscreteMechanism> discrete = DiscreteMechanism.of(l.mechanism());
            if (discrete.isPresent()) {
                line.append(discrete.get().sample(f[2].strip(), bits));
            } else {
                String[] parts = f[2].split(";");
                double[] t = new double[parts.length];
                for (int j = 0; j < t.length; j++) {
                    t[j] = Double.parseDouble(parts[j].strip());
                }
                double[] v = l.mechanism().sample(t, bits);
                for (int j = 0; j < v.length; j++) {
                    line.append(j == 0 ? "" : ";").append(v[j]);
                }
            }
            out.write(line.append('\n').toString());
            released++;
        }
        out.flush();
        return new Stats(records, released, refused, (System.nanoTime() - start) / 1e9);
    }

    public static void main(String[] args) throws Exception {
        Path dir = null;
        BigDecimal eps = null;
        BigDecimal delta = BigDecimal.ZERO;
        boolean idealized = false;
        boolean unchecked = false;
        Path inFile = null;
        Path outFile = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--allow-idealized")) {
                idealized = true;
                continue;
            }
            if (a.equals("--allow-unchecked-sensitivity")) {
                unchecked = true;
                continue;
            }
            if (i + 1 >= args.length) {
                fail(a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--specs" -> dir = Path.of(v);
                case "--budget" -> {
                    String[] b = v.split(",");
                    try {
                        eps = new BigDecimal(b[0].strip());
                        delta = b.length > 1 ? new BigDecimal(b[1].strip()) : BigDecimal.ZERO;
                    } catch (NumberFormatException e) {
                        fail("--budget must be EPSILON or EPSILON,DELTA. Provided value: " + v);
                    }
                }
                case "--in" -> inFile = Path.of(v);
                case "--out" -> outFile = Path.of(v);
                default -> fail("unknown argument " + a);
            }
        }
        if (dir == null || eps == null) {
            fail("usage: PrivatizeStream --specs DIR --budget EPSILON[,DELTA] [--allow-idealized] [--allow-unchecked-sensitivity] [--in FILE] [--out FILE]");
        }
        BudgetLedger ledger;
        Map<String, Loaded> specs;
        try {
            ledger = BudgetLedger.of(eps, delta);
            specs = load(dir, idealized ? NumericsPolicy.ALLOW_IDEALIZED : NumericsPolicy.EXACT_ONLY,
                    unchecked ? RuntimePolicy.builder().allowUncheckedSensitivity().build() : RuntimePolicy.standard());
        } catch (InvalidSpecException | IllegalStateException | IllegalArgumentException | IOException e) {
            System.err.println("refusing: " + e.getMessage());
            System.exit(1);
            return;
        }
        for (Map.Entry<String, Loaded> e : specs.entrySet()) {
            System.err.printf(Locale.ROOT, "loaded %s: %s, certified epsilon %s, delta %s, numerics %s%n", e.getKey(), e.getValue().spec().kind(),
                    e.getValue().spec().certifiedEpsilon(), e.getValue().spec().certifiedDelta(), e.getValue().spec().numerics().json());
        }
        Stats s;
        try (Reader in = inFile == null ? new InputStreamReader(System.in, StandardCharsets.UTF_8) : Files.newBufferedReader(inFile);
             Writer out = new BufferedWriter(outFile == null ? new OutputStreamWriter(System.out, StandardCharsets.UTF_8) : Files.newBufferedWriter(outFile))) {
            s = run(specs, ledger, in, out, SecureRandomBits.forCurrentThread());
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("stopped: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.err.printf(Locale.ROOT, "%d records: %d released, %d refused (budget); %.2f s, %.0f records/s%n", s.records(), s.released(), s.refused(),
                s.seconds(), s.perSecond());
        for (BudgetLedger.Spent sp : ledger.report()) {
            System.err.printf(Locale.ROOT, "budget %s: %d releases, epsilon %s of %s, delta %s of %s%n", sp.dataset(), sp.releases(), sp.epsilon().toPlainString(),
                    ledger.totalEpsilon().toPlainString(), sp.delta().toPlainString(), ledger.totalDelta().toPlainString());
        }
    }

    private static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }
}
