package org.optimech.designer.knorm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.optimech.designer.common.AtomicFiles;
import org.optimech.designer.common.Csv;
import org.optimech.designer.problem.Criterion;
import org.optimech.designer.problem.KNormProblem;

/**
 * The comparison of K-norm candidates as Markdown and CSV, and for two-dimensional statistics a
 * picture of S_T, its hull and each candidate ball scaled by its sensitivity (the K-norm paper's
 * Figure 1).
 */
public final class KNormReport {
    public static final String CSV_HEADER = "candidate,noise_dimension,sensitivity,sensitivity_exact,volume,covariance_trace,worst_direction_variance,"
            + "variance_diagonal,selected,failure";

    private KNormReport() {
    }

    public static String csv(KNormComparison.Result r) {
        StringBuilder b = new StringBuilder(CSV_HEADER).append('\n');
        for (CandidateReport c : r.candidates()) {
            b.append(String.format(Locale.ROOT, "%s,%d,%s,%s,%s,%s,%s,%s,%s,%n", c.name(), c.noiseDimension(), num(c.sensitivity()), c.sensitivityExact(),
                    num(c.volume()), num(c.covarianceTrace()), num(c.worstDirectionVariance()), join(c.varianceDiagonal(), ";"), c == r.selected()));
        }
        // a failed candidate is a row with its reason and no numbers
        for (String f : r.failed()) {
            int colon = f.indexOf(": ");
            b.append(f, 0, colon).append(",,,,,,,,false,").append(Csv.quote(f.substring(colon + 2))).append('\n');
        }
        return b.toString();
    }

    public static String markdown(KNormProblem p, KNormComparison.Result r) {
        StringBuilder b = new StringBuilder();
        b.append("# K-norm comparison").append(p.name().isEmpty() ? "" : ": " + p.name()).append("\n\n");
        b.append(String.format(Locale.ROOT, "- statistic: %d coordinates (%s)%n", p.featureNames().size(), String.join(", ", p.featureNames())));
        b.append("- neighbours: ").append(p.relation().json()).append("; epsilon ").append(p.epsilon().toPlainString()).append('\n');
        b.append("- adjacent output space: ").append(r.describeSpace()).append("; ").append(p.provenance()).append('\n');
        b.append("- hull of S_T: ").append(r.hull() != null ? r.hull() : "not built").append('\n');
        b.append("- criterion: ").append(r.criterion().json()).append("; selected: **").append(r.selected() == null ? "none (every candidate failed)"
                : r.selected().name()).append("**\n\n");
        b.append("| candidate | noise dim | sensitivity | exact | volume of Δ·K | trace Cov(V) | worst-direction variance |\n");
        b.append("|---|---|---|---|---|---|---|\n");
        for (CandidateReport c : r.candidates()) {
            b.append(String.format(Locale.ROOT, "| %s%s | %d | %s | %s | %s | %s | %s |%n", c.name(), c == r.selected() ? " (selected)" : "", c.noiseDimension(),
                    num(c.sensitivity()), c.sensitivityExact() ? "yes" : "rounded up", num(c.volume()), num(c.covarianceTrace()), num(c.worstDirectionVariance())));
        }
        for (String f : r.failed()) {
            int colon = f.indexOf(": ");
            b.append("| ").append(f, 0, colon).append(" | **failed**: ").append(f.substring(colon + 2).replace("|", "\\|")).append(" ||||||\n");
        }
        b.append("\nCov(V) = (d+1)(d+2)(Δ/ε)²·M(K) with M(K) the second moment of the uniform law on the unit body.\n\n");
        b.append("Containment of the scaled bodies Δ·K (row inside column):\n\n| | ");
        for (CandidateReport c : r.candidates()) {
            b.append(c.name()).append(" | ");
        }
        b.append("\n|---|").append("---|".repeat(r.candidates().size())).append('\n');
        for (int a = 0; a < r.candidates().size(); a++) {
            b.append("| ").append(r.candidates().get(a).name()).append(" | ");
            for (int c = 0; c < r.candidates().size(); c++) {
                Boolean in = r.containment()[a][c];
                b.append(a == c ? "—" : in == null ? "n/a" : in ? "inside" : "no").append(" | ");
            }
            b.append('\n');
        }
        b.append("\nHow each was computed:\n\n");
        for (CandidateReport c : r.candidates()) {
            b.append("- ").append(c.name()).append(": ").append(c.note()).append('\n');
        }
        for (String s : r.skipped()) {
            b.append("- not compared: ").append(s).append('\n');
        }
        if (!r.candidates().isEmpty()) {
            List<String> disagree = new ArrayList<>();
            for (Criterion k : Criterion.values()) {
                CandidateReport best = r.candidates().stream().min((x, y) -> Double.compare(x.score(k), y.score(k))).orElseThrow();
                disagree.add(k.json() + " → " + best.name());
            }
            b.append("\nBest under each criterion: ").append(String.join("; ", disagree)).append(".\n");
        }
        b.append("\nThe hull is optimal in the line-conditional order (Awan–Slavković), not necessarily for the trace: a larger body can have "
                + "a smaller second moment; the `search` candidate (a heuristic) looks among linear images of the ℓ∞ and ℓ1 balls.\n");
        return b.toString();
    }

    /** Writes comparison.md and comparison.csv under dir (the command line adds the d = 2 picture). */
    public static List<Path> write(KNormProblem p, KNormComparison.Result r, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        Path md = dir.resolve("comparison.md");
        AtomicFiles.writeString(md, markdown(p, r));
        files.add(md);
        Path csv = dir.resolve("comparison.csv");
        AtomicFiles.writeString(csv, csv(r));
        files.add(csv);
        return files;
    }

    public static String num(double v) {
        return String.format(Locale.ROOT, "%.10g", v);
    }

    private static String join(double[] v, String sep) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            b.append(i == 0 ? "" : sep).append(num(v[i]));
        }
        return b.toString();
    }
}
