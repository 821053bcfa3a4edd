package org.optimech.runtime.statistic;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The value T = Σ_i t(x_i) of a {@link PolynomialStatistic} over records read as CSV: a header row naming the columns (every
 * box and categorical variable must be one; other columns are ignored), then one record per line. Each box variable is
 * clipped to its range first: the mechanism's sensitivity holds for records inside the box only, so clipping is what keeps
 * its guarantee, and how many values were clipped is reported. A categorical value must be one of its levels. Fields may be
 * quoted ("…", with "" for a quote). A malformed record is refused naming its line, column and value: never skipped, since
 * skipping a record would change the statistic silently.
 */
public final class CsvStatistic {
    /**
     * @param value T, one entry per feature
     * @param records how many records were summed
     * @param clipped per box variable (in the statistic's order), how many values lay outside its range and were clipped
     */
    public record Result(double[] value, long records, long[] clipped) {
        public Result {
            value = value.clone();
            clipped = clipped.clone();
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

    private CsvStatistic() {
    }

    /**
     * @throws IllegalArgumentException naming the line, the column and the value for a header without a variable, a record
     *     with a missing or extra-short row, a value that is not a finite number, or a level the variable does not have
     */
    public static Result of(PolynomialStatistic statistic, Reader csv) throws IOException {
        Objects.requireNonNull(statistic, "statistic");
        BufferedReader in = new BufferedReader(csv);
        String headerLine = in.readLine();
        if (headerLine == null) {
            throw new IllegalArgumentException("line 1: the CSV is empty; it needs a header naming the columns " + String.join(", ", statistic.variableNames()));
        }
        List<String> header = fields(headerLine, 1);
        Map<String, Integer> column = new HashMap<>();
        for (int c = 0; c < header.size(); c++) {
            if (column.putIfAbsent(header.get(c).strip(), c) != null) {
                throw new IllegalArgumentException("line 1, column " + (c + 1) + ": the column \"" + header.get(c).strip() + "\" is named twice");
            }
        }
        List<PolynomialStatistic.BoxVariable> boxes = statistic.variables();
        List<PolynomialStatistic.CategoricalVariable> cats = statistic.categoricals();
        int[] boxColumn = new int[boxes.size()];
        int[] catColumn = new int[cats.size()];
        for (int v = 0; v < boxes.size(); v++) {
            boxColumn[v] = require(column, boxes.get(v).name());
        }
        for (int v = 0; v < cats.size(); v++) {
            catColumn[v] = require(column, cats.get(v).name());
        }
        int d = statistic.dimension();
        double[] sum = new double[d];
        double[] comp = new double[d]; // Kahan compensation: many records
        long[] clipped = new long[boxes.size()];
        long records = 0;
        Map<String, Double> x = new HashMap<>();
        String line;
        int lineNo = 1;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            List<String> f = fields(line, lineNo);
            x.clear();
            for (int v = 0; v < boxes.size(); v++) {
                PolynomialStatistic.BoxVariable b = boxes.get(v);
                String raw = field(f, boxColumn[v], lineNo, b.name()).strip();
                double value;
                try {
                    value = Double.parseDouble(raw);
                } catch (NumberFormatException e) {
                    value = Double.NaN;
                }
                if (!Double.isFinite(value)) {
                    throw new IllegalArgumentException("line " + lineNo + ", column \"" + b.name() + "\": must be a finite number. Provided value: \"" + raw + "\"");
                }
                if (value < b.lower() || value > b.upper()) {
                    clipped[v]++;
                    value = Math.max(b.lower(), Math.min(b.upper(), value));
                }
                x.put(b.name(), value);
            }
            for (int v = 0; v < cats.size(); v++) {
                PolynomialStatistic.CategoricalVariable c = cats.get(v);
                String raw = field(f, catColumn[v], lineNo, c.name()).strip();
                if (!c.levels().contains(raw)) {
                    throw new IllegalArgumentException("line " + lineNo + ", column \"" + c.name() + "\": must be one of " + c.levels() + ". Provided value: \""
                            + raw + "\"");
                }
                for (String level : c.levels()) {
                    x.put(c.indicator(level), level.equals(raw) ? 1.0 : 0.0);
                }
            }
            for (int j = 0; j < d; j++) {
                double t = 0;
                for (PolynomialStatistic.Term term : statistic.features().get(j).terms()) {
                    double p = term.coefficient().doubleValue();
                    for (Map.Entry<String, Integer> e : term.powers().entrySet()) {
                        p *= Math.pow(x.get(e.getKey()), e.getValue());
                    }
                    t += p;
                }
                double y = t - comp[j];
                double s = sum[j] + y;
                comp[j] = (s - sum[j]) - y;
                sum[j] = s;
            }
            records++;
        }
        return new Result(sum, records, clipped);
    }

    private static int require(Map<String, Integer> column, String name) {
        Integer c = column.get(name);
        if (c == null) {
            throw new IllegalArgumentException("line 1: the header has no column \"" + name + "\" (the statistic's variables are its columns). Provided "
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
