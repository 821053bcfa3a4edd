package org.optimech.runtime.testing;

import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: copies of a JSON tree with one value replaced or removed, addressed by JSON Pointer. */
public final class JsonEdit {
    private JsonEdit() {
    }

    /** A copy of {@code root} with the value at {@code pointer} replaced ({@code null} removes it). */
    public static JsonValue set(JsonValue root, String pointer, JsonValue value) {
        if (pointer.isEmpty()) {
            return value;
        }
        String[] parts = pointer.substring(1).split("/", 2);
        String head = parts[0].replace("~1", "/").replace("~0", "~");
        String rest = parts.length > 1 ? "/" + parts[1] : "";
        if (root instanceof JsonObject o) {
            Map<String, JsonValue> m = new LinkedHashMap<>(o.members());
            if (rest.isEmpty() && value == null) {
                m.remove(head);
            } else {
                m.put(head, rest.isEmpty() ? value : set(m.get(head), rest, value));
            }
            return JsonObject.of(m);
        }
        JsonArray a = (JsonArray) root;
        List<JsonValue> l = new ArrayList<>(a.elements());
        int i = Integer.parseInt(head);
        if (rest.isEmpty() && value == null) {
            l.remove(i);
        } else {
            l.set(i, rest.isEmpty() ? value : set(l.get(i), rest, value));
        }
        return JsonArray.of(l);
    }
}
