package org.optimech.geometry.hull;

/** The reference {@link ExactQuickHull} (the oracle of {@link QuickHullOracleTest}) against the hull-builder contract. */
class ExactQuickHullTest extends HullBuilderContract {
    @Override
    HullBuilder builder() {
        return new ExactQuickHull();
    }
}
