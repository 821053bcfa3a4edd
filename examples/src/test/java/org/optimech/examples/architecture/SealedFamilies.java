package org.optimech.examples.architecture;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.optimech.designer.Design;
import org.optimech.designer.problem.Problem;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.statistic.Statistic;

/**
 * The closed families whose kinds are dispatched with a visitor ({@code accept}), never with {@code instanceof} or a cast:
 * specs, mechanisms, problems and designs anywhere; accuracies, JSON values, K-norm bodies and statistics outside their own
 * package (which builds and checks them; JSON values are read through their typed accessors, {@code asObject(pointer)} or
 * {@code object()}, bodies and statistics with {@code accept} or {@code match}).
 */
final class SealedFamilies {
    /** The roots; a cast or an {@code instanceof} to a root itself is an up-cast and allowed. */
    static final List<Class<?>> ROOTS = List.of(MechanismSpec.class, Mechanism.class, Problem.class, Design.class);

    /** Roots whose own package may test and cast its kinds (the package that builds and reads them); nobody else may. */
    static final List<Class<?>> PACKAGE_SCOPED_ROOTS = List.of(Accuracy.class, JsonValue.class, Body.class, Statistic.class);

    private SealedFamilies() {
    }

    /** The qualified names of every type below a root (the sealed hierarchy, recursively). */
    static Set<String> members() {
        Set<String> names = new LinkedHashSet<>();
        for (Class<?> root : ROOTS) {
            names.addAll(below(root));
        }
        for (Class<?> root : PACKAGE_SCOPED_ROOTS) {
            names.addAll(below(root));
        }
        return names;
    }

    /** Whether code in {@code pkg} may test or cast to {@code member}: only inside a package-scoped family's own package. */
    static boolean allowedIn(String member, String pkg) {
        for (Class<?> root : PACKAGE_SCOPED_ROOTS) {
            if (root.getPackageName().equals(pkg) && below(root).contains(member)) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> below(Class<?> root) {
        Set<String> names = new LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(root.getPermittedSubclasses()));
        while (!todo.isEmpty()) {
            Class<?> c = todo.remove(todo.size() - 1);
            if (names.add(c.getName()) && c.isSealed()) {
                todo.addAll(List.of(c.getPermittedSubclasses()));
            }
        }
        return names;
    }
}
