package org.optimech.benchmarks;

import java.util.SplittableRandom;
import org.optimech.geometry.body.ConeTriangulation;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.QuickHull;

/**
 * How exact hull + cone triangulation + M(K) time grows with the dimension: points uniform on the unit
 * sphere (every point a vertex, the worst case for facet counts). Stops after the first case over 60 s.
 * Usage: {@code HullTiming [--max-d 6]}.
 */
public final class HullTiming {
    private HullTiming() {
    }

    public static void main(String[] args) {
        int maxD = args.length == 2 && args[0].equals("--max-d") ? Integer.parseInt(args[1]) : 6;
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
