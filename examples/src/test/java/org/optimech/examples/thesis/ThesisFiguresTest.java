package org.optimech.examples.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.designer.common.Progress;
import org.optimech.designer.sweep.SweepPoint;

/** The thesis figures on reduced settings: the real LP designs, checked against the closed forms and the errata. */
class ThesisFiguresTest {
    @TempDir
    Path dir;

    @Test
    void figure21BayesRulesOnTheLowerLeftEdgeAndD4() throws Exception {
        RiskBodyFigure.Result r = RiskBodyFigure.compute(List.of(new BigDecimal("0.05"), BigDecimal.ONE));
        assertEquals(2, r.bodies().size());
        assertEquals(2 * (RiskBodyFigure.PRIORS.length + 1), r.rules().size());
        for (RiskBodyFigure.Rule rule : r.rules()) {
            assertTrue(rule.certified(), rule.toString());
            double a = rule.alpha().doubleValue();
            RiskBody body = RiskBody.of(a);
            if (rule.kind().equals("minimax")) {
                double c = 1 / (1 + Math.exp(a));
                assertEquals(c, Math.max(rule.r0(), rule.r1()), 1e-6 * c, "ERRATA D4: n = 1 minimax risk is 1/(1+e^alpha)");
            } else {
                double pi = rule.prior();
                assertEquals(body.minimum(pi, 1 - pi), pi * rule.r0() + (1 - pi) * rule.r1(), 1e-6, rule.toString());
            }
        }
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("ERRATA D4") && n.contains("0.05-DP")), r.notes().toString());
        assertTrue(r.notes().stream().noneMatch(n -> n.contains("ERRATA D4") && n.contains("1-DP")), "the bound holds at alpha = 1, n = 1");
        List<Path> files = RiskBodyFigure.write(r, dir);
        assertEquals(4, files.size());
        for (Path f : files) {
            assertTrue(Files.size(f) > 100, f.toString());
        }
    }

    @Test
    void figure22RiskBelowOneOverAlphaAndStillRisingForSmallAlpha() throws Exception {
        MinimaxRiskFigure.Result r = MinimaxRiskFigure.compute(20, List.of(new BigDecimal("0.1"), new BigDecimal("0.5"), new BigDecimal("2")), 30,
                List.of(new BigDecimal("0.1"), new BigDecimal("2")), Progress.silent());
        for (SweepPoint p : r.main()) {
            assertTrue(p.ok() && p.certified(), p.toString());
            double a = p.epsilon().doubleValue();
            assertTrue(p.risk() < 1 / a, "below 1/alpha: " + p);
            assertTrue(p.risk() < 1 / Math.sinh(a), "below the untruncated geometric's 1/sinh(alpha): " + p);
        }
        // n = 20 -> 30 at alpha = 0.1 is far from the limit: a certified rise, so the D5 note must appear; at alpha = 2 it is flat.
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("alpha 0.1:") && n.contains("still RISING")), r.notes().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("alpha 2:") && n.contains("no certified rise")), r.notes().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("ERRATA D5")), r.notes().toString());
        List<Path> files = MinimaxRiskFigure.write(r, dir);
        List<String> csv = Files.readAllLines(dir.resolve("figure-2.2.csv"));
        assertEquals(1 + 3 + 2, csv.size());
        assertTrue(files.stream().anyMatch(f -> f.toString().endsWith(".svg")));
    }
}
