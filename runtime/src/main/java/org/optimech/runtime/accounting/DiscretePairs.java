package org.optimech.runtime.accounting;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.optimech.runtime.accuracy.RowMasses;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.spec.DiscreteSpec;

/**
 * The privacy loss distribution of every ordered neighbouring pair of a discrete spec, from its stored numbers: for outputs ω
 * with P(ω | a) &gt; 0, the loss ln(P(ω | a)/P(ω | b)) enclosed from the integer bounds of both rows ({@link RowMasses}), outputs
 * b cannot produce at +∞, and the mass no output accounts for at +∞ (upper) or dropped (lower).
 */
final class DiscretePairs {
    /** Most ordered pairs composed one by one. */
    static final long MAX_PAIRS = 20_000;
    /** Most stored masses loaded at once (inputs × outputs with positive mass). */
    static final long MAX_CELLS = 50_000_000L;

    private final int[][] outputs;
    private final long[][] masses;
    private final long[] slack;
    private final int bits;
    private final double margin;
    private final long unit;
    private final int[][] pairs;
    /** How many outputs the spec has (rows may list fewer: those with a positive lower bound). */
    private final long outputCount;

    private DiscretePairs(int[][] outputs, long[][] masses, long[] slack, int bits, double margin, long unit, int[][] pairs, long outputCount) {
        this.outputs = outputs;
        this.masses = masses;
        this.slack = slack;
        this.bits = bits;
        this.margin = margin;
        this.unit = unit;
        this.pairs = pairs;
        this.outputCount = outputCount;
    }

    /** Whether the spec is small enough to take pair by pair. */
    static boolean fits(DiscreteSpec spec) {
        NeighbourGraph g = spec.privacy().neighbours();
        return 2 * g.edgeCount() <= MAX_PAIRS && (long) spec.inputs().size() * spec.outputs().size() <= 4 * MAX_CELLS;
    }

    static DiscretePairs of(DiscreteSpec spec) {
        RowMasses rows = RowMasses.of(spec);
        int n = spec.inputs().size();
        int[][] outs = new int[n][];
        long[][] ms = new long[n][];
        long[] sl = new long[n];
        long cells = 0;
        for (int i = 0; i < n; i++) {
            rows.load(i);
            outs[i] = new int[rows.size()];
            ms[i] = new long[rows.size()];
            for (int k = 0; k < rows.size(); k++) {
                outs[i][k] = rows.output(k);
                ms[i][k] = rows.mass(k);
            }
            sl[i] = rows.slack();
            cells += rows.size();
            if (cells > MAX_CELLS) {
                throw new IllegalArgumentException("the spec has more than " + MAX_CELLS + " positive probabilities; too many to account for pair by pair");
            }
        }
        int[][] edges = spec.privacy().neighbours().edges();
        int[][] ordered = new int[2 * edges.length][];
        for (int e = 0; e < edges.length; e++) {
            ordered[2 * e] = new int[] {edges[e][0], edges[e][1]};
            ordered[2 * e + 1] = new int[] {edges[e][1], edges[e][0]};
        }
        return new DiscretePairs(outs, ms, sl, rows.bits(), rows.margin(), rows.unit(), ordered, spec.outputs().size());
    }

    int pairCount() {
        return pairs.length;
    }

    /** The largest |finite loss| of any pair, enclosed from above. */
    double maxAbsLoss() {
        double m = 0;
        for (int[] p : pairs) {
            Atoms a = atoms(p[0], p[1]);
            for (int k = 0; k < a.mass.length; k++) {
                if (Double.isFinite(a.high[k])) {
                    m = Math.max(m, Math.abs(a.high[k]));
                }
                if (Double.isFinite(a.low[k])) {
                    m = Math.max(m, Math.abs(a.low[k]));
                }
            }
        }
        return m;
    }

    /**
     * One pair's atoms: P-mass, loss enclosure, the mass at +∞ (outputs b never gives), the unaccounted mass of a (error) and
     * the part of it whose loss the stored numbers do not bound (errorInfinite, on outputs neither row lists) and the highest
     * loss the rest can have (errorLoss).
     */
    record Atoms(double[] mass, double[] low, double[] high, double infinity, double error, double errorInfinite, double errorLoss) {
    }

    Atoms atoms(int a, int b) {
        int[] oa = outputs[a];
        int[] ob = outputs[b];
        long[] ma = masses[a];
        long[] mb = masses[b];
        double[] mass = new double[oa.length];
        double[] low = new double[oa.length];
        double[] high = new double[oa.length];
        double scale = Math.scalb(1.0, -bits);
        double infinity = 0;
        // the unaccounted mass of a lies on outputs whose true P(ω | a) exceeds its lower bound: a listed output (loss at most
        // its high end) or, when masses have a resolution (unit > 0), an unlisted one with P(ω | a) ≤ unit/2^bits
        double errorLoss = Double.NEGATIVE_INFINITY;
        double errorInfinite = 0;
        int j = 0;
        for (int k = 0; k < oa.length; k++) {
            while (j < ob.length && ob[j] < oa[k]) {
                j++;
            }
            long p = ma[k];
            long q = j < ob.length && ob[j] == oa[k] ? mb[j] : 0;
            mass[k] = p * scale;
            // true p in [p, p(1 + 2m) + unit], true q likewise (units of 2^-bits)
            double pHigh = p * (1 + 2 * margin) + unit;
            double qHigh = q * (1 + 2 * margin) + unit;
            if (q == 0 && unit == 0) {
                high[k] = Double.POSITIVE_INFINITY;
                low[k] = Double.POSITIVE_INFINITY;
                infinity += mass[k];
                mass[k] = 0;
                continue;
            }
            high[k] = q == 0 ? Double.POSITIVE_INFINITY : widen(Math.log(pHigh) - Math.log(q), true);
            low[k] = widen(Math.log(p) - Math.log(qHigh), false);
            errorLoss = Math.max(errorLoss, high[k]);
        }
        if (unit > 0) {
            // outputs a does not list: b's listed ones have loss at most ln(unit/q); one neither lists may have an infinite loss
            long both = oa.length;
            int i = 0;
            for (int k = 0; k < ob.length; k++) {
                while (i < oa.length && oa[i] < ob[k]) {
                    i++;
                }
                if (i < oa.length && oa[i] == ob[k]) {
                    continue;
                }
                both++;
                errorLoss = Math.max(errorLoss, widen(Math.log(unit) - Math.log(mb[k]), true));
            }
            // outputs neither lists: P(ω | a) ≤ unit/2^bits each, with any loss
            errorInfinite = Math.min(slack[a] * scale, (outputCount - both) * (double) unit * scale * (1 + 0x1.0p-50));
        }
        if (errorLoss == Double.NEGATIVE_INFINITY) {
            errorInfinite = slack[a] * scale;
        }
        return new Atoms(mass, low, high, infinity, slack[a] * scale, errorInfinite, errorLoss);
    }

    /** A loss computed from two logs, moved outward by far more than their rounding. */
    private static double widen(double l, boolean up) {
        double d = 1e-13 * Math.max(1, Math.abs(l));
        return up ? l + d : l - d;
    }

    /** The pair's distribution on the grid, rounded one way. */
    PrivacyLossDistribution distribution(int pair, double step, PrivacyLossDistribution.Bound bound) {
        Atoms at = atoms(pairs[pair][0], pairs[pair][1]);
        double rounding = at.mass().length * 0x1.0p-53;
        if (bound == PrivacyLossDistribution.Bound.UPPER && at.error() > 0) {
            // upper: the unaccounted mass of a at +∞ as far as it may sit on outputs neither row lists, the rest as one more atom
            // at the highest loss it can have: moving mass to a higher loss only raises δ(ε) = E[(1 − e^{ε − L})⁺], after any
            // number of releases too
            int len = at.mass().length;
            double[] mass = Arrays.copyOf(at.mass(), len + 1);
            double[] low = Arrays.copyOf(at.low(), len + 1);
            double[] high = Arrays.copyOf(at.high(), len + 1);
            mass[len] = Math.max(0, at.error() - at.errorInfinite());
            low[len] = Double.NEGATIVE_INFINITY;
            high[len] = mass[len] == 0 ? 0 : at.errorLoss();
            return PrivacyLossDistribution.of(mass, low, high, at.infinity() + at.errorInfinite(), rounding + 0x1.0p-52, step, bound);
        }
        // lower: the unaccounted mass dropped (as if it had no loss); a lower bound's infinite atoms are real (b gives those
        // outputs probability exactly 0)
        return PrivacyLossDistribution.of(at.mass(), at.low(), at.high(), at.infinity(), rounding, step, bound);
    }

    /**
     * The distinct upper distributions of all pairs that no other one dominates (δ at least as large at every grid loss and
     * P(L = ∞) at least as large: dominance survives composition), with the index of a pair that produced each.
     */
    static List<Integer> undominated(List<PrivacyLossDistribution> upper) {
        // distinct first (identical grids and masses)
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (int i = 0; i < upper.size(); i++) {
            PrivacyLossDistribution d = upper.get(i);
            seen.putIfAbsent(d.lossRange()[0] + "|" + d.infinity() + "|" + Arrays.hashCode(d.masses()) + "|" + Arrays.toString(d.masses()), i);
        }
        List<Integer> distinct = new ArrayList<>(seen.values());
        if (distinct.size() <= 1) {
            return distinct;
        }
        // δ on the union grid for each
        double step = upper.get(0).step();
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int i : distinct) {
            double[] r = upper.get(i).lossRange();
            lo = Math.min(lo, Math.round(r[0] / step));
            hi = Math.max(hi, Math.round(r[1] / step));
        }
        if (hi - lo > 4_000_000 || (long) distinct.size() * distinct.size() * (hi - lo + 1) > 2_000_000_000L) {
            return distinct; // too costly to compare: compose them all
        }
        double[][] curves = new double[distinct.size()][];
        for (int t = 0; t < distinct.size(); t++) {
            curves[t] = curve(upper.get(distinct.get(t)), lo, hi);
        }
        List<Integer> kept = new ArrayList<>();
        for (int t = 0; t < distinct.size(); t++) {
            boolean dominated = false;
            for (int u = 0; u < distinct.size() && !dominated; u++) {
                if (u == t) {
                    continue;
                }
                boolean all = true;
                boolean strict = false;
                for (int k = 0; k < curves[t].length && all; k++) {
                    all = curves[t][k] <= curves[u][k];
                    strict |= curves[t][k] < curves[u][k];
                }
                // equal curves: keep the first of them only
                dominated = all && (strict || u < t);
            }
            if (!dominated) {
                kept.add(distinct.get(t));
            }
        }
        return kept;
    }

    /** δ at every grid loss lo..hi (then the atom at +∞ appended), in O(points). */
    static double[] curve(PrivacyLossDistribution d, long lo, long hi) {
        double[] deltas = Envelope.curves(d, lo, hi)[0];
        double[] out = Arrays.copyOf(deltas, deltas.length + 1);
        out[deltas.length] = d.infinity();
        return out;
    }
}
