package org.optimech.designer.discrete;

import java.math.BigInteger;
import org.optimech.runtime.discrete.WeightTable;

/**
 * Rounds probabilities to integer weights over {@code 2^K} (docs/DESIGN.md §4): every entry rounded down,
 * each row's residual put on its largest entry, so rows sum exactly and no small entry is ever
 * rounded up. K is chosen so that the smallest positive entry keeps at least 40 bits (then rounding
 * moves any ratio by less than 2^−39); tables whose entries all exceed 2^−22 fit in 62 bits, the
 * fast path of the runtime sampler.
 */
final class Quantizer {
    private static final double LN2 = Math.log(2);

    private Quantizer() {
    }

    /** Denominator exponent for log probabilities whose smallest finite entry is {@code minLog}. */
    static int bitsFor(double minLog) {
        double needed = -minLog / LN2;
        if (needed + 40 <= WeightTable.LONG_BITS) {
            return WeightTable.LONG_BITS;
        }
        return (int) Math.ceil(needed) + 64;
    }

    /** Weights from log probabilities (rows normalised, −∞ for zero). */
    static WeightTable fromLog(double[][] logp) {
        double min = 0;
        for (double[] row : logp) {
            for (double v : row) {
                if (v > Double.NEGATIVE_INFINITY) {
                    min = Math.min(min, v);
                }
            }
        }
        int bits = bitsFor(min);
        BigInteger[][] w = new BigInteger[logp.length][];
        for (int i = 0; i < logp.length; i++) {
            w[i] = new BigInteger[logp[i].length];
            for (int j = 0; j < logp[i].length; j++) {
                w[i][j] = logp[i][j] == Double.NEGATIVE_INFINITY ? BigInteger.ZERO : floorPow2(bits + logp[i][j] / LN2);
            }
            settleResidual(w[i], bits);
        }
        return WeightTable.of(bits, w);
    }

    /** Weights over {@code 2^bits} from probabilities (rows normalised), {@code bits ≤ 62}. */
    static WeightTable fromProbabilities(double[][] p, int bits) {
        if (bits > WeightTable.LONG_BITS) {
            throw new IllegalArgumentException("bits must be <= 62. Provided value: " + bits);
        }
        BigInteger[][] w = new BigInteger[p.length][];
        for (int i = 0; i < p.length; i++) {
            w[i] = new BigInteger[p[i].length];
            for (int j = 0; j < p[i].length; j++) {
                w[i][j] = BigInteger.valueOf((long) Math.floor(Math.scalb(p[i][j], bits)));
            }
            settleResidual(w[i], bits);
        }
        return WeightTable.of(bits, w);
    }

    /** floor(2^e) for a double exponent e, exact to the 53 bits a double carries. */
    static BigInteger floorPow2(double e) {
        if (e < 0) {
            return BigInteger.ZERO;
        }
        if (e < 62) {
            return BigInteger.valueOf((long) Math.floor(Math.pow(2, e)));
        }
        long whole = (long) Math.floor(e);
        double mantissa = Math.pow(2, e - whole); // in [1, 2)
        long top = (long) Math.floor(Math.scalb(mantissa, 52));
        return BigInteger.valueOf(top).shiftLeft((int) (whole - 52));
    }

    /** Makes the row sum exactly 2^bits by adjusting its largest entry (rounding left a few units). */
    private static void settleResidual(BigInteger[] row, int bits) {
        BigInteger sum = BigInteger.ZERO;
        int largest = 0;
        for (int j = 0; j < row.length; j++) {
            sum = sum.add(row[j]);
            if (row[j].compareTo(row[largest]) > 0) {
                largest = j;
            }
        }
        BigInteger residual = BigInteger.ONE.shiftLeft(bits).subtract(sum);
        row[largest] = row[largest].add(residual);
        if (row[largest].signum() < 0) {
            throw new IllegalStateException("rounding produced a negative weight");
        }
    }
}
