package org.optimech.spark.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.optimech.designer.common.Progress;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecLoader;
import org.optimech.spark.GroupRelease;
import org.optimech.spark.JobProgress;
import org.optimech.spark.SpecNotApplicableException;

/**
 * {@code optimech-spark SPEC.json --csv FILE --unit COLUMN [options]}: one {@link GroupRelease} on a local Spark session.
 *
 * <p>Reads the CSV (header row, column types inferred), bounds each privacy unit's contribution, releases the spec's
 * statistic per group with the job's guarantee, and writes one CSV row per released key (the key, then the statistic's
 * columns) to {@code --out} (atomically) or stdout. Without {@code --group} every row is in one group, the public key
 * {@code all}, so the release is the whole file's statistic. The guarantee and the Spark stages' progress go to stderr
 * ({@code --quiet} keeps only the guarantee). Exit codes: 0 released; 2 bad input (named); 1 the job failed.
 */
public final class SparkReleaseCli {
    static final int EXIT_OK = 0;
    static final int EXIT_FAILED = 1;
    static final int EXIT_BAD_INPUT = 2;
    /** The key of the one group when no group column is named. */
    static final String ALL = "all";
    private static final String GROUP_COLUMN = "group";

    static final String USAGE = String.join("\n",
            "Usage: optimech-spark SPEC.json --csv FILE --unit COLUMN [--group COLUMN (--keys K1,K2,... | --partition-selection EPSILON,DELTA)]",
            "                      [--variable NAME=COLUMN]... [--max-groups G] [--max-rows K] [--allow-idealized-numerics]",
            "                      [--master local[*]] [--out FILE.csv] [--quiet]",
            "Releases the spec's statistic per group of a CSV's rows on Spark (GroupRelease): at most G groups and K rows per group",
            "for each privacy unit (--unit), values clipped to the spec's box, one noise draw per group. Without --group all rows are",
            "one group, the key \"all\". Writes the released CSV (key, statistic columns) to --out or stdout; the job's guarantee",
            "and progress go to stderr (--quiet: the guarantee only). Exit codes: 0 released, 1 the job failed, 2 bad input.");

    /** The parsed command line. */
    record Options(Path spec, Path csv, String unit, String group, List<String> keys, BigDecimal[] selection, Map<String, String> variables,
            int maxGroups, int maxRows, boolean idealized, String master, Path out, boolean quiet) {
    }

    /** Bad input, named; exit code 2. */
    static final class BadInput extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadInput(String message) {
            super(message);
        }
    }

    private SparkReleaseCli() {
    }

    /**
     * The log configuration the runner uses unless one is given ({@code -Dlog4j2.configurationFile=...}): Spark's own log
     * at ERROR only, so stderr carries the guarantee and the progress, not Spark's start-up INFO and WARN lines.
     */
    static final String QUIET_LOG = "org/optimech/spark/cli/quiet-log4j2.properties";

    /** Runs and exits with the command's code. */
    public static void main(String[] args) {
        if (System.getProperty("log4j2.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", QUIET_LOG); // before Spark (and so log4j) starts
        }
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command; returns its exit code. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            (args.length == 0 ? err : out).println(USAGE);
            return args.length == 0 ? EXIT_BAD_INPUT : EXIT_OK;
        }
        Options o;
        GroupRelease job;
        try {
            o = parse(args);
            job = job(o);
        } catch (BadInput | IllegalArgumentException e) {
            err.println("optimech-spark: " + e.getMessage());
            return EXIT_BAD_INPUT;
        }
        if (!Files.isRegularFile(o.csv())) {
            err.println("optimech-spark: --csv " + o.csv() + ": no such file");
            return EXIT_BAD_INPUT;
        }
        err.println("optimech-spark: guarantee: " + job.guarantee().describe());
        SparkSession spark = SparkSession.builder().master(o.master()).appName("optimech-spark")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
        Progress progress = o.quiet() ? Progress.silent() : Progress.console(new java.io.PrintWriter(err, true));
        try (JobProgress stages = JobProgress.attach(spark.sparkContext(), new StageTasks(progress))) {
            spark.sparkContext().setJobDescription("reading " + o.csv().getFileName());
            Dataset<Row> rows = spark.read().option("header", "true").option("inferSchema", "true").csv(o.csv().toString());
            if (o.group() == null) {
                rows = rows.withColumn(GROUP_COLUMN, functions.lit(ALL));
            }
            spark.sparkContext().setJobDescription("bounding contributions and releasing per group");
            GroupRelease.Release release = job.release(rows);
            List<Row> released = release.released().collectAsList();
            write(o, release.released().columns(), released, out);
            err.println("optimech-spark: released " + released.size() + (released.size() == 1 ? " group" : " groups")
                    + (o.out() == null ? "" : " to " + o.out()));
            return EXIT_OK;
        } catch (IllegalArgumentException e) { // SpecNotApplicableException too: a column missing or a spec the job cannot apply
            err.println("optimech-spark: " + e.getMessage());
            return EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("optimech-spark: " + o.out() + ": " + e.getMessage());
            return EXIT_FAILED;
        } catch (RuntimeException e) {
            err.println("optimech-spark: the Spark job failed: " + e);
            return EXIT_FAILED;
        } finally {
            spark.stop();
        }
    }

    /** The job the options describe, validated against the spec before Spark starts. */
    static GroupRelease job(Options o) {
        MechanismSpec spec;
        try {
            spec = SpecLoader.load(o.spec());
        } catch (NoSuchFileException e) {
            throw new BadInput(o.spec() + ": no such spec file");
        } catch (IOException e) {
            throw new BadInput(o.spec() + ": " + e.getMessage());
        } catch (InvalidSpecException e) {
            throw new BadInput(o.spec() + ": " + e.getMessage());
        }
        GroupRelease.Builder b = GroupRelease.builder(spec).privacyUnit(o.unit()).groupBy(o.group() == null ? GROUP_COLUMN : o.group())
                .maxGroupsPerUnit(o.maxGroups()).maxRowsPerGroup(o.maxRows());
        if (o.group() == null) {
            b.publicKeys(List.of(ALL));
        } else if (o.keys() != null) {
            b.publicKeys(o.keys());
        } else if (o.selection() != null) {
            b.partitionSelection(o.selection()[0], o.selection()[1]);
        }
        o.variables().forEach(b::variable);
        if (o.idealized()) {
            b.allowIdealizedNumerics();
        }
        try {
            return b.build();
        } catch (SpecNotApplicableException e) {
            throw new BadInput(o.spec() + ": " + e.getMessage() + (o.idealized() || !e.getMessage().contains("idealized") ? ""
                    : " (--allow-idealized-numerics accepts it)"));
        }
    }

    /** Parses the arguments; every malformed one is named with its value. */
    static Options parse(String[] args) {
        Path spec = null;
        Path csv = null;
        String unit = null;
        String group = null;
        List<String> keys = null;
        BigDecimal[] selection = null;
        Map<String, String> variables = new LinkedHashMap<>();
        int maxGroups = 1;
        int maxRows = 1;
        boolean idealized = false;
        String master = "local[*]";
        Path out = null;
        boolean quiet = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--csv" -> csv = Path.of(value(args, ++i, a));
                case "--unit" -> unit = value(args, ++i, a);
                case "--group" -> group = value(args, ++i, a);
                case "--keys" -> keys = List.of(value(args, ++i, a).split(",", -1));
                case "--partition-selection" -> selection = selection(value(args, ++i, a));
                case "--variable" -> {
                    String v = value(args, ++i, a);
                    int eq = v.indexOf('=');
                    if (eq <= 0 || eq == v.length() - 1) {
                        throw new BadInput("--variable must be NAME=COLUMN. Provided value: " + v);
                    }
                    variables.put(v.substring(0, eq), v.substring(eq + 1));
                }
                case "--max-groups" -> maxGroups = positive(value(args, ++i, a), a);
                case "--max-rows" -> maxRows = positive(value(args, ++i, a), a);
                case "--allow-idealized-numerics" -> idealized = true;
                case "--master" -> master = value(args, ++i, a);
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--quiet", "-q" -> quiet = true;
                default -> {
                    if (a.startsWith("-")) {
                        throw new BadInput("unknown option " + a + "\n" + USAGE);
                    }
                    if (spec != null) {
                        throw new BadInput("one spec file is expected; a second was given: " + a);
                    }
                    spec = Path.of(a);
                }
            }
        }
        if (spec == null) {
            throw new BadInput("the spec file (SPEC.json) is missing\n" + USAGE);
        }
        if (csv == null) {
            throw new BadInput("--csv FILE is required");
        }
        if (unit == null) {
            throw new BadInput("--unit COLUMN is required: the guarantee is per privacy unit (a respondent, a user)");
        }
        if (group == null && (keys != null || selection != null)) {
            throw new BadInput("--keys and --partition-selection choose the groups of --group COLUMN; without --group all rows are one group");
        }
        if (group != null && (keys == null) == (selection == null)) {
            throw new BadInput("with --group, exactly one of --keys (the output keys, public) and --partition-selection is required: releasing the keys "
                    + "found in the data would reveal them");
        }
        return new Options(spec, csv, unit, group, keys, selection, variables, maxGroups, maxRows, idealized, master, out, quiet);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new BadInput(option + " needs a value");
        }
        return args[i];
    }

    private static int positive(String v, String option) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new BadInput(option + " must be an integer >= 1. Provided value: " + v);
    }

    private static BigDecimal[] selection(String v) {
        String[] p = v.split(",", -1);
        try {
            if (p.length == 2) {
                return new BigDecimal[] {new BigDecimal(p[0].strip()), new BigDecimal(p[1].strip())};
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new BadInput("--partition-selection must be EPSILON,DELTA (two decimal numbers). Provided value: " + v);
    }

    /** The released rows as CSV, to --out (written to a sibling and moved into place) or stdout. */
    private static void write(Options o, String[] columns, List<Row> rows, PrintStream stdout) throws IOException {
        StringBuilder b = new StringBuilder();
        List<String> header = new ArrayList<>(Arrays.asList(columns));
        b.append(String.join(",", header.stream().map(SparkReleaseCli::csvField).toList())).append('\n');
        for (Row r : rows) {
            for (int c = 0; c < columns.length; c++) {
                b.append(c == 0 ? "" : ",").append(csvField(String.valueOf(r.get(c))));
            }
            b.append('\n');
        }
        if (o.out() == null) {
            stdout.print(b);
            stdout.flush();
            return;
        }
        Path target = o.out().toAbsolutePath();
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            w.write(b.toString());
        }
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String csvField(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** Each Spark stage as a task of the tool's progress: tasks done of total and the time left, a bar on a terminal. */
    static final class StageTasks implements JobProgress.Stages {
        private final Progress progress;
        private final Map<Integer, Progress.Task> tasks = new java.util.concurrent.ConcurrentHashMap<>();

        StageTasks(Progress progress) {
            this.progress = progress;
        }

        @Override
        public void submitted(int stage, String name, int total) {
            Progress.Task t = progress.task("spark stage " + stage + " (" + name + "), tasks", total);
            tasks.put(stage, t);
            t.advance(0, null); // a line as it starts: none of its tasks done yet
        }

        @Override
        public void taskDone(int stage, int done, int total) {
            Progress.Task t = tasks.get(stage);
            if (t != null && done > t.completed()) {
                t.advance(done - t.completed(), null);
            }
        }

        @Override
        public void completed(int stage, String failure) {
            Progress.Task t = tasks.remove(stage);
            if (t != null) {
                t.done();
                if (failure != null) {
                    progress.stage("spark stage " + stage + " failed: " + failure);
                }
            }
        }
    }
}
