package org.optimech.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.optimech.runtime.budget.BudgetExceededException;
import org.optimech.runtime.budget.BudgetLedger;
import org.optimech.runtime.json.JsonName;
import org.optimech.runtime.spec.MechanismSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code optimech ledger show|charge FILE}: the persistent budget ledger from the command line. */
@Command(name = "ledger", mixinStandardHelpOptions = true, subcommands = {LedgerCommand.Show.class, LedgerCommand.Charge.class},
        description = {"A persistent privacy budget ledger (the file BudgetLedger.open writes): show what each dataset has spent, or charge releases of "
                + "a spec before sampling them. Several processes may charge one file at once: each charge holds FILE.lock.",
            "Exit codes: 0 done; 1 the charge would exceed the budget (nothing charged), or the file is locked or cannot be written; 2 bad input."})
final class LedgerCommand {
    private LedgerCommand() {
    }

    /** {@code optimech ledger show FILE}. */
    @Command(name = "show", mixinStandardHelpOptions = true, description = "Prints the ledger's accounting, totals and what each dataset has spent.")
    static final class Show implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE")
        Path file;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @picocli.CommandLine.Mixin
        DeltaOption delta = new DeltaOption();

        @Override
        public Integer call() {
            Double d = delta.checked();
            BudgetLedger ledger = existing(file);
            print(ledger, d, spec.commandLine().getOut());
            return 0;
        }
    }

    /** {@code optimech ledger charge FILE --dataset D --spec SPEC.json}. */
    @Command(name = "charge", mixinStandardHelpOptions = true,
            description = {"Charges N releases of a spec to a dataset, or refuses (exit 1) and charges nothing when they would exceed the total. "
                    + "A new file needs --total-epsilon and --total-delta (and --accounting); an existing one keeps the totals it records."})
    static final class Charge implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE")
        Path file;

        @picocli.CommandLine.Mixin
        ProgressOption progressOption = new ProgressOption();

        @Option(names = "--dataset", required = true, paramLabel = "NAME", description = "The dataset the releases are computed on.")
        String dataset;

        @Option(names = "--spec", required = true, paramLabel = "SPEC.json", description = "The spec whose releases are charged (its certified epsilon and delta).")
        Path specFile;

        @Option(names = "--releases", defaultValue = "1", paramLabel = "N", description = "How many releases. Default: ${DEFAULT-VALUE}.")
        long releases;

        @Option(names = "--total-epsilon", paramLabel = "E", description = "A new ledger's total epsilon per dataset.")
        BigDecimal totalEpsilon;

        @Option(names = "--total-delta", paramLabel = "D", description = "A new ledger's total delta per dataset.")
        BigDecimal totalDelta;

        @Option(names = "--accounting", defaultValue = "privacy-loss-distribution", paramLabel = "basic|privacy-loss-distribution",
                description = "A new ledger's accounting. Default: ${DEFAULT-VALUE}.")
        String accounting;

        @picocli.CommandLine.Mixin
        DeltaOption delta = new DeltaOption();

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Double atDelta = delta.checked();
            if (releases < 1) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--releases must be >= 1. Provided value: " + releases);
            }
            MechanismSpec s = SpecFiles.loadSpec(specFile, org.optimech.runtime.spec.RuntimePolicy.builder()
                    .numerics(org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED).build());
            BudgetLedger ledger;
            if (Files.exists(file) && totalEpsilon == null && totalDelta == null) {
                ledger = existing(file);
            } else {
                if (totalEpsilon == null || totalDelta == null) {
                    throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + (Files.exists(file) ? ": give both --total-epsilon and --total-delta, "
                            + "or neither (the file records them)" : " does not exist yet: a new ledger needs --total-epsilon and --total-delta"));
                }
                BudgetLedger.Accounting how;
                try {
                    how = JsonName.parse(BudgetLedger.Accounting.class, accounting);
                } catch (IllegalArgumentException e) {
                    throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--accounting must be basic or privacy-loss-distribution. Provided value: "
                            + accounting, e);
                }
                try {
                    ledger = BudgetLedger.open(file, totalEpsilon, totalDelta, how);
                } catch (IllegalArgumentException e) {
                    throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, e.getMessage().replace("totalEpsilon", "--total-epsilon")
                            .replace("totalDelta", "--total-delta"), e);
                } catch (IOException e) {
                    throw SpecFiles.ioError(file, e);
                }
            }
            PrintWriter out = spec.commandLine().getOut();
            if (ledger.accounting() == BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION) {
                org.optimech.runtime.accounting.Accountant.coarseDominatingPair(s).ifPresent(why -> {
                    PrintWriter err = spec.commandLine().getErr();
                    err.println("optimech: note: " + why);
                    err.flush();
                });
            }
            try (org.optimech.designer.common.Progress.Counts counts = progressOption.progress().counts("charging " + releases + " release"
                    + (releases == 1 ? "" : "s") + " of " + specFile + " to \"" + dataset + "\" (neighbouring pairs, their envelope, the composition)")) {
                BudgetLedger.Spent now = ledger.charge(dataset, s, releases, counts);
                out.printf(Locale.ROOT, "charged %d release%s of %s to \"%s\": %d releases in all%n", releases, releases == 1 ? "" : "s", specFile, dataset,
                        now.releases());
            } catch (BudgetExceededException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, file + ": " + e.getMessage() + "; nothing charged", e);
            } catch (UncheckedIOException e) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_FAILED, e.getMessage() + "; nothing charged", e);
            }
            print(ledger, atDelta, out);
            return 0;
        }
    }

    /** {@code --delta}: the δ at which the ledger also states each dataset's ε, as {@code sample --delta} does for N releases. */
    static final class DeltaOption {
        @Option(names = "--delta", paramLabel = "D", description = "Also state each dataset's epsilon at this delta, in (0, 1) (as sample --delta does for N "
                + "releases); the budget is still decided at the ledger's total delta.")
        Double delta;

        /** The δ given, checked to be in (0, 1); null when none. */
        Double checked() {
            if (delta != null && !(delta > 0 && delta < 1)) {
                throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, "--delta must be in (0, 1). Provided value: " + delta);
            }
            return delta;
        }
    }

    private static BudgetLedger existing(Path file) {
        try {
            return BudgetLedger.open(file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, file + ": no such ledger file", e);
        } catch (IllegalArgumentException e) {
            throw new OptimechCli.CliException(OptimechCli.EXIT_BAD_INPUT, e.getMessage(), e);
        } catch (IOException e) {
            throw SpecFiles.ioError(file, e);
        }
    }

    private static void print(BudgetLedger ledger, Double atDelta, PrintWriter out) {
        out.printf(Locale.ROOT, "ledger %s: %s accounting, total epsilon %s and delta %s per dataset%n", ledger.file().orElseThrow(), ledger.accounting().json(),
                ledger.totalEpsilon().toPlainString(), ledger.totalDelta().toPlainString());
        if (ledger.report().isEmpty()) {
            out.println("  no releases charged");
        }
        for (BudgetLedger.Spent s : ledger.report()) {
            out.printf(Locale.ROOT, "  %-20s %8d releases; basic composition epsilon %s, delta %s; charged epsilon %s at delta %s%s%n", "\"" + s.dataset() + "\"",
                    s.releases(), s.epsilon().toPlainString(), s.delta().toPlainString(), epsilon(ledger.chargedEpsilon(s.dataset())),
                    ledger.totalDelta().toPlainString(), atDelta == null ? "" : "; epsilon " + epsilon(ledger.chargedEpsilon(s.dataset(), atDelta))
                            + " at delta " + BigDecimal.valueOf(atDelta).stripTrailingZeros().toPlainString() + " (--delta)");
        }
        out.flush();
    }

    /** An ε as the ledger shows it: 6 significant digits rounded up, or inf. */
    private static String epsilon(double e) {
        return Double.isInfinite(e) ? "inf" : new BigDecimal(e).round(new java.math.MathContext(6, java.math.RoundingMode.CEILING)).stripTrailingZeros().toPlainString();
    }
}
