package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.RecordStatistic;
import org.optimech.runtime.statistic.Statistic;

/**
 * The public part of a statistic whose adjacent outputs span a proper subspace V = {x = B·x[pivots]}: every record satisfies
 * t(x) − B·t(x)[pivots] = q0, so T = Σ t(x_i) lies in n·q0 + V. Under add/remove a single record is itself an adjacent
 * output, so q0 = 0; under substitution q0 is read off one record of the recorded statistic, in exact arithmetic. The release
 * then takes from the caller's statistic only its pivot coordinates (and n), never the coordinates that are zero or dependent
 * in exact arithmetic, where a floating-point evaluation leaves a residue that would otherwise be published without noise.
 */
final class SubspaceOffsets {
    private SubspaceOffsets() {
    }

    /**
     * q0 (zero on the pivots), or empty when the spec records no statistic the runtime can evaluate on a record (then a
     * substitution release in the subspace cannot separate the public part and is refused when a mechanism is built).
     *
     * @throws FieldException when the recorded statistic is malformed
     */
    static Optional<Rational[]> perRecord(JsonObject design, Relation relation, BodyChecks.Subspace sub, int d) throws FieldException {
        Rational[] zero = new Rational[d];
        Arrays.fill(zero, Rational.ZERO);
        if (relation != Relation.SUBSTITUTION) {
            return Optional.of(zero);
        }
        Optional<RecordedProblem> problem = RecordedProblem.read(design);
        if (problem.isEmpty() || problem.get().supportOracle().isPresent()) {
            return Optional.empty();
        }
        Statistic statistic = problem.get().statistic();
        if (statistic.dimension() != d) {
            return Optional.empty();
        }
        Rational[] record;
        if (statistic instanceof PolynomialStatistic poly) {
            record = firstRecord(poly);
        } else if (statistic instanceof RecordStatistic r) {
            record = new Rational[d];
            for (int j = 0; j < d; j++) {
                record[j] = Rational.of(r.records()[0][j]);
            }
        } else {
            return Optional.empty();
        }
        Rational[] q = new Rational[d];
        for (int j = 0; j < d; j++) {
            Rational s = record[j];
            for (int i = 0; i < sub.pivots.length; i++) {
                if (sub.basis[j][i].signum() != 0) {
                    s = s.subtract(sub.basis[j][i].multiply(record[sub.pivots[i]]));
                }
            }
            q[j] = s;
        }
        return Optional.of(q);
    }

    /**
     * σ, the sum of one record's contributions, for a body in the hyperplane Σx = 0 (permutohedron without prism, elliptic
     * Gaussian with no variance along 1): 0 under add/remove (a record is itself an adjacent output, so its sum is 0 for the
     * body to cover it); under substitution the recorded ranking's score sum; empty when the spec records no ranking.
     *
     * @throws FieldException when the recorded statistic is malformed
     */
    static Optional<Rational> hyperplaneRecordSum(JsonObject design, Relation relation) throws FieldException {
        if (relation != Relation.SUBSTITUTION) {
            return Optional.of(Rational.ZERO);
        }
        Optional<RecordedProblem> problem = RecordedProblem.read(design);
        if (problem.isEmpty() || problem.get().supportOracle().isPresent()
                || !(problem.get().statistic() instanceof org.optimech.runtime.statistic.Ranking ranking)) {
            return Optional.empty();
        }
        BigDecimal sum = BigDecimal.ZERO;
        for (BigDecimal s : ranking.scores()) {
            sum = sum.add(s);
        }
        return Optional.of(Rational.of(sum));
    }

    /** t at the record with every box variable at its lower bound and every categorical at its first level, exactly. */
    static Rational[] firstRecord(PolynomialStatistic poly) {
        java.util.Set<String> on = new java.util.HashSet<>();
        java.util.Set<String> indicators = new java.util.HashSet<>();
        for (PolynomialStatistic.CategoricalVariable c : poly.categoricals()) {
            on.add(c.indicator(c.levels().get(0)));
            for (String level : c.levels()) {
                indicators.add(c.indicator(level));
            }
        }
        Map<String, BigDecimal> box = new java.util.HashMap<>();
        for (PolynomialStatistic.BoxVariable v : poly.variables()) {
            box.put(v.name(), new BigDecimal(v.lower()));
        }
        Rational[] t = new Rational[poly.features().size()];
        for (int j = 0; j < t.length; j++) {
            BigDecimal s = BigDecimal.ZERO;
            for (PolynomialStatistic.Term term : poly.features().get(j).terms()) {
                BigDecimal p = term.coefficient();
                for (Map.Entry<String, Integer> e : term.powers().entrySet()) {
                    BigDecimal x = box.get(e.getKey());
                    if (x != null) {
                        p = p.multiply(x.pow(e.getValue()));
                    } else if (indicators.contains(e.getKey())) {
                        p = on.contains(e.getKey()) ? p : BigDecimal.ZERO;
                    } else {
                        throw new IllegalArgumentException("feature " + poly.features().get(j).name() + " uses " + e.getKey()
                                + ", which is neither a box variable nor a level's indicator");
                    }
                }
                s = s.add(p);
            }
            t[j] = Rational.of(s);
        }
        return t;
    }
}
