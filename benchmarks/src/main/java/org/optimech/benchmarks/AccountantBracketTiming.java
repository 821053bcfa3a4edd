package org.optimech.benchmarks;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.optimech.runtime.accounting.Accountant;
import org.optimech.runtime.accounting.Releases;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecLoader;

/**
 * Timing harness for the accountant's grid chosen from a requested ε bracket width: N releases of one spec on the default grid
 * (the baseline, from N and the loss range alone) and on the grids chosen for each width, in the same run and JVM. Each
 * accounting is run {@code --reps} times after one warm-up; the table gives the median seconds, the ratio to the default, and
 * the bracket [lower, upper] at δ = 10^-6, 10^-9 and 10^-12 with its width, so the time is read beside the tightness it buys.
 *
 * <p>Usage: {@code AccountantBracketTiming [--spec examples/runtime-only/count.spec.json] [--n 100] [--reps 3] [--widths 1,0.1,0.02]}.
 */
public final class AccountantBracketTiming {
    private AccountantBracketTiming() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        MechanismSpec spec = SpecLoader.load(Path.of(a.getOrDefault("--spec", "examples/runtime-only/count.spec.json")));
        long n = Long.parseLong(a.getOrDefault("--n", "100"));
        int reps = Integer.parseInt(a.getOrDefault("--reps", "3"));
        String[] widths = ("default," + a.getOrDefault("--widths", "1,0.1,0.02")).split(",");
        System.out.printf(Locale.ROOT, "== accountant bracket: %d releases; median of %d runs after a warm-up; %d cores ==%n", n, reps,
                Runtime.getRuntime().availableProcessors());
        double base = Double.NaN;
        for (String w : widths) {
            double width = w.equals("default") ? Double.NaN : Double.parseDouble(w);
            Releases r = Accountant.releases(spec, n, width, (x, y) -> { }, () -> false); // warm-up
            double[] s = new double[reps];
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                r = Accountant.releases(spec, n, width, (x, y) -> { }, () -> false);
                s[i] = (System.nanoTime() - t0) / 1e9;
            }
            java.util.Arrays.sort(s);
            double median = s[reps / 2];
            if (Double.isNaN(width)) {
                base = median;
            }
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-8s %8.2f s  ratio %5.2f ", w, median, median / base));
            for (double d : new double[] {1e-6, 1e-9, 1e-12}) {
                double lo = r.epsilonLower(d);
                double up = r.epsilonUpper(d);
                b.append(String.format(Locale.ROOT, " | %.0e: [%.4f, %.4f] %.4f", d, lo, up, up - lo));
            }
            System.out.println(b);
        }
    }
}
