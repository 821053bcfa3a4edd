package org.optimech.benchmarks;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.optimech.designer.Designers;
import org.optimech.designer.problem.Problems;
import org.optimech.runtime.accounting.Accountant;
import org.optimech.runtime.accounting.Releases;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Timing harness for the privacy-loss-distribution accountant: N releases of bundled specs, the current accountant against a
 * baseline in the same run and the same JVM. The baseline is the runtime's classes of an earlier commit (the accountant before
 * the Fourier-domain composition: repeated squaring, losses rounded up), loaded in their own class loader from
 * {@code --baseline DIR} (a {@code runtime/target/classes} of that commit: the runtime depends on the JDK alone). Each
 * accounting is run {@code --reps} times after one warm-up; the table gives the median seconds, the ratio, and both sides'
 * ε at δ = 10^-6 (upper and lower) so the speed is not bought with looseness.
 *
 * <p>Usage: {@code AccountantTiming --baseline DIR [--n 500] [--reps 3] [--problems a.json,b.json]}.
 */
public final class AccountantTiming {
    private AccountantTiming() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            a.put(args[i], args[i + 1]);
        }
        long n = Long.parseLong(a.getOrDefault("--n", "500"));
        int reps = Integer.parseInt(a.getOrDefault("--reps", "3"));
        String problems = a.getOrDefault("--problems", "examples/problems/counting-query.json,examples/problems/counting-query-minimax.json,"
                + "examples/problems/approximate-count.json,examples/problems/randomized-response.json");
        Path baseline = Path.of(a.getOrDefault("--baseline", ""));
        URLClassLoader old = new URLClassLoader(new URL[] {baseline.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        Class<?> oldLoader = old.loadClass("org.optimech.runtime.spec.SpecLoader");
        Class<?> oldAccountant = old.loadClass("org.optimech.runtime.accounting.Accountant");
        Class<?> oldSpec = old.loadClass("org.optimech.runtime.spec.MechanismSpec");
        Method oldLoad = oldLoader.getMethod("load", Path.class);
        Method oldReleases = oldAccountant.getMethod("releases", oldSpec, long.class);
        System.out.printf(Locale.ROOT, "== accountant: %d releases, epsilon at delta 1e-6; median of %d runs after a warm-up; %d cores ==%n", n, reps,
                Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-26s %10s %10s %8s %24s %24s%n", "spec", "before s", "now s", "ratio", "before eps [lower, upper]",
                "now eps [lower, upper]");
        Path tmp = Files.createTempDirectory("optimech-accountant");
        for (String p : problems.split(",")) {
            MechanismSpec spec = Designers.design(Problems.read(Path.of(p)), Designers.Options.defaults()).spec();
            Path file = tmp.resolve(Path.of(p).getFileName());
            org.optimech.designer.spec.DesignSpecs.writeAndVerify(spec, file);
            Object before = oldLoad.invoke(null, file);
            double[] b = time(reps, () -> {
                Object r = oldReleases.invoke(null, before, n);
                return new double[] {(double) r.getClass().getMethod("epsilonLower", double.class).invoke(r, 1e-6),
                    (double) r.getClass().getMethod("epsilonUpper", double.class).invoke(r, 1e-6)};
            });
            double[] c = time(reps, () -> {
                Releases r = Accountant.releases(spec, n);
                return new double[] {r.epsilonLower(1e-6), r.epsilonUpper(1e-6)};
            });
            System.out.printf(Locale.ROOT, "%-26s %10.2f %10.2f %8.1f %24s %24s%n", Path.of(p).getFileName(), b[0], c[0], b[0] / c[0],
                    String.format(Locale.ROOT, "[%.4f, %.4f]", b[1], b[2]), String.format(Locale.ROOT, "[%.4f, %.4f]", c[1], c[2]));
        }
    }

    private interface Run {
        double[] run() throws Exception;
    }

    /** {median seconds, then the run's two results}. */
    private static double[] time(int reps, Run run) throws Exception {
        double[] r = run.run();
        double[] s = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            r = run.run();
            s[i] = (System.nanoTime() - t0) / 1e9;
        }
        java.util.Arrays.sort(s);
        return new double[] {s[reps / 2], r[0], r[1]};
    }
}
