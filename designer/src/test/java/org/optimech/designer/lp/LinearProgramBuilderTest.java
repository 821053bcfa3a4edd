package org.optimech.designer.lp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A builder sized for its model (whose arrays the model takes over), one sized too small, and the default one build the
 * same model; a point model is recognised whichever way it was built; a spent builder refuses more work.
 */
class LinearProgramBuilderTest {
    /** Builds the same random model into {@code b}; returns it. */
    private static LinearProgram fill(LinearProgram.Builder b, long seed, int vars, int rows, boolean intervals) {
        Random r = new Random(seed);
        for (int j = 0; j < vars; j++) {
            double c = r.nextInt(7) - 3;
            b.variable(0, 1 + r.nextInt(3), c, intervals && r.nextBoolean() ? Math.nextUp(c) : c);
        }
        for (int i = 0; i < rows; i++) {
            double lo = r.nextBoolean() ? Double.NEGATIVE_INFINITY : -r.nextInt(5);
            double up = r.nextBoolean() ? Double.POSITIVE_INFINITY : r.nextInt(5);
            b.row(lo, lo, up, intervals && r.nextBoolean() ? Math.nextUp(up) : up);
            int terms = r.nextInt(vars + 1);
            for (int t = 0; t < terms; t++) {
                double a = r.nextInt(9) - 4;
                b.term(r.nextInt(vars), a, intervals && r.nextBoolean() ? Math.nextUp(a) : a);
            }
        }
        return b.build(j -> "x" + j, i -> "r" + i);
    }

    @Property(tries = 300)
    void sizedAndGrowingBuildersBuildTheSameModel(@ForAll @IntRange(min = 1, max = 40) int vars, @ForAll @IntRange(min = 0, max = 60) int rows,
            @ForAll boolean intervals, @ForAll long seed) {
        LinearProgram grown = fill(LinearProgram.builder(), seed, vars, rows, intervals);
        LinearProgram exact = fill(LinearProgram.builder(vars, rows, grown.nonzeros()), seed, vars, rows, intervals);
        LinearProgram small = fill(LinearProgram.builder(1, 0, 1), seed, vars, rows, intervals);
        LinearProgram large = fill(LinearProgram.builder(vars + 5, rows + 5, grown.nonzeros() + 5), seed, vars, rows, intervals);
        for (LinearProgram lp : new LinearProgram[] {exact, small, large}) {
            assertSame(grown, lp);
        }
    }

    private static void assertSame(LinearProgram a, LinearProgram b) {
        assertEquals(a.variables(), b.variables());
        assertEquals(a.rows(), b.rows());
        assertEquals(a.nonzeros(), b.nonzeros());
        assertEquals(a.isPoint(), b.isPoint());
        assertTrue(a.sameShape(b));
        for (int j = 0; j < a.variables(); j++) {
            assertEquals(a.variableLower(j), b.variableLower(j));
            assertEquals(a.variableUpper(j), b.variableUpper(j));
            assertEquals(a.costLo(j), b.costLo(j));
            assertEquals(a.costHi(j), b.costHi(j));
        }
        for (int i = 0; i < a.rows(); i++) {
            assertEquals(a.rowLowerLo(i), b.rowLowerLo(i));
            assertEquals(a.rowLowerHi(i), b.rowLowerHi(i));
            assertEquals(a.rowUpperLo(i), b.rowUpperLo(i));
            assertEquals(a.rowUpperHi(i), b.rowUpperHi(i));
        }
        for (int k = 0; k < a.nonzeros(); k++) {
            assertEquals(a.column(k), b.column(k));
            assertEquals(a.coefLo(k), b.coefLo(k));
            assertEquals(a.coefHi(k), b.coefHi(k));
        }
    }

    @Test
    void pointnessIsTheSameWithSharedArrays() {
        LinearProgram.Builder b = LinearProgram.builder(2, 1, 2);
        b.variable(0, 1, 1);
        b.variable(0, 1, 2);
        b.row(1, 1);
        b.term(0, 1).term(1, 1);
        assertTrue(b.build(j -> "x", i -> "r").isPoint());
        LinearProgram.Builder c = LinearProgram.builder(2, 1, 2);
        c.variable(0, 1, 1);
        c.variable(0, 1, 2);
        c.row(1, 1);
        c.term(0, 1).term(1, -2.0, Math.nextUp(-2.0));
        assertEquals(false, c.build(j -> "x", i -> "r").isPoint());
    }

    @Test
    void aSpentBuilderRefusesMoreWork() {
        LinearProgram.Builder b = LinearProgram.builder(1, 1, 1);
        b.variable(0, 1, 0);
        b.row(0, 1);
        b.term(0, 1);
        LinearProgram lp = b.build(j -> "x", i -> "r");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.variable(0, 1, 0));
        assertEquals("this builder has built its model already", e.getMessage());
        assertThrows(IllegalStateException.class, () -> b.row(0, 1));
        assertThrows(IllegalStateException.class, () -> b.term(0, 1));
        assertThrows(IllegalStateException.class, () -> b.build(j -> "x", i -> "r"));
        assertEquals(1, lp.nonzeros()); // the model is untouched
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> LinearProgram.builder(-1, 0, 0));
        assertEquals("sizes must be >= 0. Provided values: -1 variables, 0 rows, 0 nonzeros", bad.getMessage());
    }
}
