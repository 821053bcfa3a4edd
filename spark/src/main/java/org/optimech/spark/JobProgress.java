package org.optimech.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * Progress of the Spark jobs a release runs, either as lines (pass any line sink): per stage, tasks done of total with the
 * percentage, the elapsed time and the time left at the rate so far, at most one line a second per stage, and a closing line
 * when the stage ends; or as events of a {@link Stages} sink, which the Spark runner turns into the designer's {@code
 * Progress} tasks (a bar on a terminal). A stage is named by its job's description ({@link SparkContext#setJobDescription}),
 * with its place among the job's stages, when the job has one, and by Spark's call site otherwise. Attach it around the
 * release and close it afterwards:
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

    /** The events of the stages, for a progress form of the caller's (thread-safe: Spark's listener thread calls it). */
    public interface Stages {
        /** A stage with {@code tasks} tasks was submitted. */
        void submitted(int stage, String name, int tasks);

        /** One more of the stage's tasks ended: {@code done} of {@code tasks}. */
        void taskDone(int stage, int done, int tasks);

        /** The stage ended; {@code failure} is null unless it failed. */
        void completed(int stage, String failure);
    }

    private final SparkContext context;
    private final Stages sink;
    private final Map<Integer, Stage> stages = new ConcurrentHashMap<>();
    /** Each stage of a started job: its place among the job's stages and how many there are. */
    private final Map<Integer, int[]> places = new ConcurrentHashMap<>();

    private JobProgress(SparkContext context, Stages sink) {
        this.context = context;
        this.sink = sink;
    }

    /** Reports the stages of every job run on {@code context} from now until {@link #close()}, as lines. */
    public static JobProgress attach(SparkContext context, Consumer<String> lines) {
        Objects.requireNonNull(lines, "lines");
        return attach(context, new Lines(lines));
    }

    /** Reports the stages of every job run on {@code context} from now until {@link #close()}, as events. */
    public static JobProgress attach(SparkContext context, Stages sink) {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(sink, "sink");
        JobProgress p = new JobProgress(context, sink);
        context.addSparkListener(p);
        return p;
    }

    @Override
    public void onJobStart(SparkListenerJobStart event) {
        List<Integer> ids = new ArrayList<>(scala.jdk.javaapi.CollectionConverters.asJava(event.stageIds()).stream().map(id -> (Integer) id).toList());
        java.util.Collections.sort(ids); // Spark numbers a job's stages in the order they run
        for (int k = 0; k < ids.size(); k++) {
            places.put(ids.get(k), new int[] {k + 1, ids.size()});
        }
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted event) {
        StageInfo info = event.stageInfo();
        String description = event.properties() == null ? null : event.properties().getProperty("spark.job.description");
        int[] place = places.get(info.stageId());
        String name = description == null ? info.name() : description + (place == null || place[1] == 1 ? "" : ", step " + place[0] + " of " + place[1]);
        stages.put(info.stageId(), new Stage(info.numTasks()));
        sink.submitted(info.stageId(), name, Math.max(1, info.numTasks()));
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd event) {
        Stage s = stages.get(event.stageId());
        if (s != null) {
            sink.taskDone(event.stageId(), s.taskDone(), s.total);
        }
    }

    @Override
    public void onStageCompleted(SparkListenerStageCompleted event) {
        int id = event.stageInfo().stageId();
        places.remove(id);
        if (stages.remove(id) != null) {
            sink.completed(id, event.stageInfo().failureReason().isDefined() ? event.stageInfo().failureReason().get() : null);
        }
    }

    /** Stops reporting. */
    @Override
    public void close() {
        context.removeSparkListener(this);
    }

    /** One running stage's task count. */
    private static final class Stage {
        private final int total;
        private int done;

        Stage(int total) {
            this.total = Math.max(1, total);
        }

        /** Counts a finished task; how many are done. */
        synchronized int taskDone() {
            return ++done;
        }
    }

    /** The stages as lines, at most one a second per stage (the first task's always: the first figure for the estimate). */
    private static final class Lines implements Stages {
        private final Consumer<String> lines;
        private final Map<Integer, Line> open = new ConcurrentHashMap<>();

        private record Line(String name, int total, long started, long[] last, int[] done) {
        }

        Lines(Consumer<String> lines) {
            this.lines = lines;
        }

        @Override
        public void submitted(int stage, String name, int tasks) {
            open.put(stage, new Line(name, tasks, System.nanoTime(), new long[1], new int[1]));
            lines.accept(String.format(Locale.ROOT, "spark stage %d (%s): %d tasks", stage, name, tasks));
        }

        @Override
        public void taskDone(int stage, int done, int tasks) {
            Line l = open.get(stage);
            if (l == null) {
                return;
            }
            String line;
            synchronized (l) {
                l.done()[0] = done;
                long now = System.nanoTime();
                // the last task is the closing line's
                if (done >= tasks || done > 1 && now - l.last()[0] < LINE_NANOS) {
                    return;
                }
                l.last()[0] = now;
                double elapsed = (now - l.started()) / 1e9;
                line = String.format(Locale.ROOT, "spark stage %d (%s): %d/%d tasks (%d%%), %.1f s, about %.1f s left", stage, l.name(), done, tasks,
                        Math.min(100, 100L * done / tasks), elapsed, elapsed * (tasks - done) / done);
            }
            lines.accept(line);
        }

        @Override
        public void completed(int stage, String failure) {
            Line l = open.remove(stage);
            if (l != null) {
                lines.accept(String.format(Locale.ROOT, "spark stage %d (%s): done, %d/%d tasks in %.1f s%s", stage, l.name(), l.done()[0], l.total(),
                        (System.nanoTime() - l.started()) / 1e9, failure == null ? "" : ", failed: " + failure));
            }
        }
    }
}
