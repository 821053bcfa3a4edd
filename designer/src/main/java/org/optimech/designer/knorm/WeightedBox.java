package org.optimech.designer.knorm;

import java.util.Locale;
import org.optimech.runtime.knorm.LpNorm;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.KNormBlock;

/**
 * The weighted-box candidate K = diag(b)·B∞: among boxes the bounding box of S_T (b_j = sup over S_T of |u_j|) is optimal for
 * every criterion, since any box containing S_T contains it and a smaller box has smaller volume and second moment, so no
 * search is needed. Stored as the linear image of the ℓ∞ ball by diag(b) with Δ = 1; M(K) = diag(b_j²)/3.
 */
final class WeightedBox {
    private WeightedBox() {
    }

    /**
     * The candidate for half-widths b (certified upper bounds on sup |u_j|) at sensitivity delta, or null when some b_j is 0.
     *
     * @param lower the witnessed value of the gauge (Δ lies in [lower, delta])
     */
    static CandidateReport report(double[] b, double delta, double epsilon, String note, KNormBlock.SensitivityCertificate certificate, double lower) {
        int d = b.length;
        double[][] a = new double[d][d];
        double[][] cov = new double[d][d];
        double factor = (d + 1.0) * (d + 2.0) * (delta / epsilon) * (delta / epsilon) / 3;
        double trace = 0;
        double worst = 0;
        double logVolume = 0;
        for (int j = 0; j < d; j++) {
            if (!(b[j] > 0) || !Double.isFinite(b[j])) {
                return null;
            }
            a[j][j] = b[j];
            cov[j][j] = factor * b[j] * b[j];
            trace += cov[j][j];
            worst = Math.max(worst, cov[j][j]);
            logVolume += Math.log(2 * delta * b[j]);
        }
        return new CandidateReport("weighted-box", CandidateReport.Shape.other(), d, delta, lower == delta, Math.exp(logVolume), trace, cov, worst,
                String.format(Locale.ROOT, "%s; half-widths %s; M = diag(b^2)/3", note, java.util.Arrays.toString(b)), lower,
                new Body.LinearImage(LpNorm.LINF, a), certificate);
    }
}
