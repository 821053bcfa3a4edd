package com.example.survey;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * A service's use of optimech with the runtime jar alone: load the bundled spec {@code count.spec.json} (a count of 0..40
 * respondents at ε = 0.5, designed by {@code optimech design examples/problems/counting-query.json}) under a policy that
 * refuses anything weaker than ε = 0.5, and release one private count. The five lines between the {@code readme:} comments are
 * the README's "Use it from Java" consumer, verbatim (SurveyReleaseTest checks it).
 */
public final class SurveyRelease {
    private SurveyRelease() {
    }

    /** Prints one private release of the count 17 and the spec's 95% accuracy; run from this project's directory. */
    public static void main(String[] args) throws IOException, InvalidSpecException {
        // readme:begin consumer
        RuntimePolicy policy = RuntimePolicy.builder().maxEpsilon(new BigDecimal("0.5")).build(); // refuse a weaker spec
        Mechanism count = Mechanisms.load(Path.of("count.spec.json"), policy);  // validates, re-checks the privacy
        long released = count.sample(17, RandomSource.secure());                  // a private count of 17 respondents
        Accuracy accuracy = count.accuracy(0.05);                                  // certified, from the stored numbers
        System.out.println(released + " (" + accuracy.describe() + ")");
        // readme:end
    }
}
