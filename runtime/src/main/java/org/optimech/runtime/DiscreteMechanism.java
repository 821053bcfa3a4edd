package org.optimech.runtime;

import java.util.Objects;
import java.util.OptionalInt;
import org.optimech.runtime.discrete.ConstantTimeTable;
import org.optimech.runtime.discrete.GeometricTable;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.discrete.RemapSampler;
import org.optimech.runtime.discrete.SamplingMode;
import org.optimech.runtime.discrete.KnuthYaoRows;
import org.optimech.runtime.noise.DiscreteLaplace;
import org.optimech.runtime.random.PrefixTable;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.Numerics;

/**
 * A loaded discrete mechanism, ready to privatize values: maps an input value to its row (by the
 * spec's input policy), draws an output exactly, and returns the output value. Works for both spec
 * kinds: a dense table ({@link org.optimech.runtime.discrete.KnuthYaoRows Knuth–Yao} in fast mode) and a truncated geometric mechanism followed by a remap
 * (exact discrete Laplace, clamp, remap). Obtained from {@link Mechanisms}. Thread-safe.
 */
public final class DiscreteMechanism implements Mechanism {
    private final DiscreteSpec spec;
    private final IndexSampler sampler;
    private final SamplingMode mode;
    /** The integer range of inputs, or null for labels. */
    private final IntegerRange inputRange;
    /** The first output value of an integer range of outputs (output index k is the value outputFrom + k). */
    private final long outputFrom;
    /** The sampler in words, and the rows' laws in floating point (for reports). */
    private final String samplerName;
    private final java.util.function.IntFunction<double[]> law;
    /** Whether inputs and outputs are integer ranges (the typed {@code long} forms work). */
    private final boolean integerRanges;

    /** The mechanism as a discrete one (by its visitor), or empty for the vector and function kinds. */
    public static java.util.Optional<DiscreteMechanism> of(Mechanism mechanism) {
        return mechanism.accept(new Otherwise<java.util.Optional<DiscreteMechanism>>() {
            @Override
            protected java.util.Optional<DiscreteMechanism> otherwise(Mechanism vector) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<DiscreteMechanism> visit(DiscreteMechanism discrete) {
                return java.util.Optional.of(discrete);
            }
        });
    }

    /** Draws an output index for an input index. */
    private interface IndexSampler {
        int sample(int input, RandomSource random);
    }

    /**
     * A table: the Knuth-Yao sampler over each row's integers (fewer than the row's entropy + 2 random bits per draw; faster
     * than inverting a K-bit uniform with {@link org.optimech.runtime.discrete.TableSampler} in every measured case), or the
     * constant-time full-row scan.
     */
    DiscreteMechanism(DiscreteMechanismSpec d, SamplingMode mode) {
        this.spec = d;
        this.mode = mode;
        this.inputRange = d.inputs() instanceof IntegerRange r ? r : null;
        this.outputFrom = d.outputs() instanceof IntegerRange r ? r.from() : 0;
        int rows = d.inputs().size();
        this.sampler = mode == SamplingMode.FAST ? withLookAhead(rows, KnuthYaoRows.of(d.weights())::sample) : ConstantTimeTable.of(d.weights())::sample;
        this.samplerName = mode == SamplingMode.FAST ? "Knuth-Yao walk of the row's integers" + lookAheadNote(rows) : "constant-time table scan";
        this.integerRanges = inputRange != null && d.outputs() instanceof IntegerRange;
        this.law = row -> tableLaw(d, row);
    }

    /** Geometric noise and a remap: exact discrete Laplace, clamp, remap; or two constant-time table scans. */
    DiscreteMechanism(GeometricRemapSpec g, SamplingMode mode) {
        this.spec = g;
        this.mode = mode;
        this.inputRange = g.inputs();
        this.outputFrom = g.outputs() instanceof IntegerRange r ? r.from() : 0;
        int rows = g.inputs().size();
        this.sampler = mode == SamplingMode.FAST ? withLookAhead(rows, geometricRemap(g)) : constantTimeGeometricRemap(g);
        this.samplerName = mode == SamplingMode.FAST
                ? "exact discrete Laplace (Knuth-Yao over certified enclosures), clamp, Knuth-Yao remap" + lookAheadNote(rows)
                : "constant-time scans of the certified geometric table and the remap";
        this.integerRanges = g.outputs() instanceof IntegerRange;
        this.law = row -> remapLaw(g, row);
    }

    /**
     * The truncated geometric as a certified dyadic table (see {@link GeometricTable}), then the remap's rows padded to
     * one width: two fixed-size table scans per sample.
     */
    private static IndexSampler constantTimeGeometricRemap(GeometricRemapSpec g) {
        ConstantTimeTable noise = ConstantTimeTable.of(GeometricTable.of(g.inputs().size(), g.noiseEpsilon(), g.privacy().certifiedEpsilon()));
        Remap remap = g.remap();
        java.math.BigInteger[][] rows = new java.math.BigInteger[remap.rows()][];
        int[][] outputs = new int[remap.rows()][];
        for (int z = 0; z < rows.length; z++) {
            long[] w = remap.weights(z);
            rows[z] = new java.math.BigInteger[w.length];
            for (int k = 0; k < w.length; k++) {
                rows[z][k] = java.math.BigInteger.valueOf(w[k]);
            }
            outputs[z] = remap.outputs(z);
        }
        ConstantTimeTable post = ConstantTimeTable.of(remap.bits(), rows);
        return (input, random) -> {
            int z = noise.sample(input, random);
            return outputs[z][post.sample(z, random)];
        };
    }

    /**
     * The fast sampler's walk tabulated per row over its next 6 to 10 bits ({@link PrefixTable}): one look-up and one take
     * of exactly the bits the walk uses, instead of a call per bit; the same outputs and bits as the walk for every stream.
     * At most 2^18 entries (2 MB) per mechanism: more rows than 2^12 keep the plain walk (whose noise is tabulated itself).
     */
    private static IndexSampler withLookAhead(int rows, IndexSampler walk) {
        int width = lookAheadWidth(rows);
        if (width == 0) {
            return walk;
        }
        PrefixTable table = PrefixTable.of(rows, width, walk::sample);
        return (row, random) -> (int) table.sample(row, random);
    }

    private static int lookAheadWidth(int rows) {
        return PrefixTable.widthFor(rows, 6, 10, 1 << 18);
    }

    private static String lookAheadNote(int rows) {
        int width = lookAheadWidth(rows);
        return width == 0 ? "" : ", tabulated per row over the next " + width + " bits";
    }

    private static IndexSampler geometricRemap(GeometricRemapSpec g) {
        DiscreteLaplace noise = DiscreteLaplace.of(g.noiseEpsilon());
        RemapSampler remap = RemapSampler.of(g.remap());
        long last = g.inputs().size() - 1L;
        return (input, random) -> {
            long z = Math.max(0, Math.min(last, input + noise.sample(random)));
            return remap.sample((int) z, random);
        };
    }

    /** The sampling mode this mechanism runs. */
    public SamplingMode mode() {
        return mode;
    }

    /** Which sampler runs, in words (reports and benchmarks say which one they measured). */
    public String sampler() {
        return samplerName;
    }

    /**
     * The output law of input row {@code inputIndex} in floating point: what the sampler draws exactly, rounded for reports
     * (entropy, χ² expectations). A table row is its weights over 2^K; a structural row is the clamped two-sided geometric
     * composed with the remap.
     */
    public double[] outputProbabilities(int inputIndex) {
        if (inputIndex < 0 || inputIndex >= spec.inputs().size()) {
            throw new IndexOutOfBoundsException("input index must be in [0, " + spec.inputs().size() + "). Provided value: " + inputIndex);
        }
        return law.apply(inputIndex);
    }

    private static double[] tableLaw(DiscreteMechanismSpec d, int row) {
        double[] p = new double[d.outputs().size()];
        for (int j = 0; j < p.length; j++) {
            p[j] = d.weights().probability(row, j);
        }
        return p;
    }

    private static double[] remapLaw(GeometricRemapSpec g, int row) {
        double[] p = new double[g.outputs().size()];
        double a = Math.exp(-g.noiseEpsilon().doubleValue());
        int last = g.inputs().size() - 1;
        for (int z = 0; z <= last; z++) {
            // P(clamp(i + noise) = z): each end collects its tail, a^d/(1+a); inside, (1-a)/(1+a)·a^d
            int d = Math.abs(row - z);
            double q = last == 0 ? 1 : z == 0 || z == last ? Math.pow(a, d) / (1 + a) : (1 - a) / (1 + a) * Math.pow(a, d);
            for (int k = 0; k < g.remap().width(z); k++) {
                p[g.remap().outputAt(z, k)] += q * g.remap().probabilityAt(z, k);
            }
        }
        return p;
    }

    @Override
    public DiscreteSpec spec() {
        return spec;
    }

    /**
     * The row of an input value under the spec's input policy: a domain value is its own row; otherwise
     * {@code clamp} takes an integer of any size to the nearest end of the range, and {@code default} takes any value
     * (null included) to the spec's declared default input. Neither depends on anything but the value, and neither
     * fails, so a release does not reveal through an error that a value was outside the domain.
     *
     * @throws IllegalArgumentException only under the legacy {@code reject} policy for a value outside the domain, or
     *     under {@code clamp} for a value that is not an integer at all (e.g. "abc": a caller's parsing bug)
     */
    public int inputIndex(String value) {
        InputPolicy policy = spec.privacy().inputPolicy();
        if (value == null) {
            if (policy == InputPolicy.DEFAULT) {
                return spec.privacy().defaultInput();
            }
            throw new IllegalArgumentException("input must not be null (the spec's input policy is " + policy.json() + ", which has no default input)");
        }
        OptionalInt i = spec.inputs().indexOf(value);
        if (i.isPresent()) {
            return i.getAsInt();
        }
        if (spec.inputs() instanceof IntegerRange r) {
            // linear in the text's length whatever it holds (no big-integer parsing of a crafted value)
            int clamped = r.clampedIndexOfText(value);
            boolean inside = clamped >= 0 && isInside(r, value, clamped);
            if (inside || clamped >= 0 && policy == InputPolicy.CLAMP) {
                return clamped; // in range (written as "05" or " 5"), or clamped
            }
            if (policy == InputPolicy.DEFAULT) {
                return spec.privacy().defaultInput();
            }
            if (clamped < 0) {
                throw new IllegalArgumentException("input must be an integer in [" + r.from() + ", " + r.to() + "]. Provided value: \"" + abbreviate(value) + "\"");
            }
            throw new IllegalArgumentException("input is outside [" + r.from() + ", " + r.to() + "] and the spec's input policy is reject. Provided value: "
                    + abbreviate(value));
        }
        if (policy == InputPolicy.DEFAULT) {
            return spec.privacy().defaultInput();
        }
        throw new IllegalArgumentException("input is not one of the spec's " + spec.inputs().size() + " labels. Provided value: \"" + value + "\"");
    }

    /** Whether an integer text clamped to index {@code clamped} was inside the range already (clamping moved nothing). */
    private static boolean isInside(IntegerRange r, String text, int clamped) {
        if (clamped > 0 && clamped < r.size() - 1) {
            return true; // strictly inside: clamping only ever moves values to an end
        }
        // at an end: inside only if the text is that end's value, written with any padding, sign or leading zeros
        String t = text.strip();
        boolean negative = t.startsWith("-");
        String digits = t.replaceFirst("^[+-]", "").replaceFirst("^0+(?=.)", "");
        String canonical = digits.equals("0") ? "0" : (negative ? "-" : "") + digits;
        return canonical.equals(Long.toString(r.longValueAt(clamped)));
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /** One private output for the input row {@code inputIndex}, as an output index. */
    public int sampleIndex(int inputIndex, RandomSource random) {
        if (inputIndex < 0 || inputIndex >= spec.inputs().size()) {
            throw new IndexOutOfBoundsException("input index must be in [0, " + spec.inputs().size() + "). Provided value: " + inputIndex);
        }
        return sampler.sample(inputIndex, random);
    }

    /** One private output for an input value, as an output value. */
    @Override
    public String sample(String inputValue, RandomSource random) {
        return spec.outputs().valueAt(sampler.sample(inputIndex(inputValue), random));
    }

    /**
     * One private output for an integer input (inputs outside the range follow the input policy), as an integer.
     *
     * @throws UnsupportedOperationException when the inputs or outputs are labels (use {@link #sample(String, RandomSource)})
     */
    @Override
    public long sample(long input, RandomSource random) {
        requireIntegerRanges();
        return outputFrom + sampler.sample(rowOf(input), random);
    }

    /** The batch form without boxing or strings: rows from the integer inputs, outputs as integers. */
    @Override
    public void sampleRange(long[] inputs, long[] outputs, int from, int to, RandomSource random) {
        requireIntegerRanges();
        for (int i = from; i < to; i++) {
            outputs[i] = outputFrom + sampler.sample(rowOf(inputs[i]), random);
        }
    }

    private void requireIntegerRanges() {
        if (!integerRanges) {
            throw new UnsupportedOperationException("this spec's inputs or outputs are labels, not an integer range: call sample(String, RandomSource)");
        }
    }

    /** The row of an integer input under the input policy. */
    private int rowOf(long input) {
        IntegerRange in = inputRange;
        if (input >= in.from() && input <= in.to()) {
            return (int) (input - in.from());
        }
        if (spec.privacy().inputPolicy() == InputPolicy.CLAMP) {
            return in.clampedIndexOf(input);
        }
        return inputIndex(Long.toString(input)); // default input, or the legacy reject
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public Numerics numerics() {
        return Numerics.EXACT;
    }
}
