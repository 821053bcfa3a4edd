package org.optimech.runtime.spec;

import org.optimech.runtime.json.JsonName;

/** The neighbouring relation on datasets that a guarantee is stated for (ERRATA C1). */
public enum Relation implements JsonName {
    /** One record replaced; n fixed and public. */
    SUBSTITUTION("substitution"),
    /** One record added or removed. */
    ADD_REMOVE("add-remove");

    private final String json;

    Relation(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }
}
