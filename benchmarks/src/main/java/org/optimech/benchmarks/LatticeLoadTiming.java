package org.optimech.benchmarks;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Loading a lattice K-norm spec and building its mechanism, with two runtime jars side by side in one JVM (each in its own
 * class loader: the runtime depends on the JDK alone), interleaved repetition by repetition so that both see the same
 * machine load. Times {@code SpecLoader.load} and {@code Mechanisms.of} separately and reports medians, 75th percentiles
 * and the ratio baseline/candidate.
 *
 * <p>Usage: {@code LatticeLoadTiming BASELINE.jar CANDIDATE.jar REPETITIONS SPEC.json...}; the specs are loaded with
 * unchecked sensitivity allowed (golden specs record no problem).
 */
public final class LatticeLoadTiming {
    private LatticeLoadTiming() {
    }

    /** One runtime jar's entry points, called reflectively. */
    private record Runtime(String label, Method load, Method of, Object policy) {
        static Runtime of(String label, Path jar) throws Exception {
            ClassLoader cl = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> policyClass = cl.loadClass("org.optimech.runtime.spec.RuntimePolicy");
            Object builder = policyClass.getMethod("builder").invoke(null);
            builder.getClass().getMethod("allowUncheckedSensitivity").invoke(builder);
            Object policy = builder.getClass().getMethod("build").invoke(builder);
            Class<?> specClass = cl.loadClass("org.optimech.runtime.spec.MechanismSpec");
            Method load = cl.loadClass("org.optimech.runtime.spec.SpecLoader").getMethod("load", Path.class, policyClass);
            Method of = cl.loadClass("org.optimech.runtime.Mechanisms").getMethod("of", specClass, policyClass);
            return new Runtime(label, load, of, policy);
        }

        /** {load ns, build ns}. */
        long[] once(Path spec) throws Exception {
            long t0 = System.nanoTime();
            Object s = load.invoke(null, spec, policy);
            long t1 = System.nanoTime();
            Object m = of.invoke(null, s, policy);
            long t2 = System.nanoTime();
            if (m == null) {
                throw new IllegalStateException("no mechanism");
            }
            return new long[] {t1 - t0, t2 - t1};
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: LatticeLoadTiming BASELINE.jar CANDIDATE.jar REPETITIONS SPEC.json...");
            System.exit(2);
        }
        Runtime[] runtimes = {Runtime.of("baseline", Path.of(args[0])), Runtime.of("candidate", Path.of(args[1]))};
        int reps = Integer.parseInt(args[2]);
        System.out.printf(Locale.ROOT, "machine: %d processors, %s %s; %d repetitions, interleaved; times in ms (median / p75)%n",
                java.lang.Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.version"), reps);
        System.out.printf(Locale.ROOT, "%-30s %-10s %19s %19s %19s%n", "spec", "runtime", "load", "build", "load+build");
        for (int a = 3; a < args.length; a++) {
            Path spec = Path.of(args[a]);
            for (int w = 0; w < 20; w++) { // warm-up
                for (Runtime r : runtimes) {
                    r.once(spec);
                }
            }
            List<List<long[]>> samples = List.of(new ArrayList<>(), new ArrayList<>());
            for (int i = 0; i < reps; i++) {
                for (int k = 0; k < 2; k++) {
                    Runtime r = runtimes[(i + k) % 2]; // alternate which goes first
                    samples.get((i + k) % 2).add(r.once(spec));
                }
            }
            double[] total = new double[2];
            for (int k = 0; k < 2; k++) {
                List<long[]> s = samples.get(k);
                double[] load = s.stream().mapToDouble(x -> x[0] / 1e6).sorted().toArray();
                double[] build = s.stream().mapToDouble(x -> x[1] / 1e6).sorted().toArray();
                double[] sum = s.stream().mapToDouble(x -> (x[0] + x[1]) / 1e6).sorted().toArray();
                total[k] = sum[sum.length / 2];
                System.out.printf(Locale.ROOT, "%-30s %-10s %9.3f / %7.3f %9.3f / %7.3f %9.3f / %7.3f%n", spec.getFileName(), runtimes[k].label(),
                        load[load.length / 2], load[load.length * 3 / 4], build[build.length / 2], build[build.length * 3 / 4], sum[sum.length / 2],
                        sum[sum.length * 3 / 4]);
            }
            System.out.printf(Locale.ROOT, "%-30s baseline/candidate (median load+build) = %.2f%n", spec.getFileName(), total[0] / total[1]);
        }
        System.out.println(Arrays.toString(args));
    }
}
