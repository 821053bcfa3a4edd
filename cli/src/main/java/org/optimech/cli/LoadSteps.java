package org.optimech.cli;

import org.optimech.designer.common.Progress;
import org.optimech.runtime.spec.LoadProgress;

/**
 * A spec load's steps ({@link LoadProgress}: bytes read, bytes digested, a table's rows) shown one after another as counted
 * tasks of the command's progress, each with its figure and estimate; between and after them (the privacy re-check) the
 * enclosing stage's heartbeat shows.
 */
final class LoadSteps implements LoadProgress, AutoCloseable {
    private final Progress progress;
    private final String what;
    private Step step;
    private Progress.Counts counts;

    /** @param what the load as the task names say it, e.g. "loading big.spec.json" */
    LoadSteps(Progress progress, String what) {
        this.progress = progress;
        this.what = what;
    }

    @Override
    public synchronized void report(Step s, long done, long total) {
        if (s != step) {
            close();
            step = s;
            counts = progress.counts(what + " (" + s.unit() + ")");
        }
        counts.report(done, total);
    }

    /** Ends the step being shown, if any (a refused load leaves its step unfinished). */
    @Override
    public synchronized void close() {
        if (counts != null) {
            counts.close();
            counts = null;
        }
    }
}
