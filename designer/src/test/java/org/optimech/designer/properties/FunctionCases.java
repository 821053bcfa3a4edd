package org.optimech.designer.properties;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.optimech.designer.Designers;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonWriter;

/** Function problems: a kernel density estimate on a grid, either kernel, either calibration, ε and δ from {@link Epsilons}. */
final class FunctionCases {
    private FunctionCases() {
    }

    static Arbitrary<DesignCase> cases() {
        return Combinators.combine(Epsilons.epsilon(), Epsilons.positiveDelta(), Arbitraries.longs(), Arbitraries.longs()).as(FunctionCases::build);
    }

    static DesignCase build(String epsilon, String delta, long seed, long tamperSeed) {
        Random r = new Random(seed);
        boolean exponential = r.nextInt(3) == 0;
        double lo = exponential ? r.nextInt(5) / 10.0 : r.nextInt(21) - 10;
        double hi = exponential ? lo + (1 + r.nextInt(10 - (int) Math.round(lo * 10))) / 10.0 : lo + 0.5 + r.nextInt(20);
        JsonObject.Builder b = JsonObject.builder().put("kind", "function").put("estimator", "kde")
                .put("kernel", exponential ? "exponential" : "gaussian")
                .put("bandwidth", new double[] {0.01, 0.05, 0.1, 0.3, 1.0 / 3}[r.nextInt(5)])
                .put("n", new long[] {1, 2, 10, 100, 12345, 1_000_000}[r.nextInt(6)])
                .put("grid", JsonObject.builder().put("from", lo).put("to", Math.min(hi, exponential ? 1 : hi)).put("points", 2 + r.nextInt(40)).build())
                .put("epsilon", DiscreteCases.literal(epsilon))
                .put("delta", DiscreteCases.literal(delta));
        boolean classical = r.nextInt(3) == 0 && Epsilons.value(epsilon).compareTo(java.math.BigDecimal.ONE) <= 0;
        if (classical || r.nextBoolean()) {
            b.put("calibration", classical ? "classical" : "analytic");
        }
        return new DesignCase(JsonWriter.compact(b.build()), Designers.Options.defaults(), "(defaults)", false, tamperSeed);
    }
}
