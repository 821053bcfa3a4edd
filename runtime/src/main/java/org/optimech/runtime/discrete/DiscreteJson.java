package org.optimech.runtime.discrete;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;

/**
 * The JSON forms of domains and neighbour graphs, shared by problems and specs:
 * {@code {"range": [from, to]}} or {@code {"labels": ["a", ...]}}; {@code "path"},
 * {@code "complete"} or {@code {"edges": [[i, j], ...]}} over input indices.
 */
public final class DiscreteJson {
    private DiscreteJson() {
    }

    public static DiscreteDomain readDomain(JsonValue v, String ptr) throws FieldException {
        JsonObject o = Fields.object(v, ptr);
        Fields.allowedKeys(o, ptr, Set.of("range", "labels"));
        if (o.size() != 1) {
            throw new FieldException(ptr, "must have exactly one of \"range\" or \"labels\". Provided value: " + o.describe());
        }
        if (o.has("range")) {
            String rp = JsonPointer.child(ptr, "range");
            JsonArray a = Fields.array(o.get("range").orElseThrow(), rp);
            if (a.size() != 2) {
                throw new FieldException(rp, "must be [from, to] with two integers. Provided value: " + a.describe());
            }
            long from = Fields.integer(a.get(0), JsonPointer.child(rp, 0), -(1L << 53), 1L << 53);
            long to = Fields.integer(a.get(1), JsonPointer.child(rp, 1), -(1L << 53), 1L << 53);
            if (from > to) {
                throw new FieldException(rp, "must have from <= to. Provided value: [" + from + ", " + to + "]");
            }
            if (to - from + 1 > DiscreteDomain.MAX_SIZE) {
                throw new FieldException(rp, "has " + (to - from + 1) + " values; at most " + DiscreteDomain.MAX_SIZE + " are supported");
            }
            return new IntegerRange(from, to);
        }
        String lp = JsonPointer.child(ptr, "labels");
        JsonArray a = Fields.array(o.get("labels").orElseThrow(), lp);
        if (a.size() == 0) {
            throw new FieldException(lp, "must list at least one label");
        }
        List<String> labels = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            labels.add(Fields.string(a.get(i), JsonPointer.child(lp, i)));
        }
        try {
            return new LabelSet(labels);
        } catch (IllegalArgumentException e) {
            throw new FieldException(lp, e.getMessage());
        }
    }

    public static JsonValue writeDomain(DiscreteDomain d) {
        if (d instanceof IntegerRange r) {
            return JsonObject.builder().put("range", JsonArray.ofLongs(r.from(), r.to())).build();
        }
        return JsonObject.builder().put("labels", JsonArray.ofStrings(((LabelSet) d).labels())).build();
    }

    /** Reads a neighbour graph over {@code size} inputs. */
    public static NeighbourGraph readGraph(JsonValue v, String ptr, int size) throws FieldException {
        Optional<String> named = v.string();
        if (named.isPresent()) {
            return switch (named.get()) {
                case "path" -> NeighbourGraph.path(size);
                case "complete" -> NeighbourGraph.complete(size);
                default -> throw new FieldException(ptr, "must be \"path\", \"complete\" or {\"edges\": [[i, j], ...]}. Provided value: " + Fields.quote(named.get()));
            };
        }
        JsonObject o = Fields.object(v, ptr);
        Fields.allowedKeys(o, ptr, Set.of("edges"));
        String ep = JsonPointer.child(ptr, "edges");
        JsonArray a = Fields.array(Fields.member(o, "edges", ptr), ep);
        List<int[]> edges = new ArrayList<>(a.size());
        for (int k = 0; k < a.size(); k++) {
            String kp = JsonPointer.child(ep, k);
            JsonArray e = Fields.array(a.get(k), kp);
            if (e.size() != 2) {
                throw new FieldException(kp, "must be a pair [i, j] of input indices. Provided value: " + e.describe());
            }
            int i = (int) Fields.integer(e.get(0), JsonPointer.child(kp, 0), 0, size - 1);
            int j = (int) Fields.integer(e.get(1), JsonPointer.child(kp, 1), 0, size - 1);
            if (i == j) {
                throw new FieldException(kp, "joins input " + i + " to itself; an edge needs two different inputs");
            }
            edges.add(new int[] {i, j});
        }
        return NeighbourGraph.edges(size, edges);
    }

    public static JsonValue writeGraph(NeighbourGraph g) {
        return switch (g.kind()) {
            case PATH, COMPLETE -> new JsonString(g.kind().json());
            case EDGES -> {
                List<JsonValue> edges = new ArrayList<>();
                for (int[] e : g.edges()) {
                    edges.add(JsonArray.ofLongs(e[0], e[1]));
                }
                yield JsonObject.builder().put("edges", JsonArray.of(edges)).build();
            }
        };
    }
}
