package org.optimech.runtime;

import java.util.Objects;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.sampling.Samplers;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * A loaded K-norm mechanism, ready to privatize vector statistics: {@code sample(t)} returns t + noise from the spec's
 * body, sensitivity and ε. Without a lattice the noise is floating point (idealized numerics), so building one requires a
 * policy with {@link NumericsPolicy#ALLOW_IDEALIZED}; a lattice spec rounds t to the lattice and adds exact lattice noise
 * ({@link #numerics()} says which runs). Obtained from {@link Mechanisms}; the samplers are built here, from the spec's checked
 * geometry, and nowhere else. Thread-safe; randomness per call.
 */
public final class KNormMechanism implements Mechanism {
    private final KNormSpec spec;
    private final KNormSampler sampler;
    private final LatticeSampler lattice;

    /**
     * @throws IllegalStateException when the policy refuses idealized numerics and the spec has no lattice
     */
    KNormMechanism(KNormSpec spec, NumericsPolicy policy) {
        Objects.requireNonNull(policy, "policy");
        this.spec = Objects.requireNonNull(spec, "spec");
        policy.check(spec.numerics());
        this.lattice = Samplers.lattice(spec).orElse(null);
        this.sampler = lattice == null ? Samplers.knorm(spec, policy) : null;
    }

    @Override
    public KNormSpec spec() {
        return spec;
    }

    /** The statistic's dimension. */
    public int dimension() {
        return spec.dimension();
    }

    /** What this mechanism runs: {@code exact} (lattice) or {@code idealized} (floating point). */
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public Numerics numerics() {
        return spec.numerics();
    }

    /**
     * The statistic plus one noise draw; for a lattice spec, the nearest lattice point plus exact lattice noise (every
     * coordinate a multiple of the spacing, rounded to the nearest double beyond 2^53 spacings). With a subspace, B·(t[pivots]
     * + noise): the statistic is read only at the pivots. Never fails for a finite statistic of the right length, whatever
     * its magnitude.
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate
     * @throws IllegalStateException when the release {@link #needsRecordCount() needs the public record count}
     */
    @Override
    public double[] sample(double[] statistic, RandomSource random) {
        return lattice != null ? lattice.release(statistic, random) : sampler.release(statistic, random);
    }

    /**
     * Whether {@link #sample(double[], long, RandomSource)} with the public record count is the release to call: a spec whose
     * noise lives in a subspace or in the hyperplane Σx = 0 while the statistic has a public part n·q0 off it (substitution:
     * a count of records, a histogram's total, a ballot sum). Such a release reads the caller's statistic only where the
     * noise is, and takes n from the caller rather than from coordinates whose rounding depends on the data.
     */
    public boolean needsRecordCount() {
        return sampler != null && sampler.needsRecordCount();
    }

    /**
     * The release of a statistic over {@code records} records (public under substitution; ignored unless
     * {@link #needsRecordCount()}).
     *
     * @throws IllegalArgumentException for a statistic of the wrong length or with a non-finite coordinate, or a negative count
     */
    public double[] sample(double[] statistic, long records, RandomSource random) {
        return lattice != null ? lattice.release(statistic, random) : sampler.release(statistic, records, random);
    }

    /**
     * The spacing exponent e of a lattice release (outputs on 2^e·ℤ^d); empty for floating-point noise. A job that computes
     * its statistic in fixed point rounds it to the lattice itself and calls {@link #releaseIndex}.
     */
    public java.util.OptionalInt latticeExponent() {
        return lattice == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(lattice.exponent());
    }

    /**
     * A lattice release from the statistic's lattice index (the statistic already rounded to 2^e·ℤ^d by the caller, exactly):
     * (index + exact lattice noise)·2^e, rounded to doubles only at the end.
     *
     * @throws UnsupportedOperationException for a spec without a lattice block
     * @throws IllegalArgumentException for an index of the wrong length
     */
    public double[] releaseIndex(java.math.BigInteger[] latticeIndex, RandomSource random) {
        if (lattice == null) {
            throw new UnsupportedOperationException("this spec has no lattice block: its noise is floating point; call sample(double[], RandomSource)");
        }
        return lattice.releaseIndex(latticeIndex, random);
    }

    /** The checked unit body the noise is drawn from (its gauge, for reports and for mechanisms composed from it). */
    public org.optimech.runtime.knorm.UnitBody body() {
        return spec.unitBody();
    }
}
