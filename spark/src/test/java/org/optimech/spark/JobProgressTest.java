package org.optimech.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/** Issue 24 (6): a Spark job longer than a second reports its stages with tasks done of total, elapsed time and time left. */
class JobProgressTest {
    @Test
    void aJobLongerThanASecondReportsTasksDoneElapsedAndTimeLeft() throws Exception {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSupport.spark().sparkContext());
        List<String> lines = new CopyOnWriteArrayList<>();
        long count;
        try (JobProgress p = JobProgress.attach(jsc.sc(), lines::add)) {
            count = jsc.parallelize(IntStream.range(0, 8).boxed().collect(Collectors.toList()), 8).map(x -> {
                Thread.sleep(400);
                return x;
            }).count();
            // listener events arrive asynchronously: wait (bounded) for the stage's closing line
            for (int i = 0; i < 100 && lines.stream().noneMatch(l -> l.contains(": done, ")); i++) {
                Thread.sleep(100);
            }
        }
        assertEquals(8, count);
        assertTrue(lines.stream().anyMatch(l -> Pattern.matches("spark stage [0-9]+ \\(count at .*\\): 8 tasks", l)), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> Pattern.matches("spark stage [0-9]+ \\(.*\\): [1-7]/8 tasks \\([0-9]+%\\), [0-9.]+ s, about [0-9.]+ s left", l)),
                lines.toString());
        assertTrue(lines.stream().anyMatch(l -> Pattern.matches("spark stage [0-9]+ \\(.*\\): done, 8/8 tasks in [0-9.]+ s", l)), lines.toString());

        // closed: a later job reports nothing
        int before = lines.size();
        jsc.parallelize(List.of(1, 2), 2).count();
        Thread.sleep(500);
        assertEquals(before, lines.size(), lines.toString());
    }

    /** Issue 24: a stage is named by its job's description when it has one (the runner's "reading ...", "releasing ..."), not Spark's call site. */
    @Test
    void aStageIsNamedByItsJobsDescription() throws Exception {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSupport.spark().sparkContext());
        List<String> lines = new CopyOnWriteArrayList<>();
        try (JobProgress p = JobProgress.attach(jsc.sc(), lines::add)) {
            jsc.setJobDescription("summing the test's numbers");
            try {
                assertEquals(6, jsc.parallelize(List.of(1, 2, 3), 3).reduce(Integer::sum));
            } finally {
                jsc.setJobDescription(null);
            }
            for (int i = 0; i < 100 && lines.stream().noneMatch(l -> l.contains(": done, ")); i++) {
                Thread.sleep(100);
            }
        }
        assertTrue(lines.stream().anyMatch(l -> Pattern.matches("spark stage [0-9]+ \\(summing the test's numbers\\): 3 tasks", l)), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> Pattern.matches("spark stage [0-9]+ \\(summing the test's numbers\\): done, 3/3 tasks in [0-9.]+ s", l)),
                lines.toString());
    }
}
