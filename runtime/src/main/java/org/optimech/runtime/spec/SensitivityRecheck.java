package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import org.optimech.runtime.exact.Dyadic;
import org.optimech.runtime.exact.IntegerMatrices;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonObject;

/**
 * Δ re-derived at load from what a K-norm spec records about its design: the statistic in {@code design.problem} (every
 * adjacent output of a finite statistic checked exactly against Δ with the body's exact gauge from {@link BodyChecks}), or
 * the stored sensitivity certificate, walked by the runtime's own interval evaluator. One job: the recorded problem against
 * the checked body; the body itself is {@link BodyChecks}'s.
 */
final class SensitivityRecheck {
    private static final String P = KNormJson.P;

    private SensitivityRecheck() {
    }

    /** Exact operations (multiply-adds on integers) the load-time re-derivation may spend before it gives up, saying so. */
    static final long RECHECK_BUDGET = 20_000_000L;

    /**
     * Re-derives the adjacent output space from the statistic stored in {@code design.problem} (the designer's own input,
     * covered by the digest) and checks exactly that every adjacent output and its negative has K-norm at most Δ. Finite
     * statistics (multilinear features of box and categorical variables, records, differences) are re-derived; a curved
     * statistic, a missing problem or one too large to re-check within {@link #RECHECK_BUDGET} leaves Δ unchecked, which
     * the runtime policy then refuses unless allowed or signed. A re-derived output beyond Δ refuses the spec.
     */
    static SensitivityCheck recheck(JsonObject design, Relation relation, int d, BodyChecks.Subspace sub, BodyChecks.CheckedBody body, Body stored, BigDecimal delta,
            KNormBlock.SensitivityCertificate certificate) throws FieldException {
        String pp = "/design/problem";
        java.util.Optional<RecordedProblem> recorded = RecordedProblem.read(design);
        if (recorded.isEmpty()) {
            return new SensitivityCheck(false, 0, "the spec does not record the statistic it was designed for (design.problem.statistic)");
        }
        RecordedProblem problem = recorded.get();
        Relation stated = problem.relation();
        if (stated != relation) {
            throw new FieldException(pp + "/neighbours", "the problem was designed for " + stated.json() + " but /privacy/relation states " + relation.json()
                    + ": the guarantee would be about another relation than the one the sensitivity covers");
        }
        long rows = problem.rowsPerUnit();
        if (rows > 1 && relation == Relation.SUBSTITUTION) {
            throw new FieldException(pp + "/rows_per_unit", "with substitution the guarantee covers exactly " + rows + " rows changed, not a privacy unit "
                    + "of up to " + rows + " rows (its row count would be unprotected); such a spec states a guarantee it does not have. Provided value: " + rows);
        }
        if (problem.supportOracle().isPresent()) {
            return new SensitivityCheck(false, 0, "the statistic is a user-supplied support function (" + problem.supportOracle().orElseThrow()
                    + "): Δ rests on its certified bounds, which the runtime cannot re-derive");
        }
        org.optimech.runtime.statistic.Statistic statistic = problem.statistic();
        if (statistic.dimension() != d) {
            throw new FieldException(pp + "/statistic", "has dimension " + statistic.dimension() + " but the mechanism's dimension is " + d);
        }
        if (certificate != null) {
            return certified(statistic, rows, relation, sub, body, delta, certificate);
        }
        double[][] points;
        boolean pairs;
        Optional<org.optimech.runtime.statistic.StructuredStatistic> structuredForm = statistic.structured();
        Optional<org.optimech.runtime.statistic.PolynomialStatistic> polynomialForm = statistic.polynomial();
        if (structuredForm.isPresent()) {
            org.optimech.runtime.statistic.StructuredStatistic structured = structuredForm.get();
            if (rows != 1) {
                throw new FieldException(pp + "/rows_per_unit", "needs a statistic given by variables and features. Provided value: " + rows);
            }
            // closed forms for the statistic's own bodies and the balls; otherwise its record domain's extreme points, when few
            SensitivityCheck closed = StructuredSensitivity.recheck(structured, relation, stored, delta, pp + "/statistic");
            if (closed != null) {
                return closed;
            }
            points = structured.records(org.optimech.runtime.statistic.PolynomialStatistic.MAX_DOMAIN_POINTS);
            if (points == null) {
                return new SensitivityCheck(false, 0, "no closed form for a " + stored.type() + " body over the " + structured.form()
                        + " statistic, and its record domain is too large to enumerate at load");
            }
            pairs = relation == Relation.SUBSTITUTION;
        } else if (polynomialForm.isPresent()) {
            org.optimech.runtime.statistic.PolynomialStatistic poly = polynomialForm.get();
            if (!poly.isMultilinear()) {
                return new SensitivityCheck(false, 0, "the statistic is curved (polynomial features of degree " + poly.degree()
                        + "): its sensitivity is the designer's certified bound, which the runtime cannot re-derive at load");
            }
            if (poly.domainPointCount() > org.optimech.runtime.statistic.PolynomialStatistic.MAX_DOMAIN_POINTS) {
                return new SensitivityCheck(false, 0, "the statistic's box vertices times category levels are too many to enumerate at load");
            }
            try {
                points = poly.scaled(rows).domainImages();
            } catch (IllegalArgumentException e) {
                throw new FieldException(pp + "/statistic", e.getMessage());
            }
            pairs = relation == Relation.SUBSTITUTION;
        } else if (rows != 1) {
            throw new FieldException(pp + "/rows_per_unit", "needs a statistic given by variables and features. Provided value: " + rows);
        } else {
            // listed records (paired under substitution), or the adjacent outputs themselves
            points = statistic.match(p -> null, r -> r.records(), dd -> dd.differences(), s -> null);
            pairs = relation == Relation.SUBSTITUTION && statistic.match(p -> false, r -> true, dd -> false, s -> false);
        }
        points = distinctRows(points);
        int k = sub == null ? d : sub.pivots.length;
        BodyChecks.Functionals f = body.functionals();
        long n = points.length;
        long cost = !pairs ? n * body.gaugeCost() : f != null ? (long) f.normals().length * n * k : n * (n - 1) / 2 * (body.gaugeCost() + k);
        if (cost > RECHECK_BUDGET) {
            return new SensitivityCheck(false, 0, "re-deriving Δ over " + (pairs ? n + " records' pairwise differences" : n + " points") + " would take about " + cost
                    + " exact operations, more than the " + RECHECK_BUDGET + " spent at load");
        }
        int s = Dyadic.shift(points);
        BigInteger[][] y = Dyadic.scale(points, s);
        Rational t = Rational.of(delta.multiply(Dyadic.powerOfTwo(s)));
        if (sub != null) {
            // the adjacent outputs must lie in the stored subspace (differences of points for substitution, points otherwise);
            // the subspace is linear, so reduction is taken point by point
            Rational unit = Rational.of(Dyadic.powerOfTwo(s));
            for (int i = 0; i < y.length; i++) {
                double[] check = new double[d];
                for (int j = 0; j < d; j++) {
                    check[j] = pairs ? points[i][j] - points[0][j] : points[i][j];
                }
                if (pairs && !exactDifference(points[i], points[0])) {
                    return new SensitivityCheck(false, 0, "a difference of two records is not exactly a double");
                }
                sub.reduce(check, pp + "/statistic");
            }
            BigInteger[][] reduced = new BigInteger[y.length][k];
            for (int i = 0; i < y.length; i++) {
                for (int j = 0; j < k; j++) {
                    reduced[i][j] = y[i][sub.pivots[j]];
                }
            }
            y = reduced;
            assert unit.signum() > 0;
        }
        double[] abstain = new double[k];
        Arrays.fill(abstain, Double.NaN);
        if (!pairs) {
            for (int i = 0; i < y.length; i++) {
                if (!body.within(abstain, Double.NaN, y[i], t)) {
                    throw aboveDelta(pp + "/statistic", delta, "the adjacent output " + Arrays.toString(points[i]));
                }
            }
            return new SensitivityCheck(true, 2L * y.length, "re-derived from design.problem: " + (2L * y.length) + " adjacent outputs (± each of " + y.length
                    + " points), every one within Δ");
        }
        if (f != null) {
            for (int q = 0; q < f.normals().length; q++) {
                BigInteger max = null;
                BigInteger min = null;
                int argMax = 0;
                int argMin = 0;
                for (int i = 0; i < y.length; i++) {
                    BigInteger v = IntegerMatrices.dot(f.normals()[q], y[i]);
                    if (max == null || v.compareTo(max) > 0) {
                        max = v;
                        argMax = i;
                    }
                    if (min == null || v.compareTo(min) < 0) {
                        min = v;
                        argMin = i;
                    }
                }
                if (!BodyChecks.atMost(max.subtract(min), t.multiply(f.bounds()[q]))) {
                    throw aboveDelta(pp + "/statistic", delta, "the difference of the records " + Arrays.toString(points[argMax]) + " and "
                            + Arrays.toString(points[argMin]));
                }
            }
        } else {
            BigInteger[] diff = new BigInteger[k];
            for (int a = 0; a < y.length; a++) {
                for (int b = a + 1; b < y.length; b++) {
                    for (int j = 0; j < k; j++) {
                        diff[j] = y[a][j].subtract(y[b][j]);
                    }
                    if (!body.within(abstain, Double.NaN, diff, t)) {
                        throw aboveDelta(pp + "/statistic", delta, "the difference of the records " + Arrays.toString(points[a]) + " and "
                                + Arrays.toString(points[b]));
                    }
                }
            }
        }
        long count = (long) y.length * (y.length - 1);
        return new SensitivityCheck(true, count, "re-derived from design.problem: the " + count + " differences of " + y.length
                + " distinct records, every one within Δ");
    }

    /**
     * Re-checks a stored certificate: its trees, walked over the recorded statistic's box with the runtime's own interval
     * evaluator, must prove the gauge of the stored body at most Δ. A certificate that does not is refused (the spec is
     * invalid), as is one that comes with a statistic or body it cannot cover.
     */
    private static SensitivityCheck certified(org.optimech.runtime.statistic.Statistic statistic, long rows, Relation relation, BodyChecks.Subspace sub, BodyChecks.CheckedBody body,
            BigDecimal delta, KNormBlock.SensitivityCertificate certificate) throws FieldException {
        String cp = P + "/sensitivity_certificate";
        Optional<org.optimech.runtime.statistic.PolynomialStatistic> boxes = statistic.polynomial().filter(p -> p.categoricals().isEmpty());
        if (boxes.isEmpty()) {
            throw new FieldException(cp, "certifies polynomial statistics of box variables only; design.problem.statistic is not one");
        }
        org.optimech.runtime.statistic.PolynomialStatistic poly = boxes.get();
        org.optimech.runtime.certificate.Gauge gauge = body.certificateGauge();
        if (gauge == null) {
            throw new FieldException(cp, "is for a body whose gauge has no certificate form (a half-space body without facets)");
        }
        byte[] trees;
        try {
            trees = org.optimech.runtime.certificate.TreeCodes.decode(certificate.trees());
        } catch (IllegalArgumentException e) {
            throw new FieldException(cp + "/trees", e.getMessage());
        }
        org.optimech.runtime.certificate.StatisticPolynomials sp;
        try {
            sp = org.optimech.runtime.certificate.StatisticPolynomials.of(poly.scaled(rows));
        } catch (IllegalArgumentException e) {
            throw new FieldException("/design/problem/statistic", e.getMessage());
        }
        if (sub != null) {
            // the trees bound the body's gauge over the pivot coordinates: that covers S_T only when S_T lies in the subspace, proved exactly
            if (!sp.liesIn(sub.pivots, sub.basis, relation == Relation.SUBSTITUTION)) {
                throw new FieldException(P + "/subspace", "does not hold the recorded statistic's adjacent outputs (its features are not these combinations of the "
                        + "pivot features), so a certificate over the pivot coordinates does not cover them");
            }
            gauge = gauge.onPivots(sub.pivots, sp.dimension());
        }
        long start = System.nanoTime();
        org.optimech.runtime.certificate.CertificateCheck.Proof proof;
        try {
            proof = org.optimech.runtime.certificate.CertificateCheck.check(sp, relation == Relation.SUBSTITUTION, gauge, trees, delta);
        } catch (org.optimech.runtime.certificate.CertificateCheck.CertificateException e) {
            throw new FieldException(cp + "/trees", "does not prove sensitivity = " + delta + ": " + e.getMessage());
        }
        double ms = (System.nanoTime() - start) / 1e6;
        return new SensitivityCheck(true, 0, String.format(java.util.Locale.ROOT, "re-checked from the stored certificate: %d boxes of the %s search over the "
                + "recorded statistic bound the gauge by %.12g <= sensitivity (%.0f ms)", proof.nodes(), relation == Relation.SUBSTITUTION ? "record-pair" : "record",
                proof.upper(), ms));
    }

    private static FieldException aboveDelta(String ptr, BigDecimal delta, String what) {
        return new FieldException(ptr, "re-derived from the stored statistic, " + what + " has K-norm above sensitivity = " + delta
                + ": the noise would be too small for it");
    }

    private static boolean exactDifference(double[] a, double[] b) {
        for (int j = 0; j < a.length; j++) {
            double u = a[j] - b[j];
            if (new BigDecimal(u).compareTo(new BigDecimal(a[j]).subtract(new BigDecimal(b[j]))) != 0) {
                return false;
            }
        }
        return true;
    }

    private static double[][] distinctRows(double[][] rows) {
        java.util.LinkedHashMap<String, double[]> seen = new java.util.LinkedHashMap<>();
        for (double[] r : rows) {
            double[] key = r.clone();
            for (int j = 0; j < key.length; j++) {
                key[j] += 0.0; // −0 and 0 are one point
            }
            seen.putIfAbsent(Arrays.toString(key), key);
        }
        return seen.values().toArray(new double[0][]);
    }
}
