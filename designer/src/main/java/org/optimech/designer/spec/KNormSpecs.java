package org.optimech.designer.spec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.optimech.designer.knorm.BodySearch;
import org.optimech.designer.knorm.CandidateReport;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.knorm.KNormDesigner;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.geometry.hull.AffineSpan;
import org.optimech.geometry.hull.ConvexHull;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonString;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.lattice.LatticeSampler;
import org.optimech.runtime.spec.InvalidSpecException;
import org.optimech.runtime.spec.Body;
import org.optimech.runtime.spec.KNormBlock;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.json.JsonName;
import org.optimech.runtime.knorm.LpNorm;

/**
 * Turns a K-norm comparison into a spec: the chosen candidate's body (a ball, the hull as a polytope
 * with its cone triangulation or as half-spaces sampled by rejection, or the searched linear image),
 * the subspace when S_T is degenerate (ERRATA K12), Δ rounded up, the adjacent points the runtime
 * re-checks Δ against (a finite S_T's hull vertices), and the comparison table in the design block.
 * The spec is built through {@link KNormSpec#of}, so it passes the runtime's checks before it is written.
 */
public final class KNormSpecs {
    /** How a polytope body is stored. */
    public enum BodyForm implements JsonName {
        /** Vertices, facets and a cone triangulation (alias over simplex volumes). */
        TRIANGULATION("triangulation"),
        /** Facets and an enclosing box, sampled by rejection (ERRATA K2). */
        HALFSPACES("halfspaces");

        private final String json;

        BodyForm(String json) {
            this.json = json;
        }

        @Override
        public String json() {
            return json;
        }
    }

    /** A release by rejection may fail with at most this probability; max_attempts is set from the acceptance rate. */
    static final double REJECTION_FAILURE = 1e-12;
    /** The most adjacent points stored when the hull was not built (they are then S_T itself). */
    static final int MAX_STORED_POINTS = 20_000;
    /** The most proposals a rejection release may use (the runtime's limit). */
    static final int MAX_ATTEMPTS = 1_000_000;

    private KNormSpecs() {
    }

    /**
     * The spec of one compared candidate.
     *
     * @param body a candidate name from the comparison, or null for the selected one
     * @throws IllegalArgumentException for a candidate that was not compared, or a half-space form whose acceptance rate
     *     would need more than {@value #MAX_ATTEMPTS} proposals
     * @throws InvalidSpecException if the runtime refuses the body (a bug: reported, never written)
     */
    public static KNormSpec toSpec(KNormProblem p, KNormComparison.Result r, String body, BodyForm form, Instant created) throws InvalidSpecException {
        return toSpec(p, r, body, form, null, created);
    }

    /**
     * A lattice release: a fixed spacing exponent e (spacing 2^e), or {@link #auto()}: the largest e with
     * Δ/2^e ≥ 1024·ρ (ρ the body's rounding term), so the lattice inflates the noise scale by at most 1 + 1/1024.
     */
    public record Lattice(Integer exponent) {
        public Lattice {
            if (exponent != null && (exponent < -60 || exponent > 60)) {
                throw new IllegalArgumentException("lattice exponent must be in [-60, 60]. Provided value: " + exponent);
            }
        }

        public static Lattice auto() {
            return new Lattice(null);
        }

        public static Lattice of(int exponent) {
            return new Lattice(exponent);
        }
    }

    /** The largest power-of-two spacing 2^e with Δ/2^e ≥ 1024·ρ, e clamped to [−60, 60]. */
    public static int autoExponent(BigDecimal sensitivity, org.optimech.runtime.exact.Rational roundingTerm) {
        double l = (Math.log(sensitivity.doubleValue()) - Math.log(1024 * roundingTerm.doubleValue())) / Math.log(2);
        return Math.max(-60, Math.min(60, (int) Math.floor(l)));
    }

    /**
     * As {@link #toSpec(KNormProblem, KNormComparison.Result, String, BodyForm, Instant)}, released on the lattice
     * 2^e·ℤ^d with exact noise ({@code numerics: exact}) when {@code lattice} is not null.
     *
     * @throws IllegalArgumentException also when the stored body has no exact lattice sampler (l2, search, a subspace)
     */
    public static KNormSpec toSpec(KNormProblem p, KNormComparison.Result r, String body, BodyForm form, Lattice lattice, Instant created)
            throws InvalidSpecException {
        if (body != null || lattice == null) {
            return build(p, r, body != null ? body : r.selected().name(), body != null, form, lattice, created, List.of());
        }
        // no body named: the criterion's best lattice-capable candidate whose exact sampler the runtime accepts
        List<String> refused = new ArrayList<>();
        List<String> choices = latticeChoices(r);
        for (String name : choices) {
            try {
                return build(p, r, name, false, form, lattice, created, refused);
            } catch (IllegalArgumentException e) {
                if (!(e instanceof LatticeRefusedException)) {
                    throw e;
                }
                refused.add(name + " (" + e.getMessage() + ")");
            }
        }
        throw new IllegalArgumentException("exact (lattice) numerics: no compared candidate can be released on the lattice: " + String.join("; ", refused)
                + "; add l1 or linf to the candidates, or design with idealized numerics");
    }

    /** The runtime refused the lattice release of one body (its sampler cannot certify an acceptance rate, or no exact gauge). */
    static final class LatticeRefusedException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        LatticeRefusedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static KNormSpec build(KNormProblem p, KNormComparison.Result r, String name, boolean named, BodyForm form, Lattice lattice, Instant created,
            List<String> refused) throws InvalidSpecException {
        String body = named ? name : null;
        CandidateReport c = r.candidates().stream().filter(x -> x.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("body " + name + " was not compared; compared: " + names(r)));
        int d = p.dimension();
        ConvexHull hull = r.hull();
        KNormBlock.Subspace subspace = null;
        Body stored;
        String bodyNote;
        switch (c.body() != null ? "given" : name) {
            case "given":
                stored = c.body();
                bodyNote = name.equals("weighted-box") ? "the weighted box diag(b)*linf (the bounding box of S_T)" : "the " + name + " body";
                break;
            case "hull":
                if (!hull.span().isFull()) {
                    subspace = subspace(hull.span());
                }
                if (form == BodyForm.HALFSPACES) {
                    stored = halfspaces(hull);
                    bodyNote = "the hull as half-spaces in its bounding box, sampled by rejection";
                } else {
                    stored = polytope(hull);
                    bodyNote = "the hull as a polytope with its cone triangulation";
                }
                break;
            case "search":
                BodySearch.Found f = r.search();
                stored = new Body.LinearImage(f.base(), f.a());
                bodyNote = "the searched linear image A*" + f.base().json() + " (heuristic)";
                break;
            default:
                stored = new Body.Ball(JsonName.parse(LpNorm.class, name));
                bodyNote = "the " + name + " ball";
        }
        BigDecimal sensitivity = upDecimal(c.sensitivity());
        KNormBlock.AdjacentPoints points = null;
        if (r.space() != null && (hull != null || r.space().size() <= MAX_STORED_POINTS)) {
            double[][] pts = r.space().points();
            double[][] rows = pts;
            if (hull != null) {
                int[] v = hull.vertices();
                rows = new double[v.length][];
                for (int i = 0; i < v.length; i++) {
                    rows[i] = pts[v[i]];
                }
            }
            points = new KNormBlock.AdjacentPoints(p.pointsAsserted() ? KNormBlock.PointSource.ASSERTED : KNormBlock.PointSource.EXACT, rows);
        }
        // a sandwich hull's certificate proves the gauge of its facets as a polytope; stored as half-spaces the box rows join them
        KNormBlock.SensitivityCertificate certificate = c.body() == null && name.equals("hull") && form == BodyForm.HALFSPACES ? null : c.certificate();
        KNormBlock block = new KNormBlock(d, subspace, stored, sensitivity, p.epsilon(), points, null, certificate);
        if (body == null && !name.equals(r.selected().name())) {
            bodyNote += "; the criterion selects " + r.selected().name() + ", which has no exact lattice sampler" + (refused.isEmpty() ? "" : " here ("
                    + String.join("; ", refused) + ")") + ", so the best candidate that has one is stored";
        }
        JsonObject.Builder design = designBlock(p, r, name, form, bodyNote);
        if (lattice != null) {
            org.optimech.runtime.exact.Rational rho;
            try {
                rho = KNormSpec.latticeRoundingTerm(block);
            } catch (InvalidSpecException e) {
                throw new LatticeRefusedException("cannot release body " + name + " on a lattice: " + e.detail(), e);
            }
            int latticeExponent = lattice.exponent() != null ? lattice.exponent() : autoExponent(sensitivity, rho);
            org.optimech.runtime.exact.Rational deltaL = LatticeSampler.latticeSensitivity(org.optimech.runtime.exact.Rational.of(sensitivity), latticeExponent, rho);
            block = new KNormBlock(d, subspace, stored, sensitivity, p.epsilon(), points, new KNormBlock.Lattice(latticeExponent, deltaL), certificate);
            double inflation = deltaL.doubleValue() * Math.scalb(1.0, latticeExponent) / c.sensitivity();
            design.put("lattice", latticeReport(latticeExponent, deltaL, inflation));
        }
        try {
            if (points != null && points.points().length > KNormDesigner.REDUNDANT_POINTS && lattice == null) {
                // when the runtime re-derives S_T from design.problem at load, many stored points only repeat it, and writing,
                // checking and re-loading them was most of a large design's spec time (14,281 points: seconds past the limit)
                KNormSpec without = KNormSpec.of(new KNormBlock(d, subspace, stored, sensitivity, p.epsilon(), null, null, certificate), p.relation(), p.epsilon(),
                        p.epsilon(), design.build(), DesignSpecs.provenance(created));
                if (without.sensitivityRechecked()) {
                    return without;
                }
            }
            KNormSpec spec = KNormSpec.of(block, p.relation(), p.epsilon(), p.epsilon(), design.build(), DesignSpecs.provenance(created));
            if (finiteUnbuilt(p, r) && !spec.sensitivityRechecked()) {
                // the design block said the runtime re-derives Δ from the records: the loaded spec's own re-check did not (its
                // budget, or a difference not exactly a double), so the block says what it did instead
                spec = KNormSpec.of(block, p.relation(), p.epsilon(), p.epsilon(), design.build().with("sensitivity_check", new org.optimech.runtime.json.JsonString(
                        "the runtime did not re-derive Delta at load (" + spec.sensitivityCheck() + "): Delta is the designer's certified bound from the records "
                                + "(see adjacent_output_space)")), DesignSpecs.provenance(created));
            }
            return spec;
        } catch (InvalidSpecException e) {
            if (lattice != null && e.pointer().startsWith("/mechanism/lattice")) {
                throw new LatticeRefusedException("cannot release body " + name + " on the lattice 2^" + block.lattice().spacingExponent() + ": " + e.detail(), e);
            }
            throw e;
        }
    }

    /** The design block's account of a lattice release: its spacing, Δ_L, and the inflation of the noise against the continuous mechanism. */
    public static JsonObject latticeReport(int exponent, org.optimech.runtime.exact.Rational latticeSensitivity, double inflation) {
        return JsonObject.builder()
                .put("spacing", "2^" + exponent)
                .put("lattice_sensitivity", latticeSensitivity.toString())
                .put("noise_scale_inflation", inflation)
                .put("note", "exact lattice release (docs/LATTICE_KNORM.md): the statistic is rounded to the lattice and lattice noise with "
                        + "P(z) proportional to exp(-epsilon ||z||_K / lattice_sensitivity) is added; the rounding term in lattice_sensitivity "
                        + "scales the noise by noise_scale_inflation against the continuous mechanism, whose comparison the candidates table shows")
                .build();
    }

    /**
     * The candidate a lattice release stores when none is named: the criterion's pick among those with an exact lattice sampler
     * (the l1 and linf balls, and the hull when S_T is full-dimensional).
     *
     * @throws IllegalArgumentException when no compared candidate has one (the message lists what was compared)
     */
    static String latticeChoice(KNormComparison.Result r) {
        return latticeChoices(r).get(0);
    }

    /** The candidates with an exact lattice sampler, best first by the criterion (never empty: else a clear refusal). */
    static List<String> latticeChoices(KNormComparison.Result r) {
        List<String> choices = r.candidates().stream()
                .filter(c -> c.name().equals("l1") || c.name().equals("linf") || c.name().equals("hull") && r.hull().span().isFull())
                .sorted(java.util.Comparator.comparingDouble(c -> c.score(r.criterion())))
                .map(CandidateReport::name)
                .toList();
        if (!choices.isEmpty()) {
            return choices;
        }
        throw new IllegalArgumentException("exact (lattice) numerics need an l1, linf or full-dimensional hull candidate; this problem "
                        + "compares " + names(r) + (r.candidates().stream().anyMatch(c -> c.name().equals("hull")) ? " (its hull spans a proper subspace)" : "")
                        + ": add l1 or linf to its candidates, or design with idealized numerics");
    }

    private static String names(KNormComparison.Result r) {
        List<String> n = new ArrayList<>();
        r.candidates().forEach(x -> n.add(x.name()));
        return String.join(", ", n);
    }

    /** The smallest 17-significant-digit decimal at or above x: Δ is never rounded down. */
    static BigDecimal upDecimal(double x) {
        BigDecimal b = new BigDecimal(x).round(new MathContext(17, RoundingMode.CEILING)).stripTrailingZeros();
        return b.scale() < 0 ? b.setScale(0) : b;
    }

    private static JsonArray matrix(double[][] a) {
        List<JsonValue> rows = new ArrayList<>(a.length);
        for (double[] row : a) {
            rows.add(JsonArray.ofDoubles(row));
        }
        return JsonArray.of(rows);
    }

    /** x = basis · x[pivots]: the span's exact map, transposed (S_T is symmetric, so its span is linear). */
    private static KNormBlock.Subspace subspace(AffineSpan span) {
        return new KNormBlock.Subspace(span.pivots(), span.basis());
    }

    private static List<Body.Facet> facets(ConvexHull hull) {
        BigDecimal unit = BigDecimal.ONE.divide(new BigDecimal(BigInteger.ONE.shiftLeft(hull.shift())));
        List<Body.Facet> out = new ArrayList<>(hull.facets().size());
        for (ConvexHull.Facet f : hull.facets()) {
            BigDecimal offset = new BigDecimal(f.exactOffset()).multiply(unit).stripTrailingZeros();
            out.add(new Body.Facet(f.exactNormal(), offset.scale() < 0 ? offset.setScale(0) : offset));
        }
        return out;
    }

    /** Vertices (the points the boundary triangulation uses), exact facets, and each simplex with the facet it lies on. */
    private static Body.Polytope polytope(ConvexHull hull) {
        double[][] reduced = hull.reduced();
        BigInteger[][] scaled = hull.scaled();
        int[][] boundary = hull.boundary();
        List<ConvexHull.Facet> facets = hull.facets();
        Map<Integer, Integer> index = new LinkedHashMap<>();
        Map<Integer, List<Integer>> facetsOfVertex = new java.util.HashMap<>();
        for (int f = 0; f < facets.size(); f++) {
            for (int v : facets.get(f).vertices()) {
                facetsOfVertex.computeIfAbsent(v, x -> new ArrayList<>()).add(f);
            }
        }
        int[][] simplices = new int[boundary.length][];
        int[] simplexFacets = new int[boundary.length];
        for (int i = 0; i < boundary.length; i++) {
            simplices[i] = new int[boundary[i].length];
            for (int t = 0; t < simplices[i].length; t++) {
                simplices[i][t] = index.computeIfAbsent(boundary[i][t], x -> index.size());
            }
            simplexFacets[i] = facetOf(boundary[i], scaled, facets, facetsOfVertex);
        }
        double[][] vertices = new double[index.size()][];
        int i = 0;
        for (int p : index.keySet()) {
            vertices[i++] = reduced[p];
        }
        return new Body.Polytope(vertices, facets(hull), simplices, simplexFacets);
    }

    /** The facet a boundary simplex lies on: first among the facets through one of its vertices, then (for boundary points that are not vertices) all. */
    private static int facetOf(int[] simplex, BigInteger[][] scaled, List<ConvexHull.Facet> facets, Map<Integer, List<Integer>> facetsOfVertex) {
        for (int p : simplex) {
            for (int f : facetsOfVertex.getOrDefault(p, List.of())) {
                if (on(simplex, scaled, facets.get(f))) {
                    return f;
                }
            }
        }
        for (int f = 0; f < facets.size(); f++) {
            if (on(simplex, scaled, facets.get(f))) {
                return f;
            }
        }
        throw new IllegalStateException("internal error: boundary simplex " + java.util.Arrays.toString(simplex) + " lies on no facet");
    }

    private static boolean on(int[] simplex, BigInteger[][] scaled, ConvexHull.Facet facet) {
        BigInteger[] n = facet.exactNormal();
        for (int p : simplex) {
            BigInteger s = BigInteger.ZERO;
            for (int j = 0; j < n.length; j++) {
                s = s.add(n[j].multiply(scaled[p][j]));
            }
            if (!s.equals(facet.exactOffset())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Facets plus the vertices' bounding box (so box ∩ half-spaces is the hull), a box inscribed in the hull (checked exactly
     * here and again at load) whose volume share of the bounding box is the stated acceptance rate, rounded down: a proven
     * lower bound, never the designer's word alone; and the attempt cap that makes a release fail with probability at most
     * {@value #REJECTION_FAILURE} at that rate.
     */
    private static Body.Halfspaces halfspaces(ConvexHull hull) {
        double[][] v = hull.vertexCoordinates();
        int k = hull.dimension();
        double[] lo = new double[k];
        double[] hi = new double[k];
        java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        for (double[] p : v) {
            for (int j = 0; j < k; j++) {
                lo[j] = Math.min(lo[j], p[j]);
                hi[j] = Math.max(hi[j], p[j]);
            }
        }
        BigInteger[][] normals = new BigInteger[hull.facets().size()][];
        BigInteger[] offsets = new BigInteger[normals.length];
        for (int f = 0; f < normals.length; f++) {
            normals[f] = hull.facets().get(f).exactNormal();
            offsets[f] = hull.facets().get(f).exactOffset();
        }
        double[][] inscribed = org.optimech.geometry.body.InscribedBox.of(normals, offsets, hull.shift(), lo, hi);
        // the share the loader re-derives, by the same code
        org.optimech.runtime.exact.Rational ratio = new Body.Box(lo, hi).shareOf(new Body.Box(inscribed[0], inscribed[1]));
        BigDecimal rate = new BigDecimal(ratio.numerator()).divide(new BigDecimal(ratio.denominator()), 6, RoundingMode.FLOOR);
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("the largest box found inside the hull fills less than 1e-6 of its bounding box; store it as a triangulation "
                    + "instead of half-spaces");
        }
        double attempts = Math.ceil(Math.log(REJECTION_FAILURE) / Math.log1p(-Math.min(rate.doubleValue(), 1 - 1e-16)));
        if (rate.compareTo(BigDecimal.ONE) == 0) {
            attempts = 1;
        }
        if (attempts > MAX_ATTEMPTS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the largest box found inside the hull fills only %s of its bounding box: "
                    + "rejection would need %.0f proposals per release to fail with probability below %s (at most %d allowed); store it as a triangulation",
                    rate.toPlainString(), attempts, REJECTION_FAILURE, MAX_ATTEMPTS));
        }
        return new Body.Halfspaces(facets(hull), new Body.Box(lo, hi), new Body.Box(inscribed[0], inscribed[1]), rate.stripTrailingZeros(), (int) attempts);
    }

    private static boolean selectedCertificate(KNormComparison.Result r, String stored) {
        return r.candidates().stream().anyMatch(c -> c.name().equals(stored) && c.certificate() != null);
    }

    /**
     * A records problem whose S_T the plan did not build: its sensitivities came from the records, not support bounds (asserted
     * points and no oracle: records or differences, and only records leave S_T unbuilt).
     */
    private static boolean finiteUnbuilt(KNormProblem p, KNormComparison.Result r) {
        return p.pointsAsserted() && p.oracle() == null && p.statistic() != null && r.space() == null && r.hull() == null;
    }

    /** How the compared sensitivities of an unbuilt records S_T were certified, from the candidates' own exactness flags. */
    private static String fromRecords(KNormComparison.Result r) {
        List<String> exact = new ArrayList<>();
        List<String> bounded = new ArrayList<>();
        for (CandidateReport c : r.candidates()) {
            (c.sensitivityExact() ? exact : bounded).add(c.name());
        }
        return "; not built: the compared sensitivities were computed from the records (the ranges, and maxima over record pairs)"
                + (exact.isEmpty() ? "" : ", exactly for " + String.join(", ", exact))
                + (bounded.isEmpty() ? "" : (exact.isEmpty() ? ", " : "; ") + "as certified upper bounds (rounded up, or the triangle bound where the time limit "
                        + "stopped the pair search) for " + String.join(", ", bounded));
    }

    private static JsonObject.Builder designBlock(KNormProblem p, KNormComparison.Result r, String stored, BodyForm form, String bodyNote) {
        boolean finiteUnbuilt = finiteUnbuilt(p, r);
        List<JsonValue> rows = new ArrayList<>();
        for (CandidateReport c : r.candidates()) {
            rows.add(JsonObject.builder()
                    .put("name", c.name())
                    .put("noise_dimension", c.noiseDimension())
                    .put("sensitivity", c.sensitivity())
                    .put("sensitivity_exact", c.sensitivityExact())
                    .put("sensitivity_lower", Double.isNaN(c.sensitivityLower()) ? org.optimech.runtime.json.JsonNull.INSTANCE
                            : org.optimech.runtime.json.JsonNumber.of(c.sensitivityLower()))
                    .put("certified_by", c.certificate() != null ? "certificate" : "designer")
                    .put("volume", c.volume())
                    .put("covariance_trace", c.covarianceTrace())
                    .put("variance_diagonal", JsonArray.ofDoubles(c.varianceDiagonal()))
                    .put("worst_direction_variance", c.worstDirectionVariance())
                    .put("note", c.note())
                    .build());
        }
        return JsonObject.builder()
                .put("method", "knorm")
                .put("problem", org.optimech.runtime.json.ExactNumbers.asStringsWhereInexact(p.document()))
                .put("adjacent_output_space", p.provenance() + (p.statistic() != null && r.space() == null && finiteUnbuilt
                        ? fromRecords(r)
                        : p.statistic() != null && r.space() == null
                        ? "; certified support bounds to a relative gap of " + org.optimech.designer.knorm.KNormDesigner.CURVED_TOLERANCE + " (at most "
                                + org.optimech.designer.knorm.KNormDesigner.CURVED_MAX_BOXES + " boxes per bound)" : ""))
                .put("criterion", r.criterion().json())
                .put("candidates", JsonArray.of(rows))
                .put("selected", r.selected().name())
                .put("stored", stored)
                .put("body", bodyNote + (stored.equals("hull") ? " (" + form.json() + ")" : ""))
                .put("optimality", "the selected body minimises " + r.criterion().json() + " among the compared candidates only; the hull of S_T is "
                        + "optimal in the line-conditional (Awan-Slavkovic) order, not necessarily for the criterion, and the search candidate is a heuristic")
                .put("sensitivity_check", r.space() != null ? "the runtime re-checks Delta exactly against the stored adjacent points (the hull vertices of S_T)"
                        : selectedCertificate(r, stored) ? "the runtime re-checks Delta at load from the stored certificate (bisection trees over the record "
                                + "box, bounded by its own interval evaluator)"
                        : finiteUnbuilt ? "the runtime re-derives Delta at load from the records in design.problem (every pairwise difference checked exactly)"
                        : "S_T is curved: Delta is the designer's certified bound (interval branch and bound with outward rounding), not re-derivable at load")
                .put("not_compared", JsonArray.ofStrings(java.util.stream.Stream.concat(r.skipped().stream(), r.failed().stream().map(f -> "failed: " + f))
                        .toList()));
    }
}
