package org.optimech.designer.properties;

import java.util.Objects;
import org.optimech.designer.Designers;

/**
 * One generated design job: the problem as JSON text (what a user writes), the options it is designed with (as the CLI
 * would pass them), and a seed for the tampering of property 5.
 *
 * @param json the problem file's text
 * @param options the design options
 * @param optionsText the options as a reader would write them (for failure reports)
 * @param optionsMayBeRefused whether the options name something the problem may not support (an explicitly chosen body
 *     without an exact lattice sampler): then a clear {@link IllegalArgumentException} naming it is an acceptable end
 * @param tamperSeed chooses what property 5 edits
 */
record DesignCase(String json, Designers.Options options, String optionsText, boolean optionsMayBeRefused, long tamperSeed) {
    DesignCase {
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(optionsText, "optionsText");
    }

    @Override
    public String toString() {
        return "design " + optionsText + " of " + json;
    }
}
