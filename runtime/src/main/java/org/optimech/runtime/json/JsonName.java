package org.optimech.runtime.json;

import java.util.ArrayList;
import java.util.List;

/**
 * An enum constant's name in JSON (spec and problem files): the one way enums map to JSON. Read one with
 * {@link Fields#enumValue} (a field error naming the allowed names) or {@link #parse} (an {@link IllegalArgumentException}).
 */
public interface JsonName {
    /** The name written in JSON. */
    String json();

    /**
     * The constant of {@code type} whose {@link #json()} is {@code name}.
     *
     * @throws IllegalArgumentException naming the allowed names and the value
     */
    static <E extends Enum<E> & JsonName> E parse(Class<E> type, String name) {
        for (E e : type.getEnumConstants()) {
            if (e.json().equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("must be one of " + Fields.quoteAll(names(type)) + ". Provided value: " + Fields.quote(name));
    }

    /** The JSON names of {@code type}'s constants, in declaration order. */
    static <E extends Enum<E> & JsonName> List<String> names(Class<E> type) {
        List<String> out = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            out.add(e.json());
        }
        return out;
    }
}
