package org.optimech.runtime.noise;

import java.util.Optional;
import org.optimech.runtime.random.PrefixTable;
import org.optimech.runtime.random.RandomSource;

/**
 * An exact sampler of any law given by certified enclosures ({@link ExactPmf}): its Knuth–Yao walker, fewer than H + 2 random
 * bits per draw (H the entropy), tabulated over its first {@value Geometric#LOOK_AHEAD} bits when at least half the draws end there ({@link PrefixTable}:
 * such a draw is one table read, with the same bits consumed as the walk). The law is exactly the enclosed one.
 *
 * <p>Immutable and thread-safe; each call takes its own {@link RandomSource}.
 */
public final class TabulatedLaw {
    private final ExactDdg walker;
    private final PrefixTable lookAhead;

    private TabulatedLaw(ExactDdg walker) {
        this.walker = walker;
        PrefixTable table = PrefixTable.of(1, Geometric.LOOK_AHEAD, (row, random) -> walker.sample(random));
        // a law whose first leaves lie past the look-ahead (a wide radius: no leaf in its first 12 levels) would miss every
        // time and pay the look-up on top of the walk; the walker reads those leafless levels in one call anyway
        this.lookAhead = table.hitProbability(0) >= 0.5 ? table : null;
    }

    /**
     * The sampler of {@code pmf}, storing at least {@code minLevels} levels of its tree, or empty when they need more than
     * about 2^21 leaves (the caller then uses a sampler without a table).
     */
    public static Optional<TabulatedLaw> of(ExactPmf pmf, int minLevels) {
        return of(pmf, minLevels, 62);
    }

    /**
     * As {@link #of(ExactPmf, int)} storing at most {@code maxLevels} levels (at most 62): fewer levels build faster. The
     * levels below them are built at load too, compactly, until a walk passes them all with probability below 2^−{@value
     * #PASS_BITS} per draw; only then does a draw compute a level itself (exactly, and kept).
     */
    public static Optional<TabulatedLaw> of(ExactPmf pmf, int minLevels, int maxLevels) {
        return ExactDdg.of(pmf, minLevels, Math.min(62, maxLevels), PASS_BITS).map(TabulatedLaw::new);
    }

    /** A draw of {@link #of(ExactPmf, int, int)}'s walker computes a level during the release with probability below 2^−this. */
    public static final int PASS_BITS = 64;

    /** One outcome m, with probability q_m exactly. */
    public long sample(RandomSource random) {
        return lookAhead != null ? lookAhead.sample(0, random) : walker.sample(random);
    }
}
