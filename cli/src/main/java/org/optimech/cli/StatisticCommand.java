package org.optimech.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.spec.CountSpecs;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.statistic.CsvStatistic;
import org.optimech.runtime.statistic.Statistic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech statistic SPEC.json --csv FILE}: the statistic a K-norm spec releases, computed from a CSV of records. */
@Command(name = "statistic", mixinStandardHelpOptions = true,
        description = {"Computes the statistic T = sum over records of t(x) that a K-norm spec releases (the statistic recorded in its "
                + "design.problem) from a CSV of records, and prints it as `sample --input` takes it. The CSV's header names the columns (other "
                + "columns are ignored): features read one column per variable (box values clipped to their range, categorical values one of the "
                + "levels); records, counts, bounded_contribution and ordered_counts one column per coordinate t1 ... td (or the statistic's names); "
                + "ranking one column per candidate holding its place 1 ... d. Each record is clipped into the domain the spec's sensitivity holds "
                + "for (counts and contributions keep their k largest entries, ordered answers are closed upward, contributions clipped to "
                + "[-c, c]); stderr says how many were.",
            "For a discrete spec designed for a count, --count-column COLUMN prints the number of records whose COLUMN is 1 (0/1 answers).",
            "Exit codes: 0 done; 2 bad input (a malformed record is named by line, column and value; nothing is skipped)."})
final class StatisticCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SPEC.json", description = "A K-norm spec whose design.problem records its statistic, or a discrete count spec with --count-column.")
    Path specFile;

    @Option(names = "--csv", required = true, paramLabel = "FILE", description = "The records, one per line after a header; - for standard input.")
    String csv;

    @Option(names = "--count-column", paramLabel = "COLUMN",
            description = "For a discrete spec designed for a count (integer inputs, neighbours differ by one record): print the number of "
                    + "records whose COLUMN is 1 (a yes/no answer as 0/1), refused unless it is one of the spec's inputs.")
    String countColumn;

    @picocli.CommandLine.Mixin
    ProgressOption progressOption = new ProgressOption();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        MechanismSpec s = SpecFiles.loadSpec(specFile, org.optimech.runtime.spec.RuntimePolicy.builder()
                .numerics(org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED).allowUncheckedSensitivity().build());
        java.util.Optional<org.optimech.runtime.spec.DiscreteSpec> discrete = org.optimech.runtime.spec.DiscreteSpec.of(s);
        if (countColumn != null || discrete.isPresent()) {
            return count(discrete.orElseThrow(() -> new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--count-column " + countColumn
                    + ": counts are released by a discrete spec; " + specFile + " is a vector spec (leave --count-column out)")));
        }
        KNormSpec k = KNormSpec.of(s).orElseThrow(() -> new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, specFile + ": a K-norm spec is needed "
                + "(its statistic is computed from records); this one is not"));
        Statistic statistic = recorded(k); // its dimension is the ambient one that sample --input reads
        CsvStatistic.Result r = sum((reader, recordsRead) -> CsvStatistic.of(statistic, reader, recordsRead));
        PrintWriter out = spec.commandLine().getOut();
        StringBuilder b = new StringBuilder();
        for (double v : r.value()) {
            b.append(b.length() == 0 ? "" : ",").append(v);
        }
        out.println(b);
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "optimech: statistic (%s) over %d records%n", String.join(", ", statistic.names()), r.records());
        for (int v = 0; v < r.clipped().length; v++) {
            if (r.clipped()[v] > 0) {
                err.printf(Locale.ROOT, "optimech: note: %d %s%n", r.clipped()[v], r.clipped()[v] == 1 ? singular(r.clipRules().get(v)) : r.clipRules().get(v));
            }
        }
        err.flush();
        return 0;
    }

    /** A clipping rule ("values of x were outside ...", "records had ...") said of one value or record. */
    static String singular(String rule) {
        String one = rule.startsWith("values ") ? "value " + rule.substring(7) : rule.startsWith("records ") ? "record " + rule.substring(8) : rule;
        return one.replaceFirst(" were ", " was ");
    }

    /**
     * One pass over the records, the file's or standard input's, with its progress (a file's bytes read of its size; standard
     * input's records read and their rate, its size being unknown); bad records become exit 2 naming --csv.
     */
    private CsvStatistic.Result sum(Summer summer) {
        try {
            return csv.equals("-") ? sumStandardInput(summer) : sumFile(summer, Path.of(csv));
        } catch (org.optimech.runtime.spec.InvalidSpecException e) {
            throw new IllegalStateException(e); // summing reads no spec
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--csv " + csv + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw SpecFiles.ioError(Path.of(csv), e);
        }
    }

    /** Reads records into a statistic, telling {@code recordsRead} the records read so far. */
    private interface Summer {
        CsvStatistic.Result sum(Reader records, java.util.function.LongConsumer recordsRead) throws IOException;
    }

    /** Sums standard input's records, counting them as they are read (no total, so no estimate: the form says so). */
    private CsvStatistic.Result sumStandardInput(Summer summer) throws IOException, org.optimech.runtime.spec.InvalidSpecException {
        org.optimech.designer.common.Progress p = progressOption.progress(); // one instance: its heartbeat is left out while the tally runs
        return progressOption.running(p, "summing the records of standard input", () -> {
            org.optimech.designer.common.Progress.Task task = p.tally("summing standard input (records read)");
            CsvStatistic.Result r = summer.sum(new InputStreamReader(System.in, StandardCharsets.UTF_8), records -> task.advance(records - task.completed(), null));
            task.advance(r.records() - task.completed(), null);
            task.done();
            return r;
        });
    }

    /** The count of yes records for a discrete count spec, printed as the integer input {@code sample --input} takes. */
    private Integer count(org.optimech.runtime.spec.DiscreteSpec discrete) {
        if (countColumn == null) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, specFile + ": a discrete spec releases a count: name the 0/1 column "
                    + "to count with --count-column COLUMN");
        }
        try {
            // before any record is read: whether a count may go through this spec depends on the spec alone
            CountSpecs.requireCounts(discrete, 1);
        } catch (FieldException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, specFile + ": not a spec for a count of records: " + e.getMessage(), e);
        }
        CsvStatistic.Result r = sum((reader, recordsRead) -> CsvStatistic.count(countColumn, reader, recordsRead));
        String label = Long.toString(Math.round(r.value()[0]));
        if (discrete.inputs().indexOf(label).isEmpty()) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--csv " + csv + ": the count " + label + " of records with "
                    + countColumn + " = 1 (of " + r.records() + ") is not an input of " + specFile + " (a count spec over more records is needed)");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(label);
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "optimech: counted the records with %s = 1 (%d records read)%n", countColumn, r.records());
        err.flush();
        return 0;
    }

    /** Sums a file's records, reporting the bytes read of its size (a big CSV takes a while; at most a line a second). */
    private CsvStatistic.Result sumFile(Summer summer, Path file) throws IOException {
        org.optimech.designer.common.Progress.Task task = progressOption.progress().task("summing " + file.getFileName() + " (bytes read)", Files.size(file));
        try (InputStream counted = new FilterInputStream(Files.newInputStream(file)) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    task.advance(1, null);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int off, int len) throws IOException {
                int n = super.read(buffer, off, len);
                if (n > 0) {
                    task.advance(n, null);
                }
                return n;
            }
        }; Reader in = new InputStreamReader(counted, StandardCharsets.UTF_8)) {
            CsvStatistic.Result r = summer.sum(in, records -> { });
            task.done();
            return r;
        }
    }

    private Statistic recorded(KNormSpec k) {
        try {
            Statistic statistic = org.optimech.runtime.spec.RecordedProblem.read(k.design())
                    .orElseThrow(() -> new FieldException("/design/problem/statistic", "is missing: the spec does not record the statistic it was designed for"))
                    .statistic();
            return statistic;
        } catch (FieldException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, specFile + ": " + e.getMessage(), e);
        }
    }
}
