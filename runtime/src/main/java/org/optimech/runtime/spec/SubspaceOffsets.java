package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Arrays;
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
    /** Exact multiply-adds spent at load on proving the offset from enumerated records (beyond: not proved). */
    private static final long BUDGET = 20_000_000L;

    private SubspaceOffsets() {
    }

    /**
     * q0 (zero on the pivots), proved exactly to be the same for every record of the recorded statistic: its canonical
     * polynomials (box variables), its images at every domain point (multilinear features with categorical variables, when
     * few enough), or its listed records. Empty when the statistic is none of these (or not recorded) under substitution:
     * then no floating-point release is built. Under add/remove an unproved subspace gives q0 = 0 (the release then depends
     * on the pivots alone: biased if the claim were false, never revealing).
     *
     * @throws FieldException at {@code /mechanism/subspace} when the recorded statistic provably does not lie in n·q0 + V,
     *     or when the recorded statistic is malformed
     */
    static Optional<Rational[]> perRecord(JsonObject design, Relation relation, BodyChecks.Subspace sub, int d) throws FieldException {
        boolean pairs = relation == Relation.SUBSTITUTION;
        Rational[] zero = new Rational[d];
        Arrays.fill(zero, Rational.ZERO);
        Optional<Rational[]> unknown = pairs ? Optional.empty() : Optional.of(zero);
        Optional<RecordedProblem> problem = RecordedProblem.read(design);
        if (problem.isEmpty() || problem.get().supportOracle().isPresent()) {
            return unknown;
        }
        Statistic statistic = problem.get().statistic();
        if (statistic.dimension() != d) {
            return unknown;
        }
        java.util.List<Rational[]> records = new java.util.ArrayList<>();
        Optional<PolynomialStatistic> polynomial = statistic.polynomial();
        Optional<RecordStatistic> listed = statistic.match(p -> Optional.empty(), Optional::of, dd -> Optional.empty(), s -> Optional.empty());
        if (polynomial.isPresent() && polynomial.get().categoricals().isEmpty()) {
            PolynomialStatistic poly = polynomial.get();
            // exact on the canonical polynomials: t_j − Σ_i B_ji·t_{p_i} has no term but the constant (none at all for add/remove)
            if (!org.optimech.runtime.certificate.StatisticPolynomials.of(poly).liesIn(sub.pivots, sub.basis, pairs)) {
                throw outside();
            }
            records.add(exact(poly.exactDomainImage(0)));
        } else if (polynomial.isPresent() && polynomial.get().isMultilinear() && polynomial.get().domainPointCount() <= PolynomialStatistic.MAX_DOMAIN_POINTS
                && polynomial.get().domainPointCount() * d * (sub.pivots.length + 1) <= BUDGET) {
            PolynomialStatistic poly = polynomial.get();
            // a multilinear polynomial is fixed by its values at the domain points: q constant there is q constant everywhere
            for (long i = 0; i < poly.domainPointCount(); i++) {
                records.add(exact(poly.exactDomainImage(i)));
            }
        } else if (listed.isPresent() && (long) listed.get().records().length * d * (sub.pivots.length + 1) <= BUDGET) {
            for (double[] x : listed.get().records()) {
                Rational[] y = new Rational[d];
                for (int j = 0; j < d; j++) {
                    y[j] = Rational.of(x[j]);
                }
                records.add(y);
            }
        } else {
            return unknown;
        }
        Rational[] q0 = pairs ? offset(records.get(0), sub) : zero;
        for (Rational[] x : records) {
            Rational[] q = offset(x, sub);
            for (int j = 0; j < d; j++) {
                if (q[j].compareTo(q0[j]) != 0) {
                    throw outside();
                }
            }
        }
        return Optional.of(q0);
    }

    private static FieldException outside() {
        return new FieldException("/mechanism/subspace", "does not hold the recorded statistic: t(x) − B·t(x)[pivots] is not the same for every record"
                + " (zero under add/remove), so the statistic has a part off the subspace that the release would not cover");
    }

    /** t(x) − B·t(x)[pivots], exactly. */
    private static Rational[] offset(Rational[] record, BodyChecks.Subspace sub) {
        Rational[] q = new Rational[record.length];
        for (int j = 0; j < record.length; j++) {
            Rational s = record[j];
            for (int i = 0; i < sub.pivots.length; i++) {
                if (sub.basis[j][i].signum() != 0) {
                    s = s.subtract(sub.basis[j][i].multiply(record[sub.pivots[i]]));
                }
            }
            q[j] = s;
        }
        return q;
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
        if (problem.isEmpty() || problem.get().supportOracle().isPresent()) {
            return Optional.empty();
        }
        Optional<org.optimech.runtime.statistic.Ranking> ranked = problem.get().statistic().structured()
                .flatMap(s -> s.matchStructure(b -> Optional.empty(), c -> Optional.empty(), Optional::of, o -> Optional.empty()));
        if (ranked.isEmpty()) {
            return Optional.empty();
        }
        org.optimech.runtime.statistic.Ranking ranking = ranked.get();
        BigDecimal sum = BigDecimal.ZERO;
        for (BigDecimal s : ranking.scores()) {
            sum = sum.add(s);
        }
        return Optional.of(Rational.of(sum));
    }

    private static Rational[] exact(BigDecimal[] image) {
        Rational[] t = new Rational[image.length];
        for (int j = 0; j < t.length; j++) {
            t[j] = Rational.of(image[j]);
        }
        return t;
    }
}
