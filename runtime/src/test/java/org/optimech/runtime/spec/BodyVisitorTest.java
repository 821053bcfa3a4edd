package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.knorm.LpNorm;

/**
 * Bodies are read outside this package through {@link Body#accept}/{@link Body#match} and {@link StructuredBody#accept}/
 * {@link StructuredBody#match} (an architecture rule forbids testing their kinds): every kind reaches its own branch, checked
 * against its JSON type.
 */
class BodyVisitorTest {
    private static final List<Body> BODIES = List.of(new Body.Ball(LpNorm.L2), new Body.Polytope(new double[0][], List.of(), new int[0][], new int[0]),
            new Body.LinearImage(LpNorm.L1, new double[][] {{1}}), new Body.Halfspaces(List.of(), new Body.Box(new double[] {-1}, new double[] {1}), null,
                    BigDecimal.ONE, 10), new StructuredBody.SumBall(2), new StructuredBody.CountBall(2), new StructuredBody.CountJoin(3),
            new StructuredBody.Permutohedron(null));

    @Test
    void everyBodyReachesItsOwnBranch() {
        for (Body b : BODIES) {
            String visited = b.accept(new Body.Visitor<String>() {
                @Override
                public String visit(Body.Ball ball) {
                    return "ball";
                }

                @Override
                public String visit(Body.Polytope polytope) {
                    return "polytope";
                }

                @Override
                public String visit(Body.LinearImage image) {
                    return "linear-image";
                }

                @Override
                public String visit(Body.Halfspaces halfspaces) {
                    return "halfspaces";
                }

                @Override
                public String visit(StructuredBody structured) {
                    return structured.match(s -> "sum-ball", c -> "count-ball", j -> "count-join", p -> "permutohedron");
                }
            });
            assertEquals(b.type(), visited);
            String matched = b.match(ball -> "ball", s -> s.type(), stored -> "stored");
            assertEquals(List.of("ball", "polytope", "linear-image", "halfspaces").contains(b.type()) && !b.type().equals("ball") ? "stored" : b.type(),
                    matched);
        }
        assertEquals(List.of("ball", "polytope", "linear-image", "halfspaces", "sum-ball", "count-ball", "count-join", "permutohedron"),
                BODIES.stream().map(Body::type).toList());
    }
}
