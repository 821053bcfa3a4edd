package org.optimech.runtime.spec;

import org.optimech.runtime.json.JsonName;

/** Which arithmetic a spec's guarantee assumes of the sampler. */
public enum Numerics implements JsonName {
    /** The guarantee holds for the bits the runtime outputs (integer arithmetic only). */
    EXACT("exact"),
    /** The guarantee holds for the real-valued mechanism; floating point may leak (Mironov 2012). */
    IDEALIZED("idealized");

    private final String json;

    Numerics(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }
}
