package org.optimech.geometry.hull;

/** {@link QuickHull} against the hull-builder contract. */
class QuickHullTest extends HullBuilderContract {
    @Override
    HullBuilder builder() {
        return new QuickHull();
    }
}
