package org.optimech.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.RecordedProblem;
import org.optimech.runtime.statistic.Statistic;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * The joint release of a {@link GroupRelease} whose K-norm spec was designed for a structured statistic: the row counts of
 * the d declared keys form one vector, released with one K-norm draw, so ε is charged once instead of G times.
 *
 * <p>Why one draw covers a unit: after contribution bounding a unit has at most r rows in each of at most G declared keys,
 * so adding or removing it changes the count vector by ±u with u ∈ {0, …, r}^d and at most G non-zero entries. That is one
 * record of {@code {"bounded_contribution": {"dimension": d, "max_abs": c, "max_nonzero": k}}} when r ≤ c and G ≤ k (signed
 * or not: u is non-negative), or of {@code {"counts": {"dimension": d, "max_nonzero": k}}} when r = 1 and G ≤ k, and the
 * loader re-derived the spec's Δ from exactly that statistic. Coordinate j is the j-th declared key; the released vector has
 * the declared keys' shape whatever the data holds (an absent key is a zero count and gets its noise like any other).
 *
 * <p>Non-negative counts under add/remove have the hull c·conv(Q ∪ −Q) (the count join), which has an exact lattice sampler
 * except at d = 1000 with k about 150–220 (docs/LATTICE_KNORM.md); a spec designed for the signed statistic (the sum ball
 * c·(B∞ ∩ k·B1), an outer body of that hull, with an exact lattice sampler) is accepted as well, since every count change is
 * also a signed record.
 */
final class JointCounts {
    private final StructuredStatistic statistic;
    private final int dimension;

    private JointCounts(StructuredStatistic statistic) {
        this.statistic = statistic;
        this.dimension = statistic.dimension();
    }

    /** Whether the spec records a structured statistic, so that its release is joint over declared keys. */
    static boolean applies(KNormSpec spec) {
        Statistic recorded = recorded(spec);
        return recorded != null && recorded.structured().isPresent();
    }

    /**
     * Checks the job's settings against the spec's statistic.
     *
     * @param keys the declared keys (null when the job selects keys from the data)
     * @throws SpecNotApplicableException naming the field and value that the job cannot honour
     */
    static JointCounts of(KNormSpec spec, List<String> keys, int maxGroups, int maxRows) {
        StructuredStatistic st = recorded(spec).structured().orElseThrow();
        String where = RecordedProblem.POINTER + "/statistic";
        if (keys == null) {
            throw new SpecNotApplicableException(where + ": a " + st.form() + " spec releases one vector over declared keys (coordinate j is the j-th key); "
                    + "partition selection would make the vector's shape depend on the data: declare the keys");
        }
        if (keys.size() != st.dimension()) {
            throw new SpecNotApplicableException(where + ": the spec's statistic has dimension " + st.dimension() + ", one coordinate per declared key, but "
                    + keys.size() + " keys were declared. Provided value: " + keys.size());
        }
        if (!spec.sensitivityRechecked()) {
            throw new SpecNotApplicableException("/mechanism/sensitivity: the joint release needs Δ re-derived at load from the statistic; "
                    + spec.sensitivityCheck());
        }
        int k = st.matchStructure(b -> {
            if (BigDecimal.valueOf(maxRows).compareTo(b.maxAbs()) > 0) {
                throw new SpecNotApplicableException(where + "/bounded_contribution/max_abs: a unit adds up to maxRowsPerGroup = " + maxRows
                        + " to a key's count, above max_abs = " + b.maxAbs().toPlainString() + ". Provided value: " + maxRows);
            }
            return b.maxNonzero();
        }, c -> {
            if (maxRows != 1) {
                throw new SpecNotApplicableException(where + "/counts: a counts statistic adds at most 1 per key; a unit with up to " + maxRows
                        + " rows per key needs bounded_contribution with max_abs >= " + maxRows + ". Provided value: " + maxRows);
            }
            return c.maxNonzero();
        }, r -> notCounts(where, st), o -> notCounts(where, st));
        if (maxGroups > k) {
            throw new SpecNotApplicableException(where + ": a unit may keep maxGroupsPerUnit = " + maxGroups + " keys, above the statistic's max_nonzero = "
                    + k + ". Provided value: " + maxGroups);
        }
        return new JointCounts(st);
    }

    private static int notCounts(String where, StructuredStatistic st) {
        throw new SpecNotApplicableException(where + ": a " + st.form() + " statistic is not a count per key; the joint release supports "
                + "bounded_contribution and counts");
    }

    private static Statistic recorded(KNormSpec spec) {
        try {
            return RecordedProblem.read(spec.design()).map(p -> {
                try {
                    return p.statistic();
                } catch (FieldException e) {
                    throw new SpecNotApplicableException(e.getMessage());
                }
            }).orElse(null);
        } catch (FieldException e) {
            throw new SpecNotApplicableException(e.getMessage());
        }
    }

    /** The statistic's JSON form, for the guarantee's terms. */
    String form() {
        return statistic.form();
    }

    /**
     * One draw over the declared keys' counts: {@code counts} maps a key to its exact bounded count (absent keys count 0); the
     * result is in the order of {@code keys}. On a lattice the exact counts are the lattice index (times 2^−e, exactly).
     */
    double[] release(List<String> keys, Map<String, BigInteger> counts, KNormMechanism mechanism, RandomSource bits) {
        if (keys.size() != dimension) {
            throw new IllegalStateException("declared keys changed: " + keys.size() + " against dimension " + dimension);
        }
        BigInteger[] exact = new BigInteger[dimension];
        for (int j = 0; j < dimension; j++) {
            exact[j] = counts.getOrDefault(keys.get(j), BigInteger.ZERO);
        }
        if (mechanism.latticeExponent().isPresent()) {
            int e = mechanism.latticeExponent().getAsInt();
            BigInteger[] index = new BigInteger[dimension];
            for (int j = 0; j < dimension; j++) {
                index[j] = Udfs.KNormNoise.latticeIndex(exact[j], e);
            }
            return mechanism.releaseIndex(index, bits);
        }
        double[] t = new double[dimension];
        for (int j = 0; j < dimension; j++) {
            t[j] = exact[j].doubleValue();
        }
        return mechanism.sample(t, bits);
    }
}
