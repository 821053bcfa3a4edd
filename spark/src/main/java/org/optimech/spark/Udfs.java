package org.optimech.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.api.java.UDF1;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.noise.Geometric;
import org.optimech.runtime.random.RandomSource;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.NumericsPolicy;

/**
 * The job's random steps as Spark UDFs. Each noise step is registered non-deterministic, so the optimizer neither folds,
 * reorders nor duplicates it; each task deserializes its own instance, whose randomness ({@link NoiseSource#open}) is
 * opened on first use, so every partition draws from its own source. Contribution bounding instead ranks rows by a keyed
 * hash ({@link KeyedRank}), deterministic given the job's secret, so a recomputed partition keeps the same rows.
 */
final class Udfs {
    private Udfs() {
    }

    /** An output index as the released value: a long for an integer range, the label otherwise (the column type chosen at plan time). */
    static Object outputValue(DiscreteSpec spec, int index) {
        return spec.outputs() instanceof IntegerRange r ? (Object) r.longValueAt(index) : spec.outputs().valueAt(index);
    }

    /** Common state: the source and a salt telling this step's stream apart in seeded mode. */
    abstract static class Random implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final NoiseSource source;
        private final long salt;
        private transient RandomSource bits;

        Random(NoiseSource source, long salt) {
            this.source = source;
            this.salt = salt;
        }

        final RandomSource bits() {
            if (bits == null) {
                bits = source.open(salt);
            }
            return bits;
        }
    }

    /**
     * The rank contribution bounding keeps the lowest of: the first 64 bits of HMAC-SHA256, keyed with the job's secret,
     * over a domain tag and a canonical encoding of the row's fields (a string as 0x00, its UTF-8 length in 4 bytes and
     * its bytes; a long as 0x01 and 8 bytes, big-endian; the schema is fixed per use, so the encoding is injective).
     *
     * <p>Registered <em>deterministic</em>, because it is: given the key in its closure, a row's rank is a function of the
     * row alone, so Spark may re-run, move or share the call (a retried task, a recomputed lost partition, a second
     * action) and every evaluation keeps the same rows. Under a key the analyst never sees, HMAC is a pseudorandom
     * function: the ranks of distinct rows look like independent uniform draws, so the kept rows are a uniformly random
     * subset. The key never leaves the closure: no log, plan string or output shows it.
     */
    static final class KeyedRank implements UDF1<Row, Long> {
        private static final long serialVersionUID = 1L;
        private static final String ALGORITHM = "HmacSHA256";
        private final byte[] key;
        private final byte tag;
        private transient Mac mac;
        private transient byte[] scratch;

        /**
         * @param key the job's secret (copied)
         * @param tag tells the job's uses apart, so no rank of one use is a rank of another
         */
        KeyedRank(byte[] key, byte tag) {
            this.key = key.clone();
            this.tag = tag;
        }

        @Override
        public Long call(Row row) throws GeneralSecurityException {
            if (mac == null) {
                mac = Mac.getInstance(ALGORITHM);
                mac.init(new SecretKeySpec(key, ALGORITHM));
                scratch = new byte[32];
            }
            mac.update(tag);
            for (int i = 0; i < row.length(); i++) {
                Object v = row.get(i);
                if (v instanceof String str) {
                    byte[] utf8 = str.getBytes(StandardCharsets.UTF_8);
                    mac.update((byte) 0);
                    put(utf8.length, 4);
                    mac.update(utf8);
                } else if (v instanceof Long l) {
                    mac.update((byte) 1);
                    put(l, 8);
                } else {
                    // the type only: the value is private data, and an exception message ends up in logs
                    throw new IllegalArgumentException("a keyed rank reads strings and longs only. Provided type at field " + i + ": "
                            + (v == null ? "null" : v.getClass().getName()));
                }
            }
            mac.doFinal(scratch, 0);
            long r = 0;
            for (int i = 0; i < 8; i++) {
                r = (r << 8) | (scratch[i] & 0xFFL);
            }
            return r;
        }

        /** The low {@code bytes} bytes of {@code v}, big-endian, into the MAC. */
        private void put(long v, int bytes) {
            for (int i = 0; i < bytes; i++) {
                scratch[i] = (byte) (v >>> (8 * (bytes - 1 - i)));
            }
            mac.update(scratch, 0, bytes);
        }
    }

    /** Partition selection: keep a key iff units + Z ≥ τ, Z exact discrete Laplace at rate ε/G. */
    static final class Select extends Random implements UDF1<Long, Boolean> {
        private static final long serialVersionUID = 1L;
        private final BigInteger rateNumerator;
        private final BigInteger rateDenominator;
        private final long threshold;
        private transient Geometric noise;

        Select(NoiseSource source, PartitionSelection selection) {
            super(source, 3);
            Rational r = selection.rate();
            this.rateNumerator = r.numerator();
            this.rateDenominator = r.denominator();
            this.threshold = selection.threshold();
        }

        @Override
        public Boolean call(Long units) {
            if (noise == null) {
                noise = Geometric.twoSided(rateNumerator, rateDenominator);
            }
            BigInteger z = noise.sampleBig(bits());
            return z.add(BigInteger.valueOf(units)).compareTo(BigInteger.valueOf(threshold)) >= 0;
        }
    }

    /** A discrete spec applied to a group's row count: clamp into the spec's range (its policy is clamp), sample. */
    static final class CountNoise extends Random implements UDF1<BigDecimal, Object> {
        private static final long serialVersionUID = 1L;
        private final SpecBroadcast spec;
        private transient DiscreteMechanism mechanism;

        CountNoise(NoiseSource source, SpecBroadcast spec) {
            super(source, 4);
            this.spec = spec;
        }

        @Override
        public Object call(BigDecimal count) {
            if (mechanism == null) {
                mechanism = spec.discreteMechanism();
            }
            DiscreteSpec s = mechanism.spec();
            int row = ((IntegerRange) s.inputs()).clampedIndexOf(count.toBigIntegerExact()); // total: no count throws
            return outputValue(s, mechanism.sampleIndex(row, bits()));
        }
    }

    /**
     * A K-norm spec applied to a group's exact integer feature sums S (the statistic is S / 2^scale). A lattice spec
     * rounds S / 2^{scale+e} to the nearest integer exactly (ties to even) and adds exact lattice noise; an idealized one
     * converts S to doubles (correctly rounded) and adds floating-point noise.
     */
    static final class KNormNoise extends Random implements UDF1<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final SpecBroadcast spec;
        private final int scaleBits;
        private transient KNormSpec knorm;
        private transient KNormMechanism mechanism;
        /** The lattice's spacing exponent, or null for floating-point noise. */
        private transient Integer exponent;

        KNormNoise(NoiseSource source, SpecBroadcast spec, int scaleBits) {
            super(source, 5);
            this.spec = spec;
            this.scaleBits = scaleBits;
        }

        @Override
        public Row call(Row sums) {
            if (knorm == null) {
                mechanism = spec.knormMechanism();
                knorm = mechanism.spec();
                exponent = mechanism.latticeExponent().isPresent() ? mechanism.latticeExponent().getAsInt() : null;
            }
            int d = knorm.dimension();
            Object[] out = new Object[d];
            if (exponent != null) {
                // exact lattice index of the exact fixed-point sum, exact noise, doubles only as post-processing: total
                int shift = scaleBits + exponent;
                BigInteger[] y = new BigInteger[d];
                for (int j = 0; j < d; j++) {
                    y[j] = latticeIndex(sums.getDecimal(j).toBigIntegerExact(), shift);
                }
                double[] v = mechanism.releaseIndex(y, bits());
                for (int j = 0; j < d; j++) {
                    out[j] = v[j];
                }
                return RowFactory.create(out);
            }
            double[] t = new double[d];
            for (int j = 0; j < d; j++) {
                t[j] = Math.scalb(sums.getDecimal(j).doubleValue(), -scaleBits);
            }
            double[] r = mechanism.sample(t, bits());
            for (int j = 0; j < d; j++) {
                out[j] = r[j];
            }
            return RowFactory.create(out);
        }

        /** round(S / 2^shift), ties to even, exactly. */
        static BigInteger latticeIndex(BigInteger sum, int shift) {
            if (shift <= 0) {
                return sum.shiftLeft(-shift);
            }
            return new BigDecimal(sum).divide(new BigDecimal(BigInteger.ONE.shiftLeft(shift))).setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact();
        }
    }

    /** Local DP: one row's value through a complete-graph discrete spec. */
    static final class LocalNoise extends Random implements UDF1<Object, Object> {
        private static final long serialVersionUID = 1L;
        private final SpecBroadcast spec;
        private transient DiscreteMechanism mechanism;

        LocalNoise(NoiseSource source, SpecBroadcast spec) {
            super(source, 6);
            this.spec = spec;
        }

        @Override
        public Object call(Object value) {
            if (mechanism == null) {
                mechanism = spec.discreteMechanism();
            }
            DiscreteSpec s = mechanism.spec();
            return outputValue(s, mechanism.sampleIndex(row(mechanism, value), bits()));
        }

        /**
         * The row a value is released as, never failing (LocalRelease refuses reject specs): a domain value is its row; the
         * default policy maps everything else, null included, to the default input; clamp takes integers to the nearest end,
         * other numbers rounded half-even then clamped, and anything else (null, text) to the range's lower end. Fixed and
         * public, so on the complete graph every value keeps ε-local DP.
         */
        static int row(DiscreteMechanism m, Object value) {
            if (m.spec().privacy().inputPolicy() == org.optimech.runtime.spec.InputPolicy.DEFAULT) {
                return m.inputIndex(value == null ? null : value.toString());
            }
            if (value == null) {
                return 0;
            }
            String text = value.toString();
            IntegerRange r = (IntegerRange) m.spec().inputs();
            int integer = r.clampedIndexOfText(text); // linear in the text's length, whatever it holds
            if (integer >= 0) {
                return integer;
            }
            if (text.length() > MAX_NUMBER_TEXT) {
                return 0; // not a number any column type produces: text
            }
            try {
                BigDecimal x = new BigDecimal(text.strip());
                if (x.signum() == 0 || x.precision() - x.scale() < 0) {
                    return r.clampedIndexOf(0L); // |x| < 0.1 rounds to 0 (decided without expanding 1e-30000000)
                }
                if (x.precision() - x.scale() > 19) {
                    return x.signum() < 0 ? 0 : r.size() - 1; // |x| ≥ 10^19: beyond the range (decided without expanding 1e30000000)
                }
                return r.clampedIndexOf(x.setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact());
            } catch (NumberFormatException | ArithmeticException notANumber) {
                return 0;
            }
        }

        /** Longest text parsed as a decimal number (a double's text is at most 25 characters). */
        private static final int MAX_NUMBER_TEXT = 100;
    }
}
