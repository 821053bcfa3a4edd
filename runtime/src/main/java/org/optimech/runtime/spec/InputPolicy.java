package org.optimech.runtime.spec;

import org.optimech.runtime.json.JsonName;

/**
 * What the runtime does with an input value outside the mechanism's input domain. Whatever the policy, the
 * mapping is a fixed public function applied before the mechanism, so it is part of the mechanism; what it
 * means for the guarantee is stated per policy.
 */
public enum InputPolicy implements JsonName {
    /**
     * Replace an integer by the nearest value of the integer range. Non-expansive on the path graph (clamped
     * neighbours stay neighbours or become equal), so the guarantee covers every integer; the default for counts.
     */
    CLAMP("clamp"),
    /**
     * Release a value outside the domain as if it were the spec's declared public {@code default_input}. The
     * guarantee covers a change between an outside value and a domain value v when v is the default or its neighbour
     * (always, on the complete graph of local DP and randomized response); the default for label domains.
     */
    DEFAULT("default"),
    /**
     * Refuse it with an error. Legacy (specs written before the default policy): an error raised on private data is
     * itself an observable channel, so the designer no longer writes it; the runtime still loads such specs.
     */
    REJECT("reject");

    private final String json;

    InputPolicy(String json) {
        this.json = json;
    }

    @Override
    public String json() {
        return json;
    }
}
