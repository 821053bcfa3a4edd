package org.optimech.designer.spec;

import org.optimech.designer.knorm.KNormDesigner;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.security.KeyPair;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.RuntimePolicy;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecDigest;
import org.optimech.runtime.spec.SpecSignature;

/**
 * Issue 18 (5): a K-norm spec whose sensitivity was lowered, with its adjacent points deleted (all, or only the largest)
 * and its digest recomputed, must not verify: the runtime re-derives the adjacent outputs from the statistic recorded in
 * {@code design.problem} and checks Δ over all of them. Specs whose Δ cannot be re-derived (a curved statistic) are refused
 * by the standard policy unless allowed explicitly or signed by a trusted key.
 */
class SensitivityTamperingTest {

    /** A random small multilinear statistic: 1–3 box variables with dyadic bounds, 1–3 features of random terms. */
    @Provide
    Arbitrary<String> multilinearProblems() {
        Arbitrary<Integer> vars = Arbitraries.integers().between(1, 3);
        return vars.flatMap(k -> {
            Arbitrary<List<int[]>> boxes = Arbitraries.integers().between(-8, 8).list().ofSize(2 * k).map(l -> {
                List<int[]> out = new ArrayList<>();
                for (int v = 0; v < k; v++) {
                    int a = l.get(2 * v);
                    int b = l.get(2 * v + 1);
                    out.add(new int[] {Math.min(a, b), Math.max(a, b) + 1});
                }
                return out;
            });
            Arbitrary<List<List<int[]>>> features = Arbitraries.integers().between(-4, 4).filter(c -> c != 0)
                    .flatMap(c -> Arbitraries.integers().between(0, (1 << k) - 1).map(mask -> new int[] {c, mask}))
                    .list().ofMinSize(1).ofMaxSize(2).list().ofMinSize(1).ofMaxSize(3);
            Arbitrary<String> relation = Arbitraries.of("substitution", "add-remove");
            return Combinators.combine(boxes, features, relation).as((b, fs, rel) -> problem(k, b, fs, rel));
        });
    }

    private static String problem(int k, List<int[]> boxes, List<List<int[]>> features, String relation) {
        StringBuilder sb = new StringBuilder("{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"" + relation + "\",\"statistic\":{\"variables\":{");
        for (int v = 0; v < k; v++) {
            // bounds in quarters: exact doubles
            sb.append(v == 0 ? "" : ",").append("\"x").append(v).append("\":[").append(boxes.get(v)[0] / 4.0).append(",").append(boxes.get(v)[1] / 4.0).append("]");
        }
        sb.append("},\"features\":[");
        for (int f = 0; f < features.size(); f++) {
            sb.append(f == 0 ? "" : ",").append("{\"name\":\"f").append(f).append("\",\"terms\":[");
            List<int[]> terms = features.get(f);
            for (int t = 0; t < terms.size(); t++) {
                sb.append(t == 0 ? "" : ",").append("{\"coef\":").append(terms.get(t)[0] / 2.0).append(",\"powers\":{");
                boolean first = true;
                for (int v = 0; v < k; v++) {
                    if ((terms.get(t)[1] >> v & 1) == 1) {
                        sb.append(first ? "" : ",").append("\"x").append(v).append("\":1");
                        first = false;
                    }
                }
                sb.append("}}");
            }
            sb.append("]}");
        }
        return sb.append("]},\"candidates\":[\"l1\",\"l2\",\"linf\",\"hull\"]}").toString();
    }

    private static KNormSpec design(String json, String body) throws Exception {
        KNormProblem p = KNormProblemParser.parse(JsonParser.parse(json));
        KNormComparison.Result r = KNormDesigner.compare(p);
        return KNormSpecs.toSpec(p, r, body, KNormSpecs.BodyForm.TRIANGULATION, Instant.EPOCH);
    }

    /** The spec with Δ scaled by {@code factor} and its adjacent points cut to those of gauge ≤ the new Δ (or removed), resealed. */
    private static JsonObject lowered(KNormSpec spec, double factor, boolean deleteAll) {
        JsonObject doc = SpecCodec.write(spec);
        JsonObject mech = doc.get("mechanism").orElseThrow().asObject();
        BigDecimal delta = spec.sensitivity().multiply(BigDecimal.valueOf(factor));
        mech = mech.with("sensitivity", new JsonString(delta.toPlainString()));
        if (deleteAll || !mech.has("adjacent_points") || spec.noiseDimension() < spec.dimension()) { // (subspace points: delete them all)
            mech = mech.without("adjacent_points");
        } else {
            // keep only the points the lowered Δ still covers: the check over stored points then passes
            KNormSpec probe = spec;
            JsonObject pts = mech.get("adjacent_points").orElseThrow().asObject();
            List<JsonValue> kept = new ArrayList<>();
            for (JsonValue v : pts.get("points").orElseThrow().asArray().elements()) {
                double[] y = new double[v.asArray().size()];
                for (int j = 0; j < y.length; j++) {
                    y[j] = v.asArray().get(j).asNumber().doubleValue();
                }
                double[] neg = y.clone();
                for (int j = 0; j < neg.length; j++) {
                    neg[j] = -neg[j];
                }
                double g = Math.max(probe.unitBody().norm(y),
                        probe.unitBody().norm(neg));
                if (g * spec.sensitivity().doubleValue() <= delta.doubleValue() * (1 - 1e-9)) {
                    kept.add(v);
                }
            }
            mech = kept.isEmpty() ? mech.without("adjacent_points") : mech.with("adjacent_points", pts.with("points", JsonArray.of(kept)));
        }
        return SpecDigest.seal(doc.with("mechanism", mech));
    }

    @Property(tries = 25)
    void aLoweredSensitivityIsRefusedWhateverPointsRemain(@ForAll("multilinearProblems") String json, @ForAll("bodies") String body,
            @ForAll boolean deleteAll) throws Exception {
        KNormSpec spec;
        try {
            spec = design(json, body);
        } catch (org.optimech.designer.problem.InvalidProblemException e) {
            // a statistic that does not depend on the data (S_T = {0}) has nothing to protect; the designer says so
            net.jqwik.api.Assume.that(!e.getMessage().contains("only the origin"));
            throw e;
        }
        assertTrue(spec.sensitivityRechecked(), spec.sensitivityCheck());
        // the untouched spec loads under the standard policy
        JsonObject doc = SpecCodec.write(spec);
        RuntimePolicy.standard().check(SpecCodec.read(doc));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(lowered(spec, 0.75, deleteAll)), json + " " + body);
        assertTrue(e.pointer().equals("/design/problem/statistic") || e.pointer().startsWith("/mechanism/adjacent_points"), e.getMessage());
    }

    @Provide
    Arbitrary<String> bodies() {
        return Arbitraries.of("l1", "l2", "linf", "hull");
    }

    /** The example: the group count/sum problem, every adjacent point deleted, Δ lowered; refused, where main verified it. */
    @Test
    void theBundledGroupProblemWithItsPointsDeletedIsRefused() throws Exception {
        String json = java.nio.file.Files.readString(java.nio.file.Path.of(System.getProperty("user.dir")).resolve("../examples/problems/knorm-group-count-sum.json"));
        for (String body : List.of("l1", "linf")) {
            KNormSpec spec = design(json, body);
            InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(lowered(spec, 1 / 2.75, true)));
            assertEquals("/design/problem/statistic", e.pointer(), e.getMessage());
            assertTrue(e.getMessage().contains("has K-norm above sensitivity"), e.getMessage());
        }
    }

    /**
     * Issue 18 (3): rows per unit with substitution covers exactly k changed rows, not a unit of up to k rows (whose row count
     * moves): the designer refuses the problem and the runtime refuses a spec that states it, even resealed.
     */
    @Test
    void rowsPerUnitWithSubstitutionIsRefusedAtDesignAndAtLoad() throws Exception {
        String json = java.nio.file.Files.readString(java.nio.file.Path.of(System.getProperty("user.dir")).resolve("../examples/problems/knorm-group-count-sum.json"));
        org.optimech.runtime.json.FieldException f = assertThrows(org.optimech.runtime.json.FieldException.class,
                () -> KNormProblemParser.parse(JsonParser.parse(json.replace("\"add-remove\"", "\"substitution\""))));
        assertEquals("/rows_per_unit", f.pointer());
        JsonObject doc = SpecCodec.write(design(json, "l1"));
        JsonObject privacy = doc.get("privacy").orElseThrow().asObject().with("relation", new JsonString("substitution"));
        JsonObject design = doc.get("design").orElseThrow().asObject();
        design = design.with("problem", design.get("problem").orElseThrow().asObject().with("neighbours", new JsonString("substitution")));
        JsonObject edited = SpecDigest.seal(doc.with("privacy", privacy).with("design", design));
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(edited));
        assertEquals("/design/problem/rows_per_unit", e.pointer(), e.getMessage());
        // and the relation the problem was designed for must be the one the privacy block states
        JsonObject mismatch = SpecDigest.seal(doc.with("privacy", privacy));
        assertEquals("/design/problem/neighbours", assertThrows(InvalidSpecException.class, () -> SpecCodec.read(mismatch)).pointer());
    }

    /**
     * A curved statistic's Δ is re-checked from the certificate it carries; without one (an older spec) it cannot be re-derived:
     * the standard policy refuses it, and an explicit allowance or a trusted signature accepts it.
     */
    @Test
    void uncheckedSensitivityNeedsAnAllowanceOrATrustedSignature() throws Exception {
        KNormSpec certified = design("{\"kind\":\"knorm\",\"epsilon\":1,\"neighbours\":\"add-remove\",\"statistic\":{\"variables\":{\"x\":[-1,1]},"
                + "\"features\":[{\"terms\":[{\"coef\":1,\"powers\":{\"x\":1}}]},{\"terms\":[{\"coef\":1,\"powers\":{\"x\":2}}]}]},\"candidates\":[\"l1\",\"linf\"]}", "linf");
        assertTrue(certified.sensitivityRechecked(), certified.sensitivityCheck());
        assertTrue(certified.sensitivityCheck().contains("certificate"), certified.sensitivityCheck());
        JsonObject withCertificate = SpecCodec.write(certified);
        JsonObject mechanism = withCertificate.get("mechanism").orElseThrow().asObject().without("sensitivity_certificate");
        MechanismSpec stripped = org.optimech.runtime.testing.TestMechanisms.read(SpecDigest.seal(withCertificate.with("mechanism", mechanism)));
        KNormSpec spec = (KNormSpec) stripped;
        assertFalse(spec.sensitivityRechecked());
        assertTrue(spec.sensitivityCheck().contains("curved"), spec.sensitivityCheck());
        JsonObject doc = SpecCodec.write(spec);
        InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> SpecCodec.read(doc)); // the standard policy
        assertEquals("/mechanism/sensitivity", e.pointer());
        assertTrue(e.getMessage().contains("allow unchecked sensitivity explicitly"), e.getMessage());
        MechanismSpec read = SpecCodec.read(doc, RuntimePolicy.builder().allowUncheckedSensitivity().build());
        assertFalse(read.sensitivityRechecked());
        KeyPair keys = SpecSignature.generate();
        JsonObject signed = SpecSignature.sign(doc, keys.getPrivate(), "designer");
        RuntimePolicy trusting = RuntimePolicy.builder().trustKey("designer", keys.getPublic()).build();
        assertEquals("designer", trusting.check(SpecCodec.read(signed, trusting)));
    }
}
