package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.testing.TestMechanisms;

/** {@link DiscreteSpec#of}: the discrete kinds are themselves, the vector kinds are not discrete. */
class DiscreteSpecOfTest {
    @Test
    void discreteKindsOnly() throws Exception {
        GeometricRemapSpec remap = GeometricRemapSpecTest.sample("0.5");
        assertSame(remap, DiscreteSpec.of(remap).orElseThrow());
        MechanismSpec table = TestMechanisms.read(GoldenFilesTest.golden("count-path.json"));
        assertSame(table, DiscreteSpec.of(table).orElseThrow());
        assertTrue(DiscreteSpec.of(TestMechanisms.read(GoldenFilesTest.golden("knorm-hexagon.json"))).isEmpty());
        assertTrue(DiscreteSpec.of(GaussianProcessSpecTest.golden()).isEmpty());
    }
}
