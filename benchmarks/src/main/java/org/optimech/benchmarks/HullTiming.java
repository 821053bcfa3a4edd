package org.optimech.benchmarks;

import java.util.SplittableRandom;
import org.optimech.geometry.body.ConeTriangulation;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.QuickHull;

/**
 * How exact hull + cone triangulation + M(K) time grows with the dimension: points uniform on the unit
 * sphere (every point a vertex, the worst case for facet counts). Stops after the first case over 60 s.
 * Then the two K-norm targets end to end in-process (parse, certified supports, sandwich or exact hull,
 * triangulation, exact M(K), every candidate): Example 3.1 and simple regression (p = 1, d = 4), each ≤ 10 s.
 * Usage: {@code HullTiming [--max-d 6]} (run from the repository root, which holds {@code examples/problems}).
 */
public final class HullTiming {
    private HullTiming() {
    }

    public static void main(String[] args) {
        int maxD = args.length == 2 && args[0].equals("--max-d") ? Integer.parseInt(args[1]) : 6;
        for (String name : new String[] {"knorm-example-3-1.json", "knorm-regression-p1.json"}) {
            java.nio.file.Path file = java.nio.file.Path.of("examples/problems", name);
            try {
                long t0 = System.nanoTime();
                org.optimech.designer.problem.KNormProblem p = org.optimech.designer.problem.KNormProblemParser.parse(org.optimech.runtime.json.JsonParser.parse(file));
                org.optimech.designer.knorm.KNormComparison.Result r = org.optimech.designer.knorm.KNormDesigner.compare(p);
                System.out.printf("%-28s %6.2f s (target 10 s): %s, hull Delta %.7f%n", name, (System.nanoTime() - t0) / 1e9, r.hull(),
                        r.candidates().stream().filter(c -> c.name().equals("hull")).findFirst().orElseThrow().sensitivity());
            } catch (Exception e) {
                System.out.println(name + ": " + e.getMessage());
            }
        }
        SplittableRandom rnd = new SplittableRandom(1);
        QuickHull.of(sphere(rnd, 3, 200)); // warm-up
        System.out.printf("%3s %6s %9s %9s %10s %10s %12s%n", "d", "points", "vertices", "facets", "hull s", "vol+M s", "volume");
        for (int d = 2; d <= maxD; d++) {
            for (int n : new int[] {200, 1000}) {
                double[][] p = sphere(rnd, d, n);
                long t0 = System.nanoTime();
                ConvexHull h = QuickHull.of(p);
                long t1 = System.nanoTime();
                ConeTriangulation t = ConeTriangulation.fromOrigin(h);
                double v = t.volume().doubleValue();
                t.secondMomentDouble();
                long t2 = System.nanoTime();
                System.out.printf("%3d %6d %9d %9d %10.2f %10.2f %12.6f%n", d, n, h.vertexCount(), h.facets().size(), (t1 - t0) / 1e9, (t2 - t1) / 1e9, v);
                if ((t2 - t0) / 1e9 > 60) {
                    return;
                }
            }
        }
    }

    static double[][] sphere(SplittableRandom rnd, int d, int n) {
        double[][] p = new double[n][d];
        for (double[] x : p) {
            double s = 0;
            for (int j = 0; j < d; j++) {
                x[j] = rnd.nextDouble(-1, 1);
                s += x[j] * x[j];
            }
            s = Math.sqrt(s);
            for (int j = 0; j < d; j++) {
                x[j] /= s;
            }
        }
        return p;
    }
}
