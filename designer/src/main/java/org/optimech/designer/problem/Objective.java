package org.optimech.designer.problem;

import org.optimech.runtime.json.JsonName;

/** What a discrete design minimises. */
public enum Objective implements JsonName {
    /** Expected loss under the prior. */
    BAYES("bayes"),
    /** Worst-case expected loss over inputs. */
    MINIMAX("minimax");

    private final String json;

    Objective(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }
}
