package org.optimech.runtime.budget;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.optimech.runtime.accounting.Accountant;
import org.optimech.runtime.accounting.PrivacyLossDistribution;
import org.optimech.runtime.json.JsonName;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Counts releases per dataset against a total (ε, δ) under one {@link Accounting}, said by {@link #accounting()} and in every
 * refusal. {@link Accounting#BASIC}: k releases with guarantees (ε_i, δ_i) on the same dataset are (Σε_i, Σδ_i)-DP, in exact
 * decimals (the specs' certified ε and δ), so the sums never round. {@link Accounting#PRIVACY_LOSS_DISTRIBUTION}: each
 * dataset keeps the pessimistic privacy loss distribution of everything charged to it (a dominating pair per spec, {@link
 * Accountant#dominatingPair}, composed on a grid of step {@link #PLD_STEP}; for a table beyond 20,000 ordered neighbouring pairs a
 * coarser sound pair, which {@link Accountant#coarseDominatingPair} names), and a release is allowed while the ε at the total
 * δ, or basic composition's ε where that is smaller, stays within the total ε. {@link #charge} is atomic and thread-safe: a
 * release that would exceed the total is refused with {@link BudgetExceededException} and charges nothing.
 *
 * <p>A ledger {@link #open opened} on a file persists across restarts: it reads the file if it exists (its totals and
 * accounting must match) and rewrites it atomically (a sibling file moved over it) before a charge returns; if the write
 * fails the charge is undone and an {@link UncheckedIOException} thrown, so nothing is released unrecorded. Several processes
 * may share the file: each charge holds an exclusive lock ({@code FILE.lock}, a {@link java.nio.channels.FileLock}) while it
 * re-reads the file, decides and rewrites it, so no charge is lost; a charge waits at most the ledger's lock wait
 * ({@link #DEFAULT_LOCK_WAIT} unless opened with another) and then fails naming the lock file, charging nothing. The lock
 * file is empty and stays next to the ledger (deleting it while another process waits on it would let two writers in).
 *
 * <p>Charge before sampling: a release whose sampling fails after the charge is counted (over-counting is safe;
 * under-counting is not).
 */
public final class BudgetLedger {
    /** How a ledger composes releases. */
    public enum Accounting implements JsonName {
        /** Sums of the certified ε and δ. */
        BASIC("basic"),
        /** Privacy loss distributions composed (the ε at the total δ), never more than basic composition. */
        PRIVACY_LOSS_DISTRIBUTION("privacy-loss-distribution");

        private final String json;

        Accounting(String json) {
            this.json = json;
        }

        @Override
        public String json() {
            return json;
        }
    }

    /** The grid step of a {@link Accounting#PRIVACY_LOSS_DISTRIBUTION} ledger's distributions. */
    public static final double PLD_STEP = 1e-3;

    private final BigDecimal totalEpsilon;
    private final BigDecimal totalDelta;
    private final Accounting accounting;
    private final Path file;
    private final Duration lockWait;
    private final Map<String, Spent> spent = new TreeMap<>();
    private final Map<String, PrivacyLossDistribution> losses = new TreeMap<>();

    /** What one dataset has spent. */
    public record Spent(String dataset, long releases, BigDecimal epsilon, BigDecimal delta) {
    }

    /** How long a charge waits for another writer's lock on the ledger file by default. */
    public static final Duration DEFAULT_LOCK_WAIT = Duration.ofSeconds(10);

    private BudgetLedger(BigDecimal totalEpsilon, BigDecimal totalDelta, Accounting accounting, Path file, Duration lockWait) {
        this.totalEpsilon = totalEpsilon;
        this.totalDelta = totalDelta;
        this.accounting = accounting;
        this.file = file;
        this.lockWait = lockWait;
    }

    /**
     * @param totalEpsilon the ε each dataset may spend in total, > 0
     * @param totalDelta the δ each dataset may spend in total, in [0, 1)
     */
    public static BudgetLedger of(BigDecimal totalEpsilon, BigDecimal totalDelta) {
        return of(totalEpsilon, totalDelta, Accounting.BASIC);
    }

    /** An in-memory ledger with the given accounting. */
    public static BudgetLedger of(BigDecimal totalEpsilon, BigDecimal totalDelta, Accounting accounting) {
        checkTotals(totalEpsilon, totalDelta);
        return new BudgetLedger(totalEpsilon, totalDelta, Objects.requireNonNull(accounting, "accounting"), null, DEFAULT_LOCK_WAIT);
    }

    /**
     * A ledger persisted in {@code file}: read back if the file exists, else created by the first charge.
     *
     * @throws IOException if the file exists and cannot be read
     * @throws IllegalArgumentException if the file is not a ledger, or its totals or accounting differ from the ones given
     */
    public static BudgetLedger open(Path file, BigDecimal totalEpsilon, BigDecimal totalDelta, Accounting accounting) throws IOException {
        return open(file, totalEpsilon, totalDelta, accounting, DEFAULT_LOCK_WAIT);
    }

    /**
     * As {@link #open(Path, BigDecimal, BigDecimal, Accounting)}, with the longest a charge waits for another writer's lock.
     *
     * @throws IllegalArgumentException also for a lock wait that is negative
     */
    public static BudgetLedger open(Path file, BigDecimal totalEpsilon, BigDecimal totalDelta, Accounting accounting, Duration lockWait) throws IOException {
        Objects.requireNonNull(file, "file");
        checkTotals(totalEpsilon, totalDelta);
        Objects.requireNonNull(lockWait, "lockWait");
        if (lockWait.isNegative()) {
            throw new IllegalArgumentException("lockWait must be >= 0. Provided value: " + lockWait);
        }
        BudgetLedger ledger = new BudgetLedger(totalEpsilon, totalDelta, Objects.requireNonNull(accounting, "accounting"), file, lockWait);
        if (Files.exists(file)) {
            LedgerFile.read(file, ledger);
        }
        return ledger;
    }

    /**
     * An existing ledger file with the totals and accounting it records (to show it, or charge it without restating them).
     *
     * @throws java.nio.file.NoSuchFileException if there is no such file
     * @throws IllegalArgumentException if the file is not a ledger
     */
    public static BudgetLedger open(Path file) throws IOException {
        LedgerFile.Header h = LedgerFile.header(file);
        return open(file, h.totalEpsilon(), h.totalDelta(), h.accounting(), DEFAULT_LOCK_WAIT);
    }

    private static void checkTotals(BigDecimal totalEpsilon, BigDecimal totalDelta) {
        Objects.requireNonNull(totalEpsilon, "totalEpsilon");
        Objects.requireNonNull(totalDelta, "totalDelta");
        if (totalEpsilon.signum() <= 0) {
            throw new IllegalArgumentException("totalEpsilon must be > 0. Provided value: " + totalEpsilon);
        }
        if (totalDelta.signum() < 0 || totalDelta.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("totalDelta must be in [0, 1). Provided value: " + totalDelta);
        }
    }

    /** How this ledger composes releases. */
    public Accounting accounting() {
        return accounting;
    }

    /** The file it persists to, if any. */
    public java.util.Optional<Path> file() {
        return java.util.Optional.ofNullable(file);
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
        return charge(dataset, spec, releases, (done, total) -> { });
    }

    /**
     * As {@link #charge(String, MechanismSpec, long)}, with progress for the long part, the privacy-loss-distribution
     * accounting of the spec: {@code progress} receives (steps done, steps in all), the steps being the spec's neighbouring
     * pairs, their envelope and the N-fold composition ({@link Accountant#dominatingPair(MechanismSpec, double,
     * BiConsumer)}); under basic composition, or for a spec taken in one piece, a single step.
     */
    public Spent charge(String dataset, MechanismSpec spec, long releases, BiConsumer<Integer, Integer> progress) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(progress, "progress");
        if (releases < 1) {
            throw new IllegalArgumentException("releases must be >= 1. Provided value: " + releases);
        }
        BigDecimal n = BigDecimal.valueOf(releases);
        PrivacyLossDistribution loss = null;
        if (accounting == Accounting.PRIVACY_LOSS_DISTRIBUTION) {
            int[] steps = {1};
            PrivacyLossDistribution pair = Accountant.dominatingPair(spec, PLD_STEP, (done, total) -> {
                steps[0] = total;
                progress.accept(done, total + 1); // the composition is the last step
            });
            loss = pair.compose(releases);
            progress.accept(steps[0] + 1, steps[0] + 1);
        } else {
            progress.accept(1, 1);
        }
        return charge(dataset, spec.certifiedEpsilon().multiply(n), spec.certifiedDelta().multiply(n), releases, loss);
    }

    /**
     * Charges one release with guarantee (ε, δ) to {@code dataset}. Under privacy-loss-distribution accounting it is composed
     * through the (ε, δ) dominating pair (δ at +∞, randomized response at ε otherwise).
     *
     * @throws BudgetExceededException if the release would exceed the total ε or δ (nothing is charged)
     * @throws IllegalArgumentException for a negative ε or δ, or a blank dataset name
     */
    public Spent charge(String dataset, BigDecimal epsilon, BigDecimal delta) {
        Objects.requireNonNull(epsilon, "epsilon");
        Objects.requireNonNull(delta, "delta");
        PrivacyLossDistribution loss = null;
        if (accounting == Accounting.PRIVACY_LOSS_DISTRIBUTION && epsilon.signum() >= 0 && delta.signum() >= 0 && delta.compareTo(BigDecimal.ONE) < 0) {
            loss = PrivacyLossDistribution.epsilonDelta(Math.nextUp(epsilon.doubleValue()), Math.min(Math.nextUp(delta.doubleValue()), Math.nextDown(1.0)),
                    PLD_STEP);
        }
        return charge(dataset, epsilon, delta, 1, loss);
    }

    private synchronized Spent charge(String dataset, BigDecimal epsilon, BigDecimal delta, long releases, PrivacyLossDistribution loss) {
        if (file == null) {
            return chargeHeld(dataset, epsilon, delta, releases, loss);
        }
        try {
            return LedgerLock.holding(file, lockWait, () -> {
                // another process may have charged since: decide on what the file says now
                spent.clear();
                losses.clear();
                if (Files.exists(file)) {
                    LedgerFile.read(file, this);
                }
                return chargeHeld(dataset, epsilon, delta, releases, loss);
            });
        } catch (IOException e) {
            throw new UncheckedIOException("could not charge the ledger " + file + ": " + e.getMessage(), e);
        }
    }

    /** The charge itself, with the file's lock held (or no file). */
    private Spent chargeHeld(String dataset, BigDecimal epsilon, BigDecimal delta, long releases, PrivacyLossDistribution loss) {
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
        boolean basicFits = e.compareTo(totalEpsilon) <= 0 && d.compareTo(totalDelta) <= 0;
        PrivacyLossDistribution composed = null;
        if (accounting == Accounting.PRIVACY_LOSS_DISTRIBUTION) {
            PrivacyLossDistribution before = losses.get(dataset);
            composed = before == null ? loss : before.compose(loss);
            // the total δ and ε taken as doubles at or below their exact values: to nearest, either could pass by one ulp
            double pldEpsilon = composed.epsilon(org.optimech.runtime.exact.Dyadic.doubleAtMost(totalDelta));
            if (!basicFits && !(pldEpsilon <= org.optimech.runtime.exact.Dyadic.doubleAtMost(totalEpsilon))) {
                throw new BudgetExceededException("privacy budget exceeded for dataset \"" + dataset + "\": after " + now.releases() + " releases, "
                        + (releases == 1 ? "one more" : releases + " more") + " would spend epsilon " + (Double.isInfinite(pldEpsilon) ? "inf" : pldEpsilon)
                        + " at delta " + totalDelta.toPlainString() + " of the total epsilon " + totalEpsilon.toPlainString()
                        + " (privacy loss distribution accounting; basic composition would charge epsilon " + e.toPlainString() + " and delta "
                        + d.toPlainString() + ")");
            }
        } else if (!basicFits) {
            throw new BudgetExceededException("privacy budget exceeded for dataset \"" + dataset + "\": after " + now.releases() + " releases it has spent epsilon "
                    + now.epsilon().toPlainString() + " of " + totalEpsilon.toPlainString() + " and delta " + now.delta().toPlainString() + " of "
                    + totalDelta.toPlainString() + "; " + (releases == 1 ? "this release needs" : "these " + releases + " releases need") + " epsilon "
                    + epsilon.toPlainString() + " and delta " + delta.toPlainString()
                    + " (basic composition)");
        }
        Spent next = new Spent(dataset, now.releases() + releases, e, d);
        PrivacyLossDistribution old = losses.get(dataset);
        spent.put(dataset, next);
        if (composed != null) {
            losses.put(dataset, composed);
        }
        if (file != null) {
            try {
                LedgerFile.write(file, this);
            } catch (IOException | RuntimeException ex) {
                // not recorded, so not charged: the caller must not release
                spent.put(dataset, now);
                if (old == null) {
                    losses.remove(dataset);
                } else {
                    losses.put(dataset, old);
                }
                if (now.releases() == 0) {
                    spent.remove(dataset);
                }
                throw ex instanceof IOException io ? new UncheckedIOException("could not record the charge in " + file + ": " + io.getMessage(), io)
                        : (RuntimeException) ex;
            }
        }
        return next;
    }

    /**
     * The ε this ledger's accounting charges a dataset at the total δ, an upper bound (a double at or above the exact value):
     * basic composition's ε (the exact sum, rounded up; when its δ is within the total),
     * or, under privacy-loss-distribution accounting, the smaller of that and the distribution's ε (+∞ if neither reaches the
     * total δ).
     */
    public synchronized double chargedEpsilon(String dataset) {
        return epsilonAt(dataset, totalDelta);
    }

    /**
     * What a dataset's releases so far cost at another δ than the total (to compare, as {@code sample --delta} does): basic
     * composition's ε when its δ is within {@code delta}, or, under privacy-loss-distribution accounting, the smaller of that
     * and the distribution's ε at {@code delta} (+∞ if neither reaches it). The budget is still decided at the total δ.
     *
     * @throws IllegalArgumentException for a δ outside (0, 1)
     */
    public synchronized double chargedEpsilon(String dataset, double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in (0, 1). Provided value: " + delta);
        }
        return epsilonAt(dataset, new BigDecimal(delta));
    }

    private double epsilonAt(String dataset, BigDecimal delta) {
        Spent s = spent(dataset);
        // rounded up, never to nearest: the exact sum of the charged ε can lie above its nearest double (3 × 0.1 = 0.3 > (double) 0.3)
        double basic = s.delta().compareTo(delta) <= 0 ? org.optimech.runtime.exact.Dyadic.doubleAtLeast(s.epsilon()) : Double.POSITIVE_INFINITY;
        PrivacyLossDistribution p = losses.get(dataset);
        return p == null ? basic : Math.min(basic, p.epsilon(org.optimech.runtime.exact.Dyadic.doubleAtMost(delta))); // ε at a δ not above the asked one: an upper bound
    }

    /** A dataset's composed distribution (privacy-loss-distribution accounting), if anything was charged to it. */
    synchronized java.util.Optional<PrivacyLossDistribution> loss(String dataset) {
        return java.util.Optional.ofNullable(losses.get(dataset));
    }

    /** Restores a dataset read from the file. */
    synchronized void restore(Spent s, PrivacyLossDistribution loss) {
        spent.put(s.dataset(), s);
        if (loss != null) {
            losses.put(s.dataset(), loss);
        }
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
