package org.optimech.designer.problem;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.optimech.geometry.support.SupportOracle;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.spec.Relation;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.Statistic;

/**
 * A K-norm design problem, as parsed: a vector statistic (or, through the Java API, a user-supplied certified support
 * function), ε, the neighbouring relation, the candidate bodies and the criterion. Its adjacent output space is built when
 * it is designed (org.optimech.geometry.adjacent.StatisticSpaces), not here.
 *
 * @param statistic the per-record statistic, already scaled to {@code rowsPerUnit} rows (null for an oracle problem)
 * @param oracle a user-supplied certified support function of S_T (null for a statistic)
 * @param rowsPerUnit rows one privacy unit may contribute (the statistic is k times the one-row statistic)
 * @param featureNames the statistic's coordinates, in order
 * @param document the problem as given (recorded in a spec's design block)
 * @param delta the δ the release may spend, in [0, 1): 0 for pure ε-DP (K-norm bodies only); above 0 a structured statistic's
 *     design also compares the {@link #GAUSSIAN_CANDIDATES Gaussian candidates}
 */
public record KNormProblem(String name, BigDecimal epsilon, Relation relation, Statistic statistic, SupportOracle oracle, long rowsPerUnit,
        List<String> featureNames, List<String> candidates, Criterion criterion, JsonObject document, BigDecimal delta) implements Problem {
    /** The candidate K-norm bodies a problem may list (and, for a structured statistic with δ &gt; 0, the {@link #GAUSSIAN_CANDIDATES}). */
    public static final List<String> CANDIDATES = List.of("l1", "l2", "linf", "weighted-box", "hull", "search");
    /** The candidates of a problem that lists none. */
    public static final List<String> DEFAULT_CANDIDATES = List.of("l1", "l2", "linf", "hull", "search");
    /**
     * The (ε, δ) candidates, for structured statistics with δ &gt; 0: the spherical Gaussian at the ℓ2 sensitivity and the
     * elliptic Gaussian whose covariance is fitted to the adjacent outputs (both calibrated with the exact Gaussian profile).
     */
    public static final List<String> GAUSSIAN_CANDIDATES = List.of("gaussian", "elliptic-gaussian");

    /** A pure ε-DP problem (δ = 0). */
    public KNormProblem(String name, BigDecimal epsilon, Relation relation, Statistic statistic, SupportOracle oracle, long rowsPerUnit,
            List<String> featureNames, List<String> candidates, Criterion criterion, JsonObject document) {
        this(name, epsilon, relation, statistic, oracle, rowsPerUnit, featureNames, candidates, criterion, document, BigDecimal.ZERO);
    }

    public KNormProblem {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(epsilon, "epsilon");
        Objects.requireNonNull(delta, "delta");
        if (delta.signum() < 0 || delta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("delta must be in [0, 1). Provided value: " + delta.toPlainString());
        }
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(criterion, "criterion");
        Objects.requireNonNull(document, "document");
        featureNames = List.copyOf(featureNames);
        candidates = List.copyOf(candidates);
        if ((statistic == null) == (oracle == null)) {
            throw new IllegalArgumentException("exactly one of statistic and oracle must be given");
        }
        int d = statistic != null ? statistic.dimension() : oracle.dimension();
        if (featureNames.size() != d) {
            throw new IllegalArgumentException("featureNames must have " + d + " entries");
        }
        if (rowsPerUnit < 1) {
            throw new IllegalArgumentException("rowsPerUnit must be >= 1. Provided value: " + rowsPerUnit);
        }
    }

    /** The problem as a K-norm problem (by its visitor), or empty for the other kinds. */
    public static java.util.Optional<KNormProblem> of(Problem problem) {
        return problem.accept(new Otherwise<java.util.Optional<KNormProblem>>() {
            @Override
            protected java.util.Optional<KNormProblem> otherwise(Problem other) {
                return java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<KNormProblem> visit(KNormProblem knorm) {
                return java.util.Optional.of(knorm);
            }
        });
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visit(this);
    }

    @Override
    public String kind() {
        return "knorm";
    }

    public int dimension() {
        return featureNames.size();
    }

    /**
     * A problem over a user-supplied feature map: its adjacent output space through the user's certified support function
     * (Java API).
     */
    public static KNormProblem ofOracle(String name, BigDecimal epsilon, SupportOracle oracle, Relation relation, List<String> featureNames,
            List<String> candidates, Criterion criterion) {
        JsonObject doc = JsonObject.builder().put("kind", "knorm").put("name", name).put("epsilon", epsilon.toString()).put("neighbours", relation.json())
                .put("statistic", JsonObject.builder().put("support_oracle", oracle.getClass().getName())
                        .put("names", JsonArray.ofStrings(featureNames)).build())
                .put("candidates", JsonArray.ofStrings(candidates)).put("criterion", criterion.json()).build();
        return new KNormProblem(name, epsilon, relation, null, oracle, 1, featureNames, candidates, criterion, doc);
    }

    /** Whether S_T comes from records, differences or a support function the user declared complete (not derived from a definition). */
    public boolean pointsAsserted() {
        return statistic == null || statistic.polynomial().isEmpty();
    }

    /** How S_T is obtained and which numbers the user asserted, in one sentence (recorded in specs). */
    public String provenance() {
        String s;
        if (oracle != null) {
            s = "user-supplied feature map with a user-supplied certified support function (" + oracle.getClass().getSimpleName() + ")";
        } else {
            s = statistic.match(this::provenance,
                    r -> "t(x) listed for " + r.records().length + " possible records (the user asserts this is the whole record domain); S_T exact",
                    d -> d.differences().length + " difference vectors given by the user (asserted to be all of S_T), closed under negation",
                    st -> "the " + st.form() + " statistic's adjacent outputs, whose hull is known in closed form (Joseph-Yu 2023); its parameters as given by "
                            + "the user");
        }
        return rowsPerUnit > 1 ? s + "; one privacy unit contributes up to " + rowsPerUnit + " rows, so every coefficient is multiplied by " + rowsPerUnit : s;
    }

    /** The provenance of polynomial features, with what the canonical features say about the span. */
    private String provenance(PolynomialStatistic p) {
        String s = p.isMultilinear()
                ? "multilinear features of " + p.variables().size() + " box variables" + (p.categoricals().isEmpty() ? "" : " and " + p.categoricals().size()
                        + " categorical (one-hot)") + ": S_T's hull is exactly the hull of the differences of t at the " + p.domainPointCount()
                        + " box vertices" + (p.categoricals().isEmpty() ? "" : " x category levels") + " (t is affine along every box coordinate); box "
                        + "bounds and coefficients as given by the user"
                : "polynomial features of degree " + p.degree() + " on a box of " + p.variables().size() + " variables: S_T is curved, known through "
                        + "certified support bounds (interval branch and bound with outward rounding); box bounds and coefficients as given by the user";
        String sub = subspaceNote();
        return sub.isEmpty() ? s : s + "; " + sub;
    }

    /**
     * What the canonical features ({@link PolynomialStatistic#canonical()}) say about S_T's span, or "" when S_T spans every
     * coordinate (or the statistic is not polynomial): its exact dimension and the identically zero features.
     */
    public String subspaceNote() {
        if (oracle != null || statistic.polynomial().isEmpty()) {
            return "";
        }
        PolynomialStatistic p = statistic.polynomial().get();
        boolean differences = relation() == Relation.SUBSTITUTION;
        int span = p.spanDimension(differences);
        if (span == p.dimension()) {
            return "";
        }
        List<String> zero = p.zeroFeatures();
        return "S_T lies in a subspace of dimension " + (p.categoricals().isEmpty() ? "" : "at most ") + span + " of the " + p.dimension()
                + " coordinates (exact rank of the canonical features" + (differences ? ", constants cancelling in differences" : "") + ")"
                + (zero.isEmpty() ? "" : "; identically zero: " + String.join(", ", zero));
    }

    /** A one-line description of the statistic, for progress lines. */
    public String describeStatistic() {
        if (oracle != null) {
            return "a user-supplied support function";
        }
        return statistic.match(p -> (p.isMultilinear() ? "multilinear" : "degree-" + p.degree()) + " features of " + (p.variables().size() + p.categoricals().size())
                + " variables", r -> r.records().length + " records", d -> d.differences().length + " differences", st -> "structured: " + st.form());
    }
}
