package org.optimech.designer.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.random.RandomBits;
import org.optimech.runtime.random.SecureRandomBits;
import org.optimech.runtime.random.SeededRandomBits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech sample SPEC.json --input VALUE --count N [--seed S]}. */
@Command(name = "sample", mixinStandardHelpOptions = true,
        description = {"Loads and validates a spec, then prints N private outputs for one input value, one per line.",
            "Randomness comes from SecureRandom unless --seed is given."})
final class SampleCommand implements Callable<Integer> {
    /** Largest --count accepted. */
    static final long MAX_COUNT = 1_000_000_000L;

    @Parameters(index = "0", paramLabel = "SPEC.json")
    Path file;

    @Option(names = "--input", required = true, paramLabel = "VALUE", description = "The true value: an integer of the input range, or a label.")
    String input;

    @Option(names = "--count", defaultValue = "1", paramLabel = "N", description = "How many outputs. Default: ${DEFAULT-VALUE}.")
    long count;

    @Option(names = "--seed", paramLabel = "S",
            description = "Reproducibility only: draw from the documented L64X128MixRandom generator seeded with S. NOT for production: anyone who knows "
                    + "the seed can remove the noise.")
    Long seed;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (count < 1 || count > MAX_COUNT) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--count must be in [1, " + MAX_COUNT + "]. Provided value: " + count);
        }
        DiscreteMechanism m = DiscreteMechanism.of(SpecFiles.loadSpec(file));
        int row;
        try {
            row = m.inputIndex(input);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--input: " + e.getMessage(), e);
        }
        RandomBits bits;
        if (seed != null) {
            spec.commandLine().getErr().println("optimech: warning: --seed " + seed + " makes the output reproducible (" + SeededRandomBits.ALGORITHM
                    + "); it is not private against anyone who knows the seed. Never use it on real data.");
            bits = new SeededRandomBits(seed);
        } else {
            bits = new SecureRandomBits();
        }
        PrintWriter out = spec.commandLine().getOut(); // buffered; write() does not auto-flush
        for (long i = 0; i < count; i++) {
            out.write(m.spec().outputs().valueAt(m.sampleIndex(row, bits)));
            out.write('\n');
        }
        out.flush();
        return 0;
    }
}
