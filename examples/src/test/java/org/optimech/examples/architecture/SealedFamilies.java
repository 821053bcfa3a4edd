package org.optimech.examples.architecture;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.optimech.designer.Design;
import org.optimech.designer.problem.Problem;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * The closed families whose kinds are dispatched with a visitor ({@code accept}), never with {@code instanceof} or a cast:
 * specs, mechanisms, problems and designs.
 */
final class SealedFamilies {
    /** The roots; a cast or an {@code instanceof} to a root itself is an up-cast and allowed. */
    static final List<Class<?>> ROOTS = List.of(MechanismSpec.class, Mechanism.class, Problem.class, Design.class);

    private SealedFamilies() {
    }

    /** The qualified names of every type below a root (the sealed hierarchy, recursively). */
    static Set<String> members() {
        Set<String> names = new LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>();
        for (Class<?> root : ROOTS) {
            todo.addAll(List.of(root.getPermittedSubclasses()));
        }
        while (!todo.isEmpty()) {
            Class<?> c = todo.remove(todo.size() - 1);
            if (names.add(c.getName()) && c.isSealed()) {
                todo.addAll(List.of(c.getPermittedSubclasses()));
            }
        }
        return names;
    }
}
