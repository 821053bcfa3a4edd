package org.optimech.geometry.adjacent;

/** Which datasets are neighbours. */
public enum Relation {
    /** One record replaced by another: differences t(x) − t(x′). */
    SUBSTITUTION("substitution"),
    /** One record added or removed: ±t(x). */
    ADD_REMOVE("add-remove");

    private final String json;

    Relation(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    public static Relation parse(String name) {
        for (Relation r : values()) {
            if (r.json.equals(name)) {
                return r;
            }
        }
        throw new IllegalArgumentException("neighbours must be substitution or add-remove. Provided value: " + name);
    }
}
