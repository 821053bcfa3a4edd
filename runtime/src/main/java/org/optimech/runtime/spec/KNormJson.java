package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.optimech.runtime.exact.Rational;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonName;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.knorm.LpNorm;

/**
 * The JSON form of a K-norm {@code mechanism} block, both ways: {@link #read} checks shapes, types and ranges (unknown keys,
 * lengths, integer strings, the subspace's identity rows) and returns the typed {@link KNormBlock}; {@link BodyChecks} then
 * checks the numbers. {@link #write} is its inverse.
 */
final class KNormJson {
    private static final Set<String> MECHANISM = Set.of("kind", "dimension", "subspace", "body", "sensitivity", "noise_epsilon", "adjacent_points", "lattice",
            "sensitivity_certificate");
    private static final Set<String> CERTIFICATE = Set.of("format", "trees", "relative_gap");
    private static final Set<String> LATTICE = Set.of("spacing_exponent", "lattice_sensitivity");
    private static final Set<String> SUBSPACE = Set.of("pivots", "basis");
    private static final Set<String> POINTS = Set.of("source", "points");
    private static final Set<String> FACET = Set.of("normal", "offset");
    private static final Set<String> BOX = Set.of("lower", "upper");
    /** Largest statistic dimension accepted for a polytope, linear-image or halfspaces body (their exact checks grow fast with it). */
    static final int MAX_DIMENSION = 64;
    /** Largest statistic dimension accepted for a ball or a structured body (closed forms: no stored table grows with it). */
    static final int MAX_LARGE_DIMENSION = org.optimech.runtime.statistic.StructuredStatistic.MAX_DIMENSION;
    /** Largest number of stored points, vertices, facets or simplices. */
    static final int MAX_ITEMS = 2_000_000;
    private static final int MAX_NORMAL_DIGITS = 400;
    static final String P = "/mechanism";

    private KNormJson() {
    }

    static KNormBlock read(JsonObject mech) throws FieldException {
        Fields.allowedKeys(mech, P, MECHANISM);
        Fields.oneOf(Fields.member(mech, "kind", P), P + "/kind", KNormBlock.KIND);
        int d = (int) Fields.integer(Fields.member(mech, "dimension", P), P + "/dimension", 1, MAX_LARGE_DIMENSION);
        KNormBlock.Subspace sub = mech.has("subspace") ? readSubspace(Fields.object(Fields.member(mech, "subspace", P), P + "/subspace"), d) : null;
        int k = sub == null ? d : sub.pivots().length;
        BigDecimal delta = Fields.decimalString(Fields.member(mech, "sensitivity", P), P + "/sensitivity");
        BigDecimal noiseEpsilon = Fields.decimalString(Fields.member(mech, "noise_epsilon", P), P + "/noise_epsilon");
        Body body = readBody(Fields.object(Fields.member(mech, "body", P), P + "/body"), k);
        checkDimension(d, body);
        KNormBlock.AdjacentPoints points = null;
        if (mech.has("adjacent_points")) {
            String pp = P + "/adjacent_points";
            JsonObject pts = Fields.object(Fields.member(mech, "adjacent_points", P), pp);
            Fields.allowedKeys(pts, pp, POINTS);
            KNormBlock.PointSource source = Fields.enumValue(Fields.member(pts, "source", pp), pp + "/source", KNormBlock.PointSource.class);
            double[][] vs = vectors(Fields.member(pts, "points", pp), pp + "/points", d, 1);
            try {
                points = new KNormBlock.AdjacentPoints(source, vs);
            } catch (IllegalArgumentException e) {
                throw new FieldException(pp + "/points", e.getMessage());
            }
        }
        KNormBlock.Lattice lattice = null;
        if (mech.has("lattice")) {
            String lp = P + "/lattice";
            JsonObject o = Fields.object(Fields.member(mech, "lattice", P), lp);
            Fields.allowedKeys(o, lp, LATTICE);
            int e = (int) Fields.integer(Fields.member(o, "spacing_exponent", lp), lp + "/spacing_exponent", -60, 60);
            String stored = Fields.string(Fields.member(o, "lattice_sensitivity", lp), lp + "/lattice_sensitivity");
            Rational parsed = Rational.parse(stored).orElseThrow(() -> new FieldException(lp + "/lattice_sensitivity",
                    "must be an exact rational written as a string, such as \"1025\" or \"4097/4\". Provided value: " + Fields.quote(stored)));
            lattice = new KNormBlock.Lattice(e, parsed);
        }
        KNormBlock.SensitivityCertificate certificate = null;
        if (mech.has("sensitivity_certificate")) {
            String cp = P + "/sensitivity_certificate";
            JsonObject o = Fields.object(Fields.member(mech, "sensitivity_certificate", P), cp);
            Fields.allowedKeys(o, cp, CERTIFICATE);
            String format = Fields.oneOf(Fields.member(o, "format", cp), cp + "/format", KNormBlock.SensitivityCertificate.FORMAT);
            String trees = Fields.string(Fields.member(o, "trees", cp), cp + "/trees");
            BigDecimal gap = o.has("relative_gap") ? Fields.decimalString(o.get("relative_gap").orElseThrow(), cp + "/relative_gap") : null;
            certificate = new KNormBlock.SensitivityCertificate(format, trees, gap);
        }
        return new KNormBlock(d, sub, body, delta, noiseEpsilon, points, lattice, certificate);
    }

    /** A polytope, linear-image or halfspaces body allows at most {@value #MAX_DIMENSION} dimensions; balls and structured bodies more. */
    static void checkDimension(int d, Body body) throws FieldException {
        int max = body instanceof Body.Ball || body instanceof StructuredBody ? MAX_LARGE_DIMENSION : MAX_DIMENSION;
        if (d < 1 || d > max) {
            throw new FieldException(P + "/dimension", "must be an integer in [1, " + max + "] for a " + body.type() + " body (balls and structured bodies: up to "
                    + MAX_LARGE_DIMENSION + ", polytope, linear-image and halfspaces bodies: up to " + MAX_DIMENSION + "). Provided value: " + d);
        }
    }

    static JsonObject write(KNormBlock m) {
        JsonObject.Builder b = JsonObject.builder().put("kind", KNormBlock.KIND).put("dimension", m.dimension());
        if (m.subspace() != null) {
            List<JsonValue> rows = new ArrayList<>();
            for (Rational[] row : m.subspace().basis()) {
                List<String> r = new ArrayList<>();
                for (Rational q : row) {
                    r.add(q.toString());
                }
                rows.add(JsonArray.ofStrings(r));
            }
            b.put("subspace", JsonObject.builder().put("pivots", JsonArray.ofLongs(java.util.Arrays.stream(m.subspace().pivots()).asLongStream().toArray()))
                    .put("basis", JsonArray.of(rows)).build());
        }
        b.put("body", writeBody(m.body()));
        b.put("sensitivity", m.sensitivity().toPlainString());
        b.put("noise_epsilon", m.noiseEpsilon().toString());
        if (m.adjacentPoints() != null) {
            b.put("adjacent_points", JsonObject.builder().put("source", m.adjacentPoints().source().json()).put("points", matrix(m.adjacentPoints().points())).build());
        }
        if (m.lattice() != null) {
            b.put("lattice", JsonObject.builder().put("spacing_exponent", m.lattice().spacingExponent())
                    .put("lattice_sensitivity", m.lattice().latticeSensitivity().toString()).build());
        }
        if (m.certificate() != null) {
            JsonObject.Builder c = JsonObject.builder().put("format", m.certificate().format()).put("trees", m.certificate().trees());
            if (m.certificate().relativeGap() != null) {
                c.put("relative_gap", m.certificate().relativeGap().toString());
            }
            b.put("sensitivity_certificate", c.build());
        }
        return b.build();
    }

    private static JsonObject writeBody(Body body) {
        if (body instanceof StructuredBody s) {
            return StructuredBodyJson.write(s);
        }
        if (body instanceof Body.Ball ball) {
            return JsonObject.builder().put("type", "ball").put("norm", ball.norm().json()).build();
        }
        if (body instanceof Body.Polytope p) {
            List<JsonValue> simplices = new ArrayList<>();
            for (int[] s : p.simplices()) {
                simplices.add(JsonArray.ofLongs(java.util.Arrays.stream(s).asLongStream().toArray()));
            }
            return JsonObject.builder().put("type", "polytope").put("vertices", matrix(p.vertices())).put("facets", facets(p.facets()))
                    .put("simplices", JsonArray.of(simplices)).put("simplex_facets", JsonArray.ofLongs(java.util.Arrays.stream(p.simplexFacets()).asLongStream().toArray()))
                    .build();
        }
        if (body instanceof Body.LinearImage li) {
            return JsonObject.builder().put("type", "linear-image").put("base", li.base().json()).put("matrix", matrix(li.matrix())).build();
        }
        Body.Halfspaces h = (Body.Halfspaces) body;
        JsonObject.Builder b = JsonObject.builder().put("type", "halfspaces").put("facets", facets(h.facets())).put("box", box(h.box()));
        if (h.inscribedBox() != null) {
            b.put("inscribed_box", box(h.inscribedBox()));
        }
        return b.put("acceptance_rate", h.acceptanceRate().toPlainString()).put("max_attempts", h.maxAttempts()).build();
    }

    private static JsonArray facets(List<Body.Facet> facets) {
        List<JsonValue> out = new ArrayList<>(facets.size());
        for (Body.Facet f : facets) {
            List<String> n = new ArrayList<>();
            for (BigInteger x : f.normal()) {
                n.add(x.toString());
            }
            out.add(JsonObject.builder().put("normal", JsonArray.ofStrings(n)).put("offset", f.offset().toPlainString()).build());
        }
        return JsonArray.of(out);
    }

    private static JsonObject box(Body.Box box) {
        return JsonObject.builder().put("lower", JsonArray.ofDoubles(box.lower())).put("upper", JsonArray.ofDoubles(box.upper())).build();
    }

    /** Rows of doubles, held packed (a spec of millions of stored points holds 8 bytes a number, not a tree). */
    private static JsonArray matrix(double[][] m) {
        return JsonArray.ofDoubleRows(m);
    }

    private static KNormBlock.Subspace readSubspace(JsonObject o, int d) throws FieldException {
        String sp = P + "/subspace";
        Fields.allowedKeys(o, sp, SUBSPACE);
        JsonArray pa = Fields.array(Fields.member(o, "pivots", sp), sp + "/pivots");
        if (pa.size() < 1 || pa.size() >= d) {
            throw new FieldException(sp + "/pivots", "must list between 1 and " + (d - 1) + " coordinates (a proper subspace of dimension " + d + "). Provided: "
                    + pa.size());
        }
        int[] pivots = new int[pa.size()];
        for (int i = 0; i < pivots.length; i++) {
            pivots[i] = (int) Fields.integer(pa.get(i), JsonPointer.child(sp + "/pivots", i), i == 0 ? 0 : pivots[i - 1] + 1, d - 1);
        }
        JsonArray ba = Fields.array(Fields.member(o, "basis", sp), sp + "/basis");
        if (ba.size() != d) {
            throw new FieldException(sp + "/basis", "must have one row per statistic coordinate (" + d + "); found " + ba.size());
        }
        Rational[][] basis = new Rational[d][pivots.length];
        for (int j = 0; j < d; j++) {
            String rp = JsonPointer.child(sp + "/basis", j);
            JsonArray row = Fields.array(ba.get(j), rp);
            if (row.size() != pivots.length) {
                throw new FieldException(rp, "must have one entry per pivot (" + pivots.length + "); found " + row.size());
            }
            for (int i = 0; i < pivots.length; i++) {
                String ep = JsonPointer.child(rp, i);
                String s = Fields.string(row.get(i), ep);
                basis[j][i] = Rational.parse(s).orElseThrow(() -> new FieldException(ep, "must be an exact rational written as a string, such as \"-1\", \"0.5\" or \"1/3\". Provided value: "
                        + Fields.quote(s)));
            }
        }
        for (int i = 0; i < pivots.length; i++) {
            for (int k = 0; k < pivots.length; k++) {
                Rational want = i == k ? Rational.of(BigInteger.ONE) : Rational.ZERO;
                if (basis[pivots[i]][k].compareTo(want) != 0) {
                    throw new FieldException(JsonPointer.child(JsonPointer.child(sp + "/basis", pivots[i]), k), "the pivot rows of the basis must form the identity. Provided value: "
                            + basis[pivots[i]][k]);
                }
            }
        }
        try {
            return new KNormBlock.Subspace(pivots, basis);
        } catch (IllegalArgumentException e) {
            throw new FieldException(sp, e.getMessage());
        }
    }

    private static Body readBody(JsonObject b, int k) throws FieldException {
        String bp = P + "/body";
        String type = Fields.oneOf(Fields.member(b, "type", bp), bp + "/type", "ball", "polytope", "linear-image", "halfspaces", "sum-ball", "count-ball",
                "count-join", "permutohedron");
        if (StructuredBodyJson.TYPES.contains(type)) {
            // a structured body is stored in the statistic's coordinates: k here is d (a subspace block is refused at check)
            return StructuredBodyJson.read(b, type, k, bp);
        }
        switch (type) {
            case "ball":
                Fields.allowedKeys(b, bp, Set.of("type", "norm"));
                return new Body.Ball(Fields.enumValue(Fields.member(b, "norm", bp), bp + "/norm", LpNorm.class));
            case "polytope": {
                Fields.allowedKeys(b, bp, Set.of("type", "vertices", "facets", "simplices", "simplex_facets"));
                double[][] vertices = vectors(Fields.member(b, "vertices", bp), bp + "/vertices", k, k + 1);
                List<Body.Facet> facets = facets(Fields.member(b, "facets", bp), bp + "/facets", k);
                JsonArray sa = Fields.array(Fields.member(b, "simplices", bp), bp + "/simplices");
                JsonArray fa = Fields.array(Fields.member(b, "simplex_facets", bp), bp + "/simplex_facets");
                if (sa.size() < 2 || sa.size() > MAX_ITEMS || fa.size() != sa.size()) {
                    throw new FieldException(bp + "/simplices", "must list between 2 and " + MAX_ITEMS + " boundary simplices, with one simplex_facets entry each; found "
                            + sa.size() + " simplices and " + fa.size() + " facet indices");
                }
                int[][] simplices = new int[sa.size()][k];
                int[] simplexFacets = new int[sa.size()];
                for (int i = 0; i < simplices.length; i++) {
                    String sp = JsonPointer.child(bp + "/simplices", i);
                    JsonArray s = Fields.array(sa.get(i), sp);
                    if (s.size() != k) {
                        throw new FieldException(sp, "must list " + k + " vertex indices (a boundary simplex of a " + k + "-dimensional body); found " + s.size());
                    }
                    simplexFacets[i] = (int) Fields.integer(fa.get(i), JsonPointer.child(bp + "/simplex_facets", i), 0, facets.size() - 1);
                    for (int t = 0; t < k; t++) {
                        simplices[i][t] = (int) Fields.integer(s.get(t), JsonPointer.child(sp, t), 0, vertices.length - 1);
                    }
                }
                return new Body.Polytope(vertices, facets, simplices, simplexFacets);
            }
            case "linear-image": {
                Fields.allowedKeys(b, bp, Set.of("type", "base", "matrix"));
                LpNorm base = JsonName.parse(LpNorm.class, Fields.oneOf(Fields.member(b, "base", bp), bp + "/base", LpNorm.L1.json(), LpNorm.LINF.json()));
                double[][] a = vectors(Fields.member(b, "matrix", bp), bp + "/matrix", k, k);
                if (a.length != k) {
                    throw new FieldException(bp + "/matrix", "must be " + k + " x " + k + "; found " + a.length + " rows");
                }
                return new Body.LinearImage(base, a);
            }
            default: {
                Fields.allowedKeys(b, bp, Set.of("type", "facets", "box", "inscribed_box", "acceptance_rate", "max_attempts"));
                List<Body.Facet> facets = facets(Fields.member(b, "facets", bp), bp + "/facets", k);
                Body.Box box = box(Fields.member(b, "box", bp), bp + "/box", k);
                Body.Box inscribed = b.has("inscribed_box") ? box(b.get("inscribed_box").orElseThrow(), bp + "/inscribed_box", k) : null;
                BigDecimal rate = Fields.decimalString(Fields.member(b, "acceptance_rate", bp), bp + "/acceptance_rate");
                int attempts = (int) Fields.integer(Fields.member(b, "max_attempts", bp), bp + "/max_attempts", 1, 1_000_000);
                return new Body.Halfspaces(facets, box, inscribed, rate, attempts);
            }
        }
    }

    private static Body.Box box(JsonValue v, String ptr, int k) throws FieldException {
        JsonObject o = Fields.object(v, ptr);
        Fields.allowedKeys(o, ptr, BOX);
        return new Body.Box(vector(Fields.member(o, "lower", ptr), ptr + "/lower", k), vector(Fields.member(o, "upper", ptr), ptr + "/upper", k));
    }

    private static List<Body.Facet> facets(JsonValue v, String ptr, int k) throws FieldException {
        JsonArray a = Fields.array(v, ptr);
        if (a.size() < 1 || a.size() > MAX_ITEMS) {
            throw new FieldException(ptr, "must list between 1 and " + MAX_ITEMS + " facets. Provided: " + a.size());
        }
        List<Body.Facet> out = new ArrayList<>(a.size());
        for (int f = 0; f < a.size(); f++) {
            String fp = JsonPointer.child(ptr, f);
            JsonObject o = Fields.object(a.get(f), fp);
            Fields.allowedKeys(o, fp, FACET);
            JsonArray n = Fields.array(Fields.member(o, "normal", fp), fp + "/normal");
            if (n.size() != k) {
                throw new FieldException(fp + "/normal", "must have " + k + " coordinates (the body's dimension); found " + n.size());
            }
            BigInteger[] normal = new BigInteger[k];
            boolean zero = true;
            for (int j = 0; j < k; j++) {
                String np = JsonPointer.child(fp + "/normal", j);
                String s = Fields.string(n.get(j), np);
                if (!s.matches("-?(0|[1-9][0-9]{0," + (MAX_NORMAL_DIGITS - 1) + "})")) {
                    throw new FieldException(np, "must be an integer written as a string (at most " + MAX_NORMAL_DIGITS + " digits). Provided value: "
                            + Fields.quote(s.length() > 40 ? s.substring(0, 37) + "..." : s));
                }
                normal[j] = new BigInteger(s);
                zero &= normal[j].signum() == 0;
            }
            if (zero) {
                throw new FieldException(fp + "/normal", "must not be the zero vector");
            }
            BigDecimal off = Fields.decimalString(Fields.member(o, "offset", fp), fp + "/offset");
            if (off.signum() <= 0) {
                throw new FieldException(fp + "/offset", "must be > 0: the origin must be strictly inside the body. Provided value: " + off);
            }
            out.add(new Body.Facet(normal, off));
        }
        return out;
    }

    /** An array of at least {@code min} vectors of {@code k} finite numbers each. */
    static double[][] vectors(JsonValue v, String ptr, int k, int min) throws FieldException {
        JsonArray a = Fields.array(v, ptr);
        if (a.size() < min || a.size() > MAX_ITEMS) {
            throw new FieldException(ptr, "must list between " + min + " and " + MAX_ITEMS + " vectors. Provided: " + a.size());
        }
        double[][] out = new double[a.size()][];
        for (int i = 0; i < a.size(); i++) {
            out[i] = vector(a.get(i), JsonPointer.child(ptr, i), k);
        }
        return out;
    }

    /** A vector of {@code k} finite numbers. */
    static double[] vector(JsonValue v, String ptr, int k) throws FieldException {
        JsonArray row = Fields.array(v, ptr);
        if (row.size() != k) {
            throw new FieldException(ptr, "must have " + k + " coordinates; found " + row.size());
        }
        double[] out = new double[k];
        for (int j = 0; j < k; j++) {
            out[j] = Fields.finiteDouble(row.get(j), JsonPointer.child(ptr, j));
        }
        return out;
    }
}
