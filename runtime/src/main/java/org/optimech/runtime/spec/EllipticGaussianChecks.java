package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Optional;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.statistic.Statistic;
import org.optimech.runtime.statistic.StatisticReader;
import org.optimech.runtime.statistic.StructuredStatistic;

/**
 * Checks an elliptic Gaussian block: the variances' ranges; the calibration, the Gaussian mechanism's exact privacy profile
 * (Balle–Wang) at Mahalanobis sensitivity Δ_Σ and unit noise, bounded above with its evaluation error, at most the certified δ
 * (the privacy loss between N(T, Σ) and N(T′, Σ) is that of N(0, 1) against N(‖Σ^{-1/2}(T − T′)‖, 1)); and Δ_Σ itself,
 * re-derived exactly from the structured statistic recorded in {@code design.problem} ({@link MahalanobisSensitivity}): Δ_Σ² must
 * be at least sup uᵀΣ⁻¹u over the adjacent outputs, in exact rationals. The sampler is built by the mechanism
 * ({@code EllipticGaussianMechanism}).
 */
final class EllipticGaussianChecks {
    private static final String P = "/mechanism";

    private EllipticGaussianChecks() {
    }

    /** Checks the block; returns how Δ_Σ was re-derived. */
    static SensitivityCheck check(EllipticGaussianBlock b, BigDecimal certEps, BigDecimal certDelta, Relation relation, JsonObject design) throws FieldException {
        int d = b.dimension();
        if (d < 1 || d > StructuredStatistic.MAX_DIMENSION) {
            throw new FieldException(P + "/dimension", "must be in [1, " + StructuredStatistic.MAX_DIMENSION + "]. Provided value: " + d);
        }
        double across = b.varianceAcross().doubleValue();
        if (b.varianceAcross().signum() <= 0 || Double.isInfinite(across)) {
            throw new FieldException(P + "/covariance/across", "must be > 0 and finite. Provided value: " + b.varianceAcross().toPlainString());
        }
        double along = b.varianceAlong().doubleValue();
        if (b.varianceAlong().signum() < 0 || Double.isInfinite(along)) {
            throw new FieldException(P + "/covariance/along", "must be >= 0 and finite. Provided value: " + b.varianceAlong().toPlainString());
        }
        BigDecimal sens = b.sensitivity();
        if (sens.signum() <= 0 || Double.isInfinite(sens.doubleValue())) {
            throw new FieldException(P + "/mahalanobis_sensitivity", "must be > 0 and finite. Provided value: " + sens.toPlainString());
        }
        if (certDelta.signum() <= 0) {
            throw new FieldException("/privacy/certified_delta", "a Gaussian mechanism is (epsilon, delta)-DP with delta > 0. Provided value: " + certDelta);
        }
        // the double just above Δ_Σ: rounding the stored decimal may not shrink it
        double mu = Math.nextUp(sens.doubleValue());
        double bound = GaussianProfile.deltaUpperBound(certEps.doubleValue(), mu, 1);
        if (!(bound <= Math.nextDown(certDelta.doubleValue()))) {
            throw new FieldException(P + "/mahalanobis_sensitivity", "gives delta(" + certEps + ") <= " + bound + " only (the Gaussian mechanism's exact privacy "
                    + "profile at unit noise, bounded with its evaluation error), which is above certified_delta = " + certDelta + ". Provided value: "
                    + sens.toPlainString());
        }
        return recheck(b, relation, design);
    }

    private static SensitivityCheck recheck(EllipticGaussianBlock b, Relation relation, JsonObject design) throws FieldException {
        String pp = "/design/problem";
        Optional<JsonObject> recorded = design.get("problem").flatMap(JsonValue::object).filter(p -> p.has("statistic"));
        if (recorded.isEmpty()) {
            return new SensitivityCheck(false, 0, "the spec does not record the statistic it was designed for (design.problem.statistic)");
        }
        JsonObject problem = recorded.get();
        Relation stated = problem.has("neighbours") ? Fields.enumValue(problem.get("neighbours").orElseThrow(), pp + "/neighbours", Relation.class)
                : Relation.SUBSTITUTION;
        if (stated != relation) {
            throw new FieldException(pp + "/neighbours", "the problem was designed for " + stated.json() + " but /privacy/relation states " + relation.json());
        }
        if (problem.has("rows_per_unit")) {
            Fields.integer(problem.get("rows_per_unit").orElseThrow(), pp + "/rows_per_unit", 1, 1);
        }
        Statistic statistic = StatisticReader.read(problem.get("statistic").orElseThrow(), pp + "/statistic");
        StructuredStatistic structured = statistic.structured().orElseThrow(() -> new FieldException(pp + "/statistic", "an elliptic Gaussian is designed for a "
                + "structured statistic (bounded_contribution, counts, ranking, ordered_counts); this one is not"));
        if (structured.dimension() != b.dimension()) {
            throw new FieldException(pp + "/statistic", "has dimension " + structured.dimension() + " but the mechanism's dimension is " + b.dimension());
        }
        MahalanobisSensitivity.Classes classes = MahalanobisSensitivity.classes(structured, relation);
        Rational sup = classes.supremum(Rational.of(b.varianceAcross()), Rational.of(b.varianceAlong()));
        if (sup == null) {
            throw new FieldException(P + "/covariance/along", "is 0, but the " + structured.form() + " statistic's adjacent outputs (" + relation.json()
                    + ") do not all sum to 0: they would be released without noise along 1");
        }
        Rational delta = Rational.of(b.sensitivity());
        if (delta.multiply(delta).compareTo(sup) < 0) {
            throw new FieldException(P + "/mahalanobis_sensitivity", "re-derived from the stored statistic in closed form, the " + structured.form()
                    + " statistic's adjacent outputs reach u'Sigma^-1 u = " + sup.doubleValue() + ", above mahalanobis_sensitivity^2 = "
                    + delta.multiply(delta).doubleValue() + ": the noise would be too small for them. Provided value: " + b.sensitivity().toPlainString());
        }
        return new SensitivityCheck(true, 0, "re-derived from design.problem in closed form: the " + structured.form()
                + " statistic's adjacent outputs (" + relation.json() + ", " + classes.classes().size() + " classes" + (classes.exact() ? ""
                        : ", a superset of the outputs: an upper bound") + ") reach Mahalanobis norm sqrt(" + sup.doubleValue() + ") at most, within Delta");
    }
}
