package org.optimech.designer.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.runtime.spec.DiscreteSpec;

/** Sweeps checked against closed forms, against each other (LP vs structural) and against properties every optimum has. */
class EpsilonSweepTest {
    @TempDir
    Path dir;

    private static EpsilonSweep sweep(DesignMethod method) {
        return new EpsilonSweep(DesignOptions.defaults(OrToolsLpSolver.clp()), method, Progress.silent());
    }

    private static DiscreteProblem count(int n, Objective objective) {
        return DiscreteProblem.builder().name("count").epsilon("1").range(0, n).loss("absolute").objective(objective).build();
    }

    @Test
    void minimaxRiskForOneRecordIsTheClosedForm() {
        // ERRATA D4: for n = 1 the minimax risk is 1/(1 + e^ε), the equalizer point of the risk body.
        List<SweepPoint> pts = sweep(DesignMethod.LP).run(count(1, Objective.MINIMAX), EpsilonGrid.parse("0.05,0.5,1,5"), null);
        assertEquals(4, pts.size());
        for (SweepPoint p : pts) {
            double exact = 1 / (1 + Math.exp(p.epsilon().doubleValue()));
            assertTrue(p.ok(), p.failure());
            assertTrue(p.certified(), p.toString());
            assertEquals(exact, p.risk(), 1e-6 * exact, p.toString());
            assertTrue(p.lowerBound() <= exact * (1 + 1e-9), p.toString());
        }
    }

    @Test
    void structuralAndLpSweepsAgreeAndRiskFallsWithEpsilon() {
        DiscreteProblem p = count(25, Objective.BAYES);
        EpsilonGrid grid = EpsilonGrid.parse("0.2:2:0.3");
        List<SweepPoint> lp = sweep(DesignMethod.LP).run(p, grid, null);
        List<SweepPoint> st = sweep(DesignMethod.AUTO).run(p, grid, null);
        assertEquals(grid.values().size(), lp.size());
        for (int i = 0; i < lp.size(); i++) {
            assertEquals("lp", lp.get(i).method());
            assertEquals("structural", st.get(i).method());
            assertTrue(lp.get(i).certified() && st.get(i).certified());
            // Each method's stored risk is above the other's certified bound: the two brackets overlap.
            assertTrue(st.get(i).risk() >= lp.get(i).lowerBound() - 1e-12, i + ": " + st.get(i) + " vs " + lp.get(i));
            assertTrue(lp.get(i).risk() >= st.get(i).lowerBound() - 1e-12, i + ": " + lp.get(i) + " vs " + st.get(i));
            assertEquals(lp.get(i).risk(), st.get(i).risk(), 1e-5 * lp.get(i).risk());
            if (i > 0) {
                // A larger ε allows every mechanism a smaller one allows, so the optimum cannot rise.
                assertTrue(st.get(i).risk() < st.get(i - 1).risk(), "risk must fall with epsilon: " + st);
            }
            // Truncating the geometric mechanism only shortens errors, so the optimum is below 1/sinh ε.
            assertTrue(st.get(i).risk() < ReferenceCurves.geometric(st.get(i).epsilon().doubleValue()));
        }
    }

    @Test
    void specsReachTheSinkAndFailuresAreRecorded() {
        List<BigDecimal> seen = new ArrayList<>();
        EpsilonSweep.SpecSink sink = (point, spec) -> {
            assertTrue(spec instanceof DiscreteSpec);
            seen.add(point.epsilon());
        };
        // ε given out of order and repeated: the sweep runs each once, in increasing order.
        List<SweepPoint> pts = sweep(DesignMethod.AUTO).run(count(5, Objective.BAYES), EpsilonGrid.parse("1,0.5,1"), sink);
        assertEquals(List.of(new BigDecimal("0.5"), BigDecimal.ONE), seen);
        assertEquals(2, pts.size());
        pts.forEach(p -> assertNull(p.failure()));
    }

    @Test
    void reportWritesTheCsvWithAFailureRow() throws Exception {
        DiscreteProblem p = count(10, Objective.BAYES);
        List<SweepPoint> pts = sweep(DesignMethod.AUTO).run(p, EpsilonGrid.parse("0.5:1.5:0.5"), null);
        List<SweepPoint> withFailure = new ArrayList<>(pts);
        withFailure.add(SweepPoint.failed(new BigDecimal("2"), "lp", 0.1, "solver said \"no\""));
        List<Path> files = SweepReport.write(p, withFailure, dir.resolve("out"));
        assertEquals(1, files.size()); // the pictures are the command line's (optimech-cli SweepChart)

        List<String> lines = Files.readAllLines(dir.resolve("out/sweep.csv"));
        assertEquals(SweepReport.CSV_HEADER, lines.get(0));
        assertEquals(5, lines.size());
        String[] first = lines.get(1).split(",", -1);
        assertEquals(13, first.length);
        assertEquals("0.5", first[0]);
        assertEquals(pts.get(0).risk(), Double.parseDouble(first[3]), 0);
        assertEquals(1 / 0.5, Double.parseDouble(first[10]), 0);
        assertEquals(1 / Math.sinh(0.5), Double.parseDouble(first[11]), 1e-15);
        assertTrue(lines.get(4).endsWith(",\"solver said \"\"no\"\"\""), lines.get(4));

    }
}
