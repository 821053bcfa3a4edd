package org.optimech.designer.properties;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Multiplies every property's tries by the system property {@value #SCALE} (default 1): CI runs the bounded number each
 * {@code @Property} states, and {@code mvn verify -Pproperties-long} sets it to 100. With {@value #EXPLORE} true, or any
 * scale above 1, a pinned seed gives way to a fresh random one.
 */
public final class ScaledTries implements AroundPropertyHook {
    /** The system property holding the factor. */
    public static final String SCALE = "optimech.properties.scale";

    /** The factor in force (at least 1). */
    public static int scale() {
        return Math.max(1, Integer.getInteger(SCALE, 1));
    }

    /** The system property that replaces pinned seeds by fresh random ones ({@code -Doptimech.properties.explore=true}). */
    public static final String EXPLORE = "optimech.properties.explore";

    /** Whether pinned seeds give way to random ones: asked for, or implied by a scale above 1 (the long profile). */
    public static boolean explore() {
        return Boolean.getBoolean(EXPLORE) || scale() > 1;
    }

    /** Added to a class, it applies to every property in it (and in nested groups). */
    @Override
    public net.jqwik.api.lifecycle.PropagationMode propagateTo() {
        return net.jqwik.api.lifecycle.PropagationMode.ALL_DESCENDANTS;
    }

    /** Outermost, so the attributes are set before any other hook or the engine reads them. */
    @Override
    public int aroundPropertyProximity() {
        return -100;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        int tries = context.attributes().tries().orElse(1000);
        context.attributes().setTries((int) Math.min(Integer.MAX_VALUE, (long) tries * scale()));
        if (explore()) {
            // a fresh seed instead of the pinned one (jqwik's report prints it, so a failure reproduces)
            context.attributes().setSeed(Long.toString(new java.security.SecureRandom().nextLong()));
        }
        return property.execute();
    }
}
