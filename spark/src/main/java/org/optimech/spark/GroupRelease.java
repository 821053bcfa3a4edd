package org.optimech.spark;

import static org.apache.spark.sql.functions.assert_true;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.rank;
import static org.apache.spark.sql.functions.rint;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.udf;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.optimech.runtime.discrete.IntegerRange;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.spec.CountSpecs;
import org.optimech.runtime.spec.DiscreteMechanismSpec;
import org.optimech.runtime.spec.DiscreteSpec;
import org.optimech.runtime.spec.GaussianProcessSpec;
import org.optimech.runtime.spec.GeometricRemapSpec;
import org.optimech.runtime.spec.InputPolicy;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.Numerics;
import org.optimech.runtime.spec.Relation;

/**
 * Central DP per group in a Spark job: group rows by a key, compute the spec's statistic per group, add one noise draw
 * per group.
 *
 * <pre>{@code
 * GroupRelease job = GroupRelease.builder(spec)           // a loaded, validated add/remove spec
 *         .privacyUnit("user_id").groupBy("region")
 *         .maxGroupsPerUnit(3).maxRowsPerGroup(2)         // contribution bounding, enforced by the job
 *         .publicKeys(regions)                            // or .partitionSelection(epsilon, delta)
 *         .build();
 * GroupRelease.Release r = job.release(rows);             // materialized; r.guarantee() is the job's total
 * }</pre>
 *
 * <p>What makes it DP, and what the job enforces:
 * <ul>
 *   <li>the spec's relation is add/remove (a group's row count is private, so a substitution spec can under-noise);</li>
 *   <li>each privacy unit keeps at most G groups and k rows per group, the lowest by HMAC-SHA256 under a 256-bit secret
 *       drawn once per release: a uniformly random subset to anyone without the secret, and the same subset however
 *       often Spark evaluates the plan (a recomputed partition cannot let a unit contribute more); every variable is
 *       clipped to the spec's box and rounded to a point inside it;</li>
 *   <li>the spec's sensitivity covers k rows: for a K-norm spec every ±k·t(v) at the box's vertices lies in Δ·K
 *       (checked exactly); for a discrete count spec the neighbour graph joins every two counts at most k apart;</li>
 *   <li>the output keys are declared (every declared key is released, empty or not; rows of other keys are dropped) or
 *       chosen by {@link PartitionSelection};</li>
 *   <li>the total guarantee is G·ε_spec (basic composition: a unit touches at most G groups) plus selection's ε, and
 *       G·δ_spec plus selection's δ; or, for a K-norm spec designed for a structured statistic ({@code bounded_contribution}
 *       or {@code counts} over the d declared keys), ε_spec once: the declared keys' counts are released jointly with one
 *       draw, since a bounded unit's count change is one record of that statistic ({@link JointCounts}).</li>
 * </ul>
 *
 * <p>The statistic is a discrete spec's row count per group, or a K-norm spec's feature sums (counts, sums, products of
 * box variables), summed exactly in fixed point ({@link FeatureStatistic}). Rows whose unit, key or a used variable is
 * null, or a variable NaN, are dropped (a per-row filter, so the bound per unit still holds).
 */
public final class GroupRelease {
    /** The joint draw's stream in seeded mode (the UDFs use salts 3 to 6, the job secret 7). */
    private static final long JOINT_SALT = 8;
    private final MechanismSpec spec;
    /** The discrete spec of a per-group count (null for a K-norm release). */
    private final DiscreteSpec countSpec;
    private final String specDigest;
    private final FeatureStatistic statistic;
    private final String unitColumn;
    private final String keyColumn;
    private final Map<String, String> variableColumns;
    private final List<String> publicKeys;
    private final PartitionSelection selection;
    private final int maxGroups;
    private final int maxRows;
    private final NoiseSource noise;
    /** The joint release over declared keys of a structured K-norm spec (null for one draw per group). */
    private final JointCounts joint;
    private final JobGuarantee guarantee;

    private GroupRelease(Builder b, FeatureStatistic statistic) {
        this.spec = b.spec;
        this.specDigest = SpecBroadcast.digest(b.spec);
        this.statistic = statistic;
        this.countSpec = b.countSpec;
        this.unitColumn = b.unitColumn;
        this.keyColumn = b.keyColumn;
        this.variableColumns = Map.copyOf(b.variableColumns);
        this.publicKeys = b.publicKeys == null ? null : List.copyOf(b.publicKeys);
        this.selection = b.selection;
        this.maxGroups = b.maxGroups;
        this.maxRows = b.maxRows;
        this.noise = b.noise;
        this.joint = b.joint;
        this.guarantee = computeGuarantee();
    }

    /** A builder for a loaded spec (see {@link org.optimech.runtime.spec.SpecLoader}). */
    public static Builder builder(MechanismSpec spec) {
        return new Builder(Objects.requireNonNull(spec, "spec"));
    }

    /** The job's total guarantee, known before any data is read. */
    public JobGuarantee guarantee() {
        return guarantee;
    }

    /** The names of the released statistic's columns, after the key column. */
    public List<String> statisticColumns() {
        return statistic == null ? List.of("count") : statistic.featureNames();
    }

    /**
     * A released dataset and the guarantee it carries.
     *
     * @param released one row per released key: the key (as a string, column named as the input's key column) and the
     *     noisy statistic; checkpointed, so reading it again returns the same values
     * @param guarantee the job's total guarantee
     */
    public record Release(Dataset<Row> released, JobGuarantee guarantee) {
        public Release {
            Objects.requireNonNull(released, "released");
            Objects.requireNonNull(guarantee, "guarantee");
        }
    }

    /**
     * Runs the release on {@code data}.
     *
     * @throws IllegalArgumentException when a configured column is missing from {@code data}
     */
    public Release release(Dataset<Row> data) {
        Objects.requireNonNull(data, "data");
        SparkSession spark = data.sparkSession();
        List<String> present = List.of(data.columns());
        for (String c : requiredColumns()) {
            if (!present.contains(c)) {
                throw new IllegalArgumentException("column " + c + " is not in the data; its columns are " + present);
            }
        }
        Dataset<Row> perKey = aggregate(data);
        if (joint != null) {
            return new Release(jointRelease(spark, perKey), guarantee);
        }
        Dataset<Row> keys = publicKeys == null ? null : spark.createDataset(publicKeys, Encoders.STRING()).toDF("_pk");
        int d = statistic == null ? 1 : statistic.dimension();
        SpecBroadcast shipped = SpecBroadcast.of(spark, spec);
        if (!shipped.digest().equals(specDigest)) {
            throw new IllegalStateException("the spec changed between build and release");
        }
        // 4. output keys: every declared key (empty ones with zero sums), or the DP-selected ones
        if (keys != null) {
            List<Column> filled = new ArrayList<>();
            filled.add(col("_pk").as("_k"));
            for (int f = 0; f < d; f++) {
                filled.add(coalesce(col("_s" + f), lit(BigDecimal.ZERO).cast("decimal(38,0)")).as("_s" + f));
            }
            perKey = keys.join(perKey, keys.col("_pk").equalTo(perKey.col("_k")), "left").select(filled.toArray(new Column[0]));
        } else {
            UserDefinedFunction select = udf(new Udfs.Select(noise, selection), DataTypes.BooleanType).asNondeterministic();
            perKey = perKey.where(select.apply(col("_units")));
        }

        // 5. one noise draw per released key
        List<Column> sums = new ArrayList<>();
        for (int f = 0; f < d; f++) {
            sums.add(col("_s" + f));
        }
        Dataset<Row> released;
        if (statistic == null) {
            DataType out = countSpec.outputs() instanceof IntegerRange ? DataTypes.LongType : DataTypes.StringType;
            UserDefinedFunction noiseUdf = udf(new Udfs.CountNoise(noise, shipped), out).asNondeterministic();
            released = perKey.select(col("_k").as(keyColumn), noiseUdf.apply(col("_s0")).as("count"));
        } else {
            List<StructField> fields = new ArrayList<>();
            for (String name : statistic.featureNames()) {
                fields.add(DataTypes.createStructField(name, DataTypes.DoubleType, false));
            }
            UserDefinedFunction noiseUdf = udf(new Udfs.KNormNoise(noise, shipped, statistic.scaleBits()), new StructType(fields.toArray(new StructField[0])))
                    .asNondeterministic();
            released = perKey.select(col("_k").as(keyColumn), noiseUdf.apply(struct(sums.toArray(new Column[0]))).as("_released"))
                    .select(col(keyColumn), col("_released.*"));
        }
        return new Release(materialize(released), guarantee);
    }

    /**
     * The joint release: the declared keys' exact bounded counts (at most d rows) brought to the driver and released with one
     * K-norm draw, one output row per declared key in declared order whatever the data holds.
     */
    private Dataset<Row> jointRelease(SparkSession spark, Dataset<Row> perKey) {
        Map<String, java.math.BigInteger> counts = new java.util.HashMap<>();
        for (Row r : perKey.select(col("_k"), col("_s0")).collectAsList()) {
            counts.put(r.getString(0), r.getDecimal(1).toBigIntegerExact());
        }
        SpecBroadcast shipped = SpecBroadcast.of(spark, spec);
        if (!shipped.digest().equals(specDigest)) {
            throw new IllegalStateException("the spec changed between build and release");
        }
        double[] v = joint.release(publicKeys, counts, shipped.knormMechanism(), noise.open(JOINT_SALT));
        List<Row> rows = new ArrayList<>(v.length);
        for (int j = 0; j < v.length; j++) {
            rows.add(org.apache.spark.sql.RowFactory.create(publicKeys.get(j), v[j]));
        }
        StructType schema = new StructType(new StructField[] {DataTypes.createStructField(keyColumn, DataTypes.StringType, false),
            DataTypes.createStructField("count", DataTypes.DoubleType, false)});
        return spark.createDataFrame(rows, schema);
    }

    /**
     * Steps 1–3 without noise: per-row features, contribution bounding under a fresh job secret, exact per-key sums.
     * Columns {@code _k}, {@code _s0…} (decimal(38,0), the statistic times 2^scale) and {@code _units}. Only keys present
     * in the bounded data appear. Package-private: tests check bounding on it; it is never released.
     */
    Dataset<Row> aggregate(Dataset<Row> data) {
        Dataset<Row> unitKeys = bounded(data, noise.jobSecret());
        int d = statistic == null ? 1 : statistic.dimension();

        // 3. exact per-key sums (decimal(38,0): no silent overflow) and unit counts
        List<Column> keySums = new ArrayList<>();
        for (int f = 0; f < d; f++) {
            keySums.add(sum(col("_f" + f)).cast("decimal(38,0)").as("_s" + f));
        }
        keySums.add(count(lit(1)).as("_units"));
        Dataset<Row> perKey = unitKeys.groupBy("_k").agg(keySums.get(0), keySums.subList(1, keySums.size()).toArray(new Column[0]));

        // a null sum is an overflow of decimal(38,0) (without ANSI mode): fail the job rather than release it, before
        // empty declared keys are filled with zeros
        for (int f = 0; f < d; f++) {
            perKey = perKey.where(assert_true(col("_s" + f).isNotNull(), lit("a group's exact feature sum overflowed decimal(38,0)")).isNull());
        }

        return perKey;
    }

    /**
     * Steps 1–2: per-row features, then contribution bounding. Columns {@code _u}, {@code _k}, {@code _f0…}
     * (decimal(38,0)): one row per kept (unit, key), the sum of the unit's kept rows there. Which rows and keys are
     * kept is a function of the unit's own rows and {@code secret} alone, so every evaluation of the plan (a second
     * action, a recomputed partition) keeps the same ones. Package-private: tests check it; it is never released.
     */
    Dataset<Row> bounded(Dataset<Row> data, byte[] secret) {
        // registered deterministic: see KeyedRank. Distinct tags keep the two uses' ranks unrelated.
        UserDefinedFunction rowRank = udf(new Udfs.KeyedRank(secret, (byte) 1), DataTypes.LongType);
        UserDefinedFunction keyRank = udf(new Udfs.KeyedRank(secret, (byte) 2), DataTypes.LongType);

        // 1. project: unit, key, features per row (exact longs); per-row filters only
        List<Column> projected = new ArrayList<>();
        projected.add(col(unitColumn).cast("string").as("_u"));
        projected.add(col(keyColumn).cast("string").as("_k"));
        Column keep = col(unitColumn).isNotNull().and(col(keyColumn).isNotNull());
        int d = statistic == null ? 1 : statistic.dimension();
        if (statistic == null) {
            projected.add(lit(1L).as("_f0"));
        } else {
            List<Column> quantized = new ArrayList<>();
            for (int v = 0; v < statistic.variables().size(); v++) {
                // try_cast: under ANSI mode a plain cast of a malformed value fails the job (and logs the value); a null drops the row
                Column x = col(variableColumns.get(statistic.variables().get(v))).try_cast("double");
                keep = keep.and(x.isNotNull()).and(isnan(x).unary_$bang());
                Column clipped = least(greatest(x, lit(statistic.lowerDouble(v))), lit(statistic.upperDouble(v)));
                Column q = rint(clipped.multiply(lit(Math.scalb(1.0, statistic.quantumBits())))).cast("long");
                quantized.add(least(greatest(q, lit(statistic.lowerQuantized(v))), lit(statistic.upperQuantized(v))));
            }
            for (int f = 0; f < d; f++) {
                Column feature = null;
                for (int t = 0; t < statistic.terms(f); t++) {
                    Column term = lit(statistic.integerCoefficient(f, t));
                    for (int v : statistic.termVariables(f, t)) {
                        term = term.multiply(quantized.get(v));
                    }
                    feature = feature == null ? term : feature.plus(term);
                }
                projected.add(feature.cast("long").as("_f" + f));
            }
        }
        Dataset<Row> rows = data.where(keep).select(projected.toArray(new Column[0]));
        if (publicKeys != null) {
            Dataset<Row> keys = data.sparkSession().createDataset(publicKeys, Encoders.STRING()).toDF("_pk");
            rows = rows.join(org.apache.spark.sql.functions.broadcast(keys), rows.col("_k").equalTo(keys.col("_pk")), "left_semi");
        }

        // 2. contribution bounding per unit: at most k rows per (unit, key), then at most G keys per unit, each the
        // lowest by a keyed hash of its content. A row's content is its unit, key and features (all the statistic reads)
        // and _o, its number among identical rows of the unit and key (0, 1, ...): so every copy gets its own rank and
        // the kept subset is uniform over rows, copies included. Which copy gets which number is arbitrary, but copies
        // are interchangeable for the statistic, so the kept multiset of values is determined all the same. Ties of
        // the 64-bit rank (at most m²/2^65 for m rows, and only a bias, never a breach of the bounds) are broken by the
        // content, a total order on distinct rows.
        List<Column> features = new ArrayList<>();
        for (int f = 0; f < d; f++) {
            features.add(col("_f" + f));
        }
        List<Column> content = new ArrayList<>(List.of(col("_u"), col("_k")));
        content.addAll(features);
        content.add(col("_o"));
        List<Column> rowOrder = new ArrayList<>(List.of(col("_h")));
        rowOrder.addAll(features);
        rowOrder.add(col("_o"));
        WindowSpec identical = Window.partitionBy("_u", "_k").orderBy(features.toArray(new Column[0]));
        rows = rows.repartition(col("_u"))
                .withColumn("_o", row_number().over(identical).minus(rank().over(identical)).cast("long"))
                .withColumn("_h", rowRank.apply(struct(content.toArray(new Column[0]))))
                .withColumn("_n", row_number().over(Window.partitionBy("_u", "_k").orderBy(rowOrder.toArray(new Column[0]))))
                .where(col("_n").leq(maxRows));
        List<Column> perUnitSums = new ArrayList<>();
        for (int f = 0; f < d; f++) {
            // decimal(38,0) already here: k rows of up to 2^62 each would overflow a long (silently, without ANSI mode)
            perUnitSums.add(sum(col("_f" + f).cast("decimal(38,0)")).as("_f" + f));
        }
        List<Column> out = new ArrayList<>(List.of(col("_u"), col("_k")));
        out.addAll(features);
        return rows.groupBy("_u", "_k").agg(perUnitSums.get(0), perUnitSums.subList(1, d).toArray(new Column[0]))
                .withColumn("_h", keyRank.apply(struct(col("_u"), col("_k"))))
                .withColumn("_g", row_number().over(Window.partitionBy("_u").orderBy(col("_h"), col("_k"))))
                .where(col("_g").leq(maxGroups))
                .select(out.toArray(new Column[0]));
    }

    /** The statistic's fixed-point scale: a group's statistic is its sum divided by 2^scale (0 for counts). */
    int scaleBits() {
        return statistic == null ? 0 : statistic.scaleBits();
    }

    /**
     * Computes the release once and cuts its lineage: a reliable checkpoint when the context has a checkpoint directory,
     * else a local one. Later actions read the stored rows; a lost block fails the job instead of re-running the noise.
     */
    static Dataset<Row> materialize(Dataset<Row> released) {
        boolean reliable = released.sparkSession().sparkContext().getCheckpointDir().isDefined();
        return reliable ? released.checkpoint(true) : released.localCheckpoint(true);
    }

    private List<String> requiredColumns() {
        List<String> c = new ArrayList<>(List.of(unitColumn, keyColumn));
        c.addAll(variableColumns.values());
        return c;
    }

    private JobGuarantee computeGuarantee() {
        if (joint != null) {
            List<String> terms = new ArrayList<>();
            terms.add("joint release: one K-norm draw over the " + publicKeys.size() + " declared keys' counts (coordinate j = the j-th key, absent keys "
                    + "count 0), spec sha-256 " + specDigest.substring(0, 16) + "…, certified ε = " + spec.certifiedEpsilon().toPlainString()
                    + (spec.certifiedDelta().signum() == 0 ? "" : ", δ = " + spec.certifiedDelta()) + " for the " + joint.form() + " statistic");
            terms.add("a unit keeps at most G = " + maxGroups + " keys and " + maxRows + " row" + (maxRows == 1 ? "" : "s")
                    + " per key (keyed-hash selection, the same on every evaluation): its count change is one record of that statistic, so ε is "
                    + "charged once, not G times");
            terms.add("output keys: " + publicKeys.size() + " declared keys, each released (empty ones too); rows of other keys are dropped");
            terms.add("randomness: " + noise + "; the draw is made once on the driver");
            return new JobGuarantee(JobGuarantee.Neighbours.UNIT_ADD_REMOVE, spec.certifiedEpsilon(), spec.certifiedDelta(), spec.numerics(),
                    noise.isSeeded(), terms);
        }
        BigDecimal g = BigDecimal.valueOf(maxGroups);
        BigDecimal eps = spec.certifiedEpsilon().multiply(g);
        BigDecimal delta = spec.certifiedDelta().multiply(g);
        List<String> terms = new ArrayList<>();
        terms.add("per group: " + spec.kind() + " spec sha-256 " + specDigest.substring(0, 16) + "…, certified ε = " + spec.certifiedEpsilon().toPlainString()
                + (spec.certifiedDelta().signum() == 0 ? "" : ", δ = " + spec.certifiedDelta())
                + " for a unit's change of up to " + maxRows + " row" + (maxRows == 1 ? "" : "s") + " in the group");
        terms.add("groups per unit: at most G = " + maxGroups + " (enforced by a keyed-hash selection, the same on every evaluation), so G·ε = "
                + eps.toPlainString() + " by basic composition");
        if (statistic != null) {
            terms.add("values clipped to " + statistic.boxes() + " and rounded inside the box to multiples of 2^-" + statistic.quantumBits()
                    + "; sums exact in fixed point");
        }
        Numerics numerics = spec.numerics();
        if (selection != null) {
            eps = eps.add(selection.epsilon());
            delta = delta.add(selection.certifiedDelta());
            terms.add("output keys: DP partition selection, threshold " + selection.threshold() + " on units + exact discrete Laplace at rate ε/G: ε = "
                    + selection.epsilon().toPlainString() + ", δ ≤ " + selection.certifiedDelta() + " (requested " + selection.requestedDelta() + ")");
        } else {
            terms.add("output keys: " + publicKeys.size() + " declared keys, each released (empty ones too); rows of other keys are dropped");
        }
        terms.add("randomness: " + noise + "; released data checkpointed (noise drawn once)");
        return new JobGuarantee(JobGuarantee.Neighbours.UNIT_ADD_REMOVE, eps, delta, numerics, noise.isSeeded(), terms);
    }

    /** Collects the job's settings; {@link #build()} validates them against the spec. */
    public static final class Builder {
        private final MechanismSpec spec;
        private DiscreteSpec countSpec;
        private String unitColumn;
        private String keyColumn;
        private final Map<String, String> variableColumns = new LinkedHashMap<>();
        private List<String> publicKeys;
        private PartitionSelection selection;
        private BigDecimal selectionEpsilon;
        private BigDecimal selectionDelta;
        private int maxGroups = 1;
        private int maxRows = 1;
        private boolean allowIdealized;
        private NoiseSource noise = NoiseSource.secure();
        private JointCounts joint;

        private Builder(MechanismSpec spec) {
            this.spec = spec;
        }

        /** The column identifying the privacy unit (a user, a household): the guarantee protects all of its rows. */
        public Builder privacyUnit(String column) {
            this.unitColumn = requireColumn(column, "privacyUnit");
            return this;
        }

        /** The column whose values are the groups (cast to string). */
        public Builder groupBy(String column) {
            this.keyColumn = requireColumn(column, "groupBy");
            return this;
        }

        /** Reads the spec's variable {@code variable} from {@code column} (by default a variable is read from the column of its name). */
        public Builder variable(String variable, String column) {
            variableColumns.put(Objects.requireNonNull(variable, "variable"), requireColumn(column, "variable column"));
            return this;
        }

        /**
         * The output keys, declared in advance and public: each is released, with the statistic of an empty group when no
         * row has it; rows of other keys are dropped.
         *
         * @throws IllegalArgumentException for an empty list, a null or a duplicate key
         */
        public Builder publicKeys(java.util.Collection<String> keys) {
            Objects.requireNonNull(keys, "keys");
            if (keys.isEmpty()) {
                throw new IllegalArgumentException("publicKeys must not be empty");
            }
            LinkedHashSet<String> set = new LinkedHashSet<>();
            for (String k : keys) {
                if (k == null) {
                    throw new IllegalArgumentException("publicKeys must not contain null");
                }
                if (!set.add(k)) {
                    throw new IllegalArgumentException("publicKeys must not repeat a key. Provided value twice: " + k);
                }
            }
            this.publicKeys = new ArrayList<>(set);
            return this;
        }

        /** Output keys chosen by DP partition selection spending (ε, δ) on top of the per-group releases. */
        public Builder partitionSelection(BigDecimal epsilon, BigDecimal delta) {
            this.selectionEpsilon = Objects.requireNonNull(epsilon, "epsilon");
            this.selectionDelta = Objects.requireNonNull(delta, "delta");
            return this;
        }

        /** G: a privacy unit keeps at most this many groups (default 1). */
        public Builder maxGroupsPerUnit(int g) {
            if (g < 1) {
                throw new IllegalArgumentException("maxGroupsPerUnit must be >= 1. Provided value: " + g);
            }
            this.maxGroups = g;
            return this;
        }

        /** k: a privacy unit keeps at most this many rows per group (default 1); the spec's sensitivity must cover k rows. */
        public Builder maxRowsPerGroup(int k) {
            if (k < 1) {
                throw new IllegalArgumentException("maxRowsPerGroup must be >= 1. Provided value: " + k);
            }
            this.maxRows = k;
            return this;
        }

        /** Accepts a K-norm spec without a lattice (floating-point noise, {@code numerics: idealized}); refused by default. */
        public Builder allowIdealizedNumerics() {
            this.allowIdealized = true;
            return this;
        }

        /** The randomness ({@link NoiseSource#secure()} by default). */
        public Builder noise(NoiseSource source) {
            this.noise = Objects.requireNonNull(source, "noise");
            return this;
        }

        /**
         * Checks the settings against the spec.
         *
         * @throws SpecNotApplicableException when the spec's assumptions cannot be enforced by this job
         * @throws IllegalArgumentException when a setting is missing or contradictory
         */
        public GroupRelease build() {
            if (unitColumn == null) {
                throw new IllegalArgumentException("privacyUnit is required: the guarantee is per privacy unit");
            }
            if (keyColumn == null) {
                throw new IllegalArgumentException("groupBy is required");
            }
            if ((publicKeys == null) == (selectionEpsilon == null)) {
                throw new IllegalArgumentException("exactly one of publicKeys and partitionSelection is required: releasing the keys found in the "
                        + "data would reveal them");
            }
            if (spec.relation() != Relation.ADD_REMOVE) {
                throw new SpecNotApplicableException("/privacy/relation: the spec is designed for " + spec.relation().json() + ", but a group's row "
                        + "count is private in a grouped job, so adding or removing a unit's rows must be covered; design the spec with add-remove "
                        + "neighbours. Provided value: " + spec.relation().json());
            }
            selection = selectionEpsilon == null ? null : PartitionSelection.of(selectionEpsilon, selectionDelta, maxGroups);
            joint = null; // a builder may be built again with other settings
            FeatureStatistic statistic = spec.accept(new MechanismSpec.Visitor<FeatureStatistic>() {
                @Override
                public FeatureStatistic visit(DiscreteMechanismSpec table) {
                    return count(table);
                }

                @Override
                public FeatureStatistic visit(GeometricRemapSpec geometricRemap) {
                    return count(geometricRemap);
                }

                @Override
                public FeatureStatistic visit(KNormSpec k) {
                    FeatureStatistic statistic;
                    if (k.subspace().isPresent()) {
                        throw new SpecNotApplicableException("/mechanism/subspace: the spec's noise lives in a subspace; the Spark job needs a full-dimensional body");
                    }
                    if (k.numerics() == Numerics.IDEALIZED && !allowIdealized) {
                        throw new SpecNotApplicableException("/privacy/numerics: the spec's noise is floating point (idealized); design it with exact numerics "
                                + "or call allowIdealizedNumerics(). Provided value: idealized");
                    }
                    if (JointCounts.applies(k)) {
                        if (!variableColumns.isEmpty()) {
                            throw new IllegalArgumentException("a joint release of per-key counts reads no variables. Provided: " + variableColumns.keySet());
                        }
                        joint = JointCounts.of(k, publicKeys, maxGroups, maxRows);
                        return null;
                    }
                    statistic = FeatureStatistic.of(k);
                    if (!statistic.coveredRows(k, maxRows)) {
                        throw new SpecNotApplicableException("/mechanism/sensitivity: Δ = " + k.sensitivity().toPlainString() + " does not cover a unit with "
                                + maxRows + " rows per group (some ±" + maxRows + "·t(v) at a vertex of the box " + statistic.boxes() + " lies outside Δ·K); "
                                + "the spec was designed for rows_per_unit = " + statistic.rowsPerUnitDesigned() + ". Lower maxRowsPerGroup or design with "
                                + "rows_per_unit = " + maxRows);
                    }
                    for (String v : statistic.variables()) {
                        variableColumns.putIfAbsent(v, v);
                    }
                    for (String v : variableColumns.keySet()) {
                        if (!statistic.variables().contains(v)) {
                            throw new IllegalArgumentException("variable " + v + " is not a variable of the spec's statistic; its variables are " + statistic.variables());
                        }
                    }
                    return statistic;
                }

                @Override
                public FeatureStatistic visit(GaussianProcessSpec gaussianProcess) {
                    throw new SpecNotApplicableException("/mechanism/kind: a " + spec.kind() + " spec has no per-group release in the Spark job");
                }

                @Override
                public FeatureStatistic visit(org.optimech.runtime.spec.EllipticGaussianSpec ellipticGaussian) {
                    throw new SpecNotApplicableException("/mechanism/kind: a " + spec.kind() + " spec has no per-group release in the Spark job");
                }
            });
            return new GroupRelease(this, statistic);
        }

        /** A per-group count: the discrete spec's checks; no feature statistic. */
        private FeatureStatistic count(DiscreteSpec d) {
            checkCountSpec(d);
            if (!variableColumns.isEmpty()) {
                throw new IllegalArgumentException("a discrete spec releases row counts; it reads no variables. Provided: " + variableColumns.keySet());
            }
            countSpec = d;
            return null;
        }

        private void checkCountSpec(DiscreteSpec d) {
            IntegerRange r;
            try {
                r = CountSpecs.requireCounts(d, maxRows);
            } catch (FieldException e) {
                throw new SpecNotApplicableException(e.getMessage() + (e.pointer().equals("/privacy/neighbours")
                        ? "; use maxRowsPerGroup(1) or a spec covering " + maxRows + " rows (a K-norm count with rows_per_unit)" : ""));
            }
            if (d.privacy().inputPolicy() != InputPolicy.CLAMP) {
                throw new SpecNotApplicableException("/privacy/input_policy: a count outside " + r.from() + ".." + r.to() + " would fail the job (an "
                        + "observable channel); the job needs a clamp spec. Provided value: " + d.privacy().inputPolicy().json());
            }
        }

        private static String requireColumn(String column, String what) {
            if (column == null || column.isBlank()) {
                throw new IllegalArgumentException(what + " must name a column. Provided value: " + column);
            }
            return column;
        }
    }
}
