package org.optimech.designer.discrete;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.spec.DesignSpecs;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecDigest;

/** (ε, δ) designs (ERRATA D3): certified by an exact hockey-stick check, and not ε-DP when δ is used. */
class ApproximateDpTest {

    @Test
    void storedMechanismPassesTheExactHockeyStickAndUsesItsDelta() throws Exception {
        DiscreteProblem approx = DiscreteProblem.builder().epsilon("0.5").delta("0.05").range(0, 10).build();
        DiscreteProblem pure = DiscreteProblem.builder().epsilon("0.5").range(0, 10).build();
        DiscreteDesign d = Designs.design(approx);
        DiscreteDesign dp = Designs.design(pure);
        assertTrue(d.certifiedDelta().compareTo(approx.delta()) <= 0);
        assertEquals(approx.epsilon(), d.certifiedEpsilon());

        // The runtime's exact check accepts it (this re-checks the hockey-stick divergence).
        DiscreteMechanismSpec spec = (DiscreteMechanismSpec) SpecCodec.read(SpecCodec.write(DesignSpecs.toSpec(d, Instant.EPOCH)));
        assertEquals(d.certifiedDelta(), spec.privacy().certifiedDelta());

        // An independent double computation of δ(ε) agrees with the certified value.
        double[][] p = Designs.probabilities(d);
        double e = Math.exp(0.5);
        double delta = 0;
        for (int[] edge : approx.neighbours().edges()) {
            for (int dir = 0; dir < 2; dir++) {
                double s = 0;
                for (int w = 0; w < p[0].length; w++) {
                    s += Math.max(0, p[edge[dir]][w] - e * p[edge[1 - dir]][w]);
                }
                delta = Math.max(delta, s);
            }
        }
        assertTrue(delta <= d.certifiedDelta().doubleValue() + 1e-12, "double delta " + delta + " > certified " + d.certifiedDelta());
        assertTrue(delta >= d.certifiedDelta().doubleValue() - 1e-6, "certified " + d.certifiedDelta() + " far above the actual " + delta);

        // δ buys risk: the approximate design beats the pure optimum's certified lower bound.
        assertTrue(d.objectiveValue().compareTo(dp.certificate().lowerBound()) < 0,
                "with delta = 0.05 the risk " + d.objectiveValue() + " should beat every pure mechanism (>= " + dp.certificate().lowerBound() + ")");

        // ... and so it is not ε-DP: the pure check fails on its integers,
        NeighbourGraph g = approx.neighbours();
        assertTrue(PrivacyChecks.firstRatioViolation(d.weights(), g, ExpBounds.lowerNumerator(new BigDecimal("0.5"))).isPresent());
        // and a spec claiming pure ε-DP for them is refused by the runtime, even with a fresh digest.
        JsonObject doc = SpecCodec.write(DesignSpecs.toSpec(d, Instant.EPOCH));
        doc = (JsonObject) JsonEdit.set(doc, "/privacy/delta", new JsonString("0"));
        doc = (JsonObject) JsonEdit.set(doc, "/privacy/delta_double", JsonNumber.of(0));
        doc = (JsonObject) JsonEdit.set(doc, "/privacy/certified_delta", new JsonString("0"));
        doc = (JsonObject) JsonEdit.set(doc, "/privacy/guarantee", new JsonString("pure-dp"));
        JsonObject forged = SpecDigest.seal(doc);
        InvalidSpecException ex = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(forged));
        assertTrue(ex.getMessage().contains("violates the certified guarantee"), ex.getMessage());
        // The pure design, by contrast, passes the pure check.
        assertTrue(PrivacyChecks.firstRatioViolation(dp.weights(), g, ExpBounds.lowerNumerator(dp.certifiedEpsilon())).isEmpty());
    }

    @Test
    void smallDeltaOnALabelledCompleteGraph() throws Exception {
        DiscreteDesign d = Designs.design("""
                {"kind": "discrete", "epsilon": 1.0, "delta": 1e-6, "inputs": {"labels": ["a", "b", "c"]}, "neighbours": "complete",
                 "objective": "minimax"}""");
        assertTrue(d.certifiedDelta().compareTo(new BigDecimal("1e-6")) <= 0);
        SpecCodec.read(SpecCodec.write(DesignSpecs.toSpec(d, Instant.EPOCH)));
    }
}
