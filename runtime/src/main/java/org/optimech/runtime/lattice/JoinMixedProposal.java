package org.optimech.runtime.lattice;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomSource;

/**
 * The count join's mixed proposal q(z) ∝ e^{−a(A + B) − b‖z‖₁} on ℤ^d, A = ‖z₊‖∞, B = ‖z₋‖∞, a = (i/P)·r and
 * b = ((P − i)/P)·r/k (P = {@value #PARTS}, so a + bk = r), sampled exactly through its two levels
 * (docs/LATTICE_KNORM.md, "The count join's mixed proposal"):
 * <ol>
 *   <li>q is the mixture over levels (m₊, m₋) ≥ 0 with weights ∝ π(m₊, m₋) = e^{−a(m₊ + m₋)}·F(m₊, m₋)^d,
 *       F = 1 − y(m₊) − y(m₋), y(m) = e^{−b(m+1)}/(1 + e^{−b}), of d independent two-sided geometrics at rate b truncated to
 *       [−m₋, m₊]. h = log π is concave on [0, ∞)².</li>
 *   <li>(m₊, m₋) is drawn by rejection from (c, c) + (D₁, D₂), D₁, D₂ independent two-sided geometrics at rate λ, accepted with
 *       probability p(m) = (π(m)/π(c, c))·e^{λ(|m₊ − c| + |m₋ − c|) − K}. The envelope is certified when the proposal is built: in
 *       each quadrant around (c, c) a tangent plane of h at a point of that quadrant (session 9: (c ± w, c ± w); session 11:
 *       where ∇h is about −λ·s) falls at rate ≥ λ along both axes (exact rational checks of the partial derivatives from
 *       {@link ExpBounds} enclosures), and K bounds its height at (c, c) above h(c, c); then p(m) ≤ 1 for every level.</li>
 *   <li>The coin is decided like the sum ball's ({@link MixedLevelProposal#decide}): a double fast path with a certified
 *       margin, else directed-rounding enclosures of p(m) against a lazily read uniform.</li>
 *   <li>Given the levels, each coordinate is a two-sided geometric at rate b redrawn while outside [−m₋, m₊].</li>
 * </ol>
 * Per attempt: O(1) expected work for the levels plus O(d) geometric draws when they are accepted.
 */
final class JoinMixedProposal {
    /** a and b are multiples of r/P and r/(P·k); finer than the sum ball's, since the acceptance is steep in the split here. */
    static final int PARTS = 100;
    /** Tangent offsets tried, in units of the level law's spread along an axis. */
    private static final double[] WIDTHS = {0.25, 0.35, 0.5, 0.7, 1, 1.4, 2};

    private final int d;
    private final int split;
    private final Rational a;
    private final Rational b;
    private final long c;
    private final long w;
    private final Rational lambda;
    private final Rational offset;
    private final Geometric level;
    private final Geometric coordinate;
    private final double acceptance;
    private final long longBound;
    private final boolean fastPath;
    private final double aD;
    private final double bD;
    private final double lambdaD;
    private final double offsetD;
    private final double logFc;
    /** e^{−1}, e^{−b} and F(c, c) enclosed at the first precision, reused by every level coin that reaches the enclosures. */
    private final MixedLevelProposal.Enclosure firstE1;
    private final MixedLevelProposal.Enclosure firstEb;
    private final MixedLevelProposal.Enclosure firstFc;

    private JoinMixedProposal(int d, int split, Rational a, Rational b, long c, long w, Rational lambda, Rational offset,
            double acceptance, long longBound, boolean fastPath) {
        this.d = d;
        this.split = split;
        this.a = a;
        this.b = b;
        this.c = c;
        this.w = w;
        this.lambda = lambda;
        this.offset = offset;
        this.acceptance = acceptance;
        this.longBound = longBound;
        this.fastPath = fastPath;
        this.level = Geometric.twoSided(lambda.numerator(), lambda.denominator());
        this.coordinate = Geometric.twoSided(b.numerator(), b.denominator());
        this.aD = a.doubleValue();
        this.bD = b.doubleValue();
        this.lambdaD = lambda.doubleValue();
        this.offsetD = offset.doubleValue();
        this.logFc = Math.log(fDouble(bD, c, c));
        MathContext[] mc = MixedLevelProposal.contexts(MixedLevelProposal.FIRST_DIGITS);
        this.firstE1 = MixedLevelProposal.expMinus(Rational.of(BigInteger.ONE), mc, null);
        this.firstEb = MixedLevelProposal.expMinus(b, mc, firstE1);
        this.firstFc = fAt(BigInteger.valueOf(c), BigInteger.valueOf(c), mc, firstEb, firstE1);
    }

    /**
     * The best certified mixed proposal for the count join of dimension d and bound k at lattice rate r, with its certified
     * acceptance (target mass lower bound {@code logTargetMass} over the envelope's total, halved); {@code null} when none
     * certifies. Two envelope families are searched in doubles over every split: tangent points at a common offset of
     * (c, c) ({@link #WIDTHS}, session 9), and tangent points where h's gradient is exactly −λ·s ({@link #RATES} × {@link #SHIFTS},
     * session 11). The best few of each family are certified in turn, and the better certified of the two is kept (a session-9
     * design's K can only have fallen, since it now takes the smaller of two bounds).
     */
    static JoinMixedProposal of(int d, int k, Rational rate, double logTargetMass, long longBound) {
        // the best few are certified in turn (review 9: a design whose exact check fails at a tangent point should not drop the
        // proposal while a neighbouring one certifies)
        java.util.List<double[]> byWidth = new java.util.ArrayList<>();
        java.util.List<double[]> byRate = new java.util.ArrayList<>();
        for (int i = 1; i < PARTS; i++) {
            for (double width : WIDTHS) {
                add(byWidth, design(d, k, rate.doubleValue(), i, width, Double.NaN, logTargetMass), i, width, Double.NaN);
            }
            for (double spreads : RATES) {
                for (double shift : SHIFTS) {
                    add(byRate, design(d, k, rate.doubleValue(), i, spreads, shift, logTargetMass), i, spreads, shift);
                }
            }
        }
        Design first = firstCertified(byWidth, d, k, rate, logTargetMass);
        Design second = firstCertified(byRate, d, k, rate, logTargetMass);
        Design best = first == null || second != null && second.acceptance > first.acceptance ? second : first;
        return best == null ? null : best.proposal(d, longBound); // the samplers' tables are built for the winner only
    }

    private static void add(java.util.List<double[]> designs, double est, int split, double x, double shift) {
        if (est > Double.NEGATIVE_INFINITY) {
            designs.add(new double[] {est, split, x, shift});
        }
    }

    private static Design firstCertified(java.util.List<double[]> designs, int d, int k, Rational rate, double logTargetMass) {
        designs.sort((x, y) -> Double.compare(y[0], x[0]));
        for (int t = 0; t < StrictMath.min(CERTIFY_TRIES, designs.size()); t++) {
            double[] g = designs.get(t);
            Design p = certified(d, k, rate, (int) g[1], g[2], g[3], logTargetMass);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /** A certified envelope: everything the proposal needs but its samplers' tables. */
    private record Design(int split, Rational a, Rational b, long c, long w, Rational lambda, Rational offset, double acceptance) {
        JoinMixedProposal proposal(int d, long longBound) {
            return new JoinMixedProposal(d, split, a, b, c, w, lambda, offset, acceptance, longBound, true);
        }
    }

    /** How many of the best designs (by their estimate in doubles) are certified before the proposal is given up. */
    private static final int CERTIFY_TRIES = 4;
    /** λ tried in the tangent-point family, in units of 1/spread. */
    private static final double[] RATES = {0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2, 1.4};
    /** Centre shifts tried in the tangent-point family, in spreads from the diagonal mode (the level law is skewed). */
    private static final double[] SHIFTS = {-0.5, -0.25, 0};

    /**
     * The proposal for one split i (a = (i/P)·r) with tangent points at offset {@code width} spreads from the mode (session 9),
     * certified; {@code null} if its envelope does not certify.
     */
    static JoinMixedProposal build(int d, int k, Rational rate, int split, double width, double logTargetMass, long longBound) {
        return build(d, k, rate, split, width, Double.NaN, logTargetMass, longBound);
    }

    /**
     * The proposal for one split i: with {@code shift} NaN, tangent points at offset {@code x} spreads (session 9); otherwise
     * centre at the mode + {@code shift} spreads and λ = {@code x}/spread with tangent points where ∇h = −λ·s (session 11).
     * Certified; {@code null} if its envelope does not certify.
     */
    static JoinMixedProposal build(int d, int k, Rational rate, int split, double x, double shift, double logTargetMass, long longBound) {
        Design design = certified(d, k, rate, split, x, shift, logTargetMass);
        return design == null ? null : design.proposal(d, longBound);
    }

    private static Design certified(int d, int k, Rational rate, int split, double x, double shift, double logTargetMass) {
        Rational a = rate.multiply(frac(split, PARTS));
        Rational b = rate.multiply(frac(PARTS - split, (long) PARTS * k));
        Envelope env = envelope(d, a.doubleValue(), b.doubleValue(), x, shift);
        if (env == null) {
            return null;
        }
        Rational lambda = MixedLevelProposal.floorGrid(env.lambda);
        Enclosures enc = new Enclosures(b);
        for (int attempt = 0; attempt < 8 && lambda.signum() > 0; attempt++) {
            Rational offset = certify(d, a, enc, env.c, env.points, lambda);
            if (offset != null && MixedLevelProposal.coinRangeRefusal(a, lambda, env.c, offset, 2) != null) {
                return null; // d above about 2^30 (review 9, low 5): refused here, never thrown in a release
            }
            if (offset != null) {
                double logAcc = logSuccess(d, a.doubleValue(), b.doubleValue(), env.c, lambda.doubleValue(), offset.doubleValue(), logTargetMass);
                double acc = StrictMath.min(1, StrictMath.exp(logAcc) / 2);
                return new Design(split, a, b, env.c, env.reach(), lambda, offset, Double.isNaN(acc) ? 0 : acc);
            }
            lambda = lambda.divide(Rational.of(BigInteger.TWO));
        }
        return null;
    }

    /**
     * Coordinates below this many lattice units take the long path: P·G ≤ P·2·max(k, d)·max|z_j| and i·k·(A + B) stay below
     * 2^60.
     */
    static long longBound(int d, int k) {
        return (1L << 59) / ((long) PARTS * 2 * (Math.max(k, d) + 1L));
    }

    private static Rational frac(long p, long q) {
        return Rational.of(BigInteger.valueOf(p)).divide(Rational.of(BigInteger.valueOf(q)));
    }

    /**
     * The envelope's shape, chosen in doubles (only its certification decides anything): centre (c, c), one tangent point per
     * quadrant ({@link #QUADRANTS} order, each in its closed quadrant around (c, c)), rate λ.
     */
    private record Envelope(long c, long[][] points, double lambda) {
        /** The largest offset of a tangent point from the centre along an axis (the tests' window unit). */
        long reach() {
            long r = 1;
            for (long[] p : points) {
                r = StrictMath.max(r, StrictMath.max(StrictMath.abs(p[0] - c), StrictMath.abs(p[1] - c)));
            }
            return r;
        }
    }

    private static double y(double b, double m) {
        return StrictMath.exp(-b * (m + 1)) / (1 + StrictMath.exp(-b));
    }

    /** ∂h/∂m₊ at (m₊, m₋) = −a + d·b·y(m₊)/F(m₊, m₋). */
    private static double slope(int d, double a, double b, double plus, double minus) {
        return -a + d * b * y(b, plus) / fDouble(b, plus, minus);
    }

    /** F(m₊, m₋) = 1 − y(m₊) − y(m₋) in doubles, free of cancellation: ((1 − e^{−b(m₊+1)}) + e^{−b}(1 − e^{−b·m₋}))/(1 + e^{−b}). */
    private static double fDouble(double b, double plus, double minus) {
        return (-StrictMath.expm1(-b * (plus + 1)) + StrictMath.exp(-b) * -StrictMath.expm1(-b * minus)) / (1 + StrictMath.exp(-b));
    }

    /** The envelope of one design (see {@link #build(int, int, Rational, int, double, double, double, long)}), or null. */
    private static Envelope envelope(int d, double a, double b, double x, double shift) {
        // on the diagonal h'(m) = 0 where y = a/(d·b + 2a)
        double yStar = a / (d * b + 2 * a);
        double mode = -StrictMath.log(yStar * (1 + StrictMath.exp(-b))) / b - 1;
        if (!(mode < 1e15)) {
            return null;
        }
        long c0 = StrictMath.max(0, StrictMath.round(mode));
        double y = y(b, c0);
        double f = 1 - 2 * y;
        double spread = 1 / StrictMath.sqrt(d * b * b * y * (f + y) / (f * f));
        return Double.isNaN(shift) ? byWidth(d, a, b, c0, StrictMath.max(1, StrictMath.round(x * spread)))
                : byRate(d, a, b, StrictMath.max(0, StrictMath.round(mode + shift * spread)), x / spread);
    }

    /** Session 9: tangent points (c + s₊w, c + s₋w), λ just below the smallest fall of h at them. */
    private static Envelope byWidth(int d, double a, double b, long c, long w) {
        if (c - w < 0) {
            return null; // a tangent point would leave the levels' domain; the sampler falls back to the other proposals
        }
        long[][] points = new long[4][];
        for (int q = 0; q < 4; q++) {
            points[q] = new long[] {c + QUADRANTS[q][0] * w, c + QUADRANTS[q][1] * w};
        }
        double lambda = StrictMath.min(StrictMath.min(-slope(d, a, b, c + w, c + w), slope(d, a, b, c - w, c - w)),
                StrictMath.min(-slope(d, a, b, c + w, c - w), slope(d, a, b, c - w, c + w)));
        lambda *= 0.98;
        if (!(lambda > 0) || !(lambda < 1e6)) {
            return null;
        }
        return new Envelope(c, points, lambda);
    }

    /**
     * Session 11: in quadrant s the tangent point where ∇h = −λ·s (the lowest plane falling at rate λ along both axes, so its
     * height at the centre is the least possible for this λ): T₊ = a − λs₊ and T₋ = a − λs₋ with T₊ = d·b·y₊/F, T₋ = d·b·y₋/F,
     * F = 1 − y₊ − y₋ give y₊ = α/(1 + α + β), y₋ = β/(1 + α + β), α = T₊/(d·b), β = T₋/(d·b); the level is rounded away
     * from the centre (and to 0 below it), and λ is then lowered just below the smallest fall at the rounded points.
     */
    private static Envelope byRate(int d, double a, double b, long c, double lambda) {
        if (!(lambda > 0) || !(lambda < a)) {
            return null;
        }
        long[][] points = new long[4][];
        double fall = Double.POSITIVE_INFINITY;
        for (int q = 0; q < 4; q++) {
            int[] s = QUADRANTS[q];
            double alpha = (a - lambda * s[0]) / (d * b);
            double beta = (a - lambda * s[1]) / (d * b);
            long plus = tangentLevel(b, alpha / (1 + alpha + beta), s[0]);
            long minus = tangentLevel(b, beta / (1 + alpha + beta), s[1]);
            if (plus < 0 || minus < 0 || s[0] * (plus - c) < 0 || s[1] * (minus - c) < 0) {
                return null; // the tangent point is not in its quadrant around the centre
            }
            points[q] = new long[] {plus, minus};
            fall = StrictMath.min(fall, StrictMath.min(-s[0] * slope(d, a, b, plus, minus), -s[1] * slope(d, a, b, minus, plus)));
        }
        fall *= 1 - 1e-6;
        if (!(fall > 0) || !(fall < 1e6)) {
            return null;
        }
        return new Envelope(c, points, fall);
    }

    /** The level m with y(m) = y, rounded away from the centre (up for s = +1, down for s = −1, and to 0 if negative); −1 if too large. */
    private static long tangentLevel(double b, double y, int s) {
        double m = -StrictMath.log(y * (1 + StrictMath.exp(-b))) / b - 1;
        if (!(m < 1e15)) {
            return -1;
        }
        return StrictMath.max(0, (long) (s > 0 ? StrictMath.ceil(m) : StrictMath.floor(m)));
    }

    /** Estimated log acceptance of one attempt for one design, in doubles (for choosing the design only). */
    private static double design(int d, int k, double r, int i, double x, double shift, double logTargetMass) {
        double a = r * i / PARTS;
        double b = r * (PARTS - i) / ((double) PARTS * k);
        Envelope env = envelope(d, a, b, x, shift);
        if (env == null) {
            return Double.NEGATIVE_INFINITY;
        }
        double offset = 0;
        double sc = slope(d, a, b, env.c, env.c);
        for (int q = 0; q < 4; q++) {
            int[] s = QUADRANTS[q];
            double pPlus = env.points[q][0];
            double pMinus = env.points[q][1];
            double uPlus = StrictMath.abs(pPlus - env.c);
            double uMinus = StrictMath.abs(pMinus - env.c);
            double sPlus = slope(d, a, b, pPlus, pMinus);
            double sMinus = slope(d, a, b, pMinus, pPlus);
            double concave = uPlus * s[0] * (sc - sPlus) + uMinus * s[1] * (sc - sMinus);
            double height = -a * (s[0] * uPlus + s[1] * uMinus) + d * StrictMath.log(fDouble(b, pPlus, pMinus) / fDouble(b, env.c, env.c))
                    + uPlus * StrictMath.abs(sPlus) + uMinus * StrictMath.abs(sMinus);
            offset = Math.max(offset, Math.min(concave, height));
        }
        double est = logSuccess(d, a, b, env.c, env.lambda, offset, logTargetMass);
        return Double.isNaN(est) ? Double.NEGATIVE_INFINITY : est;
    }

    /** The four quadrants (signs of m₊ − c and m₋ − c). */
    private static final int[][] QUADRANTS = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

    /**
     * log of the chance that one attempt returns an accepted sample: Σ_z e^{−r‖z‖_K}·tanh(λ/2)² / ((1 − e^{−a})²·e^K·π(c, c)·
     * coth(b/2)^d), π(c, c) = e^{−2ac}F(c, c)^d (docs/LATTICE_KNORM.md).
     */
    private static double logSuccess(int d, double a, double b, long c, double lambda, double offset, double logTargetMass) {
        double logTanh = StrictMath.log(-StrictMath.expm1(-lambda)) - StrictMath.log1p(StrictMath.exp(-lambda));
        double logCoth = StrictMath.log1p(StrictMath.exp(-b)) - StrictMath.log(-StrictMath.expm1(-b));
        return logTargetMass + 2 * logTanh - 2 * StrictMath.log(-StrictMath.expm1(-a)) - offset + 2 * a * c
                - d * StrictMath.log(fDouble(b, c, c)) - d * logCoth;
    }

    /**
     * Certifies the envelope exactly. With T(m₊, m₋) = d·b·y(m₊)/F(m₊, m₋) (so ∂h/∂m₊ = T(m₊, m₋) − a and ∂h/∂m₋ = T(m₋, m₊) − a,
     * T increasing in both y's), for each quadrant s and its tangent point p (p − (c, c) = (s₊u₊, s₋u₋), u ≥ 0): s·∂h(p) ≤ −λ along both axes;
     * returns the offset K ≥ max_s (tangent plane at p's height at (c, c) above h(c, c)), rounded up to the grid, or {@code null}
     * when a check fails. That height, h(p) − h(c, c) + Σ_axes u·|∂h(p)|, is bounded in each quadrant by the smaller of two
     * upper bounds: Σ_axes u·s·(∂h(c, c) − ∂h(p)) (concavity) and −a·(s₊u₊ + s₋u₋) + d·ln(F(p)/F(c, c)) + Σ_axes u·|∂h(p)|
     * (ln x bounded by {@link #logAtMost}; about half the first near the mode, where the first counts the tangent's rise twice).
     */
    private static Rational certify(int d, Rational a, Enclosures enc, long c, long[][] points, Rational lambda) {
        Rational[] tc = enc.t(d, c, c);
        if (tc == null) {
            return null;
        }
        Rational[] fc = enc.f(c, c); // not null: tc's F is the same
        Rational offset = Rational.ZERO;
        for (int q = 0; q < 4; q++) {
            int[] s = QUADRANTS[q];
            long pPlus = points[q][0];
            long pMinus = points[q][1];
            if (s[0] * (pPlus - c) < 0 || s[1] * (pMinus - c) < 0) {
                return null; // not in its quadrant: the offsets below would not be |p − c|
            }
            Rational uPlus = Rational.of(BigInteger.valueOf(StrictMath.abs(pPlus - c)));
            Rational uMinus = Rational.of(BigInteger.valueOf(StrictMath.abs(pMinus - c)));
            Rational[] tPlus = enc.t(d, pPlus, pMinus);
            Rational[] tMinus = enc.t(d, pMinus, pPlus);
            if (tPlus == null || tMinus == null || !falls(s[0], tPlus, a, lambda) || !falls(s[1], tMinus, a, lambda)) {
                return null;
            }
            Rational concave = rise(s[0], tc, tPlus).multiply(uPlus).add(rise(s[1], tc, tMinus).multiply(uMinus));
            Rational height = a.multiply(Rational.of(BigInteger.valueOf(-(s[0] * StrictMath.abs(pPlus - c) + s[1] * StrictMath.abs(pMinus - c)))))
                    .add(logAtMost(enc.f(pPlus, pMinus)[1].divide(fc[0])).multiply(Rational.of(BigInteger.valueOf(d))))
                    .add(steepness(s[0], tPlus, a).multiply(uPlus)).add(steepness(s[1], tMinus, a).multiply(uMinus));
            Rational k = concave.compareTo(height) <= 0 ? concave : height;
            if (k.compareTo(offset) > 0) {
                offset = k;
            }
        }
        return MixedLevelProposal.ceilGrid(offset);
    }

    /**
     * A rational upper bound on ln x, x &gt; 0, within (x − 1)³/6 of it near 1: (x − 1/x)/2 for x ≥ 1, 2(x − 1)/(x + 1) for x ≤ 1
     * (each minus ln x vanishes at 1 and has derivative (x − 1)²/(2x²) ≥ 0, resp. −(x − 1)²/(x(x + 1)²) ≤ 0).
     */
    static Rational logAtMost(Rational x) {
        Rational one = Rational.of(BigInteger.ONE);
        if (x.compareTo(one) >= 0) {
            return x.subtract(one.divide(x)).divide(Rational.of(BigInteger.TWO));
        }
        return x.subtract(one).multiply(Rational.of(BigInteger.TWO)).divide(x.add(one));
    }

    /** An upper bound on |∂h(p)| = −s·(T(p) − a) along an axis where s·∂h(p) ≤ −λ &lt; 0: a − T's lower end, or T's upper end − a. */
    private static Rational steepness(int s, Rational[] t, Rational a) {
        return s > 0 ? a.subtract(t[0]) : t[1].subtract(a);
    }

    /** s·∂h(p) ≤ −λ: T(p) ≤ a − λ for s = +1, T(p) ≥ a + λ for s = −1, on the enclosure's safe end. */
    private static boolean falls(int s, Rational[] t, Rational a, Rational lambda) {
        return s > 0 ? t[1].compareTo(a.subtract(lambda)) <= 0 : t[0].compareTo(a.add(lambda)) >= 0;
    }

    /** An upper bound on s·(∂h(c) − ∂h(p)) = s·(T(c) − T(p)). */
    private static Rational rise(int s, Rational[] tc, Rational[] tp) {
        return s > 0 ? tc[1].subtract(tp[0]) : tp[1].subtract(tc[0]);
    }

    /**
     * 256-bit enclosures of y(m) = e^{−b(m+1)}/(1 + e^{−b}) for one b, each level's computed once (a certification, with its λ
     * halvings, asks for the same few levels many times), and the bounds on F and T built from them.
     */
    private static final class Enclosures {
        private final Rational b;
        private final BigInteger one = BigInteger.ONE.shiftLeft(MixedLevelProposal.CERT_BITS);
        private final BigInteger[] e0;
        private final java.util.Map<Long, Rational[]> ys = new java.util.HashMap<>();

        Enclosures(Rational b) {
            this.b = b;
            this.e0 = ExpBounds.expMinus(b.numerator(), b.denominator(), MixedLevelProposal.CERT_BITS);
        }

        /** {lower, upper} bounds on y(m). */
        Rational[] y(long m) {
            return ys.computeIfAbsent(m, level -> {
                BigInteger[] e1 = ExpBounds.expMinus(b.numerator().multiply(BigInteger.valueOf(level + 1)), b.denominator(),
                        MixedLevelProposal.CERT_BITS);
                return new Rational[] {new Rational(e1[0], one.add(e0[1])), new Rational(e1[1], one.add(e0[0]))};
            });
        }

        /** {lower, upper} bounds on F(m, other) = 1 − y(m) − y(other), or null if the lower one is not positive. */
        Rational[] f(long m, long other) {
            Rational[] ym = y(m);
            Rational[] yo = y(other);
            Rational oneR = Rational.of(BigInteger.ONE);
            Rational fLo = oneR.subtract(ym[1]).subtract(yo[1]);
            return fLo.signum() <= 0 ? null : new Rational[] {fLo, oneR.subtract(ym[0]).subtract(yo[0])};
        }

        /** {lower, upper} bounds on T(m, other) = d·b·y(m)/F(m, other), or null if the enclosure of F reaches 0. */
        Rational[] t(int d, long m, long other) {
            Rational[] ym = y(m);
            Rational[] f = f(m, other);
            if (f == null) {
                return null;
            }
            Rational db = b.multiply(Rational.of(BigInteger.valueOf(d)));
            return new Rational[] {db.multiply(ym[0]).divide(f[1]), db.multiply(ym[1]).divide(f[0])};
        }
    }

    /** This proposal with the level coin's double fast path off (tests). */
    JoinMixedProposal withoutFastPath() {
        return new JoinMixedProposal(d, split, a, b, c, w, lambda, offset, acceptance, longBound, false);
    }

    /** The certified lower bound on one attempt's chance of returning an accepted sample. */
    double acceptance() {
        return acceptance;
    }

    /** i: a = (i/P)·r. */
    int split() {
        return split;
    }

    /** The level envelope's rate λ (tests). */
    double lambda() {
        return lambdaD;
    }

    /** The envelope's centre c (tests). */
    long centre() {
        return c;
    }

    /** The envelope's tangent offset w (tests). */
    long width() {
        return w;
    }

    /**
     * One attempt: a proposal z ~ q ({@code long[]}, or {@code BigInteger[]} beyond the long path), or {@code null} when the
     * levels were rejected.
     */
    Object attempt(RandomSource random) {
        BigInteger plus = BigInteger.valueOf(c).add(level.sampleBig(random));
        BigInteger minus = BigInteger.valueOf(c).add(level.sampleBig(random));
        if (plus.signum() < 0 || minus.signum() < 0 || !levelCoin(plus, minus, random)) {
            return null;
        }
        return coordinates(plus, minus, random);
    }

    /** d independent two-sided geometrics at rate b, each redrawn while outside [−m₋, m₊]. */
    Object coordinates(BigInteger plus, BigInteger minus, RandomSource random) {
        BigInteger bound = BigInteger.valueOf(longBound);
        boolean small = plus.compareTo(bound) < 0 && minus.compareTo(bound) < 0;
        if (small && coordinate.usesTable()) {
            long hi = plus.longValueExact();
            long lo = -minus.longValueExact();
            long[] z = new long[d];
            for (int j = 0; j < d; j++) {
                long x;
                do {
                    x = coordinate.sample(random);
                } while (x > hi || x < lo);
                z[j] = x;
            }
            return z;
        }
        BigInteger lo = minus.negate();
        BigInteger[] z = new BigInteger[d];
        for (int j = 0; j < d; j++) {
            BigInteger x;
            do {
                x = coordinate.sampleBig(random);
            } while (x.compareTo(plus) > 0 || x.compareTo(lo) < 0);
            z[j] = x;
        }
        if (small) {
            long[] l = new long[d];
            for (int j = 0; j < d; j++) {
                l[j] = z[j].longValueExact();
            }
            return l;
        }
        return z;
    }

    /** U &lt; p(m₊, m₋), exactly: the double fast path when it decides, else enclosures (as the sum ball's level coin). */
    boolean levelCoin(BigInteger plus, BigInteger minus, RandomSource random) {
        long first = random.nextBits(53);
        if (fastPath && plus.bitLength() < 52 && minus.bitLength() < 52) {
            double dp = plus.longValue() - c;
            double dm = minus.longValue() - c;
            double logF = Math.log(fDouble(bD, plus.longValue(), minus.longValue()));
            double terms = aD * (Math.abs(dp) + Math.abs(dm)) + lambdaD * (Math.abs(dp) + Math.abs(dm)) + offsetD
                    + d * (Math.abs(logF) + Math.abs(logFc));
            double log = -(aD * (dp + dm) - lambdaD * (Math.abs(dp) + Math.abs(dm)) + offsetD) + d * (logF - logFc);
            Boolean fast = MixedLevelProposal.fastDecision(first, log, terms, d);
            if (fast != null) {
                return fast;
            }
        }
        return MixedLevelProposal.decide(first, digits -> probability(plus, minus, digits), random);
    }

    /**
     * An enclosure of p(m) = e^{−x(m)}·(F(m)/F(c, c))^d, x(m) = a(Δ₊ + Δ₋) − λ(|Δ₊| + |Δ₋|) + K, Δ = m − (c, c), not clipped at 1.
     *
     * @throws IllegalStateException if its lower end exceeds 1 (the certified envelope would be broken)
     */
    MixedLevelProposal.Enclosure probability(BigInteger plus, BigInteger minus, int digits) {
        MathContext[] mc = MixedLevelProposal.contexts(digits);
        boolean first = digits == MixedLevelProposal.FIRST_DIGITS;
        MixedLevelProposal.Enclosure e1 = first ? firstE1 : MixedLevelProposal.expMinus(Rational.of(BigInteger.ONE), mc, null);
        MixedLevelProposal.Enclosure eb = first ? firstEb : MixedLevelProposal.expMinus(b, mc, e1);
        BigInteger cc = BigInteger.valueOf(c);
        MixedLevelProposal.Enclosure fc = first ? firstFc : fAt(cc, cc, mc, eb, e1);
        if (fc.lo().signum() <= 0) {
            return MixedLevelProposal.UNIT; // too coarse to divide: p ∈ [0, 1] holds (the envelope is certified)
        }
        BigInteger dp = plus.subtract(cc);
        BigInteger dm = minus.subtract(cc);
        Rational x = a.multiply(Rational.of(dp.add(dm))).subtract(lambda.multiply(Rational.of(dp.abs().add(dm.abs())))).add(offset);
        MixedLevelProposal.Enclosure ratio = fAt(plus, minus, mc, eb, e1).divide(fc, mc);
        MixedLevelProposal.Enclosure p = MixedLevelProposal.expMinus(x, mc, e1).multiply(ratio.pow(d, mc), mc);
        if (p.lo().compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalStateException("the count join's mixed lattice proposal's level envelope is broken: p(" + plus + ", " + minus
                    + ") >= " + p.lo() + " > 1 (d = " + d + ", split = " + split + ", centre = " + c + ", lambda = " + lambda + ")");
        }
        return p;
    }

    /** F(m₊, m₋) = 1 − (e^{−b(m₊+1)} + e^{−b(m₋+1)})/(1 + e^{−b}), enclosed (clipped below at 0). */
    private MixedLevelProposal.Enclosure fAt(BigInteger plus, BigInteger minus, MathContext[] mc, MixedLevelProposal.Enclosure eb,
            MixedLevelProposal.Enclosure e1) {
        MixedLevelProposal.Enclosure ep = MixedLevelProposal.expMinus(b.multiply(Rational.of(plus.add(BigInteger.ONE))), mc, e1);
        MixedLevelProposal.Enclosure em = MixedLevelProposal.expMinus(b.multiply(Rational.of(minus.add(BigInteger.ONE))), mc, e1);
        MixedLevelProposal.Enclosure sum = new MixedLevelProposal.Enclosure(ep.lo().add(em.lo(), mc[0]), ep.hi().add(em.hi(), mc[1]));
        MixedLevelProposal.Enclosure y = sum.divide(eb.add(BigDecimal.ONE, mc), mc);
        return MixedLevelProposal.Enclosure.oneMinus(y, mc);
    }

    private static double fDouble(double b, long plus, long minus) {
        return fDouble(b, (double) plus, (double) minus);
    }
}
