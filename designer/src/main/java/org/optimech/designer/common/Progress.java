package org.optimech.designer.common;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Where long work reports what it is doing: the one progress mechanism of the whole tool (design, sweeps, hulls, searches,
 * accounting, Spark jobs through their listeners). Three forms: {@link #stage} (a new stage has started), {@link #during} (a
 * long step of unknown length, with heartbeats and, where one is known, an estimate of its length), {@link #task} (work
 * with a count: each step reports done/total, the percentage and an estimate of the time left) and {@link #tally} (a count
 * without a total, such as records read from standard input: the count so far and its rate, and no estimate, which the form
 * says). {@link #to(PrintStream, boolean)}
 * draws a bar on a terminal and writes plain timestamped lines elsewhere; {@link #silent()} reports nothing ({@code --quiet}).
 */
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
     * As {@link #during(String, int, Callable)} for a step that throws no checked exception (hulls, accuracy, accounting):
     * its runtime exceptions pass through unchanged.
     *
     * @param <T> the step's result
     */
    default <T> T running(String message, int heartbeatSeconds, java.util.function.Supplier<T> step) {
        try {
            return during(message, heartbeatSeconds, step::get);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e); // a Supplier throws nothing checked
        }
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

    /**
     * As {@link #during(String, int, Callable)}, with an estimate of the step's length (from a measured scaling, say), which
     * the heartbeats compare the elapsed time with; 0 or less when there is none.
     *
     * @param <T> the step's result
     */
    default <T> T during(String message, int heartbeatSeconds, double expectedSeconds, Callable<T> step) throws Exception {
        return during(expectedSeconds > 0 ? message + String.format(Locale.ROOT, " (expected about %s)", Eta.seconds(expectedSeconds)) : message,
                heartbeatSeconds, step);
    }

    /**
     * Work with a count: the caller {@link Task#advance advances} it as units finish (and may correct the {@link Task#total
     * total} as it learns more), and ends it with {@link Task#done}. This default reports through {@link #stage}: one line per
     * advance with done/total, the percentage and the time left estimated from the rate so far.
     *
     * @param name what the work is
     * @param total how many units it has (an estimate is fine; at least 1)
     */
    default Task task(String name, long total) {
        return new Task(name, total, (t, note, finished) -> stage(t.line(note, finished)));
    }

    /**
     * Work with a count but no total (records read from standard input): the caller {@link Task#advance advances} it and ends it
     * with {@link Task#done}; each report shows the count so far and its rate, and says that without a total there is no
     * estimate (on a terminal without a bar). Shown as {@link #task} shows work with a total, so it is silenced alike.
     *
     * @param name what the work is, with its unit (e.g. "summing standard input (records read)")
     */
    default Task tally(String name) {
        return task(name, Task.UNKNOWN_TOTAL);
    }

    /**
     * A {@code (done, total)} callback, the form the runtime's long steps take (the accountant, the ledger's charge, the hull,
     * the Monte Carlo of an accuracy), shown as a {@link #task} started on the first report and ended by a report with done =
     * total (the work is over) or by {@link Counts#close()}, whichever comes first; a report after the end starts a new task
     * (another estimate's draws), unless it only repeats the end.
     *
     * @param name what the work is, with its unit (e.g. "ledger charge (neighbouring pairs)")
     */
    default Counts counts(String name) {
        return new Counts(this, name);
    }

    /** See {@link Progress#counts}. Thread-safe. */
    final class Counts implements java.util.function.BiConsumer<Integer, Integer>, AutoCloseable {
        private final Progress progress;
        private final String name;
        private Task task;
        private long ended = -1; // the total of the task that ended last, so a repeat of its end starts nothing

        private Counts(Progress progress, String name) {
            this.progress = progress;
            this.name = name;
        }

        @Override
        public void accept(Integer done, Integer total) {
            report(done, total);
        }

        /** {@code done} of {@code total} units are finished. */
        public synchronized void report(long done, long total) {
            if (task == null) {
                if (done >= total && total == ended) {
                    return;
                }
                task = progress.task(name, total);
            }
            task.total(total);
            if (done > task.completed()) {
                task.advance(done - task.completed(), null);
            }
            if (done >= total) {
                task.done();
                task = null;
                ended = total;
            }
        }

        /** Ends the task, if one is running. */
        @Override
        public synchronized void close() {
            if (task != null) {
                task.done();
                task = null;
            }
        }
    }

    /** Reports nothing. */
    static Progress silent() {
        return new Progress() {
            @Override
            public void stage(String message) {
            }

            @Override
            public Task task(String name, long total) {
                return new Task(name, total, (t, note, finished) -> { });
            }
        };
    }

    /**
     * Timestamped lines on a stream, with heartbeats during long steps; tasks as one line per step, at most one a second
     * (the first and the last always).
     */
    static Progress to(PrintStream out) {
        return to(out, false);
    }

    /**
     * Progress for the CLI's stderr: a bar redrawn in place when stderr is a terminal (the launcher says so; without it, {@code
     * System.console()}), plain lines otherwise. The environment variable {@code OPTIMECH_PROGRESS} overrides the choice: {@code bar}, {@code lines} or
     * {@code none}.
     */
    static Progress stderr() {
        return console(new PrintWriter(System.err, true));
    }

    /**
     * As {@link #stderr()}, on {@code out} (a command's error writer, which is stderr when run from a shell): a bar when stderr
     * is a terminal, plain lines otherwise, {@code OPTIMECH_PROGRESS} overriding.
     */
    static Progress console(PrintWriter out) {
        String mode = System.getenv("OPTIMECH_PROGRESS");
        if ("none".equals(mode)) {
            return silent();
        }
        return to(out, ProgressForm.bar());
    }

    /**
     * Progress on a stream: with {@code bar}, a task is one line redrawn in place ({@code \r}) as a bar with done/total, the
     * percentage and the time left, ended by a newline when done; without, plain lines as {@link #to(PrintStream)}.
     */
    static Progress to(PrintStream out, boolean bar) {
        return to(new PrintWriter(out, true), bar);
    }

    /** As {@link #to(PrintStream, boolean)}, on a writer. */
    static Progress to(PrintWriter out, boolean bar) {
        long start = System.nanoTime();
        return new Progress() {
            private boolean open; // a bar line is being redrawn
            private int liveTasks; // tasks started and not done: their figures say more than a heartbeat, which is then left out

            @Override
            public synchronized void stage(String message) {
                if (open) {
                    out.println();
                    open = false;
                }
                out.printf(Locale.ROOT, "[%7.2fs] %s%n", (System.nanoTime() - start) / 1e9, message);
                out.flush();
            }

            @Override
            public <T> T during(String message, int heartbeatSeconds, Callable<T> step) throws Exception {
                return during(message, heartbeatSeconds, 0, step);
            }

            @Override
            public <T> T during(String message, int heartbeatSeconds, double expectedSeconds, Callable<T> step) throws Exception {
                if (!(heartbeatSeconds > 0)) {
                    throw new IllegalArgumentException("heartbeatSeconds must be > 0. Provided value: " + heartbeatSeconds);
                }
                stage(expectedSeconds > 0 ? message + String.format(Locale.ROOT, " (expected about %s)", Eta.seconds(expectedSeconds)) : message);
                long begun = System.nanoTime();
                ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "optimech-progress");
                    t.setDaemon(true);
                    return t;
                });
                // a bar is redrawn every second; plain lines come once a heartbeat
                timer.scheduleAtFixedRate(() -> heartbeat(message, (System.nanoTime() - begun) / 1e9, expectedSeconds, false), bar ? 1 : heartbeatSeconds,
                        bar ? 1 : heartbeatSeconds, TimeUnit.SECONDS);
                try {
                    return step.call();
                } finally {
                    timer.shutdownNow();
                    try {
                        timer.awaitTermination(1, TimeUnit.SECONDS); // no heartbeat after the closing line
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    synchronized (this) {
                        if (open) {
                            heartbeat(message, (System.nanoTime() - begun) / 1e9, expectedSeconds, true);
                        }
                    }
                }
            }

            private synchronized void heartbeat(String message, double elapsed, double expected, boolean finished) {
                if (liveTasks > 0 && !finished) {
                    return;
                }
                if (!bar) {
                    stage("  ... still running (" + Heartbeat.figures(elapsed, expected) + ")");
                    return;
                }
                out.print("\r" + Heartbeat.bar(message, elapsed, expected, finished) + "\u001b[K");
                open = !finished;
                if (finished) {
                    out.println();
                }
                out.flush();
            }

            @Override
            public Task task(String name, long total) {
                // the time of the last line; none yet at first (a MIN_VALUE sentinel overflowed in now - last, so a task whose
                // first step was several units printed nothing until its end)
                long[] lastLine = {0};
                boolean[] printed = {false};
                synchronized (this) {
                    liveTasks++;
                }
                return new Task(name, total, (t, note, finished) -> {
                    synchronized (this) {
                        if (finished) {
                            liveTasks--;
                        }
                        if (bar) {
                            out.print("\r" + t.bar(note, finished) + "\u001b[K");
                            open = !finished;
                            if (finished) {
                                out.println();
                            }
                            out.flush();
                            return;
                        }
                        long now = System.nanoTime();
                        if (finished || !printed[0] || t.completed() <= 1 || now - lastLine[0] >= 1_000_000_000L) {
                            lastLine[0] = now;
                            printed[0] = true;
                            out.printf(Locale.ROOT, "[%7.2fs] %s%n", (now - start) / 1e9, t.line(note, finished));
                            out.flush();
                        }
                    }
                });
            }
        };
    }

    /** How one task's state is shown: called on every advance and once when done. */
    @FunctionalInterface
    interface Sink {
        void show(Task task, String note, boolean finished);
    }

    /**
     * Work with a count, started by {@link Progress#task}. Thread-safe: parallel workers may advance it.
     */
    final class Task {
        /** The total of a {@link Progress#tally}: not known, so the task shows its count and rate and gives no estimate. */
        public static final long UNKNOWN_TOTAL = -1;

        private final String name;
        private final long started = System.nanoTime();
        private final Sink sink;
        private long total;
        private long done;
        private boolean finished;
        private boolean unknownTotal;

        Task(String name, long total, Sink sink) {
            this.name = name;
            this.unknownTotal = total == UNKNOWN_TOTAL;
            this.total = Math.max(1, total);
            this.sink = sink;
        }

        /** A task reporting to an arbitrary sink (for progress forms other than {@link Progress}'s own). */
        public static Task of(String name, long total, Sink sink) {
            return new Task(name, total, sink);
        }

        /** {@code units} more are finished; {@code note} (may be null) says what the last one was. */
        public void advance(long units, String note) {
            synchronized (this) {
                if (finished) {
                    return;
                }
                done += units;
                total = Math.max(total, done);
            }
            sink.show(this, note, false);
        }

        /** A better estimate of the total (never below what is done); a task without a total gets one. */
        public synchronized void total(long newTotal) {
            total = Math.max(Math.max(1, newTotal), done);
            unknownTotal = false;
        }

        /** The work is over (early or not): the last report. */
        public void done() {
            synchronized (this) {
                if (finished) {
                    return;
                }
                finished = true;
            }
            sink.show(this, null, true);
        }

        /** Units finished so far. */
        public synchronized long completed() {
            return done;
        }

        public synchronized long total() {
            return total;
        }

        public String name() {
            return name;
        }

        /** Seconds since the task started. */
        public double elapsed() {
            return (System.nanoTime() - started) / 1e9;
        }

        /** The time left at the rate so far (NaN before the first unit, and without a total). */
        public synchronized double remaining() {
            return done == 0 || unknownTotal ? Double.NaN : elapsed() * (total - done) / done;
        }

        /** {@code 1,234,567 (410k/s), total unknown so no estimate}: the count so far of a task without a total. */
        private String tally() {
            return String.format(Locale.ROOT, "%,d (%s/s), total unknown so no estimate", done, Rate.of(done / elapsed()));
        }

        /**
         * {@code name: 12/40 (30%), about 9 s left: note}, or {@code name: done, 40 in 12 s}; without a total {@code name: 1,234,567
         * (410k/s), total unknown so no estimate: note}.
         */
        public synchronized String line(String note, boolean finished) {
            if (finished) {
                return name + ": done, " + (unknownTotal ? String.format(Locale.ROOT, "%,d", done) : Long.toString(done)) + " in " + Eta.seconds(elapsed());
            }
            if (unknownTotal) {
                return name + ": " + tally() + (note == null ? "" : ": " + note);
            }
            return String.format(Locale.ROOT, "%s: %d/%d (%d%%), %s%s", name, done, total, percent(), Double.isNaN(remaining()) ? "estimating"
                    : "about " + Eta.seconds(remaining()) + " left", note == null ? "" : ": " + note);
        }

        /** {@code name [#####.....] 12/40 30% 9 s left note}, for a terminal; without a total no bar, the count and its rate. */
        public synchronized String bar(String note, boolean finished) {
            if (unknownTotal) {
                String text = finished ? name + ": done, " + String.format(Locale.ROOT, "%,d", done) + " in " + Eta.seconds(elapsed())
                        : name + ": " + tally() + (note == null ? "" : "  " + note);
                return text.length() > 150 ? text.substring(0, 147) + "..." : text;
            }
            int width = 24;
            int filled = finished ? width : (int) (width * done / total);
            String left = finished ? "done in " + Eta.seconds(elapsed()) : Double.isNaN(remaining()) ? "" : Eta.seconds(remaining()) + " left";
            String text = String.format(Locale.ROOT, "%s [%s%s] %d/%d %3d%% %s%s", name, "#".repeat(filled), ".".repeat(width - filled), done, total,
                    finished ? 100 : percent(), left, note == null || finished ? "" : "  " + note);
            return text.length() > 150 ? text.substring(0, 147) + "..." : text;
        }

        private int percent() {
            return (int) Math.min(100, 100 * done / total);
        }
    }

    /** How a long step of unknown length is shown while it runs: elapsed time against its estimate, if any. */
    final class Heartbeat {
        private Heartbeat() {
        }

        /** {@code 12 s}, or {@code 12 s of about 30 s expected}, or {@code 45 s, over the expected 30 s}. */
        public static String figures(double elapsed, double expected) {
            if (!(expected > 0)) {
                return Eta.seconds(elapsed);
            }
            return elapsed <= expected ? Eta.seconds(elapsed) + " of about " + Eta.seconds(expected) + " expected"
                    : Eta.seconds(elapsed) + ", over the expected " + Eta.seconds(expected);
        }

        /** {@code message [#####.....] 12 s of about 30 s expected}; without an estimate the bar is left out. */
        public static String bar(String message, double elapsed, double expected, boolean finished) {
            int width = 24;
            String text;
            if (finished) {
                text = message + " [" + "#".repeat(width) + "] done in " + Eta.seconds(elapsed);
            } else if (expected > 0) {
                int filled = (int) Math.min(width - 1, width * elapsed / expected);
                text = message + " [" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + figures(elapsed, expected);
            } else {
                text = message + " ... " + Eta.seconds(elapsed);
            }
            return text.length() > 150 ? text.substring(0, 147) + "..." : text;
        }
    }

    /** Rates as people read them. */
    final class Rate {
        private Rate() {
        }

        /** {@code 850}, {@code 410k}, {@code 2.3M}, {@code 1.2G} (units per second, rounded down to 3 digits at most); ? if not finite. */
        public static String of(double perSecond) {
            if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
                return "?";
            }
            String[] suffix = {"", "k", "M", "G"};
            int k = 0;
            double v = perSecond;
            while (v >= 1000 && k < suffix.length - 1) {
                v /= 1000;
                k++;
            }
            return (v < 10 && k > 0 ? String.format(Locale.ROOT, "%.1f", Math.floor(v * 10) / 10) : Long.toString((long) v)) + suffix[k];
        }
    }

    /** Durations as people read them. */
    final class Eta {
        private Eta() {
        }

        /** {@code 0.4 s}, {@code 12 s}, {@code 3 min 5 s}, {@code 2 h 4 min}. */
        public static String seconds(double s) {
            if (!(s >= 0) || Double.isInfinite(s)) {
                return "?";
            }
            if (s < 10) {
                return String.format(Locale.ROOT, "%.1f s", s);
            }
            long t = Math.round(s);
            if (t < 60) {
                return t + " s";
            }
            if (t < 3600) {
                return t / 60 + " min " + t % 60 + " s";
            }
            return t / 3600 + " h " + t % 3600 / 60 + " min";
        }
    }
}
