package org.optimech.spark;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * Progress of the Spark jobs a release runs, as lines for the tool's one progress mechanism (pass {@code progress::stage} of
 * the designer's {@code Progress}, or any line sink): per stage, tasks done of total with the percentage, the elapsed time and
 * the time left at the rate so far, at most one line a second per stage, and a closing line when the stage ends. Attach it
 * around the release and close it afterwards:
 *
 * <pre>{@code
 * try (JobProgress p = JobProgress.attach(spark.sparkContext(), System.err::println)) {
 *     released = release.release(rows);
 * }
 * }</pre>
 *
 * <p>Spark delivers listener events asynchronously, so the last lines may arrive shortly after the job returns. The lines say
 * nothing about the data: task counts and times only (they depend on the partitioning, not on the values).
 */
public final class JobProgress extends SparkListener implements AutoCloseable {
    private static final long LINE_NANOS = 1_000_000_000L;

    private final SparkContext context;
    private final Consumer<String> lines;
    private final Map<Integer, Stage> stages = new ConcurrentHashMap<>();

    private JobProgress(SparkContext context, Consumer<String> lines) {
        this.context = context;
        this.lines = lines;
    }

    /** Reports the stages of every job run on {@code context} from now until {@link #close()}. */
    public static JobProgress attach(SparkContext context, Consumer<String> lines) {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(lines, "lines");
        JobProgress p = new JobProgress(context, lines);
        context.addSparkListener(p);
        return p;
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted event) {
        StageInfo info = event.stageInfo();
        Stage s = new Stage(info.stageId(), info.name(), info.numTasks());
        stages.put(info.stageId(), s);
        lines.accept(String.format(Locale.ROOT, "spark stage %d (%s): %d tasks", s.id, s.name, s.total));
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd event) {
        Stage s = stages.get(event.stageId());
        if (s != null) {
            String line = s.taskDone();
            if (line != null) {
                lines.accept(line);
            }
        }
    }

    @Override
    public void onStageCompleted(SparkListenerStageCompleted event) {
        Stage s = stages.remove(event.stageInfo().stageId());
        if (s != null) {
            String failure = event.stageInfo().failureReason().isDefined() ? ", failed: " + event.stageInfo().failureReason().get() : "";
            lines.accept(String.format(Locale.ROOT, "spark stage %d (%s): done, %d/%d tasks in %.1f s%s", s.id, s.name, s.done(), s.total, s.elapsed(),
                    failure));
        }
    }

    /** Stops reporting. */
    @Override
    public void close() {
        context.removeSparkListener(this);
    }

    /** One running stage: tasks done, when it started, when it last reported. */
    private static final class Stage {
        private final int id;
        private final String name;
        private final int total;
        private final long started = System.nanoTime();
        private int done;
        private long lastLine;

        Stage(int id, String name, int total) {
            this.id = id;
            this.name = name;
            this.total = Math.max(1, total);
        }

        /** Counts a finished task; the line to report, or null when one was reported less than a second ago. */
        synchronized String taskDone() {
            done++;
            long now = System.nanoTime();
            // the first task always (the first figure for the estimate), then at most a line a second; the last is the closing line
            if (done >= total || done > 1 && now - lastLine < LINE_NANOS) {
                return null;
            }
            lastLine = now;
            double elapsed = elapsed();
            double left = elapsed * (total - done) / done;
            return String.format(Locale.ROOT, "spark stage %d (%s): %d/%d tasks (%d%%), %.1f s, about %.1f s left", id, name, done, total,
                    Math.min(100, 100L * done / total), elapsed, left);
        }

        synchronized int done() {
            return done;
        }

        double elapsed() {
            return (System.nanoTime() - started) / 1e9;
        }
    }
}
