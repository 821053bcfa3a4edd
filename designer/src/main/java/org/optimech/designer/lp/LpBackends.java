package org.optimech.designer.lp;

import java.util.List;
import java.util.Optional;

/** Chooses an {@link LpSolver} by name; {@code auto} is CLP where OR-Tools loads, else ojAlgo. */
public final class LpBackends {
    /** The names {@link #byName} accepts. */
    public static final List<String> NAMES = List.of("auto", "clp", "highs", "glop", "ojalgo");

    private LpBackends() {
    }

    /**
     * The backend of that name.
     *
     * @throws LpException for an unknown name, or a native backend whose library cannot load
     */
    public static LpSolver byName(String name) throws LpException {
        switch (name) {
            case "auto":
                return OrToolsLpSolver.nativeLoadFailure().isPresent() ? new OjAlgoLpSolver() : OrToolsLpSolver.clp();
            case "clp":
            case "highs":
            case "glop":
                Optional<Throwable> failure = OrToolsLpSolver.nativeLoadFailure();
                if (failure.isPresent()) {
                    throw new LpException("solver \"" + name + "\" needs the OR-Tools native library, which cannot be loaded on "
                            + System.getProperty("os.name") + " " + System.getProperty("os.arch") + " (" + failure.get().getMessage()
                            + "); use the ojalgo backend for small problems");
                }
                return switch (name) {
                    case "clp" -> OrToolsLpSolver.clp();
                    case "highs" -> OrToolsLpSolver.highs();
                    default -> OrToolsLpSolver.glop();
                };
            case "ojalgo":
                return new OjAlgoLpSolver();
            default:
                throw new LpException("unknown solver \"" + name + "\"; choose one of " + String.join(", ", NAMES));
        }
    }
}
