package org.optimech.runtime.sampling;

import java.util.Optional;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.knorm.EllipticGaussianSampler;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.spec.EllipticGaussianSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * Builds the samplers of checked vector specs from the read-only geometry they hold; the one place that does. Floating-point
 * samplers need a numerics policy that allows idealized numerics. The spec's own checks already ran (a spec exists only after
 * them), including every parameter checked here again, so the runtime-exception paths are defensive.
 */
public final class Samplers {
    private Samplers() {
    }

    /**
     * The floating-point K-norm sampler: T + B·(r·U), r ~ Gamma(k+1, Δ/ε) with Δ rounded up and ε rounded down to doubles, U
     * uniform in the checked body, B the subspace's embedding when there is one (then the release is n·q0 + B·(T[pivots] + r·U):
     * {@link KNormSpec#subspaceRecordOffset}).
     *
     * @throws IllegalStateException when the policy refuses idealized numerics, or for a subspace spec under substitution whose
     *     per-record offset is unknown
     */
    public static KNormSampler knorm(KNormSpec spec, NumericsPolicy policy) {
        KNormSampler s = unembedded(spec, policy);
        // in a subspace the release reads the caller's statistic at the pivots only (and the public record count), so the
        // coordinates that are zero or dependent in exact arithmetic publish no floating-point residue
        return spec.subspace().map(sub -> s.inSubspace(sub.pivots(), sub.embedding(), spec.subspaceRecordOffset().orElseThrow(() -> new IllegalStateException(
                "this spec's noise lives in a subspace under substitution, but it records no statistic (design.problem) the runtime can evaluate on a "
                        + "record: the public part n·q0 of the statistic cannot be separated from the caller's rounding residue, which would be released "
                        + "without noise")))).orElseGet(() -> spec.unitBody().spanDimension() < spec.dimension() ? s.onHyperplane(
                                spec.hyperplaneRecordSum().orElseThrow(() -> new IllegalStateException(hyperplaneRefusal()))) : s);
    }

    private static String hyperplaneRefusal() {
        return "this spec's noise lies in the hyperplane Σx = 0 under substitution, but it records no ranking (design.problem) whose per-record sum "
                + "the runtime can read: the public sum n·σ of the statistic cannot be separated from the caller's rounding residue, which would be "
                + "released without noise";
    }

    /**
     * The spec's floating-point noise only (for accuracy figures, never a release of data): in a subspace its embedding's
     * image, on the hyperplane Σx = 0 the body's own draws; its {@code release} refuses for those.
     *
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    public static KNormSampler knormNoise(KNormSpec spec, NumericsPolicy policy) {
        KNormSampler s = unembedded(spec, policy);
        return spec.subspace().map(sub -> s.inSubspace(sub.embedding())).orElse(s);
    }

    /** The body's noise in its own coordinates: Δ rounded up, ε rounded down to doubles. */
    private static KNormSampler unembedded(KNormSpec spec, NumericsPolicy policy) {
        policy.check(Numerics.IDEALIZED);
        return KNormSampler.of(spec.unitBody(), Dyadic.doubleAtLeast(spec.sensitivity()), Dyadic.doubleAtMost(spec.noiseEpsilon()));
    }

    /** The exact lattice sampler of a spec with a lattice block (numerics exact: no policy refuses it); empty otherwise. */
    public static Optional<LatticeSampler> lattice(KNormSpec spec) {
        return spec.latticeNoise().map(l -> LatticeSampler.of(l.certified()));
    }

    /**
     * The Gaussian-process noise s·L·z on the spec's grid.
     *
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    public static GaussianProcessNoise gaussianProcess(GaussianProcessSpec spec, NumericsPolicy policy) {
        policy.check(Numerics.IDEALIZED);
        return GaussianProcessNoise.of(spec.covarianceFactor(), spec.noiseScale());
    }

    /**
     * The elliptic Gaussian's floating-point sampler (O(d) per draw), its variances rounded up from the stored decimals:
     * more noise, never less; with no variance along 1, the hyperplane release ({@link EllipticGaussianSpec#hyperplaneRecordSum}).
     *
     * @throws IllegalStateException when the policy refuses idealized numerics, or the noise has no variance along 1 and the
     *     record sum is unknown
     */
    public static EllipticGaussianSampler ellipticGaussian(EllipticGaussianSpec spec, NumericsPolicy policy) {
        EllipticGaussianSampler s = ellipticGaussianNoise(spec, policy);
        return spec.varianceAlong() != 0 ? s : s.onHyperplane(spec.hyperplaneRecordSum().orElseThrow(() -> new IllegalStateException(hyperplaneRefusal())));
    }

    /**
     * The elliptic Gaussian's noise only (for accuracy figures, never a release of data); its {@code release} refuses when
     * the noise has no variance along 1.
     *
     * @throws IllegalStateException when the policy refuses idealized numerics
     */
    public static EllipticGaussianSampler ellipticGaussianNoise(EllipticGaussianSpec spec, NumericsPolicy policy) {
        policy.check(spec.numerics());
        return EllipticGaussianSampler.of(spec.dimension(), Math.nextUp(spec.varianceAcross()), spec.varianceAlong() == 0 ? 0 : Math.nextUp(spec.varianceAlong()));
    }
}
