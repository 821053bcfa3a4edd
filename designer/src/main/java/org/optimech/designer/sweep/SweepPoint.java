package org.optimech.designer.sweep;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * The design at one ε of a sweep.
 *
 * @param epsilon the requested ε
 * @param method {@code lp} or {@code structural}
 * @param risk the Bayes or maximum risk of the stored mechanism (what a user gets)
 * @param lowerBound certified lower bound on the risk of every mechanism meeting the request (NaN if none)
 * @param certified whether optimality is certified (the bound within the designer's gap tolerance)
 * @param certificate the certificate's kind
 * @param certifiedEpsilon ε proved for the stored numbers (at most the request)
 * @param solves LP solves (0 for structural designs)
 * @param seconds wall time of this point's design
 * @param failure why the design failed, or null (then the numbers are NaN)
 */
public record SweepPoint(BigDecimal epsilon, String method, double risk, double lowerBound, boolean certified, String certificate,
        BigDecimal certifiedEpsilon, int solves, double seconds, String failure) {
    public SweepPoint {
        Objects.requireNonNull(epsilon, "epsilon");
        Objects.requireNonNull(method, "method");
    }

    /** A point whose design failed, with the reason (its numbers are NaN). */
    public static SweepPoint failed(BigDecimal epsilon, String method, double seconds, String failure) {
        return new SweepPoint(epsilon, method, Double.NaN, Double.NaN, false, "none", null, 0, seconds, Objects.requireNonNull(failure));
    }

    public boolean ok() {
        return failure == null;
    }
}
