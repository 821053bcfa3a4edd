package org.optimech.designer.properties;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.testing.JsonEdit;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;

/** The edits of property 5: one weight, one number of a body or a remap, one digit of an ε. */
final class Tampering {
    private Tampering() {
    }

    /** One edit of a spec document: the value at a pointer replaced. */
    record Edit(String description, String[] pointers, JsonValue[] values) {
        JsonObject apply(JsonObject document) {
            JsonValue d = document;
            for (int k = 0; k < pointers.length; k++) {
                d = JsonEdit.set(d, pointers[k], values[k]);
            }
            return d.asObject();
        }

        @Override
        public String toString() {
            return description;
        }
    }

    /** A random edit that applies to this document, or null. */
    static Edit pick(JsonObject spec, Random r) {
        List<Edit> options = new ArrayList<>();
        JsonObject mech = spec.get("mechanism").orElseThrow().asObject();
        JsonObject privacy = spec.get("privacy").orElseThrow().asObject();
        for (String field : new String[] {"epsilon", "certified_epsilon", "certified_delta"}) {
            Edit e = digit(privacy.get(field).orElseThrow(), "/privacy/" + field, r);
            if (e != null) {
                options.add(e);
            }
        }
        switch (mech.get("kind").orElseThrow().asString()) {
            case "discrete-table" -> {
                JsonArray rows = mech.get("weights").orElseThrow().asArray();
                int i = r.nextInt(rows.size());
                JsonArray row = rows.get(i).asArray();
                int a = r.nextInt(row.size());
                int b = r.nextInt(row.size());
                BigInteger wa = new BigInteger(row.get(a).asString());
                BigInteger wb = new BigInteger(row.get(b).asString());
                String pa = "/mechanism/weights/" + i + "/" + a;
                String pb = "/mechanism/weights/" + i + "/" + b;
                options.add(new Edit("weight [" + i + "][" + a + "] + 1", new String[] {pa}, new JsonValue[] {new JsonString(wa.add(BigInteger.ONE).toString())}));
                if (a != b && wa.signum() > 0) {
                    BigInteger t = wa.bitLength() > 2 && r.nextBoolean() ? wa.shiftRight(1 + r.nextInt(Math.max(1, wa.bitLength() - 1))) : BigInteger.ONE;
                    t = t.signum() == 0 ? BigInteger.ONE : t;
                    options.add(new Edit("weight " + t + " moved from [" + i + "][" + a + "] to [" + i + "][" + b + "]", new String[] {pa, pb},
                            new JsonValue[] {new JsonString(wa.subtract(t).toString()), new JsonString(wb.add(t).toString())}));
                }
            }
            case "geometric-remap" -> {
                options.add(digit(mech.get("noise_epsilon").orElseThrow(), "/mechanism/noise_epsilon", r));
                JsonArray remap = mech.get("remap").orElseThrow().asArray();
                int z = r.nextInt(remap.size());
                int outputs = outputs(mech);
                if (remap.get(z) instanceof JsonNumber) {
                    options.add(new Edit("remap row " + z + " sent to output 0", new String[] {"/mechanism/remap/" + z}, new JsonValue[] {JsonNumber.of(
                            r.nextInt(outputs))}));
                }
            }
            case "knorm" -> {
                options.add(digit(mech.get("noise_epsilon").orElseThrow(), "/mechanism/noise_epsilon", r));
                options.add(digit(mech.get("sensitivity").orElseThrow(), "/mechanism/sensitivity", r));
                JsonObject body = mech.get("body").orElseThrow().asObject();
                if (body.get("facets").orElse(null) instanceof JsonArray facets) {
                    int f = r.nextInt(facets.size());
                    JsonObject facet = facets.get(f).asObject();
                    JsonArray normal = facet.get("normal").orElseThrow().asArray();
                    int j = r.nextInt(normal.size());
                    BigInteger v = new BigInteger(normal.get(j).asString());
                    options.add(new Edit("facet " + f + " normal entry " + j + " + 1", new String[] {"/mechanism/body/facets/" + f + "/normal/" + j},
                            new JsonValue[] {new JsonString(v.add(BigInteger.ONE).toString())}));
                    options.add(digit(facet.get("offset").orElseThrow(), "/mechanism/body/facets/" + f + "/offset", r));
                }
                if (body.get("vertices").orElse(null) instanceof JsonArray vertices) {
                    int v = r.nextInt(vertices.size());
                    JsonArray x = vertices.get(v).asArray();
                    int j = r.nextInt(x.size());
                    options.add(new Edit("vertex " + v + " coordinate " + j + " scaled by 1.5", new String[] {"/mechanism/body/vertices/" + v + "/" + j},
                            new JsonValue[] {JsonNumber.of(x.get(j).asNumber().doubleValue() * 1.5)}));
                }
                if (mech.get("adjacent_points").orElse(null) instanceof JsonObject pts) {
                    JsonArray points = pts.get("points").orElseThrow().asArray();
                    int v = r.nextInt(points.size());
                    JsonArray x = points.get(v).asArray();
                    int j = r.nextInt(x.size());
                    options.add(new Edit("adjacent point " + v + " coordinate " + j + " halved", new String[] {"/mechanism/adjacent_points/points/" + v + "/" + j},
                            new JsonValue[] {JsonNumber.of(x.get(j).asNumber().doubleValue() / 2)}));
                }
            }
            default -> {
                // a Gaussian-process spec: the privacy digits above
            }
        }
        options.removeIf(java.util.Objects::isNull);
        return options.isEmpty() ? null : options.get(r.nextInt(options.size()));
    }

    /** One digit of a decimal (string or number) replaced by another digit. */
    private static Edit digit(JsonValue v, String pointer, Random r) {
        String text = v instanceof JsonString s ? s.value() : ((JsonNumber) v).literal();
        List<Integer> digits = new ArrayList<>();
        int end = text.toLowerCase(java.util.Locale.ROOT).indexOf('e');
        for (int k = 0; k < (end < 0 ? text.length() : end); k++) {
            if (Character.isDigit(text.charAt(k))) {
                digits.add(k);
            }
        }
        if (digits.isEmpty()) {
            return null;
        }
        int k = digits.get(r.nextInt(digits.size()));
        char old = text.charAt(k);
        char c = (char) ('0' + (old - '0' + 1 + r.nextInt(9)) % 10);
        String edited = text.substring(0, k) + c + text.substring(k + 1);
        if (edited.matches("-?0[0-9].*")) {
            return null; // a leading zero is malformed, not a different number
        }
        JsonValue value = v instanceof JsonString ? new JsonString(edited) : JsonNumber.ofLiteral(edited);
        return new Edit(pointer + " " + text + " -> " + edited, new String[] {pointer}, new JsonValue[] {value});
    }

    private static int outputs(JsonObject mech) {
        JsonObject domain = mech.get("outputs").orElseThrow().asObject();
        if (domain.has("labels")) {
            return domain.get("labels").orElseThrow().asArray().size();
        }
        JsonArray a = domain.get("range").orElseThrow().asArray();
        return (int) (a.get(1).asNumber().bigIntegerValueExact().subtract(a.get(0).asNumber().bigIntegerValueExact()).longValueExact() + 1);
    }
}
