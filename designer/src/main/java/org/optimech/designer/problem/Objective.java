package org.optimech.designer.problem;

/** What a discrete design minimises. */
public enum Objective {
    /** Expected loss under the prior. */
    BAYES("bayes"),
    /** Worst-case expected loss over inputs. */
    MINIMAX("minimax");

    private final String json;

    Objective(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
