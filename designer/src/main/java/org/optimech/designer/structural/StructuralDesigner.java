package org.optimech.designer.structural;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignException;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.lp.LpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Loss;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.noise.DiscreteLaplace;

/**
 * Designs the truncated geometric mechanism plus an optimal remap (see the package documentation),
 * and bounds the optimum from below with {@link GeometricDual}.
 */
public final class StructuralDesigner {
    /** Denominator exponent of randomized remap rows. */
    static final int REMAP_BITS = 62;

    private final DesignOptions options;
    private final Progress progress;

    public StructuralDesigner(DesignOptions options, Progress progress) {
        this.options = options;
        this.progress = progress;
    }

    /**
     * Why the structural method does not apply to a problem, or empty if it does: it needs integer
     * ranges of inputs and outputs, the path graph, δ = 0, and a loss non-decreasing in |θ − ω| on
     * each side of every θ (verified entry by entry for a matrix).
     */
    public static Optional<String> whyNotApplicable(DiscreteProblem p) {
        if (!(p.inputs() instanceof IntegerRange in) || !(p.outputs() instanceof IntegerRange out)) {
            return Optional.of("inputs and outputs must be integer ranges");
        }
        if (p.neighbours().kind() != NeighbourGraph.Kind.PATH) {
            return Optional.of("the neighbour graph must be the path (it is " + p.neighbours().kind().json() + ")");
        }
        if (!p.isPure()) {
            return Optional.of("delta must be 0 (the geometric mechanism is pure DP; (epsilon, delta) designs use the LP)");
        }
        Loss loss = p.loss();
        if (loss.distanceForm().isPresent()) {
            return Optional.empty();
        }
        for (int i = 0; i < loss.inputs(); i++) {
            long x = in.longValueAt(i);
            for (int j = 1; j < loss.outputs(); j++) {
                long y = out.longValueAt(j);
                double prev = loss.at(i, j - 1);
                double cur = loss.at(i, j);
                boolean ok = y <= x ? cur <= prev : out.longValueAt(j - 1) >= x ? cur >= prev : true;
                if (!ok) {
                    return Optional.of("the loss must not decrease as the output moves away from the input; loss[" + i + "][" + (j - 1) + "] = " + prev
                            + " and loss[" + i + "][" + j + "] = " + cur + " (input " + x + ")");
                }
            }
            if (i == 0 && !BayesRemap.denseFits(loss.inputs(), loss.outputs())) {
                return Optional.of("an explicit loss matrix this large (" + loss.inputs() + " x " + loss.outputs() + ") needs O(n^2 |outputs|) work; named losses have a fast path");
            }
        }
        return Optional.empty();
    }

    public StructuralDesign design(DiscreteProblem p) throws DesignException {
        Optional<String> why = whyNotApplicable(p);
        if (why.isPresent()) {
            throw new DesignException("the structural method does not apply: " + why.get() + "; use the lp or auto method");
        }
        int n = p.inputCount() - 1;
        // The stored noise parameter: the request, or the request rounded down to a fraction the exact sampler takes
        // (short numerator and denominator). The design and its risk use it; the lower bound uses the request.
        BigDecimal noiseEpsilon;
        try {
            noiseEpsilon = DiscreteLaplace.samplableAtMost(p.epsilon());
        } catch (IllegalArgumentException e) {
            throw new DesignException("the structural method cannot store epsilon " + p.epsilon() + ": " + e.getMessage());
        }
        if (noiseEpsilon.compareTo(p.epsilon()) < 0) {
            progress.stage("noise epsilon " + noiseEpsilon.toPlainString() + ": the request rounded down to a fraction the exact sampler takes ("
                    + p.epsilon().subtract(noiseEpsilon).stripTrailingZeros().toString() + " less)");
        }
        Geometric g = Geometric.of(n, noiseEpsilon.doubleValue());
        Loss loss = p.loss();
        double[] prior = p.prior();
        String engine = loss.distanceForm().isPresent()
                ? "weighted " + (loss.distanceForm().get().power() == 1 ? "median" : "mean") + " by exponentially weighted prefix sums"
                : "dense posterior expected loss";
        long t0 = System.nanoTime();
        Remap remap;
        int rounds = 0;
        double[] lfp = null;
        BayesRemap.Result bayes = null;
        if (p.objective() == Objective.BAYES) {
            progress.stage("structural Bayes design: truncated geometric (epsilon " + noiseEpsilon + ", " + (n + 1) + " values), remap by " + engine);
            bayes = BayesRemap.solve(prior, loss, g);
            remap = Remap.deterministic(p.outputCount(), bayes.target());
        } else {
            List<LpSolver> masters = MinimaxRemap.masterSolvers(options.solver());
            String names = masters.stream().map(LpSolver::name).collect(Collectors.joining(", then "));
            progress.stage("structural minimax design: truncated geometric (epsilon " + noiseEpsilon + ", " + (n + 1) + " values), randomized remap by column generation, master LP on "
                    + names + (masters.size() > 1 ? " (where OR-Tools loads, whatever the chosen LP backend; README)" : ""));
            MinimaxRemap.Result r = MinimaxRemap.solve(loss, g, p.outputCount(), masters, options.timeLimit(), progress);
            remap = r.remap();
            rounds = r.rounds();
            engine = engine + " under each round's dual prior; master LP on " + names;
            lfp = r.leastFavourable();
        }
        double secondsDesign = (System.nanoTime() - t0) / 1e9;

        long t1 = System.nanoTime();
        progress.stage("evaluating the risk of every input and the dual bound");
        StructuralRisk.PerInput risk = StructuralRisk.of(g, remap, loss);
        double stored = bayes != null ? risk.bayesUpper(prior) : risk.maxUpper();
        double[] boundPrior = bayes != null ? prior : lfp;
        // The bound is over every mechanism meeting the request, so it is taken at the requested epsilon. For a Bayes design
        // with a distance loss the dual comes from the stored remap's column values there, the numbers the loader re-derives
        // the bound from (GeometricDual.ofRemap); otherwise from the Bayes remap's column values under the bound's prior.
        Geometric requested = noiseEpsilon.compareTo(p.epsilon()) == 0 ? g : Geometric.of(n, p.epsilon().doubleValue());
        org.optimech.runtime.certificate.GeometricDual.Bound bound;
        if (bayes != null && loss.distanceForm().isPresent()) {
            bound = org.optimech.runtime.certificate.GeometricDual.ofRemap(prior, GeometricDual.distance(loss.distanceForm().get()), requested.epsilon(), remap);
        } else {
            BayesRemap.Result atPrior = bayes != null && requested == g ? bayes : BayesRemap.solve(boundPrior, loss, requested);
            bound = GeometricDual.bound(boundPrior, loss, requested, atPrior.value());
        }
        StructuralDesign.Certificate cert = certificate(p, stored, bound, lfp);
        double secondsCertify = (System.nanoTime() - t1) / 1e9;
        return new StructuralDesign(p, noiseEpsilon, remap, risk.lower(), risk.upper(), stored, cert, engine, rounds, secondsDesign, secondsCertify);
    }

    /**
     * Each input's expected loss under the stored mechanism: geometric noise at {@code noiseEpsilon} on the problem's inputs,
     * then {@code remap}, with the problem's loss (upper values: the mass outside the evaluation window counted at the largest
     * loss). What {@code inspect} recomputes from a spec's stored numbers.
     *
     * @throws IllegalArgumentException when the remap does not fit the problem's inputs and outputs
     */
    public static double[] riskPerInput(DiscreteProblem p, BigDecimal noiseEpsilon, Remap remap) {
        if (remap.rows() != p.inputCount() || remap.outputCount() != p.outputCount()) {
            throw new IllegalArgumentException("the remap is " + remap.rows() + " rows onto " + remap.outputCount() + " outputs; the problem has "
                    + p.inputCount() + " inputs and " + p.outputCount() + " outputs");
        }
        return StructuralRisk.of(Geometric.of(p.inputCount() - 1, noiseEpsilon.doubleValue()), remap, p.loss()).upper();
    }

    private StructuralDesign.Certificate certificate(DiscreteProblem p, double stored, org.optimech.runtime.certificate.GeometricDual.Bound bound, double[] lfp) {
        String kind = p.objective() == Objective.BAYES ? "geometric-dual" : "least-favourable-prior";
        if (!bound.computed()) {
            return new StructuralDesign.Certificate("theorem-only", false, Double.NaN, Double.NaN, Double.NaN, lfp,
                    bound.reason() + "; optimal by Ghosh-Roughgarden-Sundararajan 2009 / Gupte-Sundararajan 2010, not numerically certified",
                    options.gapTolerance());
        }
        // relative to the stored risk, or to the loss's scale when the risk is (near) zero: a finite number either way
        double scale = Math.max(Math.abs(stored), Math.max(Double.MIN_NORMAL, 1e-12 * Math.abs(p.loss().max())));
        double gap = Math.max(0, (stored - bound.lowerBound()) / scale);
        boolean ok = gap <= options.gapTolerance();
        String reason = ok ? null : String.format(java.util.Locale.ROOT, "the bound %.10g is %.3g below the stored risk %.10g (relative %.3g > %.1g)", bound.lowerBound(),
                stored - bound.lowerBound(), stored, gap, options.gapTolerance());
        return new StructuralDesign.Certificate(kind, ok, bound.lowerBound(), gap, bound.deficit(), lfp, reason, options.gapTolerance());
    }

    /** Rows of probabilities to weights over 2^62: floor each, the residual on the largest. */
    static Remap quantize(int[][] outputs, double[][] probabilities, int outputCount) {
        long total = 1L << REMAP_BITS;
        int rows = outputs.length;
        int[][] o = new int[rows][];
        long[][] w = new long[rows][];
        for (int z = 0; z < rows; z++) {
            double sum = 0;
            for (double v : probabilities[z]) {
                sum += v;
            }
            int count = 0;
            long[] tmp = new long[outputs[z].length];
            long used = 0;
            int largest = -1;
            for (int k = 0; k < tmp.length; k++) {
                double q = sum > 0 ? probabilities[z][k] / sum : (k == 0 ? 1 : 0);
                tmp[k] = (long) Math.floor(Math.scalb(q, REMAP_BITS));
                used += tmp[k];
                if (largest < 0 || tmp[k] > tmp[largest]) {
                    largest = k;
                }
            }
            tmp[largest] += total - used;
            for (long x : tmp) {
                if (x > 0) {
                    count++;
                }
            }
            o[z] = new int[count];
            w[z] = new long[count];
            int c = 0;
            for (int k = 0; k < tmp.length; k++) {
                if (tmp[k] > 0) {
                    o[z][c] = outputs[z][k];
                    w[z][c] = tmp[k];
                    c++;
                }
            }
        }
        Remap r = Remap.of(REMAP_BITS, outputCount, o, w);
        return deterministicIfPossible(r, outputCount);
    }

    /** Rows with a single output are stored with denominator 2^0 when every row is deterministic. */
    private static Remap deterministicIfPossible(Remap r, int outputCount) {
        int[] target = new int[r.rows()];
        for (int z = 0; z < r.rows(); z++) {
            if (r.width(z) != 1) {
                return r;
            }
            target[z] = r.outputAt(z, 0);
        }
        return Remap.deterministic(outputCount, target);
    }
}
