package org.optimech.designer;

import java.util.Objects;
import org.optimech.designer.discrete.DiscreteDesign;
import org.optimech.designer.functions.KdeRelease;
import org.optimech.designer.knorm.KNormComparison;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.FunctionProblem;
import org.optimech.designer.problem.KNormProblem;
import org.optimech.designer.problem.Problem;
import org.optimech.designer.structural.StructuralDesign;
import org.optimech.designer.structured.StructuredDesign;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * What {@link Designers#design} returns: the spec (already through the runtime's checks: specs are only obtainable that
 * way) and the report of how it was designed, one record per path.
 */
public sealed interface Design permits Design.Lp, Design.Structural, Design.Classical, Design.KNorm, Design.StructuredKNorm,
        Design.StructuredGaussian, Design.Function {
    /** The problem designed. */
    Problem problem();

    /** The spec to write. */
    MechanismSpec spec();

    /** Calls the visitor's method for this design's path. */
    <R> R accept(Visitor<R> visitor);

    /** One method per path: how callers handle each (a new path does not compile until every caller does). */
    interface Visitor<R> {
        R visit(Lp lp);

        R visit(Structural structural);

        R visit(Classical classical);

        R visit(KNorm knorm);

        R visit(StructuredKNorm structuredKnorm);

        R visit(StructuredGaussian structuredGaussian);

        R visit(Function function);
    }

    /**
     * A visitor for a question about one or two kinds: every kind it does not override answers {@link #otherwise}. A full
     * {@link Visitor} is for dispatch that must handle each kind (a new kind does not compile until it does).
     */
    abstract class Otherwise<R> implements Visitor<R> {
        /** The answer for a kind not overridden. */
        protected abstract R otherwise(Design value);

        @Override
        public R visit(Lp lp) {
            return otherwise(lp);
        }

        @Override
        public R visit(Structural structural) {
            return otherwise(structural);
        }

        @Override
        public R visit(Classical classical) {
            return otherwise(classical);
        }

        @Override
        public R visit(KNorm knorm) {
            return otherwise(knorm);
        }

        @Override
        public R visit(StructuredKNorm structuredKnorm) {
            return otherwise(structuredKnorm);
        }

        @Override
        public R visit(StructuredGaussian structuredGaussian) {
            return otherwise(structuredGaussian);
        }

        @Override
        public R visit(Function function) {
            return otherwise(function);
        }
    }

    /** The full LP: the design with its certificate (exact ε, dual bound, gap) and the table spec. */
    record Lp(DiscreteProblem problem, DiscreteDesign design, DiscreteMechanismSpec spec) implements Design {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        public Lp {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(design, "design");
            Objects.requireNonNull(spec, "spec");
        }
    }

    /** Truncated geometric plus an optimal remap: the design with its certificate and the structural spec. */
    record Structural(DiscreteProblem problem, StructuralDesign design, GeometricRemapSpec spec) implements Design {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        public Structural {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(design, "design");
            Objects.requireNonNull(spec, "spec");
        }
    }

    /** A classical mechanism compiled to a certified table: no solver, no optimality claim. */
    record Classical(DiscreteProblem problem, DesignMethod method, DiscreteMechanismSpec spec) implements Design {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        public Classical {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(spec, "spec");
            if (method.optimises()) {
                throw new IllegalArgumentException("a classical design's method is exponential or randomized-response. Provided value: " + method.json());
            }
        }
    }

    /** A K-norm mechanism: the comparison of the candidate bodies and the spec of the stored one. */
    record KNorm(KNormProblem problem, KNormComparison.Result comparison, KNormSpec spec) implements Design {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        public KNorm {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(comparison, "comparison");
            Objects.requireNonNull(spec, "spec");
        }
    }

    /**
     * A K-norm mechanism for a structured statistic (bounded contributions, counts, a ranking, ordered counts): candidates
     * compared in closed form, without building the adjacent output space, and the spec of the stored one.
     */
    record StructuredKNorm(KNormProblem problem, StructuredDesign design, KNormSpec spec) implements Design {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        public StructuredKNorm {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(design, "design");
            Objects.requireNonNull(spec, "spec");
        }
    }

    /**
     * A Gaussian for a structured statistic at (ε, δ): the same comparison (K-norm bodies, the spherical and the elliptic
     * Gaussian) with a Gaussian stored, and its elliptic Gaussian spec.
     */
    record StructuredGaussian(KNormProblem problem, StructuredDesign design, org.optimech.runtime.spec.EllipticGaussianSpec spec) implements Design {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        public StructuredGaussian {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(design, "design");
            Objects.requireNonNull(spec, "spec");
        }
    }

    /** A function release: the kernel density estimate's calibration and its Gaussian-process spec. */
    record Function(FunctionProblem problem, KdeRelease release, GaussianProcessSpec spec) implements Design {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visit(this);
        }

        public Function {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(release, "release");
            Objects.requireNonNull(spec, "spec");
        }
    }
}
