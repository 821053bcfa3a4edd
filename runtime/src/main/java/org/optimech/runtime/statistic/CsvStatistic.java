package org.optimech.runtime.statistic;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The value T = Σ_i t(x_i) of a statistic over records read as CSV: a header row naming the columns (every column the
 * statistic reads must be one; other columns are ignored), then one record per line. Each form reads its own columns:
 * <ul>
 * <li>{@link PolynomialStatistic polynomial features}: one column per box and categorical variable; a box value is clipped to
 * its range, a categorical value must be one of its levels (histograms are features of a categorical variable);</li>
 * <li>{@link RecordStatistic listed records}: one column per coordinate (the statistic's names); the row must be exactly one of
 * the listed records (the sensitivity covers those only);</li>
 * <li>{@link Counts counts}: one 0/1 column per item (t1 … td); a record with more than k ones keeps its first k;</li>
 * <li>{@link BoundedContribution bounded contributions}: one number per coordinate, clipped to [−c, c] ([0, c] when
 * non-negative); a record with more than k non-zero values keeps the k largest in magnitude (the first on ties);</li>
 * <li>{@link Ranking rankings}: one column per candidate holding its place 1 … d (a permutation); the candidate in place i
 * scores s_i;</li>
 * <li>{@link OrderedCounts ordered counts}: one 0/1 column per answer; a record that breaks an implication is closed upward
 * (x_i = 1 sets every x_j it implies).</li>
 * </ul>
 * Clipping maps every record into the record domain the mechanism's sensitivity was certified for, which is what keeps its
 * guarantee; how many records or values each rule changed is reported. {@link DifferenceStatistic Differences} give no
 * per-record statistic and are refused. Fields may be quoted ("…", with "" for a quote). A malformed record is refused naming
 * its line, column and value: never skipped, since skipping a record would change the statistic silently.
 */
public final class CsvStatistic {
    /**
     * @param value T, one entry per coordinate
     * @param records how many records were summed
     * @param clipped per clipping rule (see {@code clipRules}), how many values or records it changed
     * @param clipRules one description per rule, completing "N …" (e.g. "values of x were outside [-1.0, 1.0] and clipped to it")
     */
    public record Result(double[] value, long records, long[] clipped, List<String> clipRules) {
        public Result {
            value = value.clone();
            clipped = clipped.clone();
            clipRules = List.copyOf(clipRules);
            if (clipRules.size() != clipped.length) {
                throw new IllegalArgumentException("clipRules must have one entry per clipping count (" + clipped.length + "). Provided: " + clipRules.size());
            }
        }

        @Override
        public double[] value() {
            return value.clone();
        }

        @Override
        public long[] clipped() {
            return clipped.clone();
        }
    }

    /** One statistic form's reading of a record: the columns it needs and t of one row of them. */
    private interface RowRule {
        /** The columns read, in the order {@link #t} receives them. */
        List<String> columns();

        /** The clipping rules, in the order of {@code clipped}. */
        List<String> clipRules();

        /** t of one record (its columns' raw, stripped fields), adding to {@code clipped} what was clipped. */
        double[] t(String[] raw, int lineNo, long[] clipped);
    }

    private CsvStatistic() {
    }

    /**
     * @throws IllegalArgumentException naming the line, the column and the value for a header without a needed column, a
     *     record with a missing field, a value that is not a finite number, a level or place the statistic does not have, a
     *     record that is not listed, or a statistic given as differences (it has no per-record form)
     */
    public static Result of(Statistic statistic, Reader csv) throws IOException {
        return of(statistic, csv, records -> { });
    }

    /**
     * As {@link #of(Statistic, Reader)}, telling {@code recordsRead} how many records have been read so far, every
     * {@value #REPORT_EVERY} records (for a progress display when the input's size is unknown, as on standard input).
     */
    public static Result of(Statistic statistic, Reader csv, java.util.function.LongConsumer recordsRead) throws IOException {
        Objects.requireNonNull(statistic, "statistic");
        return of(rule(statistic), statistic.dimension(), csv, recordsRead);
    }

    /** How often the records read so far are reported. */
    public static final int REPORT_EVERY = 4096;

    /**
     * A count: the number of records whose 0/1 column {@code column} is 1 (a yes/no answer), read as strictly as a
     * {@code counts} statistic's column (anything but 0 or 1 is refused with its line, column and value). One record moves
     * the count by at most 1, the sensitivity of a counting query over neighbours that differ by one.
     *
     * @param column the header name of the 0/1 column
     * @param csv the records, a header line first
     * @return the count as a one-coordinate value, with the number of records
     * @throws IOException when reading fails
     */
    public static Result count(String column, Reader csv) throws IOException {
        return count(column, csv, records -> { });
    }

    /** As {@link #count(String, Reader)}, reporting the records read so far as {@link #of(Statistic, Reader, java.util.function.LongConsumer)} does. */
    public static Result count(String column, Reader csv, java.util.function.LongConsumer recordsRead) throws IOException {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(csv, "csv");
        if (column.isBlank()) {
            throw new IllegalArgumentException("the count's column must be named. Provided value: \"" + column + "\"");
        }
        return of(new SparseRule(List.of(column.strip()), 1, 1, true, true), 1, csv, recordsRead);
    }

    private static RowRule rule(Statistic statistic) {
        return statistic.<RowRule>match(PolynomialRule::new, ListedRule::new, differences -> {
            throw new IllegalArgumentException("a statistic given as differences T(X) - T(X') has no per-record form, so it cannot be computed from records");
        }, structured -> structured.<RowRule>matchStructure(
                b -> new SparseRule(b.names(), b.maxNonzero(), org.optimech.runtime.exact.Dyadic.doubleAtMost(b.maxAbs()) /* rounded up, a clip could exceed the certified c */, b.nonnegative(), false),
                c -> new SparseRule(c.names(), c.maxNonzero(), 1, true, true),
                RankingRule::new, OrderedRule::new));
    }

    private static Result of(RowRule rule, int d, Reader csv, java.util.function.LongConsumer recordsRead) throws IOException {
        Objects.requireNonNull(recordsRead, "recordsRead");
        BufferedReader in = new BufferedReader(csv);
        List<String> needed = rule.columns();
        String headerLine = in.readLine();
        if (headerLine == null) {
            throw new IllegalArgumentException("line 1: the CSV is empty; it needs a header naming the columns " + String.join(", ", needed));
        }
        List<String> header = fields(headerLine, 1);
        Map<String, Integer> column = new HashMap<>();
        for (int c = 0; c < header.size(); c++) {
            if (column.putIfAbsent(header.get(c).strip(), c) != null) {
                throw new IllegalArgumentException("line 1, column " + (c + 1) + ": the column \"" + header.get(c).strip() + "\" is named twice");
            }
        }
        int[] at = new int[needed.size()];
        for (int v = 0; v < at.length; v++) {
            at[v] = require(column, needed.get(v));
        }
        double[] sum = new double[d];
        double[] comp = new double[d]; // Kahan compensation: many records
        long[] clipped = new long[rule.clipRules().size()];
        long records = 0;
        String[] raw = new String[at.length];
        String line;
        int lineNo = 1;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            List<String> f = fields(line, lineNo);
            for (int v = 0; v < at.length; v++) {
                raw[v] = field(f, at[v], lineNo, needed.get(v)).strip();
            }
            double[] t = rule.t(raw, lineNo, clipped);
            for (int j = 0; j < d; j++) {
                double y = t[j] - comp[j];
                double s = sum[j] + y;
                comp[j] = (s - sum[j]) - y;
                sum[j] = s;
            }
            records++;
            if (records % REPORT_EVERY == 0) {
                recordsRead.accept(records);
            }
        }
        return new Result(sum, records, clipped, rule.clipRules());
    }

    /** A finite number, or the error naming line, column and value. */
    private static double number(String raw, int lineNo, String column) {
        double value;
        try {
            value = Double.parseDouble(raw);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("line " + lineNo + ", column \"" + column + "\": must be a finite number. Provided value: \"" + raw + "\"");
        }
        return value;
    }

    /** 0 or 1, or the error naming line, column and value. */
    private static double indicator(String raw, int lineNo, String column) {
        double v = number(raw, lineNo, column);
        if (v != 0 && v != 1) {
            throw new IllegalArgumentException("line " + lineNo + ", column \"" + column + "\": must be 0 or 1. Provided value: \"" + raw + "\"");
        }
        return v;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** Features of box (clipped) and categorical variables. */
    private static final class PolynomialRule implements RowRule {
        private final PolynomialStatistic statistic;
        private final List<PolynomialStatistic.BoxVariable> boxes;
        private final List<PolynomialStatistic.CategoricalVariable> cats;
        private final Map<String, Double> x = new HashMap<>();

        PolynomialRule(PolynomialStatistic statistic) {
            this.statistic = statistic;
            this.boxes = statistic.variables();
            this.cats = statistic.categoricals();
        }

        @Override
        public List<String> columns() {
            return concat(boxes.stream().map(PolynomialStatistic.BoxVariable::name).toList(),
                    cats.stream().map(PolynomialStatistic.CategoricalVariable::name).toList());
        }

        @Override
        public List<String> clipRules() {
            return boxes.stream().map(b -> "values of " + b.name() + " were outside [" + b.lower() + ", " + b.upper() + "] and clipped to it").toList();
        }

        @Override
        public double[] t(String[] raw, int lineNo, long[] clipped) {
            x.clear();
            for (int v = 0; v < boxes.size(); v++) {
                PolynomialStatistic.BoxVariable b = boxes.get(v);
                double value = number(raw[v], lineNo, b.name());
                if (value < b.lower() || value > b.upper()) {
                    clipped[v]++;
                    value = Math.max(b.lower(), Math.min(b.upper(), value));
                }
                x.put(b.name(), value);
            }
            for (int v = 0; v < cats.size(); v++) {
                PolynomialStatistic.CategoricalVariable c = cats.get(v);
                String r = raw[boxes.size() + v];
                if (!c.levels().contains(r)) {
                    throw new IllegalArgumentException("line " + lineNo + ", column \"" + c.name() + "\": must be one of " + c.levels() + ". Provided value: \""
                            + r + "\"");
                }
                for (String level : c.levels()) {
                    x.put(c.indicator(level), level.equals(r) ? 1.0 : 0.0);
                }
            }
            double[] out = new double[statistic.dimension()];
            for (int j = 0; j < out.length; j++) {
                double t = 0;
                for (PolynomialStatistic.Term term : statistic.features().get(j).terms()) {
                    double p = term.coefficient().doubleValue();
                    for (Map.Entry<String, Integer> e : term.powers().entrySet()) {
                        p *= Math.pow(x.get(e.getKey()), e.getValue());
                    }
                    t += p;
                }
                out[j] = t;
            }
            return out;
        }
    }

    /** t given per coordinate, which must be one of the listed records. */
    private static final class ListedRule implements RowRule {
        private final RecordStatistic statistic;
        private final Set<List<Double>> listed = new HashSet<>();

        ListedRule(RecordStatistic statistic) {
            this.statistic = statistic;
            for (double[] r : statistic.records()) {
                listed.add(key(r));
            }
        }

        private static List<Double> key(double[] r) {
            List<Double> k = new ArrayList<>(r.length);
            for (double v : r) {
                k.add(v == 0 ? 0.0 : v); // -0.0 and 0.0 are the same record
            }
            return k;
        }

        @Override
        public List<String> columns() {
            return statistic.names();
        }

        @Override
        public List<String> clipRules() {
            return List.of();
        }

        @Override
        public double[] t(String[] raw, int lineNo, long[] clipped) {
            double[] t = new double[raw.length];
            for (int j = 0; j < t.length; j++) {
                t[j] = number(raw[j], lineNo, statistic.names().get(j));
            }
            if (!listed.contains(key(t))) {
                throw new IllegalArgumentException("line " + lineNo + ": (" + String.join(", ", statistic.names()) + ") must be one of the statistic's "
                        + listed.size() + " listed records (its sensitivity covers those only). Provided value: (" + String.join(", ", raw) + ")");
            }
            return t;
        }
    }

    /** Counts (0/1, at most k ones: the first k kept) and bounded contributions (clipped to [−c, c], the k largest kept). */
    private static final class SparseRule implements RowRule {
        private final List<String> names;
        private final int k;
        private final double c;
        private final boolean nonnegative;
        private final boolean zeroOne;

        SparseRule(List<String> names, int k, double c, boolean nonnegative, boolean zeroOne) {
            this.names = names;
            this.k = k;
            this.c = c;
            this.nonnegative = nonnegative;
            this.zeroOne = zeroOne;
        }

        @Override
        public List<String> columns() {
            return names;
        }

        @Override
        public List<String> clipRules() {
            String range = "[" + (nonnegative ? 0.0 : -c) + ", " + c + "]";
            return zeroOne ? List.of("records had more than " + k + " ones; each kept its first " + k)
                    : List.of("values were outside " + range + " and clipped to it", "records had more than " + k
                            + " non-zero values; each kept its " + k + " largest in magnitude");
        }

        @Override
        public double[] t(String[] raw, int lineNo, long[] clipped) {
            double[] t = new double[raw.length];
            int nonzero = 0;
            for (int j = 0; j < t.length; j++) {
                if (zeroOne) {
                    t[j] = indicator(raw[j], lineNo, names.get(j));
                } else {
                    double v = number(raw[j], lineNo, names.get(j));
                    double lo = nonnegative ? 0 : -c;
                    if (v < lo || v > c) {
                        clipped[0]++;
                        v = Math.max(lo, Math.min(c, v));
                    }
                    t[j] = v;
                }
                nonzero += t[j] != 0 ? 1 : 0;
            }
            if (nonzero > k) {
                clipped[zeroOne ? 0 : 1]++;
                keepLargest(t, k);
            }
            return t;
        }

        /** Zeroes all but the k entries largest in magnitude (the first of equal ones kept). */
        private static void keepLargest(double[] t, int k) {
            Integer[] order = new Integer[t.length];
            for (int j = 0; j < t.length; j++) {
                order[j] = j;
            }
            Arrays.sort(order, (a, b) -> Double.compare(Math.abs(t[b]), Math.abs(t[a]))); // stable: ties keep column order
            for (int i = k; i < order.length; i++) {
                t[order[i]] = 0;
            }
        }
    }

    /** Places 1 … d per candidate (a permutation); the candidate in place i gets the score s_i. */
    private static final class RankingRule implements RowRule {
        private final List<String> names;
        private final double[] scores;

        RankingRule(Ranking r) {
            this.names = r.names();
            this.scores = Arrays.stream(r.scores()).mapToDouble(java.math.BigDecimal::doubleValue).toArray();
        }

        @Override
        public List<String> columns() {
            return names;
        }

        @Override
        public List<String> clipRules() {
            return List.of();
        }

        @Override
        public double[] t(String[] raw, int lineNo, long[] clipped) {
            int d = raw.length;
            double[] t = new double[d];
            String[] byPlace = new String[d];
            for (int j = 0; j < d; j++) {
                int place;
                try {
                    place = Integer.parseInt(raw[j]);
                } catch (NumberFormatException e) {
                    place = 0;
                }
                if (place < 1 || place > d) {
                    throw new IllegalArgumentException("line " + lineNo + ", column \"" + names.get(j) + "\": must be the candidate's place, an integer in [1, "
                            + d + "]. Provided value: \"" + raw[j] + "\"");
                }
                if (byPlace[place - 1] != null) {
                    throw new IllegalArgumentException("line " + lineNo + ", column \"" + names.get(j) + "\": place " + place + " is already taken by \""
                            + byPlace[place - 1] + "\" (a ballot ranks every candidate once). Provided value: \"" + raw[j] + "\"");
                }
                byPlace[place - 1] = names.get(j);
                t[j] = scores[place - 1];
            }
            return t;
        }
    }

    /** 0/1 answers, closed upward under the implications. */
    private static final class OrderedRule implements RowRule {
        private final OrderedCounts statistic;
        private final int[][] implies;

        OrderedRule(OrderedCounts statistic) {
            this.statistic = statistic;
            this.implies = statistic.implies();
        }

        @Override
        public List<String> columns() {
            return statistic.names();
        }

        @Override
        public List<String> clipRules() {
            return List.of("records broke an implication and were closed upward (an answer 1 sets every answer it implies)");
        }

        @Override
        public double[] t(String[] raw, int lineNo, long[] clipped) {
            double[] t = new double[raw.length];
            for (int j = 0; j < t.length; j++) {
                t[j] = indicator(raw[j], lineNo, statistic.names().get(j));
            }
            if (!statistic.admits(t)) {
                clipped[0]++;
                boolean changed = true;
                while (changed) { // at most d rounds: each sets at least one more answer
                    changed = false;
                    for (int[] p : implies) {
                        if (t[p[0]] == 1 && t[p[1]] == 0) {
                            t[p[1]] = 1;
                            changed = true;
                        }
                    }
                }
            }
            return t;
        }
    }

    private static int require(Map<String, Integer> column, String name) {
        Integer c = column.get(name);
        if (c == null) {
            throw new IllegalArgumentException("line 1: the header has no column \"" + name + "\" (the statistic reads its variables or coordinates from "
                    + "columns of these names). Provided "
                    + "header: " + column.keySet().stream().sorted().toList());
        }
        return c;
    }

    private static String field(List<String> f, int c, int lineNo, String name) {
        if (c >= f.size()) {
            throw new IllegalArgumentException("line " + lineNo + ", column \"" + name + "\": missing (the line has " + f.size() + " fields)");
        }
        return f.get(c);
    }

    /** One CSV line's fields: commas separate, "…" quotes (with "" inside for a quote). */
    static List<String> fields(String line, int lineNo) {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        b.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    b.append(ch);
                }
            } else if (ch == '"' && b.toString().isBlank() && !wasQuoted) {
                quoted = true;
                wasQuoted = true;
                b.setLength(0);
            } else if (ch == ',') {
                out.add(b.toString());
                b.setLength(0);
                wasQuoted = false;
            } else {
                b.append(ch);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("line " + lineNo + ": a quoted field is not closed");
        }
        out.add(b.toString());
        return out;
    }
}
