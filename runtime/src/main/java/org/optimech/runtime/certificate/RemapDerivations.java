package org.optimech.runtime.certificate;

import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.optimech.runtime.discrete.Remap;

/**
 * The last certificate the designer's {@link GeometricDual#ofRemap} computed, with the exact numbers it came from, so that
 * the spec of that design ({@code GeometricRemapSpec.of}, which re-derives the bound from the design block it is handed)
 * does not verify the same windows a second time in the same process: a re-derivation from equal numbers is the same
 * deterministic computation, so the kept result is what it would return. A match needs the very {@link Remap} object
 * (immutable) and equal prior, loss and ε, compared entry by entry; a spec read from a file has a new remap, so every load
 * verifies afresh. One entry (about 24 bytes per input), until the next {@code ofRemap}, or the first look-up after its
 * remap is gone.
 */
final class RemapDerivations {
    private static final AtomicReference<Entry> LAST = new AtomicReference<>();
    /** Derivations computed (not looked up) since the class loaded, kept or not: the work count tests read. */
    private static final AtomicLong COMPUTED = new AtomicLong();

    private record Entry(WeakReference<Remap> remap, double[] prior, GeometricDual.Distance loss, double[] scale, long epsilonBits,
            GeometricDual.Derived derived) {
        boolean matches(double[] p, GeometricDual.Distance l, double epsilon, Remap r) {
            return remap.get() == r && epsilonBits == Double.doubleToLongBits(epsilon) && loss.power() == l.power() && loss.inputs().equals(l.inputs())
                    && loss.outputs().equals(l.outputs()) && Arrays.equals(prior, p) && Arrays.equals(scale, l.scale());
        }
    }

    private RemapDerivations() {
    }

    /** The stored derivation for exactly these numbers, or null. */
    static GeometricDual.Derived lookup(double[] prior, GeometricDual.Distance loss, double epsilon, Remap remap) {
        Entry e = LAST.get();
        if (e == null) {
            return null;
        }
        if (e.remap().get() == null) {
            LAST.compareAndSet(e, null); // its design is gone: let the numbers go too
            return null;
        }
        return e.matches(prior, loss, epsilon, remap) ? e.derived() : null;
    }

    /** Keeps a derivation just computed from these numbers (copied). */
    static void remember(double[] prior, GeometricDual.Distance loss, double epsilon, Remap remap, GeometricDual.Derived derived) {
        LAST.set(new Entry(new WeakReference<>(remap), prior.clone(), loss, loss.scale().clone(), Double.doubleToLongBits(epsilon), derived));
    }

    /** Counts one derivation computed. */
    static void counted() {
        COMPUTED.incrementAndGet();
    }

    static long computed() {
        return COMPUTED.get();
    }
}
