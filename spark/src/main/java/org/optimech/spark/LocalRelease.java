package org.optimech.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.udf;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.discrete.NeighbourGraph;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Local DP per row: each row's value goes through a discrete spec on its own (randomized response and other local
 * specs), so the collector never needs the raw column. Only specs designed on the complete neighbour graph qualify:
 * local DP must hold between any two values a row could take, and a path-graph spec (a count's truncated geometric,
 * say) has ratios up to e^{nε} between distant inputs.
 *
 * <p>What it protects: one row's value, under substitution. Every input row appears in the output, so a row's (and a
 * unit's) presence is published; the guarantee is per row, never per privacy unit under add/remove (see
 * {@link #requireGuarantee}).
 *
 * <p>The released dataset drops the raw column, adds the private one, and is checkpointed (noise drawn once). No row can
 * fail the job: values outside the spec's domain (null included) are mapped by a fixed public rule before the mechanism,
 * which on the complete graph keeps ε-local DP for every value: the declared default input for input policy
 * {@code default}; for {@code clamp}, integers to the nearest end, other numbers rounded (half even) then clamped, and
 * anything else (null, text) to the range's lower end. Specs with the legacy {@code reject} policy are refused: a job that
 * fails on an out-of-domain row tells whoever runs it that the row was out of the domain.
 */
public final class LocalRelease {
    private final DiscreteSpec spec;
    private final NoiseSource noise;

    private LocalRelease(DiscreteSpec spec, NoiseSource noise) {
        this.spec = spec;
        this.noise = noise;
    }

    /**
     * @throws SpecNotApplicableException when the spec is not a discrete spec on the complete neighbour graph
     */
    public static LocalRelease of(MechanismSpec spec, NoiseSource noise) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(noise, "noise");
        DiscreteSpec d = spec.accept(new MechanismSpec.Visitor<DiscreteSpec>() {
            @Override
            public DiscreteSpec visit(DiscreteMechanismSpec table) {
                return table;
            }

            @Override
            public DiscreteSpec visit(GeometricRemapSpec geometricRemap) {
                return geometricRemap;
            }

            @Override
            public DiscreteSpec visit(KNormSpec knorm) {
                throw notDiscrete(knorm);
            }

            @Override
            public DiscreteSpec visit(GaussianProcessSpec gaussianProcess) {
                throw notDiscrete(gaussianProcess);
            }

            @Override
            public DiscreteSpec visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
                throw notDiscrete(ellipticGaussian);
            }
        });
        if (d.privacy().neighbours().kind() != NeighbourGraph.Kind.COMPLETE) {
            throw new SpecNotApplicableException("/privacy/neighbours: local DP per row needs a spec designed on the complete neighbour graph (any value "
                    + "may replace any other); this one is designed on the " + d.privacy().neighbours().kind().json()
                    + " graph. Design it with the randomized-response method or \"neighbours\": \"complete\"");
        }
        if (d.privacy().inputPolicy() == InputPolicy.REJECT) {
            throw new SpecNotApplicableException("/privacy/input_policy: a reject spec would fail the job on a row outside its domain, which tells whoever "
                    + "runs it about that row; design it with input policy default (out-of-domain values are released as the default input). Provided value: reject");
        }
        return new LocalRelease(d, noise);
    }

    private static SpecNotApplicableException notDiscrete(MechanismSpec spec) {
        return new SpecNotApplicableException("/mechanism/kind: local DP per row needs a discrete spec (randomized response). Provided value: " + spec.kind());
    }

    /**
     * States the guarantee the caller needs and refuses one this release cannot give. Only
     * {@link JobGuarantee.Neighbours#ROW_SUBSTITUTION} is met: every row appears in the output, so adding or removing a
     * row (or a unit's rows) is visible whatever the noise.
     *
     * @return this release, for chaining
     * @throws SpecNotApplicableException for {@link JobGuarantee.Neighbours#UNIT_ADD_REMOVE}
     */
    public LocalRelease requireGuarantee(JobGuarantee.Neighbours required) {
        Objects.requireNonNull(required, "required");
        if (required != JobGuarantee.Neighbours.ROW_SUBSTITUTION) {
            throw new SpecNotApplicableException("requireGuarantee: a local release cannot protect a privacy unit under add/remove: it publishes "
                    + "one private value per input row, so each row's presence is visible and adding or removing a row changes the output's row "
                    + "count. It protects one row's value under substitution (ROW_SUBSTITUTION; a unit with m rows has m·ε). For a per-unit "
                    + "add/remove guarantee, aggregate with GroupRelease. Provided value: " + required);
        }
        return this;
    }

    /**
     * The guarantee: ε-local DP for each row's value under substitution ({@link JobGuarantee.Neighbours#ROW_SUBSTITUTION});
     * a unit with m rows gets m·ε by basic composition, and row presence is not protected.
     */
    public JobGuarantee guarantee() {
        BigDecimal e = spec.certifiedEpsilon();
        return new JobGuarantee(JobGuarantee.Neighbours.ROW_SUBSTITUTION, e, spec.certifiedDelta(), spec.numerics(), noise.isSeeded(), List.of(
                "local DP: each row's value is released through the spec alone (complete neighbour graph), certified ε = " + e.toPlainString()
                        + " per row against substitution of its value; a unit with m rows has m·ε by basic composition; the number of rows, and so "
                        + "each row's presence, is published",
                outsideValues(),
                "randomness: " + noise + "; released data checkpointed (noise drawn once)"));
    }

    /** How values outside the domain are released (a fixed public rule; see the class documentation). */
    private String outsideValues() {
        return spec.privacy().inputPolicy() == InputPolicy.DEFAULT
                ? "values outside the domain (null included) are released as the default input \"" + spec.inputs().valueAt(spec.privacy().defaultInput()) + "\""
                : "integers outside the range are clamped to its ends, other numbers rounded half-even then clamped, null and text released as "
                        + spec.inputs().valueAt(0);
    }

    /**
     * Replaces {@code column} by its private version {@code outputColumn} (strings for label outputs, longs for
     * integer outputs); other columns pass through unchanged.
     *
     * @throws IllegalArgumentException when the column is missing
     */
    public Dataset<Row> apply(Dataset<Row> data, String column, String outputColumn) {
        Objects.requireNonNull(data, "data");
        if (!List.of(data.columns()).contains(column)) {
            throw new IllegalArgumentException("column " + column + " is not in the data; its columns are " + List.of(data.columns()));
        }
        Objects.requireNonNull(outputColumn, "outputColumn");
        SpecBroadcast shipped = SpecBroadcast.of(data.sparkSession(), spec);
        DataType out = spec.outputs() instanceof IntegerRange ? DataTypes.LongType : DataTypes.StringType;
        UserDefinedFunction noiseUdf = udf(new Udfs.LocalNoise(noise, shipped), out).asNondeterministic();
        Dataset<Row> released = data.withColumn(outputColumn, noiseUdf.apply(col(column).cast("string")));
        if (!outputColumn.equals(column)) {
            released = released.drop(column);
        }
        return GroupRelease.materialize(released);
    }
}
