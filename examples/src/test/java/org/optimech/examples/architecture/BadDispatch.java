package org.optimech.examples.architecture;

import org.optimech.designer.Design;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.Problem;
import org.optimech.runtime.DiscreteMechanism;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.accuracy.VectorAccuracy;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.StructuredBody;
import org.optimech.runtime.statistic.Counts;
import org.optimech.runtime.statistic.Statistic;

/**
 * A deliberately bad class (a test fixture for {@link ArchitectureTest}; test classes are outside the rules' import): it
 * dispatches on one kind of each sealed family with {@code instanceof} (accuracies, JSON values, bodies and statistics included:
 * its package is not theirs). The test against a root and the own-type test in
 * {@code equals} are allowed.
 */
final class BadDispatch {
    private final int id;

    BadDispatch(int id) {
        this.id = id;
    }

    static String kinds(MechanismSpec spec, Mechanism m, Problem p, Design d, Object o, Accuracy a, JsonValue j, Body b, Statistic t) {
        return (spec instanceof KNormSpec) + " " + (m instanceof DiscreteMechanism) + " " + (p instanceof KNormProblem) + " " + (d instanceof Design.Lp)
                + " " + (o instanceof Mechanism) + " " + (a instanceof VectorAccuracy) + " " + (o instanceof Accuracy) + " " + (j instanceof JsonObject)
                + " " + (o instanceof JsonValue) + " " + (b instanceof StructuredBody) + " " + (o instanceof Body) + " " + (t instanceof Counts)
                + " " + (o instanceof Statistic);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BadDispatch b && b.id == id;
    }

    @Override
    public int hashCode() {
        return id;
    }
}
