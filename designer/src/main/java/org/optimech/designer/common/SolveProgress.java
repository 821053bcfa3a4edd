package org.optimech.designer.common;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.optimech.designer.lp.LinearProgram;
import org.optimech.designer.lp.LpException;
import org.optimech.designer.lp.LpSolution;
import org.optimech.designer.lp.LpSolver;

/**
 * Runs one LP solve under {@link Progress}: a stage line with the model's size and an estimate of its length, heartbeats
 * with the elapsed time against that estimate (a bar on a terminal) while the backend works, and a closing line with the
 * backend's own figures (status, iterations, seconds). The backends report nothing while they run (MPSolver and ojAlgo take
 * no progress callback for LPs), so iterations come only at the end.
 *
 * <p>The estimate scales the last solve of the same backend in this process by simplex work, (rows × nonzeros)^0.8
 * (iterations grow with the rows, each costs about the nonzeros; the exponent is measured, below); before any solve of that
 * backend it uses the measured constant, and says it is a first guess. Either way it is an estimate, never a limit: the time
 * limit is separate.
 */
public final class SolveProgress {
    /**
     * Seconds = PRIOR × (rows × nonzeros)^EXPONENT before this process has timed a solve. Measured with CLP (dual simplex) on
     * the counting query (absolute loss, Bayes, ε = 0.5, {@code --method lp}) at 101 and 201 inputs: 5.4 s at 1.03e9 and 50 s at
     * 1.62e10 (shared 2-core machine, load ≈ 20; see the issue-24 session-5 note). Other backends start from the same
     * constant; their own timings replace it after their first solve.
     */
    static final double PRIOR = 3.3e-7;
    /** The measured growth of solve time with rows × nonzeros (the two solves above: ln(50/5.4) / ln(1.62e10/1.03e9)). */
    static final double EXPONENT = 0.8;
    /** Below this the estimate is not worth a heartbeat's words. */
    private static final double SHORTEST_ESTIMATE = 0.5;

    private static final Map<String, double[]> LAST = new ConcurrentHashMap<>();

    private SolveProgress() {
    }

    /**
     * Solves {@code lp} with {@code solver}, reporting to {@code progress} as described above.
     *
     * @param what what the LP is for, e.g. {@code LP} or {@code minimax remap master LP}
     * @param heartbeatSeconds seconds between plain heartbeat lines (a terminal bar redraws every second)
     * @param tolerance the feasibility tolerance, or NaN for the backend's own
     */
    public static LpSolution solve(Progress progress, String what, LpSolver solver, LinearProgram lp, Duration timeLimit, double tolerance,
            int heartbeatSeconds) throws LpException {
        double work = work(lp);
        double expected = expectedSeconds(solver.name(), work);
        String basis = LAST.containsKey(solver.name()) ? ", scaled from its last solve" : ", a first guess from a measured scaling";
        String message = String.format(Locale.ROOT, "%s: solving with %s, %,d variables, %,d rows, %,d nonzeros%s%s", what, solver.name(), lp.variables(),
                lp.rows(), lp.nonzeros(), timeLimit == null ? "" : ", time limit " + Progress.Eta.seconds(timeLimit.toMillis() / 1000.0),
                expected >= SHORTEST_ESTIMATE ? basis : "");
        LpSolution sol;
        try {
            sol = progress.during(message, heartbeatSeconds, expected >= SHORTEST_ESTIMATE ? expected : 0,
                    () -> Double.isNaN(tolerance) ? solver.solve(lp, timeLimit) : solver.solve(lp, timeLimit, tolerance));
        } catch (LpException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new LpException("the " + solver.name() + " backend failed: " + e, e);
        }
        if (sol.seconds() > 0 && Double.isFinite(sol.seconds()) && work > 0) {
            LAST.put(solver.name(), new double[] {work, sol.seconds()});
        }
        progress.stage(String.format(Locale.ROOT, "%s: %s ended %s after %,d iterations in %s%s", what, solver.name(), sol.status(), sol.iterations(),
                Progress.Eta.seconds(sol.seconds()), Double.isNaN(sol.objectiveValue()) ? "" : String.format(Locale.ROOT, ", objective %.10g",
                        sol.objectiveValue())));
        return sol;
    }

    /** The estimated length of a solve of {@code work} (rows × nonzeros) on the named backend. */
    static double expectedSeconds(String backend, double work) {
        double[] last = LAST.get(backend);
        return last == null ? PRIOR * Math.pow(work, EXPONENT) : last[1] * Math.pow(work / last[0], EXPONENT);
    }

    /** Simplex work of a model: rows × nonzeros. */
    static double work(LinearProgram lp) {
        return (double) lp.rows() * lp.nonzeros();
    }
}
