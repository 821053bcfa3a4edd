package org.optimech.runtime.spec;

import java.math.BigDecimal;
import java.util.Objects;
import org.optimech.runtime.json.JsonObject;

/**
 * What every kind of {@link MechanismSpec} holds besides its mechanism block, written once: the privacy statement its
 * numbers were checked against, the design and provenance blocks, and the sealed document, by which specs are equal. Only
 * the kinds of this package extend it (its constructor is package-private); code elsewhere works with {@link MechanismSpec}.
 */
public abstract class AbstractMechanismSpec {
    private final Relation relation;
    private final BigDecimal epsilon;
    private final BigDecimal delta;
    private final BigDecimal certifiedEpsilon;
    private final BigDecimal certifiedDelta;
    private final JsonObject design;
    private final JsonObject provenance;
    private final JsonObject document;

    /** The parts of a spec whose kind has checked them (statement, recorded problem, numbers) and sealed the document. */
    AbstractMechanismSpec(Relation relation, BigDecimal epsilon, BigDecimal delta, BigDecimal certifiedEpsilon, BigDecimal certifiedDelta, JsonObject design,
            JsonObject provenance, JsonObject document) {
        this.relation = Objects.requireNonNull(relation, "relation");
        this.epsilon = Objects.requireNonNull(epsilon, "epsilon");
        this.delta = Objects.requireNonNull(delta, "delta");
        this.certifiedEpsilon = Objects.requireNonNull(certifiedEpsilon, "certifiedEpsilon");
        this.certifiedDelta = Objects.requireNonNull(certifiedDelta, "certifiedDelta");
        this.design = Objects.requireNonNull(design, "design");
        this.provenance = Objects.requireNonNull(provenance, "provenance");
        this.document = Objects.requireNonNull(document, "document");
    }

    /** The {@code mechanism.kind} name in JSON. */
    public abstract String kind();

    /** The relation between neighbouring datasets the guarantee is stated for. */
    public Relation relation() {
        return relation;
    }

    /** The ε the user asked for, exactly as given. */
    public BigDecimal epsilon() {
        return epsilon;
    }

    /** The δ the user asked for (0 for pure DP). */
    public BigDecimal delta() {
        return delta;
    }

    /** The ε the stored numbers achieve, at most {@link #epsilon()}. */
    public BigDecimal certifiedEpsilon() {
        return certifiedEpsilon;
    }

    /** The δ the stored numbers achieve (0 for pure DP). */
    public BigDecimal certifiedDelta() {
        return certifiedDelta;
    }

    /** The design block, as stored. */
    public JsonObject design() {
        return design;
    }

    /** The provenance block, as stored. */
    public JsonObject provenance() {
        return provenance;
    }

    /** The sealed document (see {@link MechanismSpec#document()}). */
    public JsonObject document() {
        return document;
    }

    /** Specs are equal when they are of one kind and their sealed documents are (the same canonical content, digest and signature). */
    @Override
    public final boolean equals(Object o) {
        return o instanceof AbstractMechanismSpec other && other.getClass() == getClass() && document.equals(other.document);
    }

    @Override
    public final int hashCode() {
        return document.hashCode();
    }

    @Override
    public final String toString() {
        return kind() + " spec " + document.get("digest").map(Object::toString).orElse("");
    }
}
