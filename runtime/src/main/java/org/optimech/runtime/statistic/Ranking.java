package org.optimech.runtime.statistic;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Score totals of a vote over d candidates: each record ranks the candidates and gives the candidate in place i the score
 * s_i (JSON {@code {"ranking": {"candidates": d, "scores": "borda"}}} with Borda scores d − 1, …, 1, 0, or an explicit
 * vector of d numbers). A record's contribution is a permutation of s: the adjacent outputs span the permutohedron
 * Π(s) − Π(s) = Π(s↑ − reverse(s↑)) in the sum-zero hyperplane under substitution, and conv(Π(s) ∪ −Π(s)) under add/remove.
 *
 * @param candidates d ≥ 2
 * @param scores s, exact, in place order (copied); not all equal
 * @param borda whether s was given as {@code "borda"}
 */
public record Ranking(int candidates, BigDecimal[] scores, boolean borda) implements StructuredStatistic {
    /** Largest d whose d! rankings {@link #records} enumerates. */
    private static final int MAX_ENUMERATED = 9;

    public Ranking {
        StructuredStatistic.checkDimension("candidates", candidates, 2);
        scores = Objects.requireNonNull(scores, "scores").clone();
        if (scores.length != candidates) {
            throw new IllegalArgumentException("scores must have one entry per candidate (" + candidates + "). Provided: " + scores.length);
        }
        boolean constant = true;
        for (BigDecimal s : scores) {
            constant &= Objects.requireNonNull(s, "score").compareTo(scores[0]) == 0;
        }
        if (constant) {
            throw new IllegalArgumentException("scores must not all be equal (the totals would not depend on the votes)");
        }
    }

    /** Borda scores d − 1, …, 1, 0. */
    public static Ranking borda(int candidates) {
        StructuredStatistic.checkDimension("candidates", candidates, 2);
        BigDecimal[] s = new BigDecimal[candidates];
        for (int i = 0; i < candidates; i++) {
            s[i] = BigDecimal.valueOf(candidates - 1L - i);
        }
        return new Ranking(candidates, s, true);
    }

    @Override
    public BigDecimal[] scores() {
        return scores.clone();
    }

    /** The scores sorted ascending. */
    public BigDecimal[] sortedScores() {
        BigDecimal[] s = scores.clone();
        Arrays.sort(s);
        return s;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public int dimension() {
        return candidates;
    }

    @Override
    public String form() {
        return "ranking";
    }

    @Override
    public List<String> names() {
        return StructuredStatistic.defaultNames(candidates);
    }

    /** Every permutation of the scores (d! of them; null above 9 candidates or {@code limit}, or when a score is not exactly a double). */
    @Override
    public double[][] records(int limit) {
        if (candidates > MAX_ENUMERATED) {
            return null;
        }
        long count = 1;
        for (int i = 2; i <= candidates; i++) {
            count *= i;
        }
        if (count > limit) {
            return null;
        }
        double[] s = new double[candidates];
        for (int i = 0; i < candidates; i++) {
            s[i] = scores[i].doubleValue();
            if (new BigDecimal(s[i]).compareTo(scores[i]) != 0) {
                return null;
            }
        }
        List<double[]> out = new ArrayList<>();
        permute(s, 0, out);
        return out.toArray(new double[0][]);
    }

    private static void permute(double[] s, int from, List<double[]> out) {
        if (from == s.length) {
            out.add(s.clone());
            return;
        }
        for (int i = from; i < s.length; i++) {
            double t = s[from];
            s[from] = s[i];
            s[i] = t;
            permute(s, from + 1, out);
            s[i] = s[from];
            s[from] = t;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ranking r && r.candidates == candidates && r.borda == borda && Arrays.equals(r.scores, scores);
    }

    @Override
    public int hashCode() {
        return 31 * candidates + Arrays.hashCode(scores);
    }

    @Override
    public String toString() {
        return "Ranking[candidates=" + candidates + ", scores=" + (borda ? "borda" : Arrays.toString(scores)) + "]";
    }
}
