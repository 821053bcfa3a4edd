package org.optimech.examples.architecture;

import java.util.List;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.sampling.Samplers;

/**
 * A deliberately leaky API class (a test fixture for {@link ArchitectureTest}, checked as if its package were exported):
 * its public members expose a package exported only to named modules ({@code runtime.certificate}), an unexported one
 * ({@code runtime.sampling}) and a type that is not public. Its package-private member and its private nested type's
 * public method are not API and must not be reported.
 */
public class BadApi {
    /** Leak: an unexported package's type as a field. */
    public Samplers samplers;

    /** Leak: a qualified-export type as a return type. */
    public Gauge gauge() {
        return null;
    }

    /** Leak: the same type as a type argument of a parameter. */
    public void take(List<Gauge> gauges) {
    }

    /** Leak: a type that is not public. */
    public Hidden hidden() {
        return null;
    }

    /** Not API: package-private. */
    Gauge packagePrivate() {
        return null;
    }

    private static final class Hidden {
        /** Not API: the class is private. */
        public Gauge inner() {
            return null;
        }
    }
}
