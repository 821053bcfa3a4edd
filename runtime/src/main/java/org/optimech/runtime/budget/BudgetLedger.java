package org.optimech.runtime.budget;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Counts releases per dataset against a total (ε, δ) under basic composition: k releases with
 * guarantees (ε_i, δ_i) on the same dataset are (Σε_i, Σδ_i)-DP. Amounts are exact decimals (the specs'
 * certified ε and δ), so the sums never round. {@link #charge} is atomic and thread-safe: a release that
 * would exceed the total is refused with {@link BudgetExceededException} and charges nothing.
 *
 * <p>Charge before sampling: a release whose sampling fails after the charge is counted (over-counting is
 * safe; under-counting is not). Basic composition is loose for many releases; this ledger does not use
 * advanced composition or privacy accounting tighter than the sum.
 */
public final class BudgetLedger {
    private final BigDecimal totalEpsilon;
    private final BigDecimal totalDelta;
    private final Map<String, Spent> spent = new TreeMap<>();

    /** What one dataset has spent. */
    public record Spent(String dataset, long releases, BigDecimal epsilon, BigDecimal delta) {
    }

    private BudgetLedger(BigDecimal totalEpsilon, BigDecimal totalDelta) {
        this.totalEpsilon = totalEpsilon;
        this.totalDelta = totalDelta;
    }

    /**
     * @param totalEpsilon the ε each dataset may spend in total, > 0
     * @param totalDelta the δ each dataset may spend in total, in [0, 1)
     */
    public static BudgetLedger of(BigDecimal totalEpsilon, BigDecimal totalDelta) {
        Objects.requireNonNull(totalEpsilon, "totalEpsilon");
        Objects.requireNonNull(totalDelta, "totalDelta");
        if (totalEpsilon.signum() <= 0) {
            throw new IllegalArgumentException("totalEpsilon must be > 0. Provided value: " + totalEpsilon);
        }
        if (totalDelta.signum() < 0 || totalDelta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("totalDelta must be in [0, 1). Provided value: " + totalDelta);
        }
        return new BudgetLedger(totalEpsilon, totalDelta);
    }

    public BigDecimal totalEpsilon() {
        return totalEpsilon;
    }

    public BigDecimal totalDelta() {
        return totalDelta;
    }

    /**
     * Charges one release of {@code spec} to {@code dataset}: its certified ε and δ.
     *
     * @return the dataset's spending after the charge
     * @throws BudgetExceededException if the release would exceed the total ε or δ (nothing is charged)
     */
    public Spent charge(String dataset, MechanismSpec spec) {
        return charge(dataset, spec, 1);
    }

    /**
     * Charges {@code releases} independent releases of {@code spec} to {@code dataset} at once (for example N samples of
     * the same input): N times its certified ε and δ under basic composition, counted as N releases.
     *
     * @throws BudgetExceededException if they would exceed the total ε or δ (nothing is charged)
     * @throws IllegalArgumentException for {@code releases < 1}
     */
    public Spent charge(String dataset, MechanismSpec spec, long releases) {
        Objects.requireNonNull(spec, "spec");
        if (releases < 1) {
            throw new IllegalArgumentException("releases must be >= 1. Provided value: " + releases);
        }
        BigDecimal n = BigDecimal.valueOf(releases);
        return charge(dataset, spec.certifiedEpsilon().multiply(n), spec.certifiedDelta().multiply(n), releases);
    }

    /**
     * Charges one release with guarantee (ε, δ) to {@code dataset}.
     *
     * @throws BudgetExceededException if the release would exceed the total ε or δ (nothing is charged)
     * @throws IllegalArgumentException for a negative ε or δ, or a blank dataset name
     */
    public Spent charge(String dataset, BigDecimal epsilon, BigDecimal delta) {
        return charge(dataset, epsilon, delta, 1);
    }

    private synchronized Spent charge(String dataset, BigDecimal epsilon, BigDecimal delta, long releases) {
        Objects.requireNonNull(dataset, "dataset");
        if (dataset.isBlank()) {
            throw new IllegalArgumentException("dataset must not be blank");
        }
        Objects.requireNonNull(epsilon, "epsilon");
        Objects.requireNonNull(delta, "delta");
        if (epsilon.signum() < 0 || delta.signum() < 0) {
            throw new IllegalArgumentException("epsilon and delta must be >= 0. Provided values: " + epsilon + ", " + delta);
        }
        Spent now = spent.getOrDefault(dataset, new Spent(dataset, 0, BigDecimal.ZERO, BigDecimal.ZERO));
        BigDecimal e = now.epsilon().add(epsilon);
        BigDecimal d = now.delta().add(delta);
        if (e.compareTo(totalEpsilon) > 0 || d.compareTo(totalDelta) > 0) {
            throw new BudgetExceededException("privacy budget exceeded for dataset \"" + dataset + "\": after " + now.releases() + " releases it has spent epsilon "
                    + now.epsilon().toPlainString() + " of " + totalEpsilon.toPlainString() + " and delta " + now.delta().toPlainString() + " of "
                    + totalDelta.toPlainString() + "; " + (releases == 1 ? "this release needs" : "these " + releases + " releases need") + " epsilon "
                    + epsilon.toPlainString() + " and delta " + delta.toPlainString()
                    + " (basic composition)");
        }
        Spent next = new Spent(dataset, now.releases() + releases, e, d);
        spent.put(dataset, next);
        return next;
    }

    /** What a dataset has spent so far (zero if nothing). */
    public synchronized Spent spent(String dataset) {
        return spent.getOrDefault(dataset, new Spent(dataset, 0, BigDecimal.ZERO, BigDecimal.ZERO));
    }

    /** Every dataset's spending, by name. */
    public synchronized List<Spent> report() {
        return new ArrayList<>(spent.values());
    }
}
