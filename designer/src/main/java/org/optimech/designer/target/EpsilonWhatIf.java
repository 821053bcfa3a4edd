package org.optimech.designer.target;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.common.Progress;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.InvalidProblemException;
import org.optimech.designer.problem.ProblemParser;
import org.optimech.designer.sweep.EpsilonGrid;
import org.optimech.designer.sweep.EpsilonSweep;
import org.optimech.designer.sweep.SweepPoint;
import org.optimech.runtime.accuracy.Accuracy;
import org.optimech.runtime.accuracy.VectorAccuracy;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.noise.GaussianProfile;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * What another ε would buy: a spec's accuracy at each ε of a grid. A discrete spec's recorded problem is designed again at each
 * ε (the spec's own method: structural or LP) and each stored mechanism's accuracy is computed exactly; a K-norm spec's noise
 * scale is Δ/ε, so every figure scales by ε_spec/ε (for a lattice release only approximately: its rounding does not scale); a
 * Gaussian-process spec is calibrated again at (ε, δ) and every figure scales with the noise scale.
 */
public final class EpsilonWhatIf {
    private EpsilonWhatIf() {
    }

    /**
     * One ε of the grid.
     *
     * @param epsilon the ε
     * @param accuracy the accuracy there (null when it failed)
     * @param risk the design objective's value there (discrete specs; NaN otherwise)
     * @param note how the row was obtained, or why it failed
     */
    public record Row(BigDecimal epsilon, Accuracy accuracy, double risk, String note) {
        public boolean ok() {
            return accuracy != null;
        }
    }

    /**
     * The spec's accuracy at each ε of the grid.
     *
     * @param solving the LP backend and limits for discrete specs designed on the LP path
     * @throws IllegalArgumentException when a discrete spec records no problem this version can read
     */
    public static List<Row> of(MechanismSpec spec, EpsilonGrid grid, double beta, DesignOptions solving, Progress progress) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(grid, "grid");
        Accuracy.checkBeta(beta);
        return spec.accept(new MechanismSpec.Visitor<List<Row>>() {
            @Override
            public List<Row> visit(DiscreteMechanismSpec table) {
                return discrete(table, grid, beta, solving, progress);
            }

            @Override
            public List<Row> visit(GeometricRemapSpec geometricRemap) {
                return discrete(geometricRemap, grid, beta, solving, progress);
            }

            @Override
            public List<Row> visit(KNormSpec knorm) {
                VectorAccuracy at = VectorAccuracy.of(knorm, beta);
                List<Row> rows = new ArrayList<>();
                for (BigDecimal e : grid.values()) {
                    double factor = knorm.noiseEpsilon().doubleValue() / e.doubleValue();
                    rows.add(new Row(e, at.scaled(factor, "the noise scale is sensitivity/epsilon: every figure x " + num(factor)
                            + (knorm.latticeNoise().isPresent() ? " (approximate for a lattice release: its rounding does not scale)" : "")), Double.NaN,
                            "scaled from the spec's own accuracy"));
                }
                return rows;
            }

            @Override
            public List<Row> visit(GaussianProcessSpec g) {
                VectorAccuracy at = VectorAccuracy.of(g, beta);
                double delta = g.certifiedDelta().doubleValue();
                double sens = g.sensitivity().doubleValue();
                double now = g.noiseScale();
                List<Row> rows = new ArrayList<>();
                for (BigDecimal e : grid.values()) {
                    double eps = e.doubleValue();
                    if (g.calibration().equals("classical") && e.compareTo(BigDecimal.ONE) > 0) {
                        rows.add(new Row(e, null, Double.NaN, "the classical calibration is proved for epsilon <= 1 only (ERRATA G1)"));
                        continue;
                    }
                    double s = g.calibration().equals("classical") ? Math.sqrt(2 * Math.log(2 / delta)) * sens / eps : GaussianProfile.calibrate(eps, sens, delta);
                    double factor = s / now;
                    rows.add(new Row(e, at.scaled(factor, "the noise scale recalibrated at (" + e.toPlainString() + ", " + g.certifiedDelta() + "): every figure x "
                            + num(factor)), Double.NaN, "recalibrated (" + g.calibration() + ") at delta " + g.certifiedDelta()));
                }
                return rows;
            }

            @Override
            public List<Row> visit(org.optimech.runtime.spec.EllipticGaussianSpec g) {
                VectorAccuracy at = VectorAccuracy.of(g, beta);
                double delta = g.certifiedDelta().doubleValue();
                double sens = g.sensitivity().doubleValue();
                // the stored covariance is unit noise at Mahalanobis sensitivity Δ: at another ε the same shape is scaled by σ(ε)·Δ
                double now = GaussianProfile.calibrate(g.certifiedEpsilon().doubleValue(), sens, delta);
                List<Row> rows = new ArrayList<>();
                for (BigDecimal e : grid.values()) {
                    double factor = GaussianProfile.calibrate(e.doubleValue(), sens, delta) / now;
                    rows.add(new Row(e, at.scaled(factor, "the covariance recalibrated at (" + e.toPlainString() + ", " + g.certifiedDelta()
                            + "): every figure x " + num(factor)), Double.NaN, "recalibrated (analytic) at delta " + g.certifiedDelta()));
                }
                return rows;
            }
        });
    }

    private static List<Row> discrete(DiscreteSpec spec, EpsilonGrid grid, double beta, DesignOptions solving, Progress progress) {
        DiscreteProblem problem;
        try {
            problem = ProblemParser.parse(spec.design().get("problem").orElseThrow(() -> new IllegalArgumentException(
                    "the spec records no design.problem to design again at other epsilons")));
        } catch (InvalidProblemException e) {
            throw new IllegalArgumentException("the spec's design.problem cannot be read: " + e.getMessage(), e);
        }
        String recorded = spec.design().get("method").flatMap(JsonValue::string).orElse("auto");
        DesignMethod method = recorded.equals("structural") ? DesignMethod.STRUCTURAL : recorded.equals("lp") ? DesignMethod.LP : DesignMethod.AUTO;
        List<DiscreteSpec> specs = new ArrayList<>();
        List<BigDecimal> at = new ArrayList<>();
        List<SweepPoint> points = new EpsilonSweep(solving, method, progress).run(problem, grid, (point, s) -> {
            specs.add(s);
            at.add(point.epsilon());
        });
        List<Row> rows = new ArrayList<>();
        for (SweepPoint p : points) {
            int k = at.indexOf(p.epsilon());
            rows.add(p.ok() && k >= 0 ? new Row(p.epsilon(), Accuracy.of(specs.get(k), beta), p.risk(), "designed again (" + p.method() + ")")
                    : new Row(p.epsilon(), null, Double.NaN, p.failure()));
        }
        return rows;
    }

    private static String num(double x) {
        return String.format(java.util.Locale.ROOT, "%.6g", x);
    }
}
