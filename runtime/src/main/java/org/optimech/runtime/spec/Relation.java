package org.optimech.runtime.spec;

/** The neighbouring relation on datasets that a guarantee is stated for (ERRATA C1). */
public enum Relation {
    /** One record replaced; n fixed and public. */
    SUBSTITUTION("substitution"),
    /** One record added or removed. */
    ADD_REMOVE("add-remove");

    private final String json;

    Relation(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    public static Relation fromJson(String s) {
        for (Relation r : values()) {
            if (r.json.equals(s)) {
                return r;
            }
        }
        throw new IllegalArgumentException(s);
    }
}
