package org.optimech.runtime.lattice;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomSource;

/**
 * The mixed proposal q(z) ∝ e^{−a‖z‖∞ − b‖z‖₁} on ℤ^d for the sum ball's lattice sampler (and the count ball's, built for 2k),
 * a = (i/P)·r and b = ((P − i)/P)·r/k (P = {@value #PARTS}, so a + bk = r), sampled exactly through its level (docs/LATTICE_KNORM.md,
 * "Structured bodies", mixed proposal):
 * <ol>
 *   <li>q is the mixture over a level L = m ≥ 0 with weights ∝ π(m) = e^{−am}·F(m)^d (F(m) = 1 − βe^{−bm} the chance that a
 *       two-sided geometric at rate b has |x| ≤ m, β = 2e^{−b}/(1 + e^{−b})) of d independent two-sided geometrics at rate b
 *       truncated to [−m, m]. log π is concave.</li>
 *   <li>L is drawn by rejection from m = c + D, D two-sided geometric at rate λ, accepted with probability
 *       p(m) = (π(m)/π(c))·e^{λ|m − c| − (λ + S)W}. The envelope is certified when the sampler is built: exact rational checks of
 *       h'(m_R) ≤ −λ and h'(m_L) ≥ λ (h = log π; tangents of a concave function bound it) and S ≥ |h'(c)|, from
 *       {@link ExpBounds} enclosures; then p(m) ≤ 1 for every integer m ≥ 0.</li>
 *   <li>The coin U &lt; p(m) is decided by comparing a lazily extended uniform U against directed-rounding enclosures of p(m)
 *       (BigDecimal, rounded toward each bound), refined until they decide: exact in distribution, no floating point decides.</li>
 *   <li>Given L = m, each coordinate is a two-sided geometric at rate b redrawn while |x| &gt; m.</li>
 * </ol>
 * Per attempt: O(1) expected big-number work for the level coin (a few hundred bits) plus O(d) geometric draws when the
 * level is accepted. One attempt ends in a proposal z or in {@code null} (level rejected); both count towards the attempt cap.
 */
final class MixedLevelProposal {
    /** a and b are multiples of r/P and r/(P·k). */
    static final int PARTS = 20;
    static final int FIRST_DIGITS = 24;
    static final int CERT_BITS = 256;
    /** Denominator of the envelope's rate λ and slope bound S (rounded to it, toward safety). */
    private static final BigInteger GRID = BigInteger.ONE.shiftLeft(48);

    private final int d;
    private final int split;
    private final Rational a;
    private final Rational b;
    private final long c;
    private final long left;
    private final Rational lambda;
    private final Rational offset;
    private final Geometric level;
    private final Geometric coordinate;
    private final double acceptance;
    private final long longBound;
    private final Enclosure firstFc;
    private final Enclosure firstEb;
    private final Enclosure firstE1;
    private final double aD;
    private final double bD;
    private final double lambdaD;
    private final double offsetD;
    private final double logFc;
    /** Whether the level coin may decide in doubles first (false only in tests, to exercise the big-number path alone). */
    private final boolean fastPath;

    private MixedLevelProposal(int d, int split, Rational a, Rational b, long c, Rational lambda, Rational offset, double acceptance,
            long left, long longBound, boolean fastPath) {
        this.left = left;
        this.fastPath = fastPath;
        this.d = d;
        this.split = split;
        this.a = a;
        this.b = b;
        this.c = c;
        this.lambda = lambda;
        this.offset = offset;
        this.acceptance = acceptance;
        this.longBound = longBound;
        this.level = Geometric.twoSided(lambda.numerator(), lambda.denominator());
        this.coordinate = Geometric.twoSided(b.numerator(), b.denominator());
        MathContext[] mc = contexts(FIRST_DIGITS);
        this.firstE1 = expMinus(Rational.of(BigInteger.ONE), mc, null);
        this.firstEb = expMinus(b, mc, firstE1);
        this.firstFc = fAt(c, mc, firstEb, firstE1);
        this.aD = a.doubleValue();
        this.bD = b.doubleValue();
        this.lambdaD = lambda.doubleValue();
        this.offsetD = offset.doubleValue();
        this.logFc = Math.log(fDouble(c));
    }

    /**
     * The best certified mixed proposal for the sum ball of dimension d and bound k at lattice rate r, with its certified
     * acceptance bound (target mass lower bound {@code logTargetMass} over the envelope's total, halved); {@code null} when no split
     * certifies.
     */
    static MixedLevelProposal of(int d, int k, Rational rate, double logTargetMass, long longBound) {
        MixedLevelProposal best = null;
        double bestLog = Double.NEGATIVE_INFINITY;
        int bestSplit = -1;
        for (int i = 1; i < PARTS; i++) {
            double est = design(d, k, rate, i, logTargetMass);
            if (est > bestLog) {
                bestLog = est;
                bestSplit = i;
            }
        }
        if (bestSplit < 0) {
            return null;
        }
        return build(d, k, rate, bestSplit, logTargetMass, longBound);
    }

    /** The proposal for one split i (a = (i/P)·r), certified; {@code null} if its envelope does not certify. */
    static MixedLevelProposal build(int d, int k, Rational rate, int split, double logTargetMass, long longBound) {
        Rational a = rate.multiply(frac(split, PARTS));
        Rational b = rate.multiply(frac(PARTS - split, (long) PARTS * k));
        Envelope env = envelope(d, a.doubleValue(), b.doubleValue());
        if (env == null) {
            return null;
        }
        Rational lambda = floorGrid(env.lambda);
        for (int attempt = 0; attempt < 8 && lambda.signum() > 0; attempt++) {
            Rational offset = certify(d, a, b, env, lambda);
            if (offset != null && coinRangeRefusal(a, lambda, env.c, offset, 1) != null) {
                return null; // d above about 2^30 (review 9, low 5): refused here, never thrown in a release
            }
            if (offset != null) {
                double logAcc = logSuccess(d, a.doubleValue(), b.doubleValue(), env.c, lambda.doubleValue(), offset.doubleValue(),
                        logTargetMass);
                double acc = StrictMath.min(1, StrictMath.exp(logAcc) / 2);
                return new MixedLevelProposal(d, split, a, b, env.c, lambda, offset, Double.isNaN(acc) ? 0 : acc, env.left, longBound, true);
            }
            lambda = lambda.divide(Rational.of(BigInteger.TWO));
        }
        return null;
    }

    private static Rational frac(long p, long q) {
        return Rational.of(BigInteger.valueOf(p)).divide(Rational.of(BigInteger.valueOf(q)));
    }

    static Rational floorGrid(double x) {
        BigInteger n = new BigDecimal(x).multiply(new BigDecimal(GRID)).setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        return n.signum() > 0 ? new Rational(n, GRID) : Rational.ZERO;
    }

    static Rational ceilGrid(Rational x) {
        BigInteger[] qr = x.numerator().multiply(GRID).divideAndRemainder(x.denominator());
        BigInteger n = qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
        return new Rational(n, GRID);
    }

    /** The envelope's shape, chosen in doubles (only its certification below decides anything). */
    private record Envelope(long c, long right, long left, double lambda) {
    }

    private static double y(double b, double m) {
        return 2 * StrictMath.exp(-b * (m + 1)) / (1 + StrictMath.exp(-b));
    }

    private static double slope(int d, double a, double b, double m) {
        double y = y(b, m);
        return -a + d * b * y / (1 - y);
    }

    private static Envelope envelope(int d, double a, double b) {
        double beta = 2 * StrictMath.exp(-b) / (1 + StrictMath.exp(-b));
        double yStar = a / (a + d * b);
        double mode = (StrictMath.log(beta) - StrictMath.log(yStar)) / b;
        if (!(mode < 1e15)) {
            return null;
        }
        long c = StrictMath.max(0, StrictMath.round(mode));
        double y = y(b, c);
        double curvature = d * b * b * y / ((1 - y) * (1 - y));
        double sigma = 1 / StrictMath.sqrt(curvature);
        long w = StrictMath.max(1, StrictMath.round(sigma / StrictMath.sqrt(2)));
        long right = c + w;
        long left = c - w;
        double lambda = -slope(d, a, b, right);
        if (left > 0) {
            lambda = StrictMath.min(lambda, slope(d, a, b, left));
        }
        lambda *= 0.98;
        if (!(lambda > 0) || !(lambda < 1e6)) {
            return null;
        }
        return new Envelope(c, right, StrictMath.max(0, left), lambda);
    }

    /** Estimated log acceptance of one attempt for split i, in doubles (for choosing the split only). */
    private static double design(int d, int k, Rational rate, int i, double logTargetMass) {
        double r = rate.doubleValue();
        double a = r * i / PARTS;
        double b = r * (PARTS - i) / ((double) PARTS * k);
        Envelope env = envelope(d, a, b);
        if (env == null) {
            return Double.NEGATIVE_INFINITY;
        }
        long width = StrictMath.max(env.right - env.c, env.c - env.left);
        double est = logSuccess(d, a, b, env.c, env.lambda, env.lambda * width, logTargetMass);
        return Double.isNaN(est) ? Double.NEGATIVE_INFINITY : est;
    }

    /**
     * log of the chance that one attempt returns an accepted sample: Σ_z e^{−r‖z‖_K}·tanh(λ/2) / ((1 − e^{−a})·e^{offset}·π(c)·
     * coth(b/2)^d) with π(c) = e^{−ac}F(c)^d (docs/LATTICE_KNORM.md): the target mass bound enters as its logarithm.
     */
    private static double logSuccess(int d, double a, double b, long c, double lambda, double offset, double logTargetMass) {
        double logTanh = StrictMath.log(-StrictMath.expm1(-lambda)) - StrictMath.log1p(StrictMath.exp(-lambda));
        double logCoth = StrictMath.log1p(StrictMath.exp(-b)) - StrictMath.log(-StrictMath.expm1(-b));
        // F(c) = ((1 − e^{−b(c+1)}) + e^{−b}(1 − e^{−bc}))/(1 + e^{−b}), free of cancellation
        double fc = (-StrictMath.expm1(-b * (c + 1.0)) + StrictMath.exp(-b) * -StrictMath.expm1(-b * (double) c)) / (1 + StrictMath.exp(-b));
        return logTargetMass + logTanh - StrictMath.log(-StrictMath.expm1(-a)) - offset + a * c - d * StrictMath.log(fc) - d * logCoth;
    }

    /**
     * Certifies the envelope exactly: h'(right) ≤ −λ, h'(left) ≥ λ when left &gt; 0, and S ≥ |h'(c)|; returns the offset
     * (λ + S)·W, W = max(right − c, c − left), or {@code null} when a check fails. h'(m) = −a + d·b·y/(1 − y), increasing in
     * y = 2e^{−b(m+1)}/(1 + e^{−b}), with y enclosed by {@link ExpBounds#expMinus} at {@value #CERT_BITS} bits.
     */
    private static Rational certify(int d, Rational a, Rational b, Envelope env, Rational lambda) {
        Rational[] gR = derivativeTerm(d, b, env.right);
        if (gR == null || gR[1].compareTo(a.subtract(lambda)) > 0) {
            return null;
        }
        if (env.left > 0) {
            Rational[] gL = derivativeTerm(d, b, env.left);
            if (gL == null || gL[0].compareTo(a.add(lambda)) < 0) {
                return null;
            }
        }
        Rational[] gC = derivativeTerm(d, b, env.c);
        if (gC == null) {
            return null;
        }
        Rational s = gC[1].subtract(a).compareTo(a.subtract(gC[0])) >= 0 ? gC[1].subtract(a) : a.subtract(gC[0]);
        if (s.signum() < 0) {
            s = Rational.ZERO;
        }
        long width = Math.max(env.right - env.c, env.c - env.left);
        return lambda.add(ceilGrid(s)).multiply(Rational.of(BigInteger.valueOf(width)));
    }

    /**
     * Why the level coin could not enclose e^{−x(m)} at some level, or null when it can at every level. The coin's exponent
     * x(m) = a·Σ(m_i − c) − λ·Σ|m_i − c| + offset over {@code levels} levels m_i ≥ 0 is smallest, offset − levels·(a + λ)·c, with
     * every level at 0 (a &gt; λ: above c it only grows), and {@link #expMinus} encloses e^{−x} by powers of e^{−1} to an int
     * exponent; large positive x needs no such power ({@link #expMinus} bounds e^{−x} by e^{−(2^31 − 1)} there). Since
     * a·c ≤ d + a and λ &lt; a, reached only for d above about 2^30 (review 9, low 5; docs/LATTICE_KNORM.md): the proposal is
     * then not built, and the sampler takes another or refuses.
     */
    static String coinRangeRefusal(Rational a, Rational lambda, long c, Rational offset, int levels) {
        Rational low = offset.subtract(a.add(lambda).multiply(Rational.of(BigInteger.valueOf((long) levels * c))));
        if (low.compareTo(Rational.of(BigInteger.valueOf(-MAX_POWER))) > 0) {
            return null;
        }
        return String.format("the mixed proposal's level coin would need e^%.4g at the levels near 0 (centre %d, %d level%s), beyond the "
                + "exact enclosures' e^(2^31 - 1): the dimension is far too large for this proposal", -low.doubleValue(), c, levels, levels == 1 ? "" : "s");
    }

    /** The largest power of e^{−1} {@link #expMinus} forms (an int exponent). */
    static final long MAX_POWER = Integer.MAX_VALUE;

    /** {lower, upper} bounds on d·b·y(m)/(1 − y(m)), or null if the enclosure of y reaches 1. */
    private static Rational[] derivativeTerm(int d, Rational b, long m) {
        BigInteger one = BigInteger.ONE.shiftLeft(CERT_BITS);
        Rational unit = Rational.of(one);
        BigInteger[] e1 = ExpBounds.expMinus(b.numerator().multiply(BigInteger.valueOf(m + 1)), b.denominator(), CERT_BITS);
        BigInteger[] e0 = ExpBounds.expMinus(b.numerator(), b.denominator(), CERT_BITS);
        // y = 2e^{−b(m+1)}/(1 + e^{−b}): lower with e1's lower and e0's upper bound, upper the other way
        Rational yLo = new Rational(e1[0].shiftLeft(1), one.add(e0[1]));
        Rational yHi = new Rational(e1[1].shiftLeft(1), one.add(e0[0]));
        Rational oneR = Rational.of(BigInteger.ONE);
        if (yHi.compareTo(oneR) >= 0) {
            return null;
        }
        Rational db = b.multiply(Rational.of(BigInteger.valueOf(d)));
        Rational lo = db.multiply(yLo).divide(oneR.subtract(yLo));
        Rational hi = db.multiply(yHi).divide(oneR.subtract(yHi));
        return new Rational[] {lo, hi};
    }

    /** This proposal with the level coin's double-precision fast path off: every coin goes through the BigDecimal enclosures (tests). */
    MixedLevelProposal withoutFastPath() {
        return new MixedLevelProposal(d, split, a, b, c, lambda, offset, acceptance, left, longBound, false);
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
        return lambda.doubleValue();
    }

    /** The level envelope's left tangent point, 0 when it has none (tests). */
    long leftEnd() {
        return left;
    }

    /** The level envelope's centre c (tests). */
    long centre() {
        return c;
    }

    /**
     * One attempt: a proposal z ~ q ({@code long[]}, or {@code BigInteger[]} for a level beyond the long path), or {@code null}
     * when the level was rejected.
     */
    Object attempt(RandomSource random) {
        BigInteger m = BigInteger.valueOf(c).add(level.sampleBig(random));
        if (m.signum() < 0 || !levelCoin(m, random)) {
            return null;
        }
        return coordinates(m, random);
    }

    /** d independent two-sided geometrics at rate b, each redrawn while |x| &gt; m. */
    Object coordinates(BigInteger m, RandomSource random) {
        if (m.compareTo(BigInteger.valueOf(longBound)) < 0 && coordinate.usesTable()) {
            long mm = m.longValueExact();
            long[] z = new long[d];
            for (int j = 0; j < d; j++) {
                long x;
                do {
                    x = coordinate.sample(random);
                } while (x > mm || x < -mm);
                z[j] = x;
            }
            return z;
        }
        BigInteger[] z = new BigInteger[d];
        boolean small = m.compareTo(BigInteger.valueOf(longBound)) < 0;
        for (int j = 0; j < d; j++) {
            BigInteger x;
            do {
                x = coordinate.sampleBig(random);
            } while (x.abs().compareTo(m) > 0);
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

    /**
     * U &lt; p(m) for a uniform U read lazily: enclosures of p(m) at increasing precision against U's first bits, until one
     * decides (it does with probability 1: p(m) is a fixed number and U's bits are independent of it).
     */
    boolean levelCoin(BigInteger m, RandomSource random) {
        long first = random.nextBits(53);
        if (fastPath && m.bitLength() < 52) {
            // fast path: log p(m) in doubles, widened by a relative 1e-9 of the magnitudes summed (each double operation, and
            // Math.exp/log/log1p/expm1 within 1 ulp, errs by ~1e-16 of them): decides unless U falls in that sliver
            long mm = m.longValue();
            double diff = mm - c;
            double logF = Math.log(fDouble(mm));
            double terms = Math.abs(aD * diff) + lambdaD * Math.abs(diff) + offsetD + d * (Math.abs(logF) + Math.abs(logFc));
            double log = -(aD * diff - lambdaD * Math.abs(diff) + offsetD) + d * (logF - logFc);
            Boolean fast = fastDecision(first, log, terms, d);
            if (fast != null) {
                return fast;
            }
        }
        return decide(first, digits -> probability(m, digits), random);
    }

    /**
     * The level coin's double fast path: U &lt; e^{log} decided from U's first 53 bits when they clear exp(log ± δ), δ = 10⁻⁹ of
     * the magnitudes summed into {@code log} ({@code terms}) plus d·2⁻⁴⁰ (each double operation and Math.exp/log/log1p/expm1
     * errs by ~10⁻¹⁶ of them); {@code null} when U falls in that sliver (docs/LATTICE_KNORM.md).
     *
     * @throws IllegalStateException if exp(log − δ) &gt; 1: the certified envelope would be broken
     */
    static Boolean fastDecision(long first, double log, double terms, int d) {
        // plus an absolute d·2^-40: the d per-coordinate logarithms' errors stay covered should the selection rule ever
        // admit levels where the relative term is small (review; measured ample today: 1.5e-6 of the margin at d ≤ 1e5)
        double delta = 1e-9 * (1 + terms) + d * 0x1.0p-40;
        double lo = Math.exp(log - delta) * (1 - 0x1.0p-50);
        double hi = Math.exp(log + delta) * (1 + 0x1.0p-50) + Double.MIN_NORMAL;
        double uLo = Math.scalb((double) first, -53); // exact: first < 2^53
        double uHi = Math.scalb((double) (first + 1), -53);
        if (lo > 1) {
            throw new IllegalStateException("a mixed lattice proposal's level envelope is broken: p >= " + lo + " > 1 (d = " + d + ")");
        }
        if (uHi <= lo) {
            return Boolean.TRUE;
        }
        return uLo >= hi ? Boolean.FALSE : null;
    }

    /**
     * U &lt; p for U uniform on [0, 1) whose first 53 bits are {@code first} and whose further bits are read from {@code random}
     * only as needed, against enclosures of p at {@value #FIRST_DIGITS} digits and then doubling precision: exact in
     * distribution, decided with probability 1 (shared by the sum ball's and the count join's level coins).
     */
    static boolean decide(long first, java.util.function.IntFunction<Enclosure> enclosure, RandomSource random) {
        int bits = 53;
        BigInteger u = BigInteger.valueOf(first);
        int digits = FIRST_DIGITS;
        Enclosure p = enclosure.apply(digits);
        while (true) {
            BigDecimal scale = new BigDecimal(BigInteger.ONE.shiftLeft(bits));
            BigDecimal lo = p.lo.multiply(scale);
            BigDecimal hi = p.hi.multiply(scale);
            if (new BigDecimal(u.add(BigInteger.ONE)).compareTo(lo) <= 0) {
                return true;
            }
            if (new BigDecimal(u).compareTo(hi) >= 0) {
                return false;
            }
            if (hi.subtract(lo).compareTo(BigDecimal.valueOf(1L << 12)) > 0 || digits < bits / 3 + 8) {
                Enclosure finer = enclosure.apply(digits * 2);
                if (finer.hi().subtract(finer.lo()).compareTo(p.hi().subtract(p.lo())) < 0) {
                    digits *= 2;
                    p = finer;
                    continue;
                }
                if (p.lo().signum() == 0) {
                    // [0, e^{-(2^31 - 1)}] beyond the enclosable exponents, which no precision narrows: rejected, the one
                    // stated deviation (at most its upper end); before, U below it made the loop ask for digits for ever
                    return false;
                }
                // p is exact (no precision narrows it): U's bits decide, with probability 1
            }
            u = u.shiftLeft(32).or(BigInteger.valueOf(random.nextBits(32)));
            bits += 32;
        }
    }

    /**
     * An enclosure of p(m) = e^{−x(m)}·(F(m)/F(c))^d, x(m) = a(m − c) − λ|m − c| + offset, with about {@code digits} digits, not
     * clipped at 1.
     *
     * @throws IllegalStateException if its lower end exceeds 1 (the certified envelope would be broken)
     */
    Enclosure probability(BigInteger m, int digits) {
        MathContext[] mc = contexts(digits);
        Enclosure e1 = digits == FIRST_DIGITS ? firstE1 : expMinus(Rational.of(BigInteger.ONE), mc, null);
        Enclosure eb = digits == FIRST_DIGITS ? firstEb : expMinus(b, mc, e1);
        Enclosure fc = digits == FIRST_DIGITS ? firstFc : fAt(c, mc, eb, e1);
        BigInteger diff = m.subtract(BigInteger.valueOf(c));
        Rational x = a.multiply(Rational.of(diff)).subtract(lambda.multiply(Rational.of(diff.abs()))).add(offset);
        Enclosure fm = fAt(m, mc, eb, e1);
        if (fc.lo.signum() <= 0) {
            return UNIT; // too coarse to divide: p(m) ∈ [0, 1] always holds (the envelope is certified)
        }
        Enclosure ratio = fm.divide(fc, mc);
        Enclosure p = expMinus(x, mc, e1).multiply(ratio.pow(d, mc), mc);
        if (p.lo.compareTo(BigDecimal.ONE) > 0) {
            throw brokenEnvelope(m, p.lo.doubleValue());
        }
        return p; // hi may exceed 1 by rounding only: the coin reads it as it is
    }

    /** p(m) &gt; 1 proved: the certified envelope is wrong, so the level law would be wrong; never clip it silently. */
    private IllegalStateException brokenEnvelope(BigInteger m, double lower) {
        return new IllegalStateException("the mixed lattice proposal's level envelope is broken: p(" + m + ") >= " + lower
                + " > 1 (d = " + d + ", split = " + split + ", centre = " + c + ", lambda = " + lambda + ")");
    }

    static final Enclosure UNIT = new Enclosure(BigDecimal.ZERO, BigDecimal.ONE);

    static MathContext[] contexts(int digits) {
        return new MathContext[] {new MathContext(digits, RoundingMode.FLOOR), new MathContext(digits, RoundingMode.CEILING)};
    }

    /** F(m) in doubles, free of cancellation: ((1 − e^{−b(m+1)}) + e^{−b}(1 − e^{−bm}))/(1 + e^{−b}). */
    private double fDouble(long m) {
        return (-Math.expm1(-bD * (m + 1.0)) + Math.exp(-bD) * -Math.expm1(-bD * (double) m)) / (1 + Math.exp(-bD));
    }

    /** F(m) = 1 − 2e^{−b(m+1)}/(1 + e^{−b}), enclosed. */
    private Enclosure fAt(long m, MathContext[] mc, Enclosure eb, Enclosure e1) {
        return fAt(BigInteger.valueOf(m), mc, eb, e1);
    }

    private Enclosure fAt(BigInteger m, MathContext[] mc, Enclosure eb, Enclosure e1) {
        Enclosure em = expMinus(b.multiply(Rational.of(m.add(BigInteger.ONE))), mc, e1);
        Enclosure y = em.multiply(Enclosure.exact(BigDecimal.valueOf(2)), mc).divide(eb.add(BigDecimal.ONE, mc), mc);
        return Enclosure.oneMinus(y, mc);
    }

    /**
     * e^{−x} for a rational x of either sign, enclosed with relative precision about mc's digits: e^{−f} for the fractional
     * part f from {@link ExpBounds#expMinus}, times (e^{−1})^n by squaring with directed rounding (its reciprocal for n &lt; 0).
     */
    static Enclosure expMinus(Rational x, MathContext[] mc, Enclosure eMinusOne) {
        int bits = (int) Math.ceil(mc[0].getPrecision() * 3.33) + 16;
        BigInteger[] qr = x.numerator().divideAndRemainder(x.denominator());
        BigInteger n = qr[0];
        BigInteger f = qr[1];
        if (f.signum() < 0) {
            f = f.add(x.denominator());
            n = n.subtract(BigInteger.ONE);
        }
        BigInteger[] ef = ExpBounds.expMinus(f, x.denominator(), bits);
        BigDecimal scale = new BigDecimal(BigInteger.ONE.shiftLeft(bits));
        Enclosure frac = new Enclosure(new BigDecimal(ef[0]).divide(scale), new BigDecimal(ef[1]).divide(scale));
        if (n.signum() == 0) {
            return frac;
        }
        Enclosure one = eMinusOne;
        if (one == null) {
            BigInteger[] e = ExpBounds.expMinus(BigInteger.ONE, BigInteger.ONE, bits);
            one = new Enclosure(new BigDecimal(e[0]).divide(scale), new BigDecimal(e[1]).divide(scale));
        }
        if (n.compareTo(BigInteger.valueOf(MAX_POWER)) >= 0) {
            // x ≥ 2^31 − 1 (a level ~2^31/a past the centre, or e^{−b(m+1)} for such an m): 0 ≤ e^{−x} ≤ e^{−(2^31 − 1)}, an
            // enclosure that decides U < p as soon as U has a 1 among its first ~3·10⁹ bits
            return new Enclosure(BigDecimal.ZERO, one.pow((int) MAX_POWER, mc).hi());
        }
        if (n.bitLength() > 31) {
            throw new IllegalStateException("the lattice sampler's level coin met e^" + n.negate() + ": the proposal's build check "
                    + "(coinRangeRefusal) excludes such levels");
        }
        Enclosure power = one.pow(n.abs().intValueExact(), mc);
        return (n.signum() > 0 ? power : power.reciprocal(mc)).multiply(frac, mc);
    }

    /** A closed interval [lo, hi] of non-negative reals with BigDecimal ends, every operation rounded outward. */
    record Enclosure(BigDecimal lo, BigDecimal hi) {
        static Enclosure exact(BigDecimal v) {
            return new Enclosure(v, v);
        }

        Enclosure multiply(Enclosure o, MathContext[] mc) {
            return new Enclosure(lo.multiply(o.lo, mc[0]), hi.multiply(o.hi, mc[1]));
        }

        /** this/o for o &gt; 0. */
        Enclosure divide(Enclosure o, MathContext[] mc) {
            if (o.lo.signum() <= 0) {
                throw new ArithmeticException("division by an enclosure that reaches 0");
            }
            return new Enclosure(lo.divide(o.hi, mc[0]), hi.divide(o.lo, mc[1]));
        }

        Enclosure reciprocal(MathContext[] mc) {
            return exact(BigDecimal.ONE).divide(this, mc);
        }

        Enclosure add(BigDecimal v, MathContext[] mc) {
            return new Enclosure(lo.add(v, mc[0]), hi.add(v, mc[1]));
        }

        /** 1 − this, clipped below at 0. */
        static Enclosure oneMinus(Enclosure y, MathContext[] mc) {
            BigDecimal lo = BigDecimal.ONE.subtract(y.hi, mc[0]);
            BigDecimal hi = BigDecimal.ONE.subtract(y.lo, mc[1]);
            return new Enclosure(lo.signum() < 0 ? BigDecimal.ZERO : lo, hi);
        }

        /** this^n, n ≥ 0, by squaring with each product rounded outward. */
        Enclosure pow(int n, MathContext[] mc) {
            Enclosure result = exact(BigDecimal.ONE);
            Enclosure base = this;
            for (int e = n; e > 0; e >>= 1) {
                if ((e & 1) != 0) {
                    result = result.multiply(base, mc);
                }
                if (e > 1) {
                    base = base.multiply(base, mc);
                }
            }
            return result;
        }
    }
}
