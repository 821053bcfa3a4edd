package org.optimech.runtime.accuracy;

import java.math.BigInteger;
import java.util.Arrays;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * One input's output distribution, from the stored numbers, as integer lower bounds over 2^bits: {@code masses[k] / 2^bits ≤ P(outputs[k] | input)} and
 * {@code slack = 2^bits − Σ masses}, so every event E has {@code lo(E) ≤ P(E) ≤ lo(E) + slack / 2^bits}. A table with
 * K ≤ 62 is exact (slack 0); a larger K keeps each weight's leading 62 bits; a geometric remap bounds its noise probabilities
 * from below in floating point with a stated margin, and whatever they miss (rounding, the tails beyond 2^-80) is slack.
 *
 * <p>Each mass is also bounded from above: the true probability is at most {@code mass·(1 + 2·margin()) + unit()} over 2^bits.
 * Used by the accuracy reports and the privacy accountant. Not thread-safe: one producer per thread, reused across inputs.
 */
public abstract class RowMasses {
    /** Denominator bits of every producer (weights fit a long and so do their sums). */
    static final int MAX_BITS = 62;

    /** The output indices with positive lower-bound mass, increasing, for the last {@link #load} (a view: do not keep). */
    int[] outputs;
    /** Their masses over 2^{@link #bits} (a view). */
    long[] masses;
    /** How many of {@link #outputs} are in use. */
    int size;
    /** 2^bits − Σ masses. */
    long slack;
    /** The denominator bits. */
    int bits;

    RowMasses() {
    }

    /** Fills the fields for one input index. */
    public abstract void load(int input);

    /** A short sentence saying how exact the masses are. */
    public abstract String method();

    /** The relative margin the lower bounds were taken with (0 for a table). */
    public abstract double margin();

    /** The absolute resolution of a mass, in units of 2^-bits: 1 when weights were rounded down to 62 bits, else 0. */
    public abstract long unit();

    /** How many outputs of the last {@link #load} have positive mass. */
    public int size() {
        return size;
    }

    /** The k-th such output index (increasing in k). */
    public int output(int k) {
        return outputs[k];
    }

    /** Its mass over 2^{@link #bits()} (a lower bound of the probability). */
    public long mass(int k) {
        return masses[k];
    }

    /** 2^bits minus the masses: probability no output accounts for. */
    public long slack() {
        return slack;
    }

    public int bits() {
        return bits;
    }

    /** The producer for a discrete spec. */
    public static RowMasses of(DiscreteSpec spec) {
        return spec.accept(new MechanismSpec.Visitor<RowMasses>() {
            @Override
            public RowMasses visit(DiscreteMechanismSpec table) {
                return new Table(table.weights());
            }

            @Override
            public RowMasses visit(GeometricRemapSpec g) {
                return new GeometricRemap(g.inputs().size(), g.outputs().size(), g.noiseEpsilon().doubleValue(), g.remap());
            }

            @Override
            public RowMasses visit(KNormSpec knorm) {
                throw new IllegalArgumentException("a K-norm spec has no discrete rows");
            }

            @Override
            public RowMasses visit(GaussianProcessSpec gaussianProcess) {
                throw new IllegalArgumentException("a Gaussian-process spec has no discrete rows");
            }

            @Override
            public RowMasses visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
                throw new IllegalArgumentException("an elliptic Gaussian spec has no discrete rows");
            }
        });
    }

    /** The stored integers of a table: exact for K ≤ 62, else each weight's leading bits (floor) and the rest as slack. */
    static final class Table extends RowMasses {
        private final WeightTable weights;
        private final int shift;

        Table(WeightTable weights) {
            this.weights = weights;
            this.shift = Math.max(0, weights.denominatorBits() - MAX_BITS);
            this.bits = Math.min(MAX_BITS, weights.denominatorBits());
            this.outputs = new int[weights.cols()];
            this.masses = new long[weights.cols()];
        }

        @Override
        public double margin() {
            return 0;
        }

        @Override
        public long unit() {
            return shift == 0 ? 0 : 1;
        }

        @Override
        public void load(int input) {
            size = 0;
            long sum = 0;
            for (int j = 0; j < weights.cols(); j++) {
                BigInteger w = weights.weight(input, j);
                long m = shift == 0 ? w.longValueExact() : w.shiftRight(shift).longValue();
                if (m > 0) {
                    outputs[size] = j;
                    masses[size++] = m;
                    sum += m;
                }
            }
            slack = (1L << bits) - sum;
        }

        @Override
        public String method() {
            return shift == 0 ? "exact, from the stored integers" : "from the stored integers, each weight rounded down to a multiple of 2^-" + MAX_BITS
                    + " (the remainder is counted against every interval)";
        }
    }

    /**
     * Truncated geometric noise z = clamp(i + Z) followed by the remap. P(z | i) is (1−α)/(1+α)·α^|z−i| inside, α^i/(1+α) at
     * 0 and α^(n−1−i)/(1+α) at n−1, with α = e^-ε; each is evaluated in floating point and multiplied by 1 − margin, a margin
     * far above the evaluation's relative error (exp and expm1 to 1 ulp, the exponent's rounding at most d·ε·2^-52, a sum of
     * W positive terms at most W·2^-53), so the masses are lower bounds. Only z within D of i with α^D ≤ 2^-80 are visited.
     */
    static final class GeometricRemap extends RowMasses {
        private final int n;
        private final double epsilon;
        private final Remap remap;
        private final int reach;
        private final double margin;
        private final double interior;
        private final double end;
        private final double[] acc;
        private final boolean[] touched;

        GeometricRemap(int n, int outputCount, double epsilon, Remap remap) {
            this.n = n;
            this.epsilon = epsilon;
            this.remap = remap;
            this.bits = MAX_BITS;
            this.reach = (int) Math.min(n, Math.ceil(80 * Math.log(2) / epsilon) + 1);
            long window = 2L * reach + 1;
            int maxWidth = 1;
            for (int z = 0; z < remap.rows(); z++) {
                maxWidth = Math.max(maxWidth, remap.width(z));
            }
            // relative error budget of one mass: exponent rounding (≤ 800·2^-52 before exp underflows), exp/expm1/log1p ulps,
            // the window's sum of positive terms; doubled, plus a floor
            this.margin = 2 * ((800 + 16) * 0x1.0p-52 + window * maxWidth * 0x1.0p-53) + 1e-13;
            this.interior = -Math.expm1(-epsilon) / (1 + Math.exp(-epsilon));
            this.end = 1 / (1 + Math.exp(-epsilon));
            this.acc = new double[outputCount];
            this.touched = new boolean[outputCount];
            this.outputs = new int[outputCount];
            this.masses = new long[outputCount];
        }

        /** P(z | i) in floating point (before the margin). */
        private double noise(int z, int i) {
            if (n == 1) {
                return 1;
            }
            if (z == 0) {
                return end * Math.exp(-epsilon * i);
            }
            if (z == n - 1) {
                return end * Math.exp(-epsilon * (n - 1 - i));
            }
            return interior * Math.exp(-epsilon * Math.abs(z - i));
        }

        @Override
        public double margin() {
            return margin;
        }

        @Override
        public long unit() {
            return 2; // floor(p·(1 − margin)·2^62) ≥ p·2^62·(1 − margin) − 1
        }

        @Override
        public void load(int input) {
            int touchedCount = 0;
            int lo = Math.max(0, input - reach);
            int hi = Math.min(n - 1, input + reach);
            for (int z = lo; z <= hi; z++) {
                double p = noise(z, input);
                if (p == 0) {
                    continue;
                }
                int w = remap.width(z);
                for (int k = 0; k < w; k++) {
                    int o = remap.outputAt(z, k);
                    if (!touched[o]) {
                        touched[o] = true;
                        outputs[touchedCount++] = o;
                    }
                    acc[o] += p * remap.probabilityAt(z, k);
                }
            }
            Arrays.sort(outputs, 0, touchedCount);
            size = 0;
            long sum = 0;
            double scale = 1 - margin;
            for (int t = 0; t < touchedCount; t++) {
                int o = outputs[t];
                long m = (long) Math.floor(Math.scalb(acc[o] * scale, MAX_BITS));
                acc[o] = 0;
                touched[o] = false;
                if (m > 0) {
                    outputs[size] = o;
                    masses[size++] = m;
                    sum += m;
                }
            }
            if (sum > 1L << MAX_BITS) {
                throw new IllegalStateException("geometric masses exceed 1 (" + sum + " / 2^62): the lower bounds are wrong");
            }
            slack = (1L << MAX_BITS) - sum;
        }

        @Override
        public String method() {
            return "certified, from the stored noise epsilon and remap: noise probabilities bounded from below in floating point with a relative margin of "
                    + String.format(java.util.Locale.ROOT, "%.1e", margin) + "; what the bounds miss is counted against every interval";
        }
    }
}
