package org.optimech.runtime.spec;

import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonObject;

/**
 * The JSON form of an elliptic Gaussian {@code mechanism} block, both ways (shapes and types; the checks are
 * {@link EllipticGaussianChecks}'s):
 *
 * <pre>{@code
 * {"kind": "elliptic-gaussian", "dimension": 50, "covariance": {"across": "…", "along": "…"},
 *  "mahalanobis_sensitivity": "…", "calibration": "analytic"}
 * }</pre>
 */
final class EllipticGaussianJson {
    private static final Set<String> MECHANISM = Set.of("kind", "dimension", "covariance", "mahalanobis_sensitivity", "calibration");
    private static final String P = "/mechanism";

    private EllipticGaussianJson() {
    }

    static EllipticGaussianBlock read(JsonObject mech) throws FieldException {
        Fields.allowedKeys(mech, P, MECHANISM);
        Fields.oneOf(Fields.member(mech, "kind", P), P + "/kind", EllipticGaussianBlock.KIND);
        Fields.oneOf(Fields.member(mech, "calibration", P), P + "/calibration", "analytic");
        int d = (int) Fields.integer(Fields.member(mech, "dimension", P), P + "/dimension", 1, org.optimech.runtime.statistic.StructuredStatistic.MAX_DIMENSION);
        JsonObject c = Fields.object(Fields.member(mech, "covariance", P), P + "/covariance");
        Fields.allowedKeys(c, P + "/covariance", Set.of("across", "along"));
        return new EllipticGaussianBlock(d, Fields.decimalString(Fields.member(c, "across", P + "/covariance"), P + "/covariance/across"),
                Fields.decimalString(Fields.member(c, "along", P + "/covariance"), P + "/covariance/along"),
                Fields.decimalString(Fields.member(mech, "mahalanobis_sensitivity", P), P + "/mahalanobis_sensitivity"));
    }

    static JsonObject write(EllipticGaussianBlock b) {
        return JsonObject.builder().put("kind", EllipticGaussianBlock.KIND).put("dimension", b.dimension())
                .put("covariance", JsonObject.builder().put("across", b.varianceAcross().toPlainString()).put("along", b.varianceAlong().toPlainString()).build())
                .put("mahalanobis_sensitivity", b.sensitivity().toPlainString()).put("calibration", "analytic").build();
    }
}
