package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.knorm.KNormSampler;
import org.optimech.runtime.knorm.UnitBody;
import org.optimech.runtime.random.RandomSource;

/**
 * Spec types are read-only data: no public method of a type in the sealed {@link MechanismSpec} family takes a
 * {@link RandomSource} or returns (directly or inside a generic type such as {@code Optional}) a type that draws randomness,
 * so every sampler is built by the runtime's mechanisms under the caller's policy. The one returned type with a method
 * taking randomness that is allowed is {@link UnitBody}: the checked body's geometry (its gauge, and uniform points in K),
 * which is not a mechanism's noise (that needs the Gamma radius and the scale Δ/ε, which only the mechanisms add).
 */
class SpecsAreReadOnlyDataTest {
    private static final Set<Class<?>> GEOMETRY = Set.of(UnitBody.class);

    @Test
    void noSpecTypeExposesASampler() {
        Set<Class<?>> specs = family(MechanismSpec.class);
        assertTrue(specs.contains(KNormSpec.class) && specs.contains(GaussianProcessSpec.class) && specs.contains(DiscreteMechanismSpec.class)
                && specs.contains(GeometricRemapSpec.class), "the sealed family as seen by reflection: " + specs);
        List<String> found = new ArrayList<>();
        for (Class<?> c : specs) {
            found.addAll(samplerMethods(c));
        }
        assertEquals(List.of(), found);
    }

    /** The rule can fail: a spec-like class that hands out a sampler, takes randomness, or wraps a sampler in an Optional. */
    @Test
    void theRuleCatchesASpecThatHandsOutASampler() {
        List<String> found = samplerMethods(BadSpec.class);
        assertEquals(3, found.size(), found.toString());
        assertTrue(found.stream().anyMatch(s -> s.contains("sampler")), found.toString());
        assertTrue(found.stream().anyMatch(s -> s.contains("noise")), found.toString());
        assertTrue(found.stream().anyMatch(s -> s.contains("maybeSampler")), found.toString());
        assertFalse(found.stream().anyMatch(s -> s.contains("body")), "the geometry is allowed: " + found);
    }

    /** Deliberately bad (test fixture): the shape spec types had before samplers moved to the mechanisms. */
    @SuppressWarnings("unused")
    public static final class BadSpec {
        public KNormSampler sampler() {
            return null;
        }

        public double[] noise(RandomSource bits) {
            return null;
        }

        public Optional<KNormSampler> maybeSampler() {
            return Optional.empty();
        }

        public UnitBody body() {
            return null;
        }
    }

    /** Every class and interface of a sealed family, the root included. */
    static Set<Class<?>> family(Class<?> root) {
        Set<Class<?>> all = new LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(root));
        while (!todo.isEmpty()) {
            Class<?> c = todo.remove(todo.size() - 1);
            if (all.add(c) && c.isSealed()) {
                todo.addAll(List.of(c.getPermittedSubclasses()));
            }
        }
        return all;
    }

    /** Public methods that take randomness or return something that draws it (by its own public methods). */
    static List<String> samplerMethods(Class<?> c) {
        List<String> found = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (m.getDeclaringClass() == Object.class || !Modifier.isPublic(m.getModifiers())) {
                continue;
            }
            for (Class<?> p : m.getParameterTypes()) {
                if (RandomSource.class.isAssignableFrom(p)) {
                    found.add(c.getSimpleName() + "." + m.getName() + " takes a " + p.getSimpleName());
                }
            }
            for (Class<?> r : mentioned(m.getGenericReturnType(), new LinkedHashSet<>())) {
                if (!GEOMETRY.contains(r) && drawsRandomness(r)) {
                    found.add(c.getSimpleName() + "." + m.getName() + " returns a " + r.getSimpleName() + ", which draws randomness");
                }
            }
        }
        return found;
    }

    /** The raw classes a type mentions: itself, its array component and its type arguments, recursively. */
    private static Set<Class<?>> mentioned(Type t, Set<Class<?>> out) {
        if (t instanceof Class<?> c) {
            out.add(c.isArray() ? c.getComponentType() : c);
        } else if (t instanceof ParameterizedType p) {
            mentioned(p.getRawType(), out);
            for (Type a : p.getActualTypeArguments()) {
                mentioned(a, out);
            }
        } else if (t instanceof java.lang.reflect.GenericArrayType g) {
            mentioned(g.getGenericComponentType(), out);
        } else if (t instanceof java.lang.reflect.WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                mentioned(b, out);
            }
        }
        return out;
    }

    private static boolean drawsRandomness(Class<?> type) {
        if (type.isPrimitive() || type.getName().startsWith("java.")) {
            return false;
        }
        for (Method m : type.getMethods()) {
            for (Class<?> p : m.getParameterTypes()) {
                if (RandomSource.class.isAssignableFrom(p)) {
                    return true;
                }
            }
        }
        return false;
    }
}
