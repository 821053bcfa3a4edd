package org.optimech.designer.structural;

import org.optimech.designer.problem.Loss;
import org.optimech.runtime.certificate.GeometricDual.Bound;

/**
 * The designer's side of the geometric dual bound ({@link org.optimech.runtime.certificate.GeometricDual}, where the
 * verification lives so that the loader re-derives a stored bound with the same arithmetic): the designer's loss and
 * {@link Geometric} handed over.
 */
final class GeometricDual {
    private GeometricDual() {
    }

    static org.optimech.runtime.certificate.GeometricDual.Distance distance(Loss.DistanceForm f) {
        return new org.optimech.runtime.certificate.GeometricDual.Distance(f.inputs(), f.outputs(), f.power(), f.scale());
    }

    static boolean fits(int n, int outputs, double epsilon) {
        return org.optimech.runtime.certificate.GeometricDual.fits(n, outputs, epsilon);
    }

    /**
     * @param b b_z of the Bayes remap (column scale α^{|i−z|}), from {@link BayesRemap}
     */
    static Bound bound(double[] prior, Loss loss, Geometric g, double[] b) {
        if (loss.distanceForm().isPresent()) {
            return org.optimech.runtime.certificate.GeometricDual.bound(prior, distance(loss.distanceForm().get()), g.epsilon(), g.alpha(), b);
        }
        return full(prior, loss, g, b);
    }

    /** Every output column over every extreme ray: O(n·|Ω|·depth), for any loss. */
    static Bound full(double[] prior, Loss loss, Geometric g, double[] b) {
        return org.optimech.runtime.certificate.GeometricDual.full(prior, loss::at, loss.outputs(), g.epsilon(), g.alpha(), b);
    }

    /** O(n + |Ω|·reach²) for a distance-form loss. */
    static Bound windowed(double[] prior, Loss.DistanceForm f, Loss loss, Geometric g, double[] b) {
        return org.optimech.runtime.certificate.GeometricDual.windowed(prior, distance(f), g.epsilon(), g.alpha(), b);
    }

    static long reach(double p, double c, int power, double u) {
        return org.optimech.runtime.certificate.GeometricDual.reach(p, c, power, u);
    }
}
