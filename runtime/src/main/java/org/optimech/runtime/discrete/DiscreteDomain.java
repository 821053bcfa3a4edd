package org.optimech.runtime.discrete;

import java.util.OptionalInt;

/** The finite set of values a discrete mechanism reads or writes, indexed 0..size-1. */
public sealed interface DiscreteDomain permits IntegerRange, LabelSet {
    /** Largest domain accepted: tables beyond this are stored as structure, not rows. */
    int MAX_SIZE = 10_000_000;

    int size();

    /** The value at an index, as it is written in problems, specs and CLI arguments. */
    String valueAt(int index);

    /** The index of a value written exactly as {@link #valueAt} writes it, or empty. */
    OptionalInt indexOf(String value);
}
