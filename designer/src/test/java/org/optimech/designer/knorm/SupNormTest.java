package org.optimech.designer.knorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.designer.knorm.CandidateReport.Shape;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.geometry.hull.QuickHull;
import org.optimech.runtime.knorm.LpNorm;

/**
 * The containment table's sup_{x ∈ K_a} ‖x‖_{K_b}, dispatched on typed shapes, against values computed independently: the
 * hull here is the ℓ1 ball of the plane (vertices ±e_i), so its gauge is the ℓ1 norm, and each sup is attained at a vertex
 * of the convex body a (whose vertices are known).
 */
class SupNormTest {
    private static final ConvexHull DIAMOND = QuickHull.of(new double[][] {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});

    @Test
    void ballsAgainstTheHullUseTheDualNormOfTheFacets() {
        // sup over the ℓ∞ ball of ‖x‖_1: the vertex (1, 1) gives 2; over the ℓ1 ball: 1; over the ℓ2 ball: √2
        assertEquals(2, KNormComparison.supNorm(Shape.ball(LpNorm.LINF), Shape.hull(), DIAMOND, 2), 1e-12);
        assertEquals(1, KNormComparison.supNorm(Shape.ball(LpNorm.L1), Shape.hull(), DIAMOND, 2), 1e-12);
        assertEquals(Math.sqrt(2), KNormComparison.supNorm(Shape.ball(LpNorm.L2), Shape.hull(), DIAMOND, 2), 1e-12);
    }

    @Test
    void theHullAgainstBallsUsesItsVertices() {
        // the diamond's vertices ±e_i have every ℓp norm 1
        for (LpNorm p : LpNorm.values()) {
            assertEquals(1, KNormComparison.supNorm(Shape.hull(), Shape.ball(p), DIAMOND, 2), 1e-12, p.json());
        }
    }

    @Test
    void ballsAgainstBallsUseTheClosedForms() {
        // sup over the ℓ∞ ball of ‖x‖_1 in d dimensions is d; of ‖x‖_2 is √d; over the ℓ1 ball of ‖x‖_∞ is 1
        assertEquals(3, KNormComparison.supNorm(Shape.ball(LpNorm.LINF), Shape.ball(LpNorm.L1), DIAMOND, 3), 1e-12);
        assertEquals(Math.sqrt(3), KNormComparison.supNorm(Shape.ball(LpNorm.LINF), Shape.ball(LpNorm.L2), DIAMOND, 3), 1e-12);
        assertEquals(1, KNormComparison.supNorm(Shape.ball(LpNorm.L1), Shape.ball(LpNorm.LINF), DIAMOND, 3), 1e-12);
    }

    @Test
    void otherBodiesAreNotCompared() {
        assertTrue(Double.isNaN(KNormComparison.supNorm(Shape.other(), Shape.ball(LpNorm.L1), DIAMOND, 2)));
        assertTrue(Double.isNaN(KNormComparison.supNorm(Shape.hull(), Shape.other(), DIAMOND, 2)));
    }

    @Test
    void aShapeHasANormExactlyWhenItIsABall() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Shape(Shape.Kind.HULL, LpNorm.L1));
        assertEquals("a shape has a norm exactly when it is a ball. Provided: HULL, L1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Shape(Shape.Kind.BALL, null));
    }
}
