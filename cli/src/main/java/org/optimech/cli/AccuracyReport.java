package org.optimech.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.accuracy.DiscreteAccuracy;
import org.optimech.runtime.accuracy.VectorAccuracy;

/** The accuracy of a spec as the CLI prints it (inspect, design): one sentence, then the table per input or per coordinate. */
final class AccuracyReport {
    private AccuracyReport() {
    }

    /** Parses --beta: a probability in (0, 1), or a bad-input error naming the flag. */
    static double beta(double beta) {
        if (!(beta > 0 && beta < 1)) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--beta must be in (0, 1) (the probability an interval fails; 0.05 for 95%). "
                    + "Provided value: " + beta);
        }
        return beta;
    }

    /** The summary line and the table, at most {@code maxRows} rows (the first and last halves beyond that). */
    static void print(PrintWriter out, Accuracy a, int maxRows) {
        out.printf("accuracy     %s%n", a.describe());
        out.printf("             (%s)%n", a.method());
        a.accept(new Accuracy.Visitor<Void>() {
            @Override
            public Void visit(DiscreteAccuracy d) {
                discrete(out, d, maxRows);
                return null;
            }

            @Override
            public Void visit(VectorAccuracy v) {
                vector(out, v, maxRows);
                return null;
            }
        });
    }

    private static void discrete(PrintWriter out, DiscreteAccuracy d, int maxRows) {
        List<String[]> rows = new ArrayList<>();
        String conf = percent(1 - d.beta());
        if (!d.numeric()) {
            rows.add(new String[] {"input", "P(output = input)"});
            for (int i : shown(d.inputCount(), maxRows)) {
                rows.add(i < 0 ? new String[] {"...", ""} : new String[] {d.input(i).input(), fmt(d.input(i).probabilityExact())});
            }
        } else {
            rows.add(new String[] {"input", "error in (" + conf + ")", "|error| <= (" + conf + ")", "median", "quartiles", "P(exact)"});
            for (int i : shown(d.inputCount(), maxRows)) {
                if (i < 0) {
                    rows.add(new String[] {"...", "", "", "", "", ""});
                    continue;
                }
                DiscreteAccuracy.InputAccuracy x = d.input(i);
                rows.add(new String[] {x.input(), "[" + signed(x.lowerError()) + ", " + signed(x.upperError()) + "]", abs(x.absoluteError()), signed(x.median()),
                    "[" + signed(x.lowerQuartile()) + ", " + signed(x.upperQuartile()) + "]", fmt(x.probabilityExact())});
            }
        }
        out.printf("accuracy per input (error = output - input, from the stored numbers):%n");
        out.print(Summary.table(rows));
    }

    private static void vector(PrintWriter out, VectorAccuracy v, int maxRows) {
        List<String[]> rows = new ArrayList<>();
        String conf = percent(1 - v.beta());
        rows.add(new String[] {"coordinate", "|error| <= (" + conf + ")", "standard deviation"});
        VectorAccuracy.Estimate[] c = v.coordinates();
        double[] sd = v.standardDeviations();
        for (int j : shown(c.length, maxRows)) {
            rows.add(j < 0 ? new String[] {"...", "", ""} : new String[] {v.names().get(j), c[j].toString(), fmt(sd[j])});
        }
        rows.add(new String[] {"all at once (max)", v.simultaneous().toString(), ""});
        rows.add(new String[] {"l2 norm", v.l2().toString(), ""});
        out.printf("accuracy per coordinate (error = output - statistic, the same for every statistic):%n");
        out.print(Summary.table(rows));
    }

    /** Indices to print: all, or the first and last halves of maxRows with -1 for the gap. */
    private static List<Integer> shown(int n, int maxRows) {
        List<Integer> idx = new ArrayList<>();
        if (n <= maxRows) {
            for (int i = 0; i < n; i++) {
                idx.add(i);
            }
            return idx;
        }
        int head = Math.max(1, maxRows / 2);
        for (int i = 0; i < head; i++) {
            idx.add(i);
        }
        idx.add(-1);
        for (int i = n - Math.max(1, maxRows - head); i < n; i++) {
            idx.add(i);
        }
        return idx;
    }

    static String percent(double p) {
        return new java.math.BigDecimal(p * 100).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString() + "%";
    }

    static String signed(long v) {
        if (v == Long.MIN_VALUE || v == Long.MAX_VALUE) {
            return v > 0 ? "+inf" : "-inf";
        }
        return v > 0 ? "+" + v : Long.toString(v);
    }

    static String abs(long v) {
        return v == Long.MAX_VALUE ? "inf" : Long.toString(v);
    }

    static String fmt(double x) {
        return String.format(Locale.ROOT, "%.6g", x);
    }
}
