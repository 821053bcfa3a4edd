package org.optimech.runtime.spec;

/** What the runtime does with an input value outside the mechanism's input domain. */
public enum InputPolicy {
    /**
     * Replace it by the nearest domain value. Part of the mechanism and privacy-preserving; the
     * default for integer ranges such as counts.
     */
    CLAMP("clamp"),
    /**
     * Refuse it with an error. Note that an error raised on private data is itself an observable
     * channel; the only choice for label domains.
     */
    REJECT("reject");

    private final String json;

    InputPolicy(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
