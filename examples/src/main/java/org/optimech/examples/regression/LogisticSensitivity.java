package org.optimech.examples.regression;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.optimech.designer.knorm.CandidateReport;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.knorm.KNormDesigner;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.KNormProblemParser;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonNumber;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonValue;

/**
 * The sensitivities of the logistic gradient, certified by the geometry module rather than typed in. The
 * adjacent output space of objective perturbation is S = {∇ℓ(θ; x, y) − ∇ℓ(θ; x', y')} over all θ, with
 * ∇ℓ = (σ(θᵀx) − y)·x; the coefficient σ − y ranges over (−1, 1), so the closure of S is the set of
 * differences of t(c, x) = c·x over the box c ∈ [−1, 1], x ∈ [−1, 1]^m — a multilinear feature map, whose
 * hull the geometry module computes exactly from the box vertices. It is [−2, 2]^m (ERRATA K8): ℓ∞ with
 * Δ∞ = 2 is the optimal K-norm, and Δ₂ = 2√m, Δ₁ = 2m are exact suprema.
 */
public final class LogisticSensitivity {
    private LogisticSensitivity() {
    }

    /** The K-norm problem for m covariates: variables c and x1..xm, features c·x_j, at the given ε. */
    public static KNormProblem problem(int m, double epsilon, List<String> candidates) {
        if (m < 1 || m > 7) {
            throw new IllegalArgumentException("m must be in [1, 7] (the exact hull enumerates 2^(m+1) box vertices). Provided value: " + m);
        }
        Map<String, JsonValue> vars = new LinkedHashMap<>();
        vars.put("c", JsonArray.of(JsonNumber.of(-1), JsonNumber.of(1)));
        List<JsonValue> features = new ArrayList<>();
        for (int j = 1; j <= m; j++) {
            vars.put("x" + j, JsonArray.of(JsonNumber.of(-1), JsonNumber.of(1)));
            JsonObject powers = JsonObject.builder().put("c", 1).put("x" + j, 1).build();
            features.add(JsonObject.builder().put("name", "grad_" + j)
                    .put("terms", JsonArray.of(JsonObject.builder().put("coef", 1).put("powers", powers).build())).build());
        }
        JsonObject doc = JsonObject.builder()
                .put("kind", "knorm")
                .put("name", "logistic gradient, m = " + m)
                .put("epsilon", JsonNumber.ofLiteral(Double.toString(epsilon)))
                .put("neighbours", "substitution")
                .put("statistic", JsonObject.builder().put("variables", JsonObject.of(vars)).put("features", JsonArray.of(features)).build())
                .put("candidates", JsonArray.ofStrings(candidates))
                .build();
        try {
            return KNormProblemParser.parse(doc);
        } catch (FieldException e) {
            throw new IllegalStateException("internal error: the logistic gradient problem does not parse: " + e.getMessage(), e);
        }
    }

    /** The comparison of ℓ1, ℓ2, ℓ∞ and the exact hull for m covariates (ε only scales the covariances). */
    public static KNormComparison.Result compare(int m) {
        try {
            return KNormDesigner.compare(problem(m, 1, List.of("l1", "l2", "linf", "hull")));
        } catch (InvalidProblemException e) {
            throw new IllegalStateException("the logistic gradient's adjacent output space cannot be built: " + e.getMessage(), e);
        }
    }

    /** A candidate's certified sensitivity from a comparison. */
    public static double sensitivity(KNormComparison.Result r, String name) {
        return r.candidates().stream().filter(c -> c.name().equals(name)).mapToDouble(CandidateReport::sensitivity).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("candidate " + name + " was not compared"));
    }

    /**
     * Whether the ℓ∞ ball scaled by its Δ is the hull of S exactly: each contains the other (the containment the
     * comparison decides from the hull's facets and vertices), so ℓ∞ is the optimal K-norm here.
     */
    public static boolean linfIsTheHull(KNormComparison.Result r) {
        int linf = -1;
        int hull = -1;
        for (int i = 0; i < r.candidates().size(); i++) {
            linf = r.candidates().get(i).name().equals("linf") ? i : linf;
            hull = r.candidates().get(i).name().equals("hull") ? i : hull;
        }
        if (linf < 0 || hull < 0) {
            return false;
        }
        Boolean[][] c = r.containment();
        return Boolean.TRUE.equals(c[linf][hull]) && Boolean.TRUE.equals(c[hull][linf]);
    }
}
