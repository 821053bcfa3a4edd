package org.optimech.designer.lp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** MPSolver's FEASIBLE / NOT_SOLVED mean a limit only when the limit was (nearly) used up. */
class OrToolsStatusTest {

    @Test
    void aStopWellBeforeTheLimitIsAFailure() {
        assertEquals(LpStatus.FAILED, OrToolsLpSolver.limitStatus(0.0, Duration.ofSeconds(600)));
        assertEquals(LpStatus.FAILED, OrToolsLpSolver.limitStatus(5.0, Duration.ofSeconds(10)));
    }

    @Test
    void aStopAtTheLimitIsALimit() {
        assertEquals(LpStatus.LIMIT_REACHED, OrToolsLpSolver.limitStatus(9.95, Duration.ofSeconds(10)));
        assertEquals(LpStatus.LIMIT_REACHED, OrToolsLpSolver.limitStatus(12.0, Duration.ofSeconds(10)));
    }

    @Test
    void withoutALimitNoStopIsALimit() {
        assertEquals(LpStatus.FAILED, OrToolsLpSolver.limitStatus(1000.0, null));
    }
}
