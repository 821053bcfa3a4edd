package org.optimech.designer.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.optimech.designer.common.AtomicFiles;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;

/** Writes a sweep's CSV and its plot. */
public final class SweepReport {
    /** CSV header; one row per ε. */
    public static final String CSV_HEADER = "epsilon,method,objective,risk,lower_bound,certified,certificate,certified_epsilon,lp_solves,seconds,"
            + "reference_laplace_1_over_epsilon,reference_geometric_1_over_sinh_epsilon,failure";

    private SweepReport() {
    }

    /** The CSV text (RFC 4180; references empty where they do not apply). */
    public static String csv(DiscreteProblem problem, List<SweepPoint> points) {
        boolean refs = ReferenceCurves.applies(problem);
        StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
        for (SweepPoint p : points) {
            double e = p.epsilon().doubleValue();
            sb.append(p.epsilon().toPlainString()).append(',').append(p.method()).append(',').append(problem.objective().json()).append(',')
                    .append(num(p.risk())).append(',').append(num(p.lowerBound())).append(',').append(p.certified()).append(',')
                    .append(p.certificate()).append(',').append(p.certifiedEpsilon() == null ? "" : p.certifiedEpsilon().toPlainString()).append(',')
                    .append(p.solves()).append(',').append(String.format(Locale.ROOT, "%.3f", p.seconds())).append(',')
                    .append(refs ? num(ReferenceCurves.laplace(e)) : "").append(',').append(refs ? num(ReferenceCurves.geometric(e)) : "").append(',')
                    .append(p.failure() == null ? "" : org.optimech.designer.common.Csv.quote(p.failure())).append('\n');
        }
        return sb.toString();
    }

    /** Writes {@code DIR/sweep.csv} (the command line adds {@code sweep.png} and {@code sweep.svg}); returns the paths. */
    public static List<Path> write(DiscreteProblem problem, List<SweepPoint> points, Path dir) throws IOException {
        Path csv = dir.resolve("sweep.csv");
        AtomicFiles.writeString(csv, csv(problem, points));
        List<Path> out = new ArrayList<>();
        out.add(csv);
        return out;
    }


    private static String num(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }
}
