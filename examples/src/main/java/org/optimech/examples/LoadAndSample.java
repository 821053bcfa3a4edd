package org.optimech.examples;

import java.nio.file.Path;
import java.util.Arrays;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.NumericsPolicy;
import org.optimech.runtime.spec.RuntimePolicy;

/**
 * The smallest production use of a spec, with the runtime alone: load once (the runtime validates
 * the digest, shapes, row sums and the privacy constraints, or a K-norm body and its sensitivity),
 * then privatize values with secure randomness. Usage: {@code LoadAndSample [--allow-idealized]
 * [--allow-unchecked-sensitivity] SPEC.json VALUE...}; a K-norm spec takes vectors written {@code 1.5,2,3} and needs
 * {@code --allow-idealized} (its noise is floating point), and one of a curved statistic needs
 * {@code --allow-unchecked-sensitivity} (the runtime cannot re-derive its sensitivity).
 */
public final class LoadAndSample {
    private LoadAndSample() {
    }

    public static void main(String[] args) throws Exception {
        boolean idealized = false;
        boolean unchecked = false;
        int first = 0;
        for (; first < args.length && args[first].startsWith("--"); first++) {
            idealized |= args[first].equals("--allow-idealized");
            unchecked |= args[first].equals("--allow-unchecked-sensitivity");
        }
        if (args.length < first + 2) {
            System.err.println("usage: LoadAndSample [--allow-idealized] [--allow-unchecked-sensitivity] SPEC.json VALUE...");
            System.exit(2);
        }
        Mechanism mechanism;
        try {
            // the standard policy refuses a spec whose sensitivity the runtime cannot re-derive (a curved statistic) unless allowed
            RuntimePolicy.Builder policy = RuntimePolicy.builder().numerics(idealized ? NumericsPolicy.ALLOW_IDEALIZED : NumericsPolicy.EXACT_ONLY);
            if (unchecked) {
                policy.allowUncheckedSensitivity();
            }
            mechanism = Mechanisms.load(Path.of(args[first]), policy.build());
        } catch (InvalidSpecException e) {
            System.err.println("refusing " + args[first] + ": " + e.getMessage() + (e.pointer().equals("/privacy/numerics") ? " (pass --allow-idealized)" : ""));
            System.exit(1);
            return;
        }
        MechanismSpec spec = mechanism.spec();
        System.err.println("loaded " + args[first] + ": " + spec.kind() + ", certified epsilon " + spec.certifiedEpsilon() + ", certified delta "
                + spec.certifiedDelta() + ", numerics " + spec.numerics().json());
        RandomSource random = RandomSource.secure();
        ReleaseShape shape = ReleaseShape.of(mechanism);
        if (shape == ReleaseShape.VALUES) {
            for (int i = first + 1; i < args.length; i++) {
                System.out.println(args[i] + " -> " + mechanism.sample(args[i], random));
            }
            return;
        }
        if (shape == ReleaseShape.FUNCTIONS) {
            System.err.println("refusing " + args[first] + ": a gaussian-process spec releases a function on a grid; this example takes values and vectors");
            System.exit(1);
            return;
        }
        for (int i = first + 1; i < args.length; i++) {
            double[] t = Arrays.stream(args[i].split(",")).mapToDouble(Double::parseDouble).toArray();
            System.out.println(args[i] + " -> " + Arrays.toString(mechanism.sample(t, random)));
        }
    }
}
