package org.optimech.examples;

import java.nio.file.Path;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.SpecLoader;

/**
 * The smallest production use of a spec, with the runtime alone: load once (the runtime validates
 * the digest, shapes, row sums and the privacy constraints), then privatize values with secure
 * randomness. Usage: {@code LoadAndSample SPEC.json VALUE...}.
 */
public final class LoadAndSample {
    private LoadAndSample() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: LoadAndSample SPEC.json VALUE...");
            System.exit(2);
        }
        DiscreteMechanism mechanism;
        try {
            mechanism = DiscreteMechanism.of(SpecLoader.load(Path.of(args[0])));
        } catch (InvalidSpecException e) {
            System.err.println("refusing " + args[0] + ": " + e.getMessage());
            System.exit(1);
            return;
        }
        System.err.println("loaded " + args[0] + ": " + mechanism.spec().privacy().guaranteeName() + ", certified epsilon "
                + mechanism.spec().privacy().certifiedEpsilon());
        SecureRandomBits random = SecureRandomBits.forCurrentThread();
        for (int i = 1; i < args.length; i++) {
            System.out.println(args[i] + " -> " + mechanism.sample(args[i], random));
        }
    }
}
