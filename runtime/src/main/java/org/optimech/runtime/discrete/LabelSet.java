package org.optimech.runtime.discrete;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** A list of distinct, non-empty labels. */
public record LabelSet(List<String> labels) implements DiscreteDomain {
    public LabelSet {
        labels = List.copyOf(labels);
        if (labels.isEmpty() || labels.size() > MAX_SIZE) {
            throw new IllegalArgumentException("labels must hold 1.." + MAX_SIZE + " values. Provided value: " + labels.size() + " labels");
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            String l = labels.get(i);
            if (l.isEmpty()) {
                throw new IllegalArgumentException("labels must be non-empty. Provided value: \"\" at index " + i);
            }
            Integer prev = seen.put(l, i);
            if (prev != null) {
                throw new IllegalArgumentException("labels must be distinct. Provided value: \"" + l + "\" at indices " + prev + " and " + i);
            }
        }
    }

    @Override
    public int size() {
        return labels.size();
    }

    @Override
    public String valueAt(int index) {
        return labels.get(index);
    }

    @Override
    public OptionalInt indexOf(String value) {
        int i = labels.indexOf(value);
        return i < 0 ? OptionalInt.empty() : OptionalInt.of(i);
    }
}
