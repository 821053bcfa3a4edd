package org.optimech.examples;

import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.EllipticGaussianMechanism;
import org.optimech.runtime.FunctionMechanism;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanism;

/** What a mechanism releases, told by its visitor: how the examples that take values or vectors refuse the other kinds. */
public enum ReleaseShape {
    /** A value for a value (a discrete spec). */
    VALUES,
    /** A vector for a vector statistic (K-norm and elliptic Gaussian specs). */
    VECTORS,
    /** A function on the spec's grid (a Gaussian-process spec). */
    FUNCTIONS;

    /** The shape of a mechanism's releases. */
    public static ReleaseShape of(Mechanism mechanism) {
        return mechanism.accept(new Mechanism.Visitor<ReleaseShape>() {
            @Override
            public ReleaseShape visit(DiscreteMechanism discrete) {
                return VALUES;
            }

            @Override
            public ReleaseShape visit(KNormMechanism knorm) {
                return VECTORS;
            }

            @Override
            public ReleaseShape visit(FunctionMechanism function) {
                return FUNCTIONS;
            }

            @Override
            public ReleaseShape visit(EllipticGaussianMechanism ellipticGaussian) {
                return VECTORS;
            }
        });
    }
}
