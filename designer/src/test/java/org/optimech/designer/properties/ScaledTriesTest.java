package org.optimech.designer.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;

/** {@link ScaledTries} multiplies a property's stated tries by the scale (1 in CI, 100 under -Pproperties-long). */
@AddLifecycleHook(ScaledTries.class)
class ScaledTriesTest {
    private static final AtomicInteger RUNS = new AtomicInteger();

    @Property(tries = 7)
    void counted(@ForAll int x) {
        RUNS.incrementAndGet();
    }

    @AfterContainer
    static void ranTheScaledNumberOfTries() {
        assertEquals(7 * ScaledTries.scale(), RUNS.get(), "tries run under scale " + ScaledTries.scale());
    }
}
