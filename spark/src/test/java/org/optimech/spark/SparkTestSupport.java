package org.optimech.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.spark.sql.SparkSession;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecLoader;

/** One local[2] SparkSession for the module's tests, the bundled specs, and a χ² goodness-of-fit helper. */
final class SparkTestSupport {
    private static SparkSession spark;

    private SparkTestSupport() {
    }

    static synchronized SparkSession spark() {
        if (spark == null) {
            spark = SparkSession.builder().master("local[2]").appName("optimech-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .getOrCreate();
            spark.sparkContext().setLogLevel("WARN");
        }
        return spark;
    }

    static MechanismSpec spec(String name) throws Exception {
        return SpecLoader.load(Path.of("src/test/resources/specs", name));
    }

    /**
     * The upper-tail p-value of Pearson's χ² for observed counts against probabilities (summing to 1); cells with
     * expected count below 5 are merged with their neighbour so the χ² approximation holds.
     */
    static double chiSquarePValue(long[] observed, double[] probabilities) {
        long n = 0;
        for (long o : observed) {
            n += o;
        }
        List<double[]> cells = new ArrayList<>(); // {expected, observed}
        double e = 0;
        double o = 0;
        for (int i = 0; i < observed.length; i++) {
            e += probabilities[i] * n;
            o += observed[i];
            if (e >= 5) {
                cells.add(new double[] {e, o});
                e = 0;
                o = 0;
            }
        }
        if (!cells.isEmpty()) {
            cells.get(cells.size() - 1)[0] += e;
            cells.get(cells.size() - 1)[1] += o;
        }
        if (cells.size() < 2) {
            throw new IllegalArgumentException("too few cells with expected count >= 5 for a chi-square test");
        }
        double stat = 0;
        for (double[] c : cells) {
            stat += (c[1] - c[0]) * (c[1] - c[0]) / c[0];
        }
        return 1 - new ChiSquaredDistribution(cells.size() - 1).cumulativeProbability(stat);
    }
}
