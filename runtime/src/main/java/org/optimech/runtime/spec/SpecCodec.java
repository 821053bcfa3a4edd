package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.DiscreteJson;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.discrete.PrivacyChecks;
import org.optimech.runtime.discrete.Remap;
import org.optimech.runtime.discrete.WeightTable;
import org.optimech.runtime.exact.ExpBounds;
import org.optimech.runtime.json.ExactNumbers;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.noise.DiscreteLaplace;

/**
 * Reads and writes spec documents, format {@code optimech-spec} version {@value #VERSION}.
 *
 * <p>{@link #read} trusts nothing: format and version, the digest, every field's type and range,
 * the table's shape and exact row sums, and finally the privacy claim itself, re-checked from the
 * stored integers against a rational lower bound of {@code e^certified_epsilon} (and, for δ &gt; 0,
 * the exact hockey-stick divergence against {@code certified_delta}). A spec whose digest was
 * recomputed after an edit still fails that last check unless the edited numbers really are private.
 */
public final class SpecCodec {
    /** The format name stored in every spec. */
    public static final String FORMAT = "optimech-spec";
    /** The only version this runtime reads and writes. */
    public static final int VERSION = 1;

    private static final Set<String> TOP = Set.of("format", "version", "mechanism", "privacy", "design", "provenance", "digest", "signature");
    private static final Set<String> MECHANISM = Set.of("kind", "inputs", "outputs", "denominator_bits", "weights");
    private static final Set<String> GEOMETRIC_REMAP = Set.of("kind", "inputs", "outputs", "noise_epsilon", "denominator_bits", "remap");
    private static final Set<String> REMAP_ROW = Set.of("outputs", "weights");
    private static final Set<String> PRIVACY = Set.of("guarantee", "relation", "neighbours", "epsilon", "epsilon_double", "delta",
            "delta_double", "certified_epsilon", "certified_delta", "numerics", "input_policy", "default_input");
    private static final Set<String> CONTINUOUS_PRIVACY = Set.of("guarantee", "relation", "epsilon", "epsilon_double", "delta", "delta_double",
            "certified_epsilon", "certified_delta", "numerics");
    private static final Set<String> DIGEST = Set.of("algorithm", "canonicalization", "value");
    private static final int MAX_WEIGHT_DIGITS = 31_000; // 2^100000 has 30,103 digits

    private SpecCodec() {
    }

    /** The sealed JSON document of a spec (digest included): as read for a loaded spec, as written for a new one. */
    public static JsonObject write(MechanismSpec spec) {
        return spec.document();
    }

    /** A document with its digest: format, version, the four blocks. */
    static JsonObject seal(JsonObject mechanism, JsonObject privacy, JsonObject design, JsonObject provenance) {
        JsonObject doc = JsonObject.builder()
                .put("format", FORMAT)
                .put("version", VERSION)
                .put("mechanism", mechanism)
                .put("privacy", privacy)
                .put("design", design)
                .put("provenance", provenance)
                .build();
        return SpecDigest.seal(doc);
    }

    /**
     * The sealed document of a continuous kind (K-norm, Gaussian process, elliptic Gaussian) built from parts, with the checks
     * the loader makes on what it reads: the privacy statement, and design and provenance literals that round-trip.
     *
     * @throws InvalidSpecException naming the first field that is wrong
     */
    static JsonObject sealContinuous(JsonObject mechanism, Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, Numerics numerics, JsonObject design, JsonObject provenance) throws InvalidSpecException {
        java.util.Objects.requireNonNull(relation, "relation");
        java.util.Objects.requireNonNull(design, "design");
        java.util.Objects.requireNonNull(provenance, "provenance");
        try {
            checkStatement(epsilon, delta, certifiedEpsilon, certifiedDelta);
            return sealChecked(mechanism, privacyJson(relation, epsilon, delta, certifiedEpsilon, certifiedDelta, numerics), design, provenance);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    /** The privacy block of a continuous kind (no neighbour graph or input policy). */
    static JsonObject privacyJson(Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon, BigDecimal certifiedDelta,
            Numerics numerics) {
        return privacyBuilder(relation, epsilon, delta, certifiedEpsilon, certifiedDelta, numerics).build();
    }

    /** The privacy block of a discrete kind: the common fields, the neighbour graph and the input policy. */
    static JsonObject privacyJson(PrivacyGuarantee p, DiscreteDomain inputs) {
        JsonObject.Builder b = privacyBuilder(p.relation(), p.epsilon(), p.delta(), p.certifiedEpsilon(), p.certifiedDelta(), p.numerics())
                .put("neighbours", DiscreteJson.writeGraph(p.neighbours()))
                .put("input_policy", p.inputPolicy().json());
        if (p.inputPolicy() == InputPolicy.DEFAULT) {
            b.put("default_input", inputs.valueAt(p.defaultInput()));
        }
        return b.build();
    }

    private static JsonObject.Builder privacyBuilder(Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon,
            BigDecimal certifiedDelta, Numerics numerics) {
        return JsonObject.builder()
                .put("guarantee", delta.signum() == 0 ? "pure-dp" : "approximate-dp")
                .put("relation", relation.json())
                .put("epsilon", epsilon.toString())
                .put("epsilon_double", nearestDouble(epsilon))
                .put("delta", delta.toString())
                .put("delta_double", nearestDouble(delta))
                .put("certified_epsilon", certifiedEpsilon.toString())
                .put("certified_delta", certifiedDelta.toString())
                .put("numerics", numerics.json());
    }

    static JsonObject writeTable(DiscreteDomain inputs, DiscreteDomain outputs, WeightTable w) {
        return JsonObject.builder()
                .put("kind", DiscreteMechanismSpec.KIND)
                .put("inputs", DiscreteJson.writeDomain(inputs))
                .put("outputs", DiscreteJson.writeDomain(outputs))
                .put("denominator_bits", w.denominatorBits())
                .put("weights", weightsJson(w))
                .build();
    }

    /**
     * The weights member: a view over the table (a table of millions of entries is never copied into a tree). Weights
     * beyond 63 bits are converted to decimal once per row and kept: the digest at seal, the layout check and the file
     * write each walk the member, and converting a 200-bit BigInteger every time was most of the write (issue 23).
     */
    static JsonArray weightsJson(WeightTable w) {
        if (w.fitsInLong()) {
            return JsonArray.view(w.rows(), i -> JsonArray.view(w.cols(), j -> new JsonString(Long.toString(w.longWeight(i, j)))));
        }
        AtomicReferenceArray<JsonArray> rows = new AtomicReferenceArray<>(w.rows());
        return JsonArray.view(w.rows(), i -> {
            JsonArray row = rows.get(i);
            if (row == null) {
                List<String> text = new ArrayList<>(w.cols());
                for (int j = 0; j < w.cols(); j++) {
                    text.add(w.weight(i, j).toString());
                }
                row = JsonArray.ofStrings(text);
                rows.set(i, row); // a race builds the same row twice; either copy is the same text
            }
            return row;
        });
    }

    static JsonObject writeGeometricRemap(IntegerRange inputs, DiscreteDomain outputs, BigDecimal noiseEpsilon, Remap r) {
        return JsonObject.builder()
                .put("kind", GeometricRemapSpec.KIND)
                .put("inputs", DiscreteJson.writeDomain(inputs))
                .put("outputs", DiscreteJson.writeDomain(outputs))
                .put("noise_epsilon", noiseEpsilon.toString())
                .put("denominator_bits", r.bits())
                .put("remap", remapJson(r))
                .build();
    }

    /** The remap member: a view over the remap; a row with one output is written as its index. */
    static JsonArray remapJson(Remap r) {
        // a row of width one is printed straight from its index by the writers and digests
        return JsonArray.viewOfIntegers(r.rows(), z -> r.width(z) == 1, z -> r.outputAt(z, 0), z -> {
            long[] w = r.weights(z);
            List<JsonValue> ws = new ArrayList<>(w.length);
            for (long x : w) {
                ws.add(new JsonString(Long.toString(x)));
            }
            return JsonObject.builder().put("outputs", JsonArray.ofLongs(java.util.Arrays.stream(r.outputs(z)).asLongStream().toArray()))
                    .put("weights", JsonArray.of(ws)).build();
        });
    }

    /**
     * Validates a parsed document and returns the spec it describes, under the {@link RuntimePolicy#standard() standard
     * policy} (a spec whose sensitivity could not be re-checked is refused unless signed by a trusted key).
     *
     * @throws InvalidSpecException naming the first field that is wrong, or the policy's refusal
     */
    public static MechanismSpec read(JsonValue document) throws InvalidSpecException {
        return read(document, RuntimePolicy.standard());
    }

    /**
     * Validates a parsed document, then applies a runtime policy: the only ways to a spec from a document, so no spec skips
     * the policy.
     *
     * @throws InvalidSpecException naming the first field that is wrong, or the policy's refusal
     */
    public static MechanismSpec read(JsonValue document, RuntimePolicy policy) throws InvalidSpecException {
        MechanismSpec spec = readUnchecked(document);
        policy.check(spec);
        return spec;
    }

    /**
     * As {@link #read(JsonValue, RuntimePolicy)}, for a document read by {@link SpecStream} (its large member held flat),
     * reporting the digest, the table's rows and a signature's verification to {@code progress}.
     *
     * @param fileBytes the size of the file read, the digest's estimated total
     */
    static MechanismSpec read(SpecStream.Document document, RuntimePolicy policy, LoadProgress progress, long fileBytes) throws InvalidSpecException {
        MechanismSpec spec;
        try {
            spec = readChecked(document.document(), document, progress, fileBytes);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
        policy.check(spec, progress, fileBytes);
        return spec;
    }

    /** Validation without a policy: for {@link SpecLoader} and the factories' round trip only. */
    static MechanismSpec readUnchecked(JsonValue document) throws InvalidSpecException {
        try {
            return readChecked(document, null, LoadProgress.none(), 1);
        } catch (FieldException e) {
            throw InvalidSpecException.of(e);
        }
    }

    /**
     * @param flat the streamed document whose large member is held flat, or null for a tree: the checks and messages are
     *     the same either way
     * @param progress told of the digest's bytes and a table's rows as they are checked
     * @param fileBytes the digest's estimated total (see {@link LoadProgress.Step#DIGEST})
     */
    private static MechanismSpec readChecked(JsonValue document, SpecStream.Document flat, LoadProgress progress, long fileBytes)
            throws FieldException, InvalidSpecException {
        String root = JsonPointer.ROOT;
        JsonObject doc = Fields.object(document, root);
        String format = Fields.string(Fields.member(doc, "format", root), "/format");
        if (!FORMAT.equals(format)) {
            throw new FieldException("/format", "must be " + Fields.quote(FORMAT) + ". Provided value: " + Fields.quote(format));
        }
        JsonValue versionValue = Fields.member(doc, "version", root);
        if (versionValue.number().filter(vn -> vn.isIntegral() && vn.decimal().compareTo(BigDecimal.valueOf(VERSION)) == 0).isEmpty()) {
            throw new FieldException("/version", "unsupported spec version; this runtime reads version " + VERSION + ". Provided value: " + versionValue.describe());
        }
        // every number the digest covers must be covered exactly: a literal that does not round-trip through its double is refused
        // (a member held flat holds only strings and int literals, which do)
        ExactNumbers.requireRoundTrip(flat == null ? doc : withoutFlat(doc, flat), root);
        checkDigest(doc, progress, fileBytes);
        Fields.allowedKeys(doc, root, TOP);
        if (doc.has("signature")) {
            SpecSignature.checkShape(doc); // verified against trusted keys by a RuntimePolicy, not here
        }

        JsonObject mech = Fields.object(Fields.member(doc, "mechanism", root), "/mechanism");
        String kind = Fields.string(Fields.member(mech, "kind", "/mechanism"), "/mechanism/kind");
        if (!kind.equals(DiscreteMechanismSpec.KIND) && !kind.equals(GeometricRemapSpec.KIND) && !kind.equals(KNormSpec.KIND)
                && !kind.equals(GaussianProcessSpec.KIND) && !kind.equals(EllipticGaussianSpec.KIND)) {
            throw new FieldException("/mechanism/kind", "unknown mechanism kind; this runtime reads " + Fields.quote(DiscreteMechanismSpec.KIND) + ", "
                    + Fields.quote(GeometricRemapSpec.KIND) + ", " + Fields.quote(KNormSpec.KIND) + ", " + Fields.quote(GaussianProcessSpec.KIND) + " and "
                    + Fields.quote(EllipticGaussianSpec.KIND) + ". Provided value: " + Fields.quote(kind));
        }
        if (kind.equals(EllipticGaussianSpec.KIND)) {
            JsonObject p = Fields.object(Fields.member(doc, "privacy", root), "/privacy");
            Common c = readCommon(p, CONTINUOUS_PRIVACY);
            if (!c.numerics.equals("idealized")) {
                throw new FieldException("/privacy/numerics", "elliptic Gaussian noise is sampled in floating point and must say \"idealized\". Provided value: "
                        + Fields.quote(c.numerics));
            }
            return EllipticGaussianSpec.read(EllipticGaussianJson.read(mech), c.relation, c.epsilon, c.delta, c.certifiedEpsilon, c.certifiedDelta,
                    Fields.object(Fields.member(doc, "design", root), "/design"), Fields.object(Fields.member(doc, "provenance", root), "/provenance"), doc);
        }
        if (kind.equals(GaussianProcessSpec.KIND) || kind.equals(KNormSpec.KIND)) {
            boolean knorm = kind.equals(KNormSpec.KIND);
            JsonObject p = Fields.object(Fields.member(doc, "privacy", root), "/privacy");
            Common c = readCommon(p, CONTINUOUS_PRIVACY);
            boolean lattice = knorm && mech.has("lattice");
            if (lattice && !c.numerics.equals("exact")) {
                throw new FieldException("/privacy/numerics", "lattice K-norm noise is sampled with integer arithmetic and must say \"exact\". Provided value: "
                        + Fields.quote(c.numerics));
            }
            if (!lattice && !c.numerics.equals("idealized")) {
                throw new FieldException("/privacy/numerics", (knorm ? "K-norm" : "Gaussian-process") + " noise is sampled in floating point and must say "
                        + "\"idealized\"" + (knorm ? " (only a spec with a lattice block is exact)" : "") + ". Provided value: " + Fields.quote(c.numerics));
            }
            if (knorm && c.delta.signum() != 0) {
                throw new FieldException("/privacy/delta", "a K-norm spec is pure DP: delta must be 0. Provided value: " + c.delta);
            }
            JsonObject design = Fields.object(Fields.member(doc, "design", root), "/design");
            JsonObject provenance = Fields.object(Fields.member(doc, "provenance", root), "/provenance");
            return knorm ? KNormSpec.read(KNormJson.read(mech), c.relation, c.epsilon, c.certifiedEpsilon, design, provenance, doc)
                    : GaussianProcessSpec.read(GaussianProcessJson.read(mech), c.relation, c.epsilon, c.delta, c.certifiedEpsilon, c.certifiedDelta, design,
                            provenance, doc);
        }
        Fields.allowedKeys(mech, "/mechanism", kind.equals(DiscreteMechanismSpec.KIND) ? MECHANISM : GEOMETRIC_REMAP);
        DiscreteDomain inputs = DiscreteJson.readDomain(Fields.member(mech, "inputs", "/mechanism"), "/mechanism/inputs");
        DiscreteDomain outputs = DiscreteJson.readDomain(Fields.member(mech, "outputs", "/mechanism"), "/mechanism/outputs");
        int maxBits = kind.equals(DiscreteMechanismSpec.KIND) ? WeightTable.MAX_DENOMINATOR_BITS : Remap.MAX_BITS;
        int bits = (int) Fields.integer(Fields.member(mech, "denominator_bits", "/mechanism"), "/mechanism/denominator_bits", 0, maxBits);

        PrivacyGuarantee privacy = readPrivacy(Fields.object(Fields.member(doc, "privacy", root), "/privacy"), inputs);
        JsonObject design = Fields.object(Fields.member(doc, "design", root), "/design");
        JsonObject provenance = Fields.object(Fields.member(doc, "provenance", root), "/provenance");

        if (kind.equals(GeometricRemapSpec.KIND)) {
            SpecStream.RemapRows rows = flat == null ? null : flat.remap();
            return readGeometricRemap(mech, rows, inputs, outputs, bits, privacy, design, provenance, doc);
        }
        SpecStream.Weights held = flat == null ? null : flat.weights();
        WeightTable weights = held != null ? readWeights(held, inputs.size(), outputs.size(), bits, progress)
                : readWeights(Fields.member(mech, "weights", "/mechanism"), inputs.size(), outputs.size(), bits);
        // the spec keeps a view over its table, not the document as read (the same values, so the same digest)
        JsonObject kept = doc.with("mechanism", mech.with("weights", weightsJson(weights)));
        return DiscreteMechanismSpec.read(inputs, outputs, weights, privacy, design, provenance, kept);
    }

    /** The document without the members of its mechanism that are held flat. */
    private static JsonObject withoutFlat(JsonObject doc, SpecStream.Document flat) {
        Optional<JsonObject> mechanism = doc.get("mechanism").flatMap(JsonValue::object);
        if (mechanism.isEmpty()) {
            return doc;
        }
        JsonObject m = mechanism.get();
        JsonObject kept = flat.weights() != null ? m.without("weights") : m;
        return doc.with("mechanism", flat.remap() != null ? kept.without("remap") : kept);
    }

    private static GeometricRemapSpec readGeometricRemap(JsonObject mech, SpecStream.RemapRows held, DiscreteDomain inputs, DiscreteDomain outputs, int bits,
            PrivacyGuarantee privacy, JsonObject design, JsonObject provenance, JsonObject doc) throws FieldException, InvalidSpecException {
        if (!(inputs instanceof IntegerRange range)) {
            throw new FieldException("/mechanism/inputs", "a geometric-remap mechanism needs an integer range of inputs. Provided value: " + inputs.size() + " labels");
        }
        BigDecimal noise = Fields.decimalString(Fields.member(mech, "noise_epsilon", "/mechanism"), "/mechanism/noise_epsilon");
        String ptr = "/mechanism/remap";
        JsonArray a = Fields.array(Fields.member(mech, "remap", "/mechanism"), ptr);
        if (held != null) {
            Remap remap = readRemap(held, inputs.size(), outputs.size(), bits);
            return GeometricRemapSpec.read(range, outputs, noise, remap, privacy, design, provenance, doc.with("mechanism", mech.with("remap", remapJson(remap))));
        }
        if (a.size() != inputs.size()) {
            throw new FieldException(ptr, "must have one row per input (" + inputs.size() + "); found " + a.size() + " rows");
        }
        int[][] outs = new int[a.size()][];
        long[][] ws = new long[a.size()][];
        long total = 1L << bits;
        for (int z = 0; z < a.size(); z++) {
            String rp = JsonPointer.child(ptr, z);
            JsonValue row = a.get(z);
            if (row.number().isPresent()) {
                outs[z] = new int[] {(int) Fields.integer(row, rp, 0, outputs.size() - 1)};
                ws[z] = new long[] {total};
                continue;
            }
            JsonObject o = Fields.object(row, rp);
            Fields.allowedKeys(o, rp, REMAP_ROW);
            JsonArray oa = Fields.array(Fields.member(o, "outputs", rp), rp + "/outputs");
            JsonArray wa = Fields.array(Fields.member(o, "weights", rp), rp + "/weights");
            if (oa.size() == 0 || oa.size() != wa.size()) {
                throw new FieldException(rp, "must list at least one output and exactly one weight per output; found " + oa.size() + " outputs and " + wa.size() + " weights");
            }
            outs[z] = new int[oa.size()];
            ws[z] = new long[oa.size()];
            for (int k = 0; k < oa.size(); k++) {
                outs[z][k] = (int) Fields.integer(oa.get(k), JsonPointer.child(rp + "/outputs", k), 0, outputs.size() - 1);
                BigInteger w = Fields.naturalString(wa.get(k), JsonPointer.child(rp + "/weights", k), 20);
                if (w.signum() <= 0 || w.compareTo(BigInteger.valueOf(total)) > 0) {
                    throw new FieldException(JsonPointer.child(rp + "/weights", k), "must be in [1, 2^" + bits + "]. Provided value: " + w);
                }
                ws[z][k] = w.longValueExact();
            }
        }
        Remap remap;
        try {
            remap = Remap.of(bits, outputs.size(), outs, ws);
        } catch (IllegalArgumentException e) {
            throw new FieldException(ptr, e.getMessage());
        }
        return GeometricRemapSpec.read(range, outputs, noise, remap, privacy, design, provenance, doc);
    }

    private static void checkDigest(JsonObject doc, LoadProgress progress, long fileBytes) throws FieldException {
        JsonObject d = Fields.object(Fields.member(doc, "digest", JsonPointer.ROOT), "/digest");
        Fields.allowedKeys(d, "/digest", DIGEST);
        Fields.oneOf(Fields.member(d, "algorithm", "/digest"), "/digest/algorithm", SpecDigest.ALGORITHM);
        Fields.oneOf(Fields.member(d, "canonicalization", "/digest"), "/digest/canonicalization", SpecDigest.CANONICALIZATION);
        String stored = Fields.string(Fields.member(d, "value", "/digest"), "/digest/value");
        if (!stored.matches("[0-9a-f]{64}")) {
            throw new FieldException("/digest/value", "must be 64 lowercase hex digits. Provided value: " + Fields.quote(stored));
        }
        String computed;
        try {
            progress.report(LoadProgress.Step.DIGEST, 0, fileBytes);
            long[] last = {0};
            computed = SpecDigest.compute(doc, digested -> {
                // the estimate is raised, never passed: a canonical form larger than the file (a number written shorter there) still ends at its total
                progress.report(LoadProgress.Step.DIGEST, digested, Math.max(fileBytes, digested));
                last[0] = digested;
            });
            if (computed.equals(stored)) {
                progress.report(LoadProgress.Step.DIGEST, last[0], last[0]);
            }
        } catch (IllegalArgumentException e) {
            throw new FieldException("/digest/value", "cannot canonicalize the document: " + e.getMessage());
        }
        if (!computed.equals(stored)) {
            throw new FieldException("/digest/value", "digest mismatch: the spec was changed after it was written (stored " + stored + ", computed " + computed + ")");
        }
    }

    private static WeightTable readWeights(JsonValue v, int rows, int cols, int bits) throws FieldException {
        String ptr = "/mechanism/weights";
        JsonArray a = Fields.array(v, ptr);
        if (a.size() != rows) {
            throw new FieldException(ptr, "must have one row per input (" + rows + "); found " + a.size() + " rows");
        }
        BigInteger denominator = BigInteger.ONE.shiftLeft(bits);
        BigInteger[][] w = new BigInteger[rows][cols];
        for (int i = 0; i < rows; i++) {
            String rp = JsonPointer.child(ptr, i);
            JsonArray row = Fields.array(a.get(i), rp);
            if (row.size() != cols) {
                throw new FieldException(rp, "must have one weight per output (" + cols + "); found " + row.size());
            }
            BigInteger sum = BigInteger.ZERO;
            for (int j = 0; j < cols; j++) {
                w[i][j] = Fields.naturalString(row.get(j), JsonPointer.child(rp, j), MAX_WEIGHT_DIGITS);
                sum = sum.add(w[i][j]);
            }
            if (!sum.equals(denominator)) {
                throw new FieldException(rp, "weights must sum to exactly 2^" + bits + " = " + abbreviate(denominator) + "; they sum to " + abbreviate(sum));
            }
        }
        return WeightTable.of(bits, w);
    }

    /** {@link #readWeights(JsonValue, int, int, int)} of a table held flat: the same checks and messages. */
    private static WeightTable readWeights(SpecStream.Weights held, int rows, int cols, int bits, LoadProgress progress) throws FieldException {
        String ptr = "/mechanism/weights";
        if (held.rows != rows) {
            throw new FieldException(ptr, "must have one row per input (" + rows + "); found " + held.rows + " rows");
        }
        if (held.cols != cols) {
            throw new FieldException(JsonPointer.child(ptr, 0), "must have one weight per output (" + cols + "); found " + held.cols);
        }
        BigInteger denominator = BigInteger.ONE.shiftLeft(bits);
        WeightTable.Builder b = WeightTable.builder(bits);
        progress.report(LoadProgress.Step.TABLE_ROWS, 0, rows);
        int every = Math.max(1, rows / 256); // a few hundred reports at most, so a display's cost stays out of the load
        for (int i = 0; i < rows; i++) {
            boolean exact = true;
            if (held.big == null && bits <= WeightTable.LONG_BITS) {
                long total = 1L << bits;
                long sum = 0;
                for (int j = 0; j < cols && exact; j++) {
                    long w = held.values[i * cols + j];
                    exact = w <= total - sum;
                    sum += w;
                }
                exact &= sum == total;
            } else {
                BigInteger sum = BigInteger.ZERO;
                for (int j = 0; j < cols; j++) {
                    sum = sum.add(held.get(i, j));
                }
                exact = sum.equals(denominator);
            }
            if (!exact) {
                BigInteger sum = BigInteger.ZERO;
                for (int j = 0; j < cols; j++) {
                    sum = sum.add(held.get(i, j));
                }
                throw new FieldException(JsonPointer.child(ptr, i), "weights must sum to exactly 2^" + bits + " = " + abbreviate(denominator) + "; they sum to "
                        + abbreviate(sum));
            }
            for (int j = 0; j < cols; j++) {
                if (held.big == null) {
                    b.add(held.values[i * cols + j]);
                } else {
                    b.add(held.get(i, j));
                }
            }
            b.endRow();
            if ((i + 1) % every == 0 && i + 1 < rows) {
                progress.report(LoadProgress.Step.TABLE_ROWS, i + 1, rows);
            }
        }
        WeightTable table = b.build();
        progress.report(LoadProgress.Step.TABLE_ROWS, rows, rows);
        return table;
    }

    /** The remap rows held flat, checked as the tree's are, with the same messages. */
    private static Remap readRemap(SpecStream.RemapRows held, int rows, int outputCount, int bits) throws FieldException {
        String ptr = "/mechanism/remap";
        if (held.rows() != rows) {
            throw new FieldException(ptr, "must have one row per input (" + rows + "); found " + held.rows() + " rows");
        }
        long total = 1L << bits;
        for (int z = 0; z < rows; z++) {
            for (int k = held.start[z]; k < held.start[z + 1]; k++) {
                int o = held.outputs[k];
                if (o >= outputCount || held.weights[k] == 0 || held.weights[k] > total) {
                    rowError(held, z, k, outputCount, bits); // the row's pointer is made only for a message
                }
                if (held.weights[k] < 0) {
                    held.weights[k] = total; // a row written as one index takes the whole mass
                }
            }
        }
        try {
            return Remap.ofFlat(bits, outputCount, held.start, held.outputs, held.weights);
        } catch (IllegalArgumentException e) {
            throw new FieldException(ptr, e.getMessage());
        }
    }

    /** Throws the tree's message for entry {@code k} of row {@code z}, which {@link #readRemap} found wrong. */
    private static void rowError(SpecStream.RemapRows held, int z, int k, int outputCount, int bits) throws FieldException {
        String rp = JsonPointer.child("/mechanism/remap", z);
        int o = held.outputs[k];
        if (o >= outputCount) {
            String op = held.weights[k] < 0 ? rp : JsonPointer.child(rp + "/outputs", k - held.start[z]);
            Fields.integer(JsonNumber.of(o), op, 0, outputCount - 1); // throws the tree's message
        }
        throw new FieldException(JsonPointer.child(rp + "/weights", k - held.start[z]), "must be in [1, 2^" + bits + "]. Provided value: " + held.weights[k]);
    }

    /** ε of a privacy statement: in (0, 700] (the exact bounds on e^ε cover that range). */
    static void checkEpsilon(BigDecimal epsilon) throws FieldException {
        if (epsilon == null || epsilon.signum() <= 0 || epsilon.compareTo(ExpBounds.MAX_X) > 0) {
            throw new FieldException("/privacy/epsilon", "must be > 0 and at most " + ExpBounds.MAX_X + ". Provided value: " + epsilon);
        }
    }

    /** δ of a privacy statement: in [0, 1). */
    static void checkDelta(BigDecimal delta) throws FieldException {
        if (delta == null || delta.signum() < 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
            throw new FieldException("/privacy/delta", "must be in [0, 1). Provided value: " + delta);
        }
    }

    /** The certified ε: in [0, ε]. */
    static void checkCertifiedEpsilon(BigDecimal certified, BigDecimal epsilon) throws FieldException {
        if (certified == null || certified.signum() < 0 || certified.compareTo(epsilon) > 0) {
            throw new FieldException("/privacy/certified_epsilon", "must be in [0, epsilon = " + epsilon + "]; a spec may not claim less privacy than it was "
                    + "designed for. Provided value: " + certified);
        }
    }

    /** The certified δ: in [0, δ]. */
    static void checkCertifiedDelta(BigDecimal certified, BigDecimal delta) throws FieldException {
        if (certified == null || certified.signum() < 0 || certified.compareTo(delta) > 0) {
            throw new FieldException("/privacy/certified_delta", "must be in [0, delta = " + delta + "]. Provided value: " + certified);
        }
    }

    /**
     * The whole privacy statement of a spec built from parts: the same checks the codec makes on what it reads (the
     * guarantee's name is written from δ, so it always agrees).
     */
    static void checkStatement(BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon, BigDecimal certifiedDelta) throws FieldException {
        checkEpsilon(epsilon);
        checkDelta(delta);
        checkCertifiedEpsilon(certifiedEpsilon, epsilon);
        checkCertifiedDelta(certifiedDelta, delta);
    }

    /** A discrete spec's recorded problem must have been designed for the relation its privacy block states. */
    static void checkRecordedRelation(JsonObject design, Relation relation) throws FieldException {
        Optional<String> recorded = design.get("problem").flatMap(JsonValue::object).flatMap(p -> p.get("relation")).flatMap(JsonValue::string);
        if (recorded.isPresent() && !recorded.get().equals(relation.json())) {
            throw new FieldException("/design/problem/relation", "the problem was designed for " + Fields.quote(recorded.get()) + " but /privacy/relation states "
                    + Fields.quote(relation.json()));
        }
    }

    /**
     * Seals a document built from parts, refusing the number literals the loader would refuse (every number the digest
     * covers must round-trip through its double), so a spec built by a factory is one the loader reads back.
     */
    static JsonObject sealChecked(JsonObject mechanism, JsonObject privacy, JsonObject design, JsonObject provenance) throws FieldException {
        ExactNumbers.requireRoundTrip(design, "/design");
        ExactNumbers.requireRoundTrip(provenance, "/provenance");
        return seal(mechanism, privacy, design, provenance);
    }

    /** The privacy fields every kind has. */
    private record Common(Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon, BigDecimal certifiedDelta, String numerics) {
    }

    private static Common readCommon(JsonObject p, Set<String> allowed) throws FieldException {
        String ptr = "/privacy";
        Fields.allowedKeys(p, ptr, allowed);
        String guarantee = Fields.oneOf(Fields.member(p, "guarantee", ptr), ptr + "/guarantee", "pure-dp", "approximate-dp");
        Relation relation = Fields.enumValue(Fields.member(p, "relation", ptr), ptr + "/relation", Relation.class);
        BigDecimal epsilon = exactWithDouble(p, "epsilon");
        checkEpsilon(epsilon);
        BigDecimal delta = exactWithDouble(p, "delta");
        checkDelta(delta);
        if (guarantee.equals("pure-dp") != (delta.signum() == 0)) {
            throw new FieldException(ptr + "/guarantee", "must be \"pure-dp\" exactly when delta is 0. Provided value: " + Fields.quote(guarantee) + " with delta " + delta);
        }
        BigDecimal certEps = Fields.decimalString(Fields.member(p, "certified_epsilon", ptr), ptr + "/certified_epsilon");
        checkCertifiedEpsilon(certEps, epsilon);
        BigDecimal certDelta = Fields.decimalString(Fields.member(p, "certified_delta", ptr), ptr + "/certified_delta");
        checkCertifiedDelta(certDelta, delta);
        String numerics = Fields.oneOf(Fields.member(p, "numerics", ptr), ptr + "/numerics", "exact", "idealized");
        return new Common(relation, epsilon, delta, certEps, certDelta, numerics);
    }

    private static PrivacyGuarantee readPrivacy(JsonObject p, DiscreteDomain inputs) throws FieldException {
        String ptr = "/privacy";
        Common c = readCommon(p, PRIVACY);
        NeighbourGraph graph = DiscreteJson.readGraph(Fields.member(p, "neighbours", ptr), ptr + "/neighbours", inputs.size());
        if (!c.numerics.equals("exact")) {
            throw new FieldException(ptr + "/numerics", "discrete mechanisms are sampled with integer arithmetic and must say \"exact\". Provided value: " + Fields.quote(c.numerics));
        }
        InputPolicy policy = Fields.enumValue(Fields.member(p, "input_policy", ptr), ptr + "/input_policy", InputPolicy.class);
        if (policy == InputPolicy.CLAMP && !(inputs instanceof IntegerRange)) {
            throw new FieldException(ptr + "/input_policy", "\"clamp\" needs an integer range of inputs; labels take \"default\" (with default_input)");
        }
        int defaultInput = -1;
        if (policy == InputPolicy.DEFAULT) {
            String value = Fields.string(Fields.member(p, "default_input", ptr), ptr + "/default_input");
            defaultInput = inputs.indexOf(value).orElseThrow(() -> new FieldException(ptr + "/default_input", "must be one of the spec's inputs, written as "
                    + "the inputs are. Provided value: " + Fields.quote(value)));
        } else if (p.has("default_input")) {
            throw new FieldException(ptr + "/default_input", "is only allowed with input_policy \"default\". Provided input_policy: " + Fields.quote(policy.json()));
        }
        return new PrivacyGuarantee(c.relation, graph, c.epsilon, c.delta, c.certifiedEpsilon, c.certifiedDelta, Numerics.EXACT, policy, defaultInput);
    }

    /** A decimal string plus its companion {@code NAME_double}, which must be its nearest double. */
    private static BigDecimal exactWithDouble(JsonObject p, String name) throws FieldException {
        String ptr = "/privacy/" + name;
        BigDecimal exact = Fields.decimalString(Fields.member(p, name, "/privacy"), ptr);
        String dptr = ptr + "_double";
        double d = Fields.finiteDouble(Fields.member(p, name + "_double", "/privacy"), dptr);
        if (Double.compare(d, Double.parseDouble(exact.toString())) != 0 && !(d == 0.0 && exact.signum() == 0)) {
            throw new FieldException(dptr, "must be the double nearest to " + name + " = " + exact + ". Provided value: " + d);
        }
        return exact;
    }

    /** The correctly rounded double (BigDecimal.doubleValue() is not guaranteed to be on Java 17). */
    private static double nearestDouble(BigDecimal d) {
        return Double.parseDouble(d.toString());
    }

    private static String abbreviate(BigInteger b) {
        String s = b.toString();
        return s.length() > 40 ? s.substring(0, 20) + "…(" + s.length() + " digits)" : s;
    }
}
