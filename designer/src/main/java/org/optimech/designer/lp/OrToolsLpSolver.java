package org.optimech.designer.lp;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPSolverParameters;
import com.google.ortools.linearsolver.MPVariable;
import java.time.Duration;
import java.util.Optional;

/**
 * OR-Tools' MPSolver with one of its native LP engines (Linux, macOS and Windows natives; this build
 * depends on the one for the platform it is built on).
 *
 * <ul>
 *   <li>{@code clp}: COIN-OR CLP with dual simplex, the default: fastest on the design LPs measured
 *       here, with correct duals;
 *   <li>{@code highs}: HiGHS; its dual values through MPSolver 9.15 are the row activities, not
 *       duals (measured), so its certificates are weak;
 *   <li>{@code glop}: Google's GLOP; correct duals, 10–20× slower than CLP at n ≥ 120 and
 *       ABNORMAL at some sizes (docs/DESIGN.md §4).
 * </ul>
 */
public final class OrToolsLpSolver implements LpSolver {
    private static final Object LOCK = new Object();
    private static volatile Boolean loaded;
    private static volatile Throwable loadFailure;

    /** The LP algorithm asked of the backend ({@link #BACKEND_DEFAULT}: its own choice). */
    public enum Algorithm {
        /** The backend's own choice. */
        BACKEND_DEFAULT,
        /** Dual simplex. */
        DUAL,
        /** Primal simplex. */
        PRIMAL,
        /** Interior point (barrier), with the backend's crossover where it has one. */
        BARRIER
    }

    private final String name;
    private final String solverId;
    private final boolean dualsReliable;
    private final Algorithm algorithm;

    private OrToolsLpSolver(String name, String solverId, boolean dualsReliable, Algorithm algorithm) {
        this.name = name;
        this.solverId = solverId;
        this.dualsReliable = dualsReliable;
        this.algorithm = algorithm;
    }

    public static OrToolsLpSolver clp() {
        return new OrToolsLpSolver("clp", "CLP", true, Algorithm.DUAL);
    }

    /** CLP with the given algorithm (measurements and tests; {@link #clp()} is the designer's default). */
    public static OrToolsLpSolver clp(Algorithm algorithm) {
        return new OrToolsLpSolver("clp", "CLP", true, java.util.Objects.requireNonNull(algorithm, "algorithm"));
    }

    public static OrToolsLpSolver highs() {
        return new OrToolsLpSolver("highs", "HIGHS", false, Algorithm.BACKEND_DEFAULT);
    }

    public static OrToolsLpSolver glop() {
        return new OrToolsLpSolver("glop", "GLOP", true, Algorithm.BACKEND_DEFAULT);
    }

    /** The algorithm asked of the backend. */
    public Algorithm algorithm() {
        return algorithm;
    }

    /** Loads the native library once; returns the reason it cannot be loaded, if any. */
    public static Optional<Throwable> nativeLoadFailure() {
        if (loaded == null) {
            synchronized (LOCK) {
                if (loaded == null) {
                    try {
                        loadNatives();
                        loaded = Boolean.TRUE;
                    } catch (Throwable t) { // UnsatisfiedLinkError, or a RuntimeException from the loader
                        loadFailure = t;
                        loaded = Boolean.FALSE;
                    }
                }
            }
        }
        return Optional.ofNullable(loadFailure);
    }

    /**
     * As OR-Tools' {@link Loader#loadNativeLibraries} (a {@code jniortools} on {@code java.library.path} first), but from
     * the unpacked copy {@link OrToolsNatives} keeps instead of a fresh 71 MB temporary one per process; OR-Tools' loader
     * where that copy cannot be used.
     */
    private static void loadNatives() {
        try {
            System.loadLibrary("jniortools");
            return;
        } catch (UnsatisfiedLinkError e) {
            // not installed on the library path: the jar's copy
        }
        try {
            if (OrToolsNatives.load(OrToolsNatives.defaultRoot()).isPresent()) {
                return;
            }
        } catch (java.io.IOException | UnsatisfiedLinkError | RuntimeException e) {
            // the cache cannot be used here (also a race with another process, which surfaces unchecked): OR-Tools' own loader,
            // which unpacks to a temporary directory
        }
        Loader.loadNativeLibraries();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        if (nativeLoadFailure().isPresent()) {
            return "OR-Tools " + solverId + " (native library not loadable)";
        }
        MPSolver s = MPSolver.createSolver(solverId);
        try {
            if (s != null) {
                s.suppressOutput();
            }
            String v = s == null ? "unavailable" : s.solverVersion();
            if (solverId.equals("HIGHS")) {
                v = "HiGHS"; // MPSolver 9.15 reports its HiGHS engine as "PDLP Solver"
            }
            // the default algorithms keep their old description; another one is named
            String how = algorithm == Algorithm.BARRIER ? " (barrier)" : algorithm == Algorithm.PRIMAL ? " (primal simplex)" : "";
            return "OR-Tools " + com.google.ortools.init.OrToolsVersion.getVersionString() + " / " + v + how;
        } finally {
            if (s != null) {
                s.delete();
            }
        }
    }

    /**
     * Size limits, from measurements on a 2-core machine (README, "LP backends"): CLP needs about
     * 150 s for 90,000 variables and 181,000 rows (counting query n = 300, minimax) and more than
     * 5 minutes for 27,000 variables and 238,000 rows (histograms, 4 cells, 8 records); an LP at the
     * limits below would run for many hours, so it is refused with its size instead.
     */
    public static final long MAX_VARIABLES = 1_000_000L;
    /** See {@link #MAX_VARIABLES}. */
    public static final long MAX_ROWS = 2_000_000L;

    @Override
    public boolean dualsReliable() {
        return dualsReliable;
    }

    @Override
    public long maxVariables() {
        return MAX_VARIABLES;
    }

    @Override
    public long maxRows() {
        return MAX_ROWS;
    }

    @Override
    public LpSolution solve(LinearProgram lp, Duration timeLimit) throws LpException {
        return solve(lp, timeLimit, Double.NaN);
    }

    @Override
    public LpSolution solve(LinearProgram lp, Duration timeLimit, double tolerance) throws LpException {
        if (!lp.isPoint()) {
            throw new IllegalArgumentException("a solver needs a point model");
        }
        Optional<Throwable> failure = nativeLoadFailure();
        if (failure.isPresent()) {
            throw new LpException("the OR-Tools native library cannot be loaded on this platform (" + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch") + "): " + failure.get(), failure.get());
        }
        long start = System.nanoTime();
        MPSolver solver = MPSolver.createSolver(solverId);
        if (solver == null) {
            throw new LpException("OR-Tools was built without the " + solverId + " solver");
        }
        MPSolverParameters parameters = null;
        try {
            solver.suppressOutput();
            if (solverId.equals("HIGHS")) {
                // HiGHS prints a banner to stdout despite suppressOutput(). This option silences it;
                // MPSolver 9.15 returns false for it but applies it (other spellings break the
                // next solve with an unknown status code), so the return value is ignored.
                solver.setSolverSpecificParametersAsString("output_flag=false");
            }
            int n = lp.variables();
            MPVariable[] x = new MPVariable[n];
            MPObjective objective = solver.objective();
            for (int j = 0; j < n; j++) {
                x[j] = solver.makeNumVar(lp.variableLower(j), lp.variableUpper(j), "");
                if (lp.costLo(j) != 0.0) {
                    objective.setCoefficient(x[j], lp.costLo(j));
                }
            }
            objective.setMinimization();
            int m = lp.rows();
            MPConstraint[] rows = new MPConstraint[m];
            for (int i = 0; i < m; i++) {
                rows[i] = solver.makeConstraint(lp.rowLowerLo(i), lp.rowUpperLo(i), "");
                for (int k = lp.rowStart(i); k < lp.rowStart(i + 1); k++) {
                    rows[i].setCoefficient(x[lp.column(k)], lp.coefLo(k));
                }
            }
            if (timeLimit != null) {
                solver.setTimeLimit(Math.max(1, timeLimit.toMillis()));
            }
            parameters = new MPSolverParameters();
            // CLP's automatic choice reported the feasible n = 300 counting-query LP INFEASIBLE after 100 s; dual simplex
            // solves it in 11 s and is within 1.5x elsewhere (README), so clp() asks for it.
            switch (algorithm) {
                case DUAL -> parameters.setIntegerParam(MPSolverParameters.IntegerParam.LP_ALGORITHM, MPSolverParameters.LpAlgorithmValues.DUAL.swigValue());
                case PRIMAL -> parameters.setIntegerParam(MPSolverParameters.IntegerParam.LP_ALGORITHM, MPSolverParameters.LpAlgorithmValues.PRIMAL.swigValue());
                case BARRIER -> parameters.setIntegerParam(MPSolverParameters.IntegerParam.LP_ALGORITHM, MPSolverParameters.LpAlgorithmValues.BARRIER.swigValue());
                case BACKEND_DEFAULT -> { }
            }
            if (!Double.isNaN(tolerance)) {
                if (!(tolerance > 0 && tolerance < 1)) {
                    throw new IllegalArgumentException("tolerance must be in (0, 1). Provided value: " + tolerance);
                }
                parameters.setDoubleParam(MPSolverParameters.DoubleParam.PRIMAL_TOLERANCE, tolerance);
                parameters.setDoubleParam(MPSolverParameters.DoubleParam.DUAL_TOLERANCE, tolerance);
            }
            MPSolver.ResultStatus status;
            try {
                status = solver.solve(parameters);
            } catch (IllegalArgumentException e) {
                // MPSolver's Java enum does not cover every native status code.
                return new LpSolution(LpStatus.FAILED, "unknown solver status: " + e.getMessage(), null, null, Double.NaN, 0, seconds(start));
            }
            double elapsed = seconds(start);
            LpStatus mapped = switch (status) {
                case OPTIMAL -> LpStatus.OPTIMAL;
                case INFEASIBLE -> LpStatus.INFEASIBLE;
                case UNBOUNDED -> LpStatus.UNBOUNDED;
                case FEASIBLE, NOT_SOLVED -> limitStatus(elapsed, timeLimit);
                default -> LpStatus.FAILED;
            };
            if (mapped != LpStatus.OPTIMAL) {
                String detail = mapped == LpStatus.FAILED && (status == MPSolver.ResultStatus.FEASIBLE || status == MPSolver.ResultStatus.NOT_SOLVED)
                        ? status + " well before the time limit (a numerical stop, not a limit)" : status.toString();
                return new LpSolution(mapped, detail, null, null, Double.NaN, solver.iterations(), elapsed);
            }
            double[] primal = new double[n];
            for (int j = 0; j < n; j++) {
                primal[j] = x[j].solutionValue();
            }
            double[] duals = new double[m];
            for (int i = 0; i < m; i++) {
                duals[i] = rows[i].dualValue();
            }
            return new LpSolution(LpStatus.OPTIMAL, status.toString(), primal, duals, objective.value(), solver.iterations(), seconds(start));
        } finally {
            if (parameters != null) {
                parameters.delete();
            }
            solver.delete();
        }
    }

    /**
     * MPSolver reports FEASIBLE or NOT_SOLVED both when a limit stops the backend and when the backend gives up
     * numerically (HiGHS at likelihood ratios near e^30 stops at once with NOT_SOLVED). Only a stop that used most of the
     * time limit is a limit; anything earlier is a failure, so the designer falls back to another backend or a lower ε
     * ceiling instead of asking the user to raise a limit that was never reached.
     */
    static LpStatus limitStatus(double elapsedSeconds, Duration timeLimit) {
        if (timeLimit == null) {
            return LpStatus.FAILED;
        }
        return elapsedSeconds >= 0.9 * timeLimit.toMillis() / 1000.0 ? LpStatus.LIMIT_REACHED : LpStatus.FAILED;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
