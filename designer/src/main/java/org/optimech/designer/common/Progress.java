package org.optimech.designer.common;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Where a long design run reports what it is doing. */
public interface Progress {
    /** A new stage has started. */
    void stage(String message);

    /**
     * Runs a long step, reporting every {@code heartbeatSeconds} that it is still running.
     *
     * @param <T> the step's result
     */
    default <T> T during(String message, int heartbeatSeconds, Callable<T> step) throws Exception {
        stage(message);
        return step.call();
    }

    /**
     * A line with the figures of a long search: what it bounds, boxes done, the certified interval and its relative gap,
     * elapsed time and, when the gap is shrinking, an estimate of the time to the target gap.
     *
     * @param estimateSeconds NaN when no estimate can be given
     */
    default void search(String stage, long boxes, double lower, double upper, double elapsedSeconds, double estimateSeconds) {
        double gap = lower > 0 ? (upper - lower) / lower : Double.POSITIVE_INFINITY;
        stage(String.format(java.util.Locale.ROOT, "  %s: %,d boxes, certified in [%.12g, %.12g] (relative gap %.2g), %.1f s%s", stage, boxes, lower, upper,
                gap, elapsedSeconds, Double.isNaN(estimateSeconds) ? "" : Double.isInfinite(estimateSeconds) ? ", gap not shrinking yet"
                        : String.format(java.util.Locale.ROOT, ", about %.0f s to the target gap", estimateSeconds)));
    }

    /** Reports nothing. */
    static Progress silent() {
        return message -> { };
    }

    /** Timestamped lines on a stream (the CLI uses stderr), with heartbeats during long steps. */
    static Progress to(PrintStream out) {
        long start = System.nanoTime();
        return new Progress() {
            @Override
            public void stage(String message) {
                out.printf("[%7.2fs] %s%n", (System.nanoTime() - start) / 1e9, message);
                out.flush();
            }

            @Override
            public <T> T during(String message, int heartbeatSeconds, Callable<T> step) throws Exception {
                stage(message);
                long begun = System.nanoTime();
                ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "optimech-progress");
                    t.setDaemon(true);
                    return t;
                });
                timer.scheduleAtFixedRate(() -> stage("  ... still running (" + Math.round((System.nanoTime() - begun) / 1e9) + " s)"),
                        heartbeatSeconds, heartbeatSeconds, TimeUnit.SECONDS);
                try {
                    return step.call();
                } finally {
                    timer.shutdownNow();
                }
            }
        };
    }
}
