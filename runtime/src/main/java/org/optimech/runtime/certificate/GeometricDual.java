package org.optimech.runtime.certificate;

import java.util.Objects;
import java.util.stream.IntStream;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.Remap;

/**
 * A rigorous lower bound on the Bayes risk of every ε-DP mechanism on the path graph, from an explicit dual solution of
 * the full LP: the optimality certificate of the structural (truncated geometric plus remap) design. The designer computes
 * it with these functions and the loader recomputes it from a spec's numbers with the same ones, so a stored bound is
 * reproduced bit for bit.
 *
 * <p>The Bayes LP is min Σ_{i,j} p_i L_ij q_ij subject to rows summing to 1 and every output column q_{·j} in the cone C_ε
 * of log-Lipschitz vectors (q_i ≤ e^ε q_{i±1}). Its dual is max Σ_i u_i subject to (p_i L_ij − u_i)_i ∈ C_ε^* for every j;
 * weak duality makes Σ u_i a lower bound. The geometric-plus-remap design suggests u: complementary slackness on the
 * geometric columns α^{|i−z|} gives A·u = b with A the Kac–Murdock–Szegő matrix α^{|i−z|}, whose inverse is tridiagonal,
 * and b_z the Bayes value of z's remapped output. Membership in C_ε^* is then verified per column: the extreme rays of C_ε
 * are the vectors whose log moves by ±ε at every step, so min over rays normalised to max 1 of w·v is a shortest path over
 * (index, depth below the maximum) — depths beyond K are lumped with a bound that can only lower the result. Every operation
 * rounds toward the bound (nextDown / nextUp), and any remaining deficit η is paid for by lowering all u_i by η (each
 * normalised ray has an entry 1). Normalising rays by their maximum rather than their first entry keeps rounding errors
 * from being amplified by e^{ε·n}. Whatever u is, the result is a valid lower bound: only its tightness depends on b.
 */
public final class GeometricDual {
    /** Largest (n+1)·(K+1)·|Ω| the verification accepts. */
    public static final double WORK_LIMIT = 1.5e9;
    /** Paid deficit, relative to the bound, below which the windowed verification is used even where the full one fits. */
    public static final double NEGLIGIBLE = 1e-9;
    /** Inputs up to which the column values sum over every input (beyond, over a window whose remainder is below 3e-20). */
    static final int FULL_WINDOW = 4000;
    /**
     * Largest ε verified (the designer's limit): the enclosure α(1 ± 1e-14) of e^{−ε} covers the double ε's half-ulp error
     * and exp's ulp only up to ε ≈ 88.
     */
    public static final double MAX_EPSILON = 50;

    /**
     * @param lowerBound a certified lower bound on the optimal Bayes risk (NaN when not computed)
     * @param deficit the largest dual infeasibility found (paid for in the bound)
     * @param depth levels K of the verification
     * @param reason why no bound was computed, or null
     */
    public record Bound(double lowerBound, double deficit, int depth, String reason) {
        public boolean computed() {
            return reason == null;
        }
    }

    /** One loss entry L(input index, output index). */
    @FunctionalInterface
    public interface Entries {
        double at(int input, int output);
    }

    /**
     * A loss c_i·|x_i − y_j|^power on integer ranges (power 1 or 2, c_i &gt; 0), the form the windowed verification needs.
     * Its entries are computed as {@link #at} does, the arithmetic the designer's loss uses.
     *
     * @param scale c_i per input index (not copied: the caller hands over an array it does not change)
     */
    public record Distance(IntegerRange inputs, IntegerRange outputs, int power, double[] scale) implements Entries {
        public Distance {
            Objects.requireNonNull(inputs, "inputs");
            Objects.requireNonNull(outputs, "outputs");
            Objects.requireNonNull(scale, "scale");
            if (power != 1 && power != 2) {
                throw new IllegalArgumentException("power must be 1 or 2. Provided value: " + power);
            }
            if (scale.length != inputs.size()) {
                throw new IllegalArgumentException("need one scale per input (" + inputs.size() + "). Provided value: " + scale.length);
            }
        }

        double scaleAt(int i) {
            return scale[i];
        }

        /** c_i·|x_i − y_j|^power: the long difference, then its double. */
        @Override
        public double at(int i, int j) {
            double d = Math.abs((double) (inputs.longValueAt(i) - outputs.longValueAt(j)));
            return scale[i] * (power == 1 ? d : d * d);
        }

        /** The largest entry (attained at an end of the output range). */
        public double max() {
            double m = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < scale.length; i++) {
                m = Math.max(m, Math.max(at(i, 0), at(i, outputs.size() - 1)));
            }
            return m;
        }
    }

    private GeometricDual() {
    }

    public static int depth(int n, double epsilon) {
        // n + 1 levels can never be reached by a ray over n + 1 inputs that touches level 0, so small n are exact
        return (int) Math.min(n + 1L, (long) Math.ceil(46.0 / epsilon) + 1);
    }

    public static boolean fits(int n, int outputs, double epsilon) {
        return (double) (n + 1) * (depth(n, epsilon) + 1) * outputs <= WORK_LIMIT;
    }

    /**
     * The bound for a distance-form loss: the windowed verification, or the full one where the windowed one would pay a
     * visible deficit (a prior with tiny entries widens the window and amplifies rounding) and the full one fits.
     *
     * @param alpha e^{−epsilon} as the caller computed it
     * @param b b_z of the remap (column scale α^{|i−z|})
     */
    public static Bound bound(double[] prior, Distance loss, double epsilon, double alpha, double[] b) {
        int n = prior.length - 1;
        Bound windowed = windowed(prior, loss, epsilon, alpha, b);
        if (!fits(n, loss.outputs().size(), epsilon) || windowed.computed() && windowed.deficit() * (n + 1.0) <= NEGLIGIBLE * Math.abs(windowed.lowerBound())) {
            return windowed;
        }
        return full(prior, loss, loss.outputs().size(), epsilon, alpha, b);
    }

    /**
     * {@link #bound} with b the column values of a stored remap at ε ({@link #columnValues}): the certificate of a structural
     * Bayes design, which the designer stores and the loader re-derives from the spec's numbers.
     */
    public static Bound ofRemap(double[] prior, Distance loss, double epsilon, Remap remap) {
        Derived d = computed(prior, loss, epsilon, remap);
        // kept for the spec of this design, which re-derives the bound from the same numbers (GeometricRemapSpec.of)
        RemapDerivations.remember(prior, loss, epsilon, remap, d);
        return d.bound();
    }

    /**
     * The certificate of a stored remap with the column values it came from.
     *
     * @param columns the column values at ε ({@link #columns}; their array is shared: read it, never change it)
     * @param bound {@link #bound} from them
     */
    public record Derived(Columns columns, Bound bound) {
    }

    /**
     * {@link #ofRemap} with its column values, for the re-check of a stored bound. When these are the very numbers of the
     * last {@link #ofRemap} (the remap object, and the prior, loss and ε entry by entry: the spec of a design just certified),
     * that derivation is returned instead of verifying the same windows twice ({@link RemapDerivations}); otherwise, and for
     * every spec read from a file, it is derived afresh (and not kept: a loaded spec holds no second copy of its numbers).
     */
    public static Derived derive(double[] prior, Distance loss, double epsilon, Remap remap) {
        Derived known = RemapDerivations.lookup(prior, loss, epsilon, remap);
        return known != null ? known : computed(prior, loss, epsilon, remap);
    }

    private static Derived computed(double[] prior, Distance loss, double epsilon, Remap remap) {
        RemapDerivations.counted();
        Columns columns = columns(prior, loss, epsilon, remap);
        return new Derived(columns, bound(prior, loss, epsilon, StrictMath.exp(-epsilon), columns.values()));
    }

    /**
     * b_z = Σ_i p_i·α^{|i−z|}·Σ_k R[z][k]·L(i, ω_k) for a remap R: the column values whose KMS inverse is the dual, from
     * exponentially weighted moments in O(n + W + entries of R) whatever the remap ({@link ColumnValues}), W as
     * {@link #window}. What is left out (below 3e-20 in loss units) and the rounding only loosen the bound, never invalidate
     * it: whatever u is, it is verified.
     */
    public static double[] columnValues(double[] prior, Distance loss, double epsilon, Remap remap) {
        return columns(prior, loss, epsilon, remap).values();
    }

    /**
     * {@link #columnValues} and how they were summed.
     *
     * @param values b_z (not copied: the caller owns the only reference)
     * @param directTerms absolute-loss correction terms summed one by one (at most 32 per remap entry beyond a budget of 2^26)
     * @param allDirect whether every correction was summed term by term, the arithmetic of the designer before the budget
     *     existed (false: a spec written then may state a bound a few ulps apart; measured 5e-11 relative at most)
     */
    public record Columns(double[] values, long directTerms, boolean allDirect) {
    }

    /** {@link #columnValues} with how they were summed. */
    public static Columns columns(double[] prior, Distance loss, double epsilon, Remap remap) {
        return columns(prior, loss, epsilon, remap, ColumnValues.BUDGET, ColumnValues.SHORT);
    }

    /** {@link #columns} with the direct-summing budget and short run given. */
    static Columns columns(double[] prior, Distance loss, double epsilon, Remap remap, long budget, int shortRun) {
        int n = prior.length - 1;
        if (remap.rows() != n + 1) {
            throw new IllegalArgumentException("the remap has " + remap.rows() + " rows; the prior has " + (n + 1) + " inputs");
        }
        return ColumnValues.of(prior, loss, powers(epsilon, window(n, epsilon, loss.max())), remap, budget, shortRun);
    }

    /**
     * Σ_z κ_z·b_z, κ the truncated geometric's column scales at ε (1/(1+α) at the ends, (1−α)/(1+α) inside): the Bayes risk
     * of the design whose column values are b, in floating point.
     */
    public static double bayesRisk(double[] b, double epsilon) {
        int n = b.length - 1;
        if (n == 0) {
            return b[0];
        }
        double a = StrictMath.exp(-epsilon);
        double inside = (1 - a) / (1 + a);
        double s = (b[0] + b[n]) / (1 + a);
        for (int z = 1; z < n; z++) {
            s += inside * b[z];
        }
        return s;
    }

    /** The window W of {@link #columnValues}: all inputs up to {@value #FULL_WINDOW}, else α^W ≤ e^{−45}/max(1, max loss). */
    private static int window(int n, double epsilon, double maxLoss) {
        if (n <= FULL_WINDOW) {
            return n;
        }
        return (int) Math.min(n, Math.ceil((45 + StrictMath.log(Math.max(1, maxLoss))) / epsilon));
    }

    /** α^d = e^{−ε·d} for d = 0..w (no repeated multiplication). */
    private static double[] powers(double epsilon, int w) {
        double[] pw = new double[w + 1];
        for (int d = 0; d <= w; d++) {
            pw[d] = StrictMath.exp(-epsilon * d);
        }
        return pw;
    }

    /**
     * The same dual, verified column by column over every extreme ray: O(n·|Ω|·depth). Kept as the independent check of
     * {@link #windowed} and for losses without a distance form.
     */
    public static Bound full(double[] prior, Entries loss, int m, double epsilon, double alpha, double[] b) {
        int n = prior.length - 1;
        int depth = depth(n, epsilon);
        if (!(epsilon <= MAX_EPSILON)) {
            return beyondEnclosure(epsilon, "dual verification");
        }
        if (!fits(n, m, epsilon)) {
            return new Bound(Double.NaN, Double.NaN, depth, "dual verification skipped: " + (n + 1) + " inputs x " + m + " outputs x " + (depth + 1)
                    + " levels exceeds " + (long) WORK_LIMIT + " steps");
        }
        double[] u = kmsSolve(b, alpha);
        String nonFinite = nonFinite(prior, b, u);
        if (nonFinite != null) {
            return new Bound(Double.NaN, Double.NaN, -1, "dual verification: " + nonFinite);
        }
        // Enclosures of α^k for the exact ε (the double ε may differ from the decimal by half an ulp: a relative 1e-14 covers it up to ε = 50).
        double[] powLo = new double[depth + 1];
        double[] powHi = new double[depth + 1];
        powLo[0] = 1;
        powHi[0] = 1;
        double aLo = alpha * (1 - 1e-14);
        double aHi = alpha * (1 + 1e-14);
        for (int k = 1; k <= depth; k++) {
            powLo[k] = Math.nextDown(powLo[k - 1] * aLo);
            powHi[k] = Math.nextUp(powHi[k - 1] * aHi);
        }
        // Output columns are independent: verify them in parallel.
        double deficit = IntStream.range(0, m).parallel().mapToDouble(j -> {
            double[] w = new double[n + 1];
            for (int i = 0; i <= n; i++) {
                double pl = prior[i] * loss.at(i, j);
                pl = pl > 0 ? Math.nextDown(pl) : pl;
                w[i] = Math.nextDown(pl - u[i]);
            }
            if (!allFinite(w, w.length)) {
                return Double.NaN; // refused below, never skipped by the ray search
            }
            return -minOverRays(w, w.length, depth, powLo, powHi, new double[2][depth + 1], new double[2][depth + 1]);
        }).max().orElse(0);
        return finiteOrRefused(paid(u, deficit, depth), "dual verification");
    }

    /**
     * The same dual u, verified in O(n + |Ω|·reach²) for a distance-form loss c_i·|x_i − ω|^power.
     *
     * <p>For input i, w^j_i = p_i·L_ij − u_i is ≥ 0 in every column j whose output is at least reach_i away from x_i, since
     * the loss does not decrease with the distance. With reach the largest reach_i, a column's negative entries lie in the
     * window |x_i − y_j| &lt; reach. A cone vector cannot decay faster than α per step, so the non-negative entries next to the
     * window still count: beyond each edge the cheapest continuation decays by exactly α per step, so its cost is a multiple
     * of the edge's entry, added to the edge's coefficient (for every edge at once in O(n), see {@link #tails}). On the
     * window the rays normalised by their maximum are verified as in {@link #full}, whose levels cannot exceed the window's
     * length: O(reach²) per column. Normalising by the maximum keeps rounding from growing with e^{ε·reach}.
     */
    public static Bound windowed(double[] prior, Distance f, double epsilon, double alpha, double[] b) {
        int n = prior.length - 1;
        int m = f.outputs().size();
        if (!(epsilon <= MAX_EPSILON)) {
            return beyondEnclosure(epsilon, "windowed dual verification");
        }
        double[] u = kmsSolve(b, alpha);
        String nonFinite = nonFinite(prior, b, u);
        if (nonFinite != null) {
            return new Bound(Double.NaN, Double.NaN, -1, "windowed dual verification: " + nonFinite);
        }
        long reach = 0;
        for (int i = 0; i <= n; i++) {
            long r = reach(prior[i], f.scaleAt(i), f.power(), u[i]);
            if (r < 0) {
                return new Bound(Double.NaN, Double.NaN, -1, "windowed dual verification: input " + i + " (prior " + prior[i] + ", dual " + u[i]
                        + ") is negative in every output column");
            }
            reach = Math.max(reach, r);
        }
        long radius = reach - 1;
        int depth = depth(n, epsilon);
        int width = (int) Math.min(Integer.MAX_VALUE - 1, 2 * Math.max(radius, 0) + 1);
        if ((double) m * width * width * 2 > WORK_LIMIT || radius >= 1 << 25) {
            return new Bound(Double.NaN, Double.NaN, depth, "windowed dual verification: " + m + " outputs x a window of " + width
                    + " inputs (squared) exceeds " + (long) WORK_LIMIT + " steps");
        }
        double aLo = Math.nextDown(alpha * (1 - 1e-14));
        double aHi = Math.nextUp(alpha * (1 + 1e-14));
        // the two sides are independent sequential recurrences: one thread each
        double[][] sides = radius < 0 ? null : IntStream.of(-1, 1).parallel().mapToObj(step -> tails(prior, f, u, radius, aLo, aHi, step)).toArray(double[][]::new);
        double[] tailLeft = radius < 0 ? null : sides[0];
        double[] tailRight = radius < 0 ? null : sides[1];
        // a ray with maximum 1 inside a window of `width` inputs has its entries at levels 0..width−1: no lumping
        double[] powLo = new double[width + 1];
        double[] powHi = new double[width + 1];
        powLo[0] = 1;
        powHi[0] = 1;
        for (int k = 1; k <= width; k++) {
            powLo[k] = Math.nextDown(powLo[k - 1] * aLo);
            powHi[k] = Math.nextUp(powHi[k - 1] * aHi);
        }
        long xFrom = f.inputs().from();
        // columns in chunks, each with its own buffers (a column's window is a few inputs: allocation would dominate)
        int chunks = (int) Math.min(m, 256);
        double deficit = radius < 0 ? 0 : IntStream.range(0, chunks).parallel().mapToDouble(chunk -> {
            double[] w = new double[width];
            double[][] cur = new double[2][width + 1];
            double[][] next = new double[2][width + 1];
            double worst = 0;
            for (int j = (int) ((long) m * chunk / chunks), end = (int) ((long) m * (chunk + 1) / chunks); j < end; j++) {
                long y = f.outputs().longValueAt(j);
                int lo = (int) Math.max(0, y - radius - xFrom);
                int hi = (int) Math.min(n, y + radius - xFrom);
                if (lo > hi) {
                    continue; // every entry of the column is non-negative
                }
                long shift = xFrom - y; // x_i − y_j = i + shift
                int len = hi - lo + 1;
                for (int i = lo; i <= hi; i++) {
                    w[i - lo] = wLower(prior, f, u, i, i + shift);
                }
                // the cheapest continuation beyond each edge costs tail·v_edge: it adds to the edge's coefficient
                w[0] = Math.nextDown(w[0] + tailLeft[lo]);
                w[len - 1] = Math.nextDown(w[len - 1] + tailRight[hi]);
                if (!allFinite(w, len)) {
                    return Double.NaN; // NaN compares false: the ray search would skip it, so the column is refused instead
                }
                worst = Math.max(worst, -minOverRays(w, len, len, powLo, powHi, cur, next));
            }
            return worst;
        }).max().orElse(0);
        return finiteOrRefused(paid(u, deficit, depth), "windowed dual verification");
    }

    private static Bound beyondEnclosure(double epsilon, String check) {
        return new Bound(Double.NaN, Double.NaN, -1, check + ": epsilon " + epsilon + " is above " + MAX_EPSILON
                + ", beyond which the enclosure of e^-epsilon is not proven, nothing is certified");
    }

    /** The first non-finite prior, b or dual entry, described, or null: every comparison with NaN is false, so none may pass. */
    private static String nonFinite(double[] prior, double[] b, double[] u) {
        for (int i = 0; i < prior.length; i++) {
            if (!Double.isFinite(prior[i]) || !Double.isFinite(b[i]) || !Double.isFinite(u[i])) {
                return "input " + i + " has prior " + prior[i] + ", column value " + b[i] + " and dual " + u[i] + ": not finite, nothing is certified";
            }
        }
        return null;
    }

    private static boolean allFinite(double[] w, int len) {
        for (int i = 0; i < len; i++) {
            if (!Double.isFinite(w[i])) {
                return false;
            }
        }
        return true;
    }

    /** {@code b} when its bound and deficit are finite, else a refusal (an entry overflowed: loss scales near the double range). */
    private static Bound finiteOrRefused(Bound b, String check) {
        if (b.computed() && !(Double.isFinite(b.lowerBound()) && Double.isFinite(b.deficit()))) {
            return new Bound(Double.NaN, Double.NaN, b.depth(), check + ": a column entry, the deficit or the bound is not finite (lower bound "
                    + b.lowerBound() + ", deficit " + b.deficit() + "; loss values near the double range?), nothing is certified");
        }
        return b;
    }

    /** A lower bound of w^j_i = p_i·L_ij − u_i, with L_ij as {@link Distance#at} rounds it (x_i − y_j given). */
    private static double wLower(double[] prior, Distance f, double[] u, int i, long xMinusY) {
        double d = Math.abs((double) xMinusY);
        double pl = prior[i] * (f.scaleAt(i) * (f.power() == 1 ? d : d * d));
        pl = pl > 0 ? Math.nextDown(pl) : pl;
        return Math.nextDown(pl - u[i]);
    }

    /**
     * For every edge h, a lower bound of Σ_{k ≥ 1} w_{h+k·step}·α^k, the cost of the cheapest continuation beyond a window
     * edge at h of a column whose output is radius inputs inside the edge (so input h + k·step is at distance radius + k;
     * every such w is ≥ 0, and empty sums at the ends of the range are 0). All edges in O(n) by positive recurrences over
     * the moments Σ q_{h+k}·k^e·α^k (e ≤ power) of q_i, a lower bound of p_i·c_i, and over the positive and negative parts
     * of u, each rounded towards the bound.
     */
    public static double[] tails(double[] prior, Distance f, double[] u, long radius, double aLo, double aHi, int step) {
        int n = prior.length - 1;
        double[] out = new double[n + 1];
        double r = radius;
        double m0 = 0;
        double m1 = 0;
        double m2 = 0;
        double up = 0;
        double um = 0;
        int start = step > 0 ? n : 0;
        for (int h = start, k = 0; k <= n; h -= step, k++) {
            if (k > 0) {
                int i = h + step; // the input next to h beyond the edge
                // p·fl(c·d^power) ≥ p·c·d^power·(1 − 2^-50) ≥ q·d^power (d^power exact below 2^50)
                double q = Math.nextDown(Math.nextDown(prior[i] * f.scaleAt(i)) * (1 - 0x1p-50));
                q = Math.max(0, q);
                double m2n = f.power() == 1 ? 0 : Math.nextDown(aLo * Math.nextDown(Math.nextDown(Math.nextDown(q + m2) + Math.nextDown(2 * m1)) + m0));
                double m1n = Math.nextDown(aLo * Math.nextDown(Math.nextDown(q + m1) + m0));
                m0 = Math.nextDown(aLo * Math.nextDown(q + m0));
                m1 = m1n;
                m2 = m2n;
                up = Math.nextUp(aHi * Math.nextUp(Math.max(0, u[i]) + up));
                um = Math.nextDown(aLo * Math.nextDown(Math.max(0, -u[i]) + um));
            }
            // Σ q·(r + k)^power·α^k − Σ u·α^k, the first from the moments, the second bounded by its parts
            double a = f.power() == 1 ? Math.nextDown(Math.nextDown(r * m0) + m1)
                    : Math.nextDown(Math.nextDown(Math.nextDown(Math.nextDown(r * r) * m0) + Math.nextDown(Math.nextDown(2 * r) * m1)) + m2);
            out[h] = Math.nextDown(Math.nextDown(a - up) + um);
        }
        return out;
    }

    /**
     * The smallest distance D ≥ 0 such that p·L ≥ u for every loss value L at distance D or more (c·D^power, rounded as
     * {@link Distance#at} rounds it, is the least of them), or −1 if none is.
     */
    public static long reach(double p, double c, int power, double u) {
        if (u <= 0) {
            return 0;
        }
        double t = u / (p * c);
        if (!(p > 0) || !Double.isFinite(t) || t > 1e30) {
            return -1;
        }
        long d = Math.max(1, (long) Math.ceil(power == 1 ? t : Math.sqrt(t)));
        while (!covers(p, c, power, u, d)) {
            d++;
        }
        while (d > 1 && covers(p, c, power, u, d - 1)) {
            d--;
        }
        return d;
    }

    private static boolean covers(double p, double c, int power, double u, long d) {
        double x = d;
        double pl = p * (c * (power == 1 ? x : x * x));
        return Math.nextDown(pl) >= u;
    }

    /** Σu rounded down, less the deficit paid at every input (each normalised ray has an entry 1). */
    private static Bound paid(double[] u, double deficit, int depth) {
        double d = Math.max(0, deficit);
        double sum = 0;
        for (double x : u) {
            sum = Math.nextDown(sum + x);
        }
        return new Bound(Math.nextDown(sum - Math.nextUp(d * u.length)), d, depth, null);
    }

    /** u with A·u = b, A_{zi} = α^{|i−z|}: the tridiagonal inverse of the KMS matrix. */
    public static double[] kmsSolve(double[] b, double a) {
        int n = b.length - 1;
        double s = 1 - a * a;
        double[] u = new double[n + 1];
        u[0] = (b[0] - a * b[1]) / s;
        u[n] = (b[n] - a * b[n - 1]) / s;
        for (int i = 1; i < n; i++) {
            u[i] = ((1 + a * a) * b[i] - a * (b[i - 1] + b[i + 1])) / s;
        }
        return u;
    }

    /** A lower bound on min Σ w_i v_i (i < len) over extreme rays v of C_ε with max v = 1 (v_i = α^{level}). */
    private static double minOverRays(double[] w, int len, int depth, double[] powLo, double[] powHi, double[][] cur, double[][] next) {
        double inf = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= depth; k++) {
            cur[0][k] = k == 0 ? inf : term(w[0], k, depth, powLo, powHi);
            cur[1][k] = k == 0 ? term(w[0], 0, depth, powLo, powHi) : inf;
        }
        for (int i = 1; i < len; i++) {
            java.util.Arrays.fill(next[0], 0, depth + 1, inf);
            java.util.Arrays.fill(next[1], 0, depth + 1, inf);
            for (int k = 0; k <= depth; k++) {
                double c = term(w[i], k, depth, powLo, powHi);
                // predecessors of level k: k−1, k+1, and k itself at the lumped depth
                for (int s = 0; s < 2; s++) {
                    // plain comparisons: no entry is NaN (columns with one are refused first), and Math.min's NaN and
                    // signed-zero handling was the largest cost of a load at n = 10^6
                    double[] row = cur[s];
                    double best = k > 0 ? row[k - 1] : inf;
                    double other = k < depth ? row[k + 1] : row[k];
                    if (other < best) {
                        best = other;
                    }
                    if (best == inf) {
                        continue;
                    }
                    int t = s == 1 || k == 0 ? 1 : 0;
                    double v = Math.nextDown(best + c);
                    if (v < next[t][k]) {
                        next[t][k] = v;
                    }
                }
            }
            double[][] tmp = cur;
            cur = next;
            next = tmp;
        }
        double min = inf;
        for (int k = 0; k <= depth; k++) {
            if (cur[1][k] < min) {
                min = cur[1][k];
            }
        }
        return min;
    }

    /** A lower bound of w·α^k; at the lumped depth, of w·α^{k'} for every k' ≥ depth. */
    private static double term(double w, int k, int depth, double[] powLo, double[] powHi) {
        if (k == depth && depth > 0) {
            return w >= 0 ? 0 : Math.nextDown(w * powHi[k]);
        }
        return Math.nextDown(w >= 0 ? w * powLo[k] : w * powHi[k]);
    }
}
