package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.knorm.HalfspaceBody;
import org.optimech.runtime.knorm.LinearImageBody;
import org.optimech.runtime.knorm.LpBody;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.knorm.PolytopeBody;
import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.lattice.LatticeGauge;
import org.optimech.runtime.lattice.LatticeSampler;

/**
 * Checks the typed {@code mechanism} block of a K-norm spec (KNormJson reads it). Every check is exact: stored
 * coordinates are doubles, i.e. dyadic rationals, and are compared as such (scaled to integers).
 *
 * <ul>
 *   <li><b>The body is a convex body with the origin inside</b>, so ‖·‖_K is sublinear and the
 *       mechanism's density ratio is bounded by the gauge of the shift. A polytope's stored vertices
 *       satisfy every stored facet; every boundary simplex lies on its facet's hyperplane with
 *       nonzero volume; and the simplices, each oriented so its cone from the origin is positive,
 *       form a closed pseudomanifold (every ridge in exactly two simplices, with opposite induced
 *       orientations). Radial projection then covers the sphere a constant number of times, so the
 *       volume-weighted cones sample the polytope {facets} uniformly. A linear image needs an
 *       invertible matrix; half-spaces are intersected with the stored box.</li>
 *   <li><b>Δ over the stored adjacent points</b>: each point and its negative lies in the subspace
 *       (exactly, through the rational basis) and has K-norm at most Δ. Without points, Δ is the
 *       designer's certified bound (a curved statistic), and {@link KNormSpec#pointSource()} is empty.</li>
 *   <li><b>The lattice block</b>: Δ_L re-derived exactly, and the exact sampler's acceptance rate certified.</li>
 * </ul>
 *
 * Its result is read-only geometry ({@link Checked}); Δ over the recorded statistic is {@link SensitivityRecheck}'s job, and
 * the samplers are built by the runtime's mechanisms ({@code runtime.sampling.Samplers}).
 */
final class BodyChecks {
    /** The largest noise scale Δ/ε a K-norm spec may state (its inverse the smallest). */
    private static final BigDecimal MAX_NOISE_SCALE = new BigDecimal(java.math.BigInteger.ONE.shiftLeft(KNormSpec.MAX_NOISE_SCALE_EXPONENT));

    private static final String P = KNormJson.P;

    /**
     * The result of the checks, read-only: the checked body's geometry, the checked lattice noise (null without a lattice block),
     * the exact coverage test, and what the spec says about its sensitivity. No sampler: the runtime's mechanisms build those.
     *
     * @param recordOffset for a spec in a subspace, the per-record offset q0 ({@link SubspaceOffsets}); null when not derivable
     *     or without a subspace
     * @param hyperplaneSum for a body in the hyperplane Σx = 0, one record's sum σ; null when not derivable or not such a body
     */
    record Checked(UnitBody unit, KNormSpec.LatticeNoise lattice, Coverage coverage, SensitivityCheck recheck, Double largestGauge, Rational[] recordOffset,
            Rational hyperplaneSum) {
    }

    /** The exact test ‖±y‖_K ≤ t of the stored body, for an integer vector y (null for a spec in a subspace). */
    interface Coverage {
        boolean within(BigInteger[] y, Rational t);
    }

    private BodyChecks() {
    }

    /**
     * Checks a K-norm block exactly against its privacy claim and recorded design, and builds its samplers.
     *
     * @throws FieldException naming the first field that is wrong (pointers under {@code /mechanism}, {@code /privacy}, {@code /design})
     */
    static Checked check(KNormBlock m, BigDecimal certifiedEpsilon, Relation relation, JsonObject design) throws FieldException {
        int d = m.dimension();
        KNormJson.checkDimension(d, m.body());
        if (m.body() instanceof StructuredBody s && !StructuredBodyChecks.hasLattice(s) && m.lattice() != null) {
            throw new FieldException(P + "/lattice", StructuredBodyChecks.IDEALIZED_ONLY);
        }
        if (m.body() instanceof StructuredBody && m.subspace() != null) {
            throw new FieldException(P + "/subspace", "a structured body (" + m.body().type() + ") is stored in the statistic's coordinates; a subspace block "
                    + "does not apply to it (the permutohedron lies in its hyperplane by itself)");
        }
        Subspace sub = m.subspace() == null ? null : new Subspace(m.subspace().pivots(), m.subspace().basis());
        int k = m.noiseDimension();
        BigDecimal delta = m.sensitivity();
        if (delta.signum() <= 0 || delta.compareTo(new BigDecimal(Double.MAX_VALUE)) > 0) {
            throw new FieldException(P + "/sensitivity", "must be > 0 and at most the largest double. Provided value: " + delta);
        }
        BigDecimal noiseEpsilon = m.noiseEpsilon();
        if (noiseEpsilon.signum() <= 0 || noiseEpsilon.compareTo(certifiedEpsilon) > 0) {
            throw new FieldException(P + "/noise_epsilon", "must be > 0 and at most certified_epsilon = " + certifiedEpsilon
                    + " (the K-norm mechanism is noise_epsilon-DP when Delta bounds every adjacent output, no better). Provided value: " + noiseEpsilon);
        }
        // the noise scale Δ/ε, bounded so that a release in doubles never overflows (noise near 2^1024 would make whether a
        // coordinate becomes infinite depend on the statistic) nor rounds the noise to the subnormal grid
        if (delta.compareTo(noiseEpsilon.multiply(MAX_NOISE_SCALE)) > 0 || delta.multiply(MAX_NOISE_SCALE).compareTo(noiseEpsilon) < 0) {
            throw new FieldException(P + "/sensitivity", "sensitivity / noise_epsilon (the noise scale) must be within [2^-" + KNormSpec.MAX_NOISE_SCALE_EXPONENT + ", 2^"
                    + KNormSpec.MAX_NOISE_SCALE_EXPONENT + "], so that noise and "
                    + "releases stay normal doubles whatever the statistic; noise_epsilon = " + noiseEpsilon + ". Provided value: " + delta);
        }
        // a structured body tests and samples points of the statistic's d coordinates, also when its span is smaller
        CheckedBody body = m.body() instanceof StructuredBody s ? StructuredBodyChecks.read(s, d) : readBody(m.body(), k);

        Double largest = null;
        if (m.adjacentPoints() != null) {
            String pp = P + "/adjacent_points";
            double[][] points = m.adjacentPoints().points();
            double[][] reduced = new double[points.length][];
            for (int i = 0; i < points.length; i++) {
                if (points[i].length != d) {
                    throw new FieldException(JsonPointer.child(pp + "/points", i), "must have " + d + " coordinates; found " + points[i].length);
                }
                reduced[i] = sub == null ? points[i] : sub.reduce(points[i], JsonPointer.child(pp + "/points", i));
            }
            int bad = body.firstAbove(reduced, delta);
            if (bad >= 0) {
                throw new FieldException(JsonPointer.child(pp + "/points", bad), "this adjacent output (or its negative) has K-norm above sensitivity = " + delta
                        + " (about " + body.unit.norm(reduced[bad]) + " in floating point): the noise would be too small for it");
            }
            double g = 0;
            for (double[] y : reduced) {
                g = Math.max(g, body.unit.norm(y));
            }
            largest = g;
        }
        KNormSpec.LatticeNoise lattice = m.lattice() != null ? lattice(m.lattice(), body, sub, delta, noiseEpsilon) : null;
        // the floating-point parameters the idealized sampler will use: Δ rounded up, ε rounded down, the embedding finite
        if (!(Dyadic.doubleAtMost(noiseEpsilon) > 0)) {
            throw new FieldException(P + "/noise_epsilon", "is below the smallest positive double: floating-point noise cannot be calibrated to it. Provided value: "
                    + noiseEpsilon);
        }
        if (m.subspace() != null) {
            double[][] e = m.subspace().embedding();
            for (int j = 0; j < e.length; j++) {
                for (int i = 0; i < e[j].length; i++) {
                    if (!Double.isFinite(e[j][i])) {
                        throw new FieldException(JsonPointer.child(JsonPointer.child(P + "/subspace/basis", j), i), "is beyond the double range: "
                                + "floating-point noise cannot be mapped into the subspace with it. Provided value: " + m.subspace().basis()[j][i]);
                    }
                }
            }
        }
        // NaN coordinates make every floating-point filter abstain, so the exact test decides each case.
        double[] abstain = new double[k];
        Arrays.fill(abstain, Double.NaN);
        Coverage coverage = sub != null ? null : (y, t) -> body.within(abstain, Double.NaN, y, t);
        SensitivityCheck recheck = SensitivityRecheck.recheck(design, relation, d, sub, body, m.body(), delta, m.certificate());
        Rational[] offset = sub != null ? SubspaceOffsets.perRecord(design, relation, sub, d).orElse(null) : null;
        Rational sigma = sub == null && body.unit.spanDimension() < d ? SubspaceOffsets.hyperplaneRecordSum(design, relation).orElse(null) : null;
        return new Checked(body.unit, lattice, coverage, recheck, largest, offset, sigma);
    }

    /**
     * The rounding term ρ of a mechanism block's body (the designer's input for {@code lattice_sensitivity} = Δ/2^e + ρ),
     * derived by the same code the loader checks it with.
     */
    static Rational latticeRoundingTerm(KNormBlock m) throws FieldException {
        if (m.subspace() != null) {
            throw new FieldException(P + "/subspace", "a lattice release needs a full-dimensional body; this statistic's adjacent outputs span a proper subspace");
        }
        if (m.body() instanceof StructuredBody s && !StructuredBodyChecks.hasLattice(s)) {
            throw new FieldException(P + "/body", StructuredBodyChecks.IDEALIZED_ONLY);
        }
        CheckedBody body = m.body() instanceof StructuredBody s ? StructuredBodyChecks.read(s, m.dimension()) : readBody(m.body(), m.dimension());
        if (body.lattice == null) {
            throw new FieldException(P + "/body", "the lattice mechanism is exact for l1 and linf balls and for bodies with rational facets (polytope, halfspaces) only");
        }
        return body.lattice.roundingTerm();
    }

    /**
     * The lattice block: γ = 2^spacing_exponent, Δ_L = Δ/γ + ρ re-derived exactly and compared with the stored value, and
     * the exact sampler at rate noise_epsilon/Δ_L (docs/LATTICE_KNORM.md).
     */
    private static KNormSpec.LatticeNoise lattice(KNormBlock.Lattice l, CheckedBody body, Subspace sub, BigDecimal delta, BigDecimal noiseEpsilon) throws FieldException {
        String lp = P + "/lattice";
        if (sub != null) {
            throw new FieldException(lp, "a lattice release needs a full-dimensional body; this spec's noise lives in a subspace (drop the lattice or the subspace)");
        }
        if (body.lattice == null) {
            throw new FieldException(lp, "the lattice mechanism is exact for l1 and linf balls and for bodies with rational facets (polytope, halfspaces); this body ("
                    + body.unit.getClass().getSimpleName() + ") has none");
        }
        int e = l.spacingExponent();
        if (e < -60 || e > 60) {
            throw new FieldException(lp + "/spacing_exponent", "must be an integer in [-60, 60]. Provided value: " + e);
        }
        Rational deltaL = LatticeSampler.latticeSensitivity(Rational.of(delta), e, body.lattice.roundingTerm());
        if (l.latticeSensitivity().compareTo(deltaL) != 0) {
            throw new FieldException(lp + "/lattice_sensitivity", "must be sensitivity/2^spacing_exponent + rounding term = " + deltaL + " (rounding term "
                    + body.lattice.roundingTerm() + "). Provided value: " + Fields.quote(l.latticeSensitivity().toString()));
        }
        Rational rate = Rational.of(noiseEpsilon).divide(deltaL);
        LatticeSampler.Certified certified;
        try {
            // certified here (a spec whose release could stall is refused at load), not built: the mechanism builds the
            // sampler's tables from this certificate
            certified = LatticeSampler.certify(body.lattice, e, rate, 1);
        } catch (IllegalArgumentException ex) {
            throw new FieldException(lp, ex.getMessage());
        }
        return new KNormSpec.LatticeNoise(certified);
    }

    /**
     * The loader's refusal of an exact lattice release of this block's body at spacing 2^e (its sampler cannot certify an
     * acceptance rate there), or empty when it would be certified or when the body has no exact gauge at all (then
     * {@link #latticeRoundingTerm} gives the reason).
     */
    static java.util.Optional<String> latticeRefusal(KNormBlock m, int e) throws FieldException {
        if (m.subspace() != null) {
            return java.util.Optional.empty();
        }
        CheckedBody body = m.body() instanceof StructuredBody s ? StructuredBodyChecks.read(s, m.dimension()) : readBody(m.body(), m.noiseDimension());
        if (body.lattice == null) {
            return java.util.Optional.empty();
        }
        Rational deltaL = LatticeSampler.latticeSensitivity(Rational.of(m.sensitivity()), e, body.lattice.roundingTerm());
        try {
            LatticeSampler.certify(body.lattice, e, Rational.of(m.noiseEpsilon()).divide(deltaL), 1);
            return java.util.Optional.empty();
        } catch (IllegalArgumentException ex) {
            return java.util.Optional.of(ex.getMessage());
        }
    }

    // ---- subspace ----

    /** The span of the adjacent outputs: x = basis · x[pivots], exactly. */
    static final class Subspace {
        final int[] pivots;
        final Rational[][] basis; // d × k

        Subspace(int[] pivots, Rational[][] basis) {
            this.pivots = pivots;
            this.basis = basis;
        }

        double[] reduce(double[] x, String ptr) throws FieldException {
            double[] y = new double[pivots.length];
            Rational[] yr = new Rational[pivots.length];
            for (int i = 0; i < pivots.length; i++) {
                y[i] = x[pivots[i]];
                yr[i] = Rational.of(y[i]);
            }
            for (int j = 0; j < basis.length; j++) {
                Rational s = Rational.ZERO;
                for (int i = 0; i < pivots.length; i++) {
                    if (basis[j][i].signum() != 0) {
                        s = s.add(basis[j][i].multiply(yr[i]));
                    }
                }
                if (s.compareTo(Rational.of(x[j])) != 0) {
                    throw new FieldException(ptr, "is not in the stored subspace: coordinate " + j + " is " + x[j] + " but the basis gives " + s
                            + " from the pivot coordinates; noise in the subspace cannot cover it");
                }
            }
            return y;
        }
    }

    // ---- the gauge as functionals ----

    /** Integer functionals a_f and bounds b_f > 0: a symmetric body's gauge test |a_f·y| ≤ t·b_f for all f. */
    record Functionals(BigInteger[][] normals, Rational[] bounds) {
    }

    // ---- bodies ----

    /** A body with its floating-point sampler and an exact test of ‖±y‖_K ≤ Δ. */
    abstract static class CheckedBody {
        final UnitBody unit;
        /** The exact gauge for a lattice release, or null when the body has no rational facet description. */
        LatticeGauge lattice;

        CheckedBody(UnitBody unit) {
            this.unit = unit;
        }

        /** Multiply-adds of one exact {@link #within} test, for the re-derivation's work budget. */
        long gaugeCost() {
            Functionals f = functionals();
            return f == null ? unit.dimension() : (long) f.normals().length * unit.dimension();
        }

        /**
         * Integer functionals a_f with rational bounds b_f such that ‖±y‖_K ≤ t exactly when |a_f·y| ≤ t·b_f for every f
         * (facet bodies, the ℓ∞ ball), or null when the gauge is not such a maximum (ℓ1, ℓ2, linear images): then
         * sup over differences of points is max − min per functional, without enumerating pairs.
         */
        Functionals functionals() {
            return null;
        }

        /**
         * The gauge as rows a certificate can bound ({@link org.optimech.runtime.certificate.Gauge}), or null when none is
         * derived for this body: by default the functionals' ranges.
         */
        org.optimech.runtime.certificate.Gauge certificateGauge() {
            Functionals f = functionals();
            if (f == null) {
                return null;
            }
            Rational[][] rows = new Rational[f.normals().length][];
            for (int r = 0; r < rows.length; r++) {
                rows[r] = new Rational[f.normals()[r].length];
                for (int j = 0; j < rows[r].length; j++) {
                    rows[r][j] = Rational.of(f.normals()[r][j]);
                }
            }
            return new org.optimech.runtime.certificate.Gauge(org.optimech.runtime.certificate.Gauge.Kind.RANGES, rows, f.bounds());
        }

        /** The first index whose point y or −y has gauge above delta, or −1. */
        int firstAbove(double[][] ys, BigDecimal delta) {
            if (ys.length == 0) {
                return -1;
            }
            int s = Dyadic.shift(ys);
            BigInteger[][] y = Dyadic.scale(ys, s);
            Rational bound = Rational.of(delta.multiply(Dyadic.powerOfTwo(s)));
            double approx = delta.doubleValue();
            for (int i = 0; i < y.length; i++) {
                if (!within(ys[i], approx, y[i], bound)) {
                    return i;
                }
            }
            return -1;
        }

        /**
         * Whether ‖±y‖_K ≤ t, decided exactly on the integer vector y (the stored point times 2^s, with t = Δ·2^s);
         * {@code raw} and {@code rawT} are the same point and Δ unscaled, for a floating-point filter that only
         * settles clear cases.
         */
        abstract boolean within(double[] raw, double rawT, BigInteger[] y, Rational t);
    }

    static boolean atMost(BigInteger lhs, Rational rhs) {
        return lhs.multiply(rhs.denominator()).compareTo(rhs.numerator()) <= 0;
    }

    private static CheckedBody readBody(Body b, int k) throws FieldException {
        if (b instanceof Body.Ball ball) {
            return ball(ball.norm(), k);
        }
        if (b instanceof Body.Polytope p) {
            return polytope(p, k);
        }
        if (b instanceof Body.LinearImage li) {
            return linearImage(li, k);
        }
        return halfspaces((Body.Halfspaces) b, k);
    }

    private static CheckedBody ball(LpNorm n, int k) {
        CheckedBody body = new CheckedBody(LpBody.of(n, k)) {
            /** The last t and, for ℓ2, t²: a re-check calls this once per pair with the same t, and t² was a Rational product each time. */
            private volatile Rational[] bound = {null, null};

            @Override
            boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                BigInteger s = BigInteger.ZERO;
                for (BigInteger v : y) {
                    s = n == LpNorm.L1 ? s.add(v.abs()) : n == LpNorm.L2 ? s.add(v.multiply(v)) : s.max(v.abs());
                }
                if (n != LpNorm.L2) {
                    return atMost(s, t);
                }
                Rational[] last = bound;
                if (last[0] != t) {
                    last = new Rational[] {t, t.multiply(t)};
                    bound = last;
                }
                return atMost(s, last[1]);
            }
        };
        body.lattice = n == LpNorm.L1 ? LatticeGauge.l1(k) : n == LpNorm.LINF ? LatticeGauge.linf(k) : null;
        if (n != LpNorm.LINF) {
            org.optimech.runtime.certificate.Gauge g = org.optimech.runtime.certificate.Gauge.identity(n == LpNorm.L1
                    ? org.optimech.runtime.certificate.Gauge.Kind.SUM : org.optimech.runtime.certificate.Gauge.Kind.SQUARE, k);
            return new CheckedBody(body.unit) {
                {
                    lattice = body.lattice;
                }

                @Override
                boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                    return body.within(raw, rawT, y, t);
                }

                @Override
                org.optimech.runtime.certificate.Gauge certificateGauge() {
                    return g;
                }
            };
        }
        return new CheckedBody(body.unit) {
            {
                lattice = body.lattice;
            }

            @Override
            boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                return body.within(raw, rawT, y, t);
            }

            @Override
            Functionals functionals() {
                // built on demand: k × k entries, which a high-dimensional ball re-checked in closed form never needs
                BigInteger[][] axes = new BigInteger[k][k];
                Rational[] ones = new Rational[k];
                for (int j = 0; j < k; j++) {
                    Arrays.fill(axes[j], BigInteger.ZERO);
                    axes[j][j] = BigInteger.ONE;
                    ones[j] = Rational.of(BigInteger.ONE);
                }
                return new Functionals(axes, ones);
            }
        };
    }

    /** Facets read exactly: integer normals and rational offsets > 0. */
    private static final class Facets {
        /** Unit roundoff, doubled for margin: every error bound below is a multiple of it. */
        private static final double U = 0x1p-52;
        final BigInteger[][] normals;
        final Rational[] offsets;
        final double[][] normalD;
        final double[] offsetD;

        Facets(BigInteger[][] normals, Rational[] offsets) {
            this.normals = normals;
            this.offsets = offsets;
            this.normalD = normalDoubles();
            this.offsetD = offsetDoubles();
        }

        /**
         * A floating-point filter for |n_f·y| versus t·b_f: +1 when certainly below, −1 when certainly above, 0 when too
         * close to call (then the exact test decides). Each product and sum of k terms carries relative error at most
         * (k+2)·U including the rounding of n_f to doubles; t·b_f as doubles carries at most 3U.
         */
        int filter(int f, double[] y, double t, boolean absolute) {
            double s = 0;
            double mag = 0;
            for (int j = 0; j < y.length; j++) {
                double p = normalD[f][j] * y[j];
                s += p;
                mag += Math.abs(p);
            }
            double err = (y.length + 2) * U * mag + Double.MIN_NORMAL;
            double rhs = t * offsetD[f];
            double rhsErr = 4 * U * Math.abs(rhs) + Double.MIN_NORMAL;
            double lhs = absolute ? Math.abs(s) : s;
            if (!Double.isFinite(lhs + err) || !Double.isFinite(rhs)) {
                return 0;
            }
            if (lhs + err < rhs - rhsErr) {
                return 1;
            }
            return lhs - err > rhs + rhsErr ? -1 : 0;
        }

        double[][] normalDoubles() {
            double[][] n = new double[normals.length][];
            for (int f = 0; f < n.length; f++) {
                n[f] = new double[normals[f].length];
                for (int j = 0; j < n[f].length; j++) {
                    n[f][j] = normals[f][j].doubleValue();
                }
            }
            return n;
        }

        double[] offsetDoubles() {
            double[] o = new double[offsets.length];
            for (int f = 0; f < o.length; f++) {
                o[f] = offsets[f].doubleValue();
            }
            return o;
        }

        BigInteger dot(int f, BigInteger[] y) {
            return IntegerMatrices.dot(normals[f], y);
        }

        /** max over the box [lo, hi] of normal_f · x, exactly: Σ_j max(n_j·lo_j, n_j·hi_j). */
        Rational maxOnBox(int f, double[] lo, double[] hi) {
            Rational s = Rational.ZERO;
            for (int j = 0; j < lo.length; j++) {
                if (normals[f][j].signum() != 0) {
                    Rational n = Rational.of(normals[f][j]);
                    s = s.add(n.multiply(Rational.of(normals[f][j].signum() > 0 ? hi[j] : lo[j])));
                }
            }
            return s;
        }

        /** The first facet some corner of the box [lo, hi] violates (exactly), or −1. */
        int firstAboveOnBox(double[] lo, double[] hi) {
            for (int f = 0; f < normals.length; f++) {
                if (maxOnBox(f, lo, hi).compareTo(offsets[f]) > 0) {
                    return f;
                }
            }
            return -1;
        }

        /** Whether |normal_f · y| ≤ t · offset_f for every facet (both y and −y inside t·H). */
        boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
            for (int f = 0; f < normals.length; f++) {
                int quick = filter(f, raw, rawT, true);
                if (quick < 0 || quick == 0 && !atMost(dot(f, y).abs(), t.multiply(offsets[f]))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Typed facets as exact integers and rationals; each normal must have k coordinates. */
    private static Facets facets(java.util.List<Body.Facet> list, String ptr, int k) throws FieldException {
        if (list.isEmpty() || list.size() > KNormJson.MAX_ITEMS) {
            throw new FieldException(ptr, "must list between 1 and " + KNormJson.MAX_ITEMS + " facets. Provided: " + list.size());
        }
        BigInteger[][] normals = new BigInteger[list.size()][];
        Rational[] offsets = new Rational[list.size()];
        for (int f = 0; f < normals.length; f++) {
            normals[f] = list.get(f).normal();
            if (normals[f].length != k) {
                throw new FieldException(JsonPointer.child(ptr, f) + "/normal", "must have " + k + " coordinates (the body's dimension); found " + normals[f].length);
            }
            offsets[f] = Rational.of(list.get(f).offset());
        }
        return new Facets(normals, offsets);
    }

    private static CheckedBody polytope(Body.Polytope b, int k) throws FieldException {
        String bp = P + "/body";
        double[][] vertices = b.vertices();
        checkVectors(vertices, bp + "/vertices", k, k + 1);
        Facets facets = facets(b.facets(), bp + "/facets", k);
        int shift = Dyadic.shift(vertices);
        BigInteger[][] scaled = Dyadic.scale(vertices, shift);
        Rational[] scaledOffsets = new Rational[facets.offsets.length];
        Rational two = Rational.of(Dyadic.powerOfTwo(shift));
        for (int f = 0; f < scaledOffsets.length; f++) {
            scaledOffsets[f] = facets.offsets[f].multiply(two);
        }
        for (int v = 0; v < scaled.length; v++) {
            for (int f = 0; f < scaledOffsets.length; f++) {
                int quick = facets.filter(f, vertices[v], 1, false);
                if (quick < 0 || quick == 0 && !atMost(facets.dot(f, scaled[v]), scaledOffsets[f])) {
                    throw new FieldException(JsonPointer.child(bp + "/vertices", v), "lies outside facet " + f + ": the stored vertices and facets describe different bodies");
                }
            }
        }
        int[][] stored = b.simplices();
        int[] storedFacets = b.simplexFacets();
        if (stored.length < 2 || stored.length > KNormJson.MAX_ITEMS || storedFacets.length != stored.length) {
            throw new FieldException(bp + "/simplices", "must list between 2 and " + KNormJson.MAX_ITEMS + " boundary simplices, with one simplex_facets entry each; "
                    + "found " + stored.length + " simplices and " + storedFacets.length + " facet indices");
        }
        int n = stored.length;
        double[][][] simplices = new double[n][][];
        BigInteger[] dets = new BigInteger[n];
        BigInteger maxDet = BigInteger.ZERO;
        Map<String, int[]> ridges = new HashMap<>(); // key → {count, sum of induced orientations}
        for (int i = 0; i < n; i++) {
            String sp = JsonPointer.child(bp + "/simplices", i);
            int[] s = stored[i];
            if (s.length != k) {
                throw new FieldException(sp, "must list " + k + " vertex indices (a boundary simplex of a " + k + "-dimensional body); found " + s.length);
            }
            int f = storedFacets[i];
            if (f < 0 || f >= facets.normals.length) {
                throw new FieldException(JsonPointer.child(bp + "/simplex_facets", i), "must be a facet index in [0, " + (facets.normals.length - 1) + "]. Provided value: " + f);
            }
            int[] idx = new int[k];
            BigInteger[][] m = new BigInteger[k][];
            simplices[i] = new double[k][];
            for (int t = 0; t < k; t++) {
                idx[t] = s[t];
                if (idx[t] < 0 || idx[t] >= vertices.length) {
                    throw new FieldException(JsonPointer.child(sp, t), "must be a vertex index in [0, " + (vertices.length - 1) + "]. Provided value: " + idx[t]);
                }
                if (facets.dot(f, scaled[idx[t]]).multiply(scaledOffsets[f].denominator()).compareTo(scaledOffsets[f].numerator()) != 0) {
                    throw new FieldException(JsonPointer.child(sp, t), "vertex " + idx[t] + " is not on facet " + f + " (simplex_facets[" + i + "]): the simplex is not on the boundary");
                }
                m[t] = scaled[idx[t]];
                simplices[i][t] = vertices[idx[t]];
            }
            BigInteger det = IntegerMatrices.determinant(m);
            if (det.signum() == 0) {
                throw new FieldException(sp, "has zero volume (its vertices and the origin are affinely dependent)");
            }
            dets[i] = det.abs();
            maxDet = maxDet.max(dets[i]);
            for (int t = 0; t < k; t++) {
                int[] ridge = new int[k - 1];
                for (int u = 0, w = 0; u < k; u++) {
                    if (u != t) {
                        ridge[w++] = idx[u];
                    }
                }
                int sign = det.signum() * ((t & 1) == 0 ? 1 : -1) * sortParity(ridge);
                int[] c = ridges.computeIfAbsent(Arrays.toString(ridge), x -> new int[2]);
                c[0]++;
                c[1] += sign;
            }
        }
        for (Map.Entry<String, int[]> e : ridges.entrySet()) {
            if (e.getValue()[0] != 2 || e.getValue()[1] != 0) {
                throw new FieldException(bp + "/simplices", "do not tile the body's boundary: the ridge with vertices " + e.getKey() + " is in " + e.getValue()[0]
                        + " simplices (orientation sum " + e.getValue()[1] + "); every ridge must be in exactly two, oppositely oriented");
            }
        }
        double[] volumes = new double[n];
        BigDecimal max = new BigDecimal(maxDet);
        for (int i = 0; i < n; i++) {
            volumes[i] = new BigDecimal(dets[i]).divide(max, MathContext.DECIMAL64).doubleValue();
        }
        PolytopeBody unit;
        try {
            unit = PolytopeBody.of(simplices, volumes, facets.normalDoubles(), facets.offsetDoubles());
        } catch (IllegalArgumentException e) {
            throw new FieldException(bp, e.getMessage());
        }
        CheckedBody body = new CheckedBody(unit) {
            @Override
            boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                return facets.within(raw, rawT, y, t);
            }

            @Override
            Functionals functionals() {
                return new Functionals(facets.normals, facets.offsets);
            }
        };
        // The checked simplices tile the boundary of {facets}, so it is the vertices' hull: M_j = the largest |vertex coordinate j|.
        Rational[] bounds = new Rational[k];
        Rational unitScale = Rational.of(Dyadic.powerOfTwo(shift));
        for (int j = 0; j < k; j++) {
            BigInteger m = BigInteger.ZERO;
            for (BigInteger[] v : scaled) {
                m = m.max(v[j].abs());
            }
            bounds[j] = Rational.of(m).divide(unitScale);
        }
        BigInteger total = BigInteger.ZERO;
        for (BigInteger dt : dets) {
            total = total.add(dt);
        }
        // vol = Σ|det|/(k!·2^{shift·k}) against ∏(2M_j), in logarithms (exact integers; the doubles' rounding is far inside 1e-9)
        double logVol = Math.log(new BigDecimal(total).doubleValue()) - logFactorial(k) - shift * k * Math.log(2);
        body.lattice = LatticeGauge.facets(facets.normals, facets.offsets, bounds, logVol - 1e-9 * (1 + Math.abs(logVol)));
        return body;
    }

    private static double logFactorial(int k) {
        double s = 0;
        for (int i = 2; i <= k; i++) {
            s += Math.log(i);
        }
        return s;
    }

    /** +1 or −1: the parity of the permutation that sorts {@code a} (sorted in place; entries distinct). */
    private static int sortParity(int[] a) {
        int sign = 1;
        for (int i = 1; i < a.length; i++) {
            for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
                int t = a[j];
                a[j] = a[j - 1];
                a[j - 1] = t;
                sign = -sign;
            }
        }
        return sign;
    }

    private static CheckedBody linearImage(Body.LinearImage b, int k) throws FieldException {
        String bp = P + "/body";
        LpNorm base = b.base(); // l1 or linf (Body.LinearImage refuses l2)
        double[][] a = b.matrix();
        checkVectors(a, bp + "/matrix", k, k);
        if (a.length != k) {
            throw new FieldException(bp + "/matrix", "must be " + k + " x " + k + "; found " + a.length + " rows");
        }
        int sa = Dyadic.shift(a);
        BigInteger[][] ai = Dyadic.scale(a, sa);
        BigInteger det = IntegerMatrices.determinant(ai);
        if (det.signum() == 0) {
            throw new FieldException(bp + "/matrix", "must be invertible (its determinant is exactly 0)");
        }
        double[][] inverse = floatingInverse(a);
        boolean l1 = base == LpNorm.L1;
        UnitBody unit;
        try {
            unit = LinearImageBody.of(LpBody.of(base, k), a, inverse);
        } catch (IllegalArgumentException e) {
            throw new FieldException(bp + "/matrix", e.getMessage());
        }
        // Â⁻¹ exactly, row i as n_i / q_i (integers): (Â⁻¹Y)_i = n_i·Y / q_i, so each gauge test costs k² multiply-adds
        IntegerMatrices.InverseRows inverseRows = IntegerMatrices.inverseRows(ai);
        BigInteger[][] n = inverseRows.numerators();
        BigInteger[] q = inverseRows.denominators();
        Rational twoSa = Rational.of(Dyadic.powerOfTwo(sa));
        // A = Â/2^sa and y = Y/2^s: A⁻¹y = 2^sa·Â⁻¹Y/2^s, so ‖±y‖ ≤ Δ ⇔ 2^sa·g(Â⁻¹Y) ≤ t with t = Δ·2^s
        BigInteger lcm = BigInteger.ONE;
        for (BigInteger qi : q) {
            lcm = lcm.divide(lcm.gcd(qi)).multiply(qi);
        }
        BigInteger[] weight = new BigInteger[k];
        Rational[] bound = new Rational[k];
        for (int i = 0; i < k; i++) {
            weight[i] = lcm.divide(q[i]);
            bound[i] = Rational.of(q[i]).divide(twoSa);
        }
        Rational lcmOverTwoSa = Rational.of(lcm).divide(twoSa);
        return new CheckedBody(unit) {
            @Override
            boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                if (!l1) {
                    for (int i = 0; i < k; i++) {
                        if (!atMost(IntegerMatrices.dot(n[i], y).abs(), t.multiply(bound[i]))) {
                            return false;
                        }
                    }
                    return true;
                }
                // Σ_i |n_i·Y|/q_i ≤ t/2^sa  ⇔  Σ_i |n_i·Y|·(L/q_i) ≤ t·L/2^sa
                BigInteger total = BigInteger.ZERO;
                for (int i = 0; i < k; i++) {
                    total = total.add(IntegerMatrices.dot(n[i], y).abs().multiply(weight[i]));
                }
                return atMost(total, t.multiply(lcmOverTwoSa));
            }

            @Override
            Functionals functionals() {
                return l1 ? null : new Functionals(n, bound);
            }

            @Override
            org.optimech.runtime.certificate.Gauge certificateGauge() {
                return org.optimech.runtime.certificate.Gauge.ofLinearImage(base, inverseRows, sa);
            }

            @Override
            long gaugeCost() {
                return (long) k * k;
            }
        };
    }

    /** Gauss–Jordan with partial pivoting; the gauge it serves is for display, the exact check uses the exact inverse. */
    private static double[][] floatingInverse(double[][] a) {
        int n = a.length;
        double[][] m = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            m[i][n + i] = 1;
        }
        for (int c = 0; c < n; c++) {
            int p = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[p][c])) {
                    p = r;
                }
            }
            double[] t = m[c];
            m[c] = m[p];
            m[p] = t;
            double piv = m[c][c];
            for (int j = 0; j < 2 * n; j++) {
                m[c][j] /= piv;
            }
            for (int r = 0; r < n; r++) {
                if (r != c && m[r][c] != 0) {
                    double f = m[r][c];
                    for (int j = 0; j < 2 * n; j++) {
                        m[r][j] -= f * m[c][j];
                    }
                }
            }
        }
        double[][] inv = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], n, inv[i], 0, n);
        }
        return inv;
    }

    private static CheckedBody halfspaces(Body.Halfspaces b, int k) throws FieldException {
        String bp = P + "/body";
        Facets facets = facets(b.facets(), bp + "/facets", k);
        double[] lower = b.box().lower();
        double[] upper = b.box().upper();
        checkVectors(new double[][] {lower, upper}, bp + "/box", k, 2);
        for (int j = 0; j < k; j++) {
            if (!(lower[j] < 0) || !(upper[j] > 0)) {
                throw new FieldException(JsonPointer.child(bp + "/box/lower", j), "the box must contain the origin strictly: lower < 0 < upper. Provided coordinate " + j
                        + ": [" + lower[j] + ", " + upper[j] + "]");
            }
        }
        BigDecimal rate = b.acceptanceRate();
        if (rate.signum() <= 0 || rate.compareTo(BigDecimal.ONE) > 0) {
            throw new FieldException(bp + "/acceptance_rate", "must be in (0, 1]. Provided value: " + rate);
        }
        // A certified lower bound on the acceptance rate: the volume share of a box inside the body, checked exactly against every
        // facet. The stored rate may not exceed it, and the attempt cap must make a release fail with probability ≤ 1e-9 at it.
        Rational certified;
        if (b.inscribedBox() != null) {
            String ip = bp + "/inscribed_box";
            double[] lo = b.inscribedBox().lower();
            double[] hi = b.inscribedBox().upper();
            checkVectors(new double[][] {lo, hi}, ip, k, 2);
            for (int j = 0; j < k; j++) {
                if (!(lower[j] <= lo[j] && lo[j] < hi[j] && hi[j] <= upper[j])) {
                    throw new FieldException(JsonPointer.child(ip + "/lower", j), "the inscribed box must lie in the box with lower < upper. Provided coordinate " + j
                            + ": [" + lo[j] + ", " + hi[j] + "] in [" + lower[j] + ", " + upper[j] + "]");
                }
            }
            int f = facets.firstAboveOnBox(lo, hi);
            if (f >= 0) {
                throw new FieldException(ip, "is not inside the body: a corner of it violates facet " + f);
            }
            certified = b.box().shareOf(b.inscribedBox());
            if (Rational.of(rate).compareTo(certified) > 0) {
                throw new FieldException(bp + "/acceptance_rate", "exceeds the rate the inscribed box certifies (" + certified.doubleValue() + "): a release would "
                        + "fail more often than the attempt cap was set for. Provided value: " + rate);
            }
        } else {
            // a spec written before inscribed boxes: the runtime's own box, the outer box scaled about the origin until it fits
            Rational t = Rational.of(BigInteger.ONE);
            for (int f = 0; f < facets.normals.length; f++) {
                Rational m = facets.maxOnBox(f, lower, upper);
                if (m.signum() > 0 && facets.offsets[f].divide(m).compareTo(t) < 0) {
                    t = facets.offsets[f].divide(m);
                }
            }
            Rational share = Rational.of(BigInteger.ONE);
            for (int j = 0; j < k; j++) {
                share = share.multiply(t);
            }
            certified = share;
        }
        int attempts = b.maxAttempts();
        if (attempts < 1 || attempts > 1_000_000) {
            throw new FieldException(bp + "/max_attempts", "must be an integer in [1, 1000000]. Provided value: " + attempts);
        }
        double bound = certified.doubleValue() * (1 - 1e-12); // rounded down: the failure bound errs high
        double failure = bound >= 1 ? 0 : Math.exp(attempts * Math.log1p(-bound));
        if (failure > 1e-9) {
            throw new FieldException(bp + "/max_attempts", "is too small for the certified acceptance rate " + certified.doubleValue() + " (a lower bound from "
                    + (b.inscribedBox() != null ? "the inscribed box" : "the largest centred box in the body") + "): a release would fail with probability up to "
                    + failure + " (at most 1e-9 allowed). Provided value: " + attempts);
        }
        HalfspaceBody unit;
        try {
            unit = HalfspaceBody.of(facets.normalDoubles(), facets.offsetDoubles(), lower, upper, attempts);
        } catch (IllegalArgumentException e) {
            throw new FieldException(bp, e.getMessage());
        }
        Rational[] lo = new Rational[k];
        for (int j = 0; j < k; j++) {
            // the body is symmetric in the check (y and −y), so the box side nearer the origin binds
            lo[j] = Rational.of(Math.min(-lower[j], upper[j]));
        }
        CheckedBody body = new CheckedBody(unit) {
            @Override
            boolean within(double[] raw, double rawT, BigInteger[] y, Rational t) {
                for (int j = 0; j < k; j++) {
                    if (!atMost(y[j].abs(), t.multiply(lo[j]))) {
                        return false;
                    }
                }
                return facets.within(raw, rawT, y, t);
            }

            @Override
            Functionals functionals() {
                // the facets, then each axis bounded by the box side nearer the origin (as within() tests them)
                BigInteger[][] a = Arrays.copyOf(facets.normals, facets.normals.length + k);
                Rational[] b = Arrays.copyOf(facets.offsets, a.length);
                for (int j = 0; j < k; j++) {
                    BigInteger[] axis = new BigInteger[k];
                    Arrays.fill(axis, BigInteger.ZERO);
                    axis[j] = BigInteger.ONE;
                    a[facets.normals.length + j] = axis;
                    b[facets.normals.length + j] = lo[j];
                }
                return new Functionals(a, b);
            }
        };
        // the body is {facets} ∩ box: the box's 2k sides join the facet rows, and M_j is the box's larger |side| on axis j
        BigInteger[][] rows = Arrays.copyOf(facets.normals, facets.normals.length + 2 * k);
        Rational[] offs = Arrays.copyOf(facets.offsets, rows.length);
        Rational[] bounds = new Rational[k];
        double boxVolume = 1;
        for (int j = 0; j < k; j++) {
            for (int side = 0; side < 2; side++) {
                BigInteger[] row = new BigInteger[k];
                Arrays.fill(row, BigInteger.ZERO);
                row[j] = side == 0 ? BigInteger.ONE : BigInteger.ONE.negate();
                rows[facets.normals.length + 2 * j + side] = row;
                offs[facets.normals.length + 2 * j + side] = Rational.of(side == 0 ? upper[j] : -lower[j]);
            }
            bounds[j] = Rational.of(Math.max(upper[j], -lower[j]));
            boxVolume *= upper[j] - lower[j];
        }
        // the certified inscribed box's volume (its share of the box times the box) bounds the body's volume from below
        double logInscribed = Math.log(certified.doubleValue()) + Math.log(boxVolume);
        body.lattice = LatticeGauge.facets(rows, offs, bounds, logInscribed - 1e-9 * (1 + Math.abs(logInscribed)));
        return body;
    }

    /** At least {@code min} (and at most {@link KNormJson#MAX_ITEMS}) vectors of {@code k} finite numbers each. */
    private static void checkVectors(double[][] rows, String ptr, int k, int min) throws FieldException {
        if (rows.length < min || rows.length > KNormJson.MAX_ITEMS) {
            throw new FieldException(ptr, "must list between " + min + " and " + KNormJson.MAX_ITEMS + " vectors. Provided: " + rows.length);
        }
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != k) {
                throw new FieldException(JsonPointer.child(ptr, i), "must have " + k + " coordinates; found " + rows[i].length);
            }
            for (int j = 0; j < k; j++) {
                if (!Double.isFinite(rows[i][j])) {
                    throw new FieldException(JsonPointer.child(JsonPointer.child(ptr, i), j), "must be a finite number. Provided value: " + rows[i][j]);
                }
            }
        }
    }
}
