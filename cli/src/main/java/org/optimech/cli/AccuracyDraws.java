package org.optimech.cli;

import org.optimech.designer.common.Progress;
import org.optimech.runtime.accuracy.Accuracy;

/**
 * The Monte Carlo draws of an accuracy estimate shown as a progress task: draws done of total, with the time left (a
 * vector spec's figures come from draws of its noise; a discrete spec's are exact and show nothing here).
 */
final class AccuracyDraws implements Accuracy.Draws {
    private final Progress progress;
    private final String name;
    private Progress.Task task;

    AccuracyDraws(Progress progress, String name) {
        this.progress = progress;
        this.name = name;
    }

    @Override
    public void drawn(long done, long total) {
        if (task == null) {
            task = progress.task(name, total);
        }
        task.total(total);
        if (done > task.completed()) {
            task.advance(done - task.completed(), null);
        }
        if (done >= total) {
            task.done();
            task = null; // a second estimate (another quantile's draws) starts a new task
        }
    }
}
