package org.optimech.runtime.budget;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.optimech.runtime.accounting.PrivacyLossDistribution;
import org.optimech.runtime.io.AtomicFiles;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.json.JsonSyntaxException;
import org.optimech.runtime.json.JsonValue;
import org.optimech.runtime.json.JsonWriter;

/**
 * The ledger's file: {@code {"format": "optimech-ledger", "version": 1, "accounting", "total_epsilon", "total_delta",
 * "datasets": [{"name", "releases", "epsilon", "delta", "loss"?}]}}, amounts as exact decimal strings and a distribution's
 * doubles as hexadecimal strings (they round-trip exactly).
 */
final class LedgerFile {
    static final String FORMAT = "optimech-ledger";

    private LedgerFile() {
    }

    static void write(Path file, BudgetLedger ledger) throws IOException {
        List<JsonValue> datasets = new ArrayList<>();
        for (BudgetLedger.Spent s : ledger.report()) {
            JsonObject.Builder b = JsonObject.builder().put("name", s.dataset()).put("releases", s.releases()).put("epsilon", s.epsilon().toPlainString())
                    .put("delta", s.delta().toPlainString());
            Optional<PrivacyLossDistribution> loss = ledger.loss(s.dataset());
            if (loss.isPresent()) {
                PrivacyLossDistribution p = loss.get();
                List<String> masses = new ArrayList<>();
                for (double m : p.masses()) {
                    masses.add(Double.toHexString(m));
                }
                b.put("loss", JsonObject.builder().put("step", Double.toHexString(p.step())).put("first_index", p.firstIndex())
                        .put("infinity", Double.toHexString(p.infinity())).put("error", Double.toHexString(p.error())).put("masses", JsonArray.ofStrings(masses))
                        .build());
            }
            datasets.add(b.build());
        }
        JsonObject root = JsonObject.builder().put("format", FORMAT).put("version", 1).put("accounting", ledger.accounting().json())
                .put("total_epsilon", ledger.totalEpsilon().toPlainString()).put("total_delta", ledger.totalDelta().toPlainString())
                .put("datasets", JsonArray.of(datasets)).build();
        AtomicFiles.writeString(file, JsonWriter.pretty(root) + "\n");
    }

    /** What a ledger file records about itself. */
    record Header(BudgetLedger.Accounting accounting, BigDecimal totalEpsilon, BigDecimal totalDelta) {
    }

    /** The accounting and totals a ledger file records. */
    static Header header(Path file) throws IOException {
        try {
            JsonObject root = Fields.object(JsonParser.parse(file), "");
            if (!FORMAT.equals(Fields.string(Fields.member(root, "format", "/format"), "/format"))) {
                throw new IllegalArgumentException(file + ": /format must be \"" + FORMAT + "\"");
            }
            return new Header(Fields.enumValue(Fields.member(root, "accounting", "/accounting"), "/accounting", BudgetLedger.Accounting.class),
                    Fields.decimalString(Fields.member(root, "total_epsilon", "/total_epsilon"), "/total_epsilon"),
                    Fields.decimalString(Fields.member(root, "total_delta", "/total_delta"), "/total_delta"));
        } catch (FieldException | JsonSyntaxException e) {
            throw new IllegalArgumentException(file + ": not a budget ledger: " + e.getMessage(), e);
        }
    }

    static void read(Path file, BudgetLedger ledger) throws IOException {
        try {
            JsonObject root = Fields.object(JsonParser.parse(file), "");
            Fields.allowedKeys(root, "", List.of("format", "version", "accounting", "total_epsilon", "total_delta", "datasets"));
            if (!FORMAT.equals(Fields.string(Fields.member(root, "format", "/format"), "/format"))) {
                throw new IllegalArgumentException(file + ": /format must be \"" + FORMAT + "\"");
            }
            Fields.integer(Fields.member(root, "version", "/version"), "/version", 1, 1);
            BudgetLedger.Accounting accounting = Fields.enumValue(Fields.member(root, "accounting", "/accounting"), "/accounting", BudgetLedger.Accounting.class);
            BigDecimal totalEpsilon = Fields.decimalString(Fields.member(root, "total_epsilon", "/total_epsilon"), "/total_epsilon");
            BigDecimal totalDelta = Fields.decimalString(Fields.member(root, "total_delta", "/total_delta"), "/total_delta");
            if (accounting != ledger.accounting() || totalEpsilon.compareTo(ledger.totalEpsilon()) != 0 || totalDelta.compareTo(ledger.totalDelta()) != 0) {
                throw new IllegalArgumentException(file + " was written by a ledger with " + accounting.json() + " accounting and totals epsilon "
                        + totalEpsilon.toPlainString() + ", delta " + totalDelta.toPlainString() + "; this one has " + ledger.accounting().json()
                        + " accounting and totals epsilon " + ledger.totalEpsilon().toPlainString() + ", delta " + ledger.totalDelta().toPlainString());
            }
            JsonArray datasets = Fields.array(Fields.member(root, "datasets", "/datasets"), "/datasets");
            for (int i = 0; i < datasets.size(); i++) {
                String ptr = "/datasets/" + i;
                JsonObject d = Fields.object(datasets.get(i), ptr);
                Fields.allowedKeys(d, ptr, List.of("name", "releases", "epsilon", "delta", "loss"));
                BudgetLedger.Spent s = new BudgetLedger.Spent(Fields.string(Fields.member(d, "name", ptr + "/name"), ptr + "/name"),
                        Fields.integer(Fields.member(d, "releases", ptr + "/releases"), ptr + "/releases", 0, Long.MAX_VALUE),
                        nonNegative(Fields.decimalString(Fields.member(d, "epsilon", ptr + "/epsilon"), ptr + "/epsilon"), ptr + "/epsilon"),
                        nonNegative(Fields.decimalString(Fields.member(d, "delta", ptr + "/delta"), ptr + "/delta"), ptr + "/delta"));
                PrivacyLossDistribution loss = null;
                if (d.has("loss")) {
                    loss = loss(Fields.object(d.get("loss").orElseThrow(), ptr + "/loss"), ptr + "/loss");
                } else if (accounting == BudgetLedger.Accounting.PRIVACY_LOSS_DISTRIBUTION && s.releases() > 0) {
                    throw new IllegalArgumentException(file + ": " + ptr + "/loss is missing (privacy-loss-distribution accounting)");
                }
                ledger.restore(s, loss);
            }
        } catch (FieldException | JsonSyntaxException e) {
            throw new IllegalArgumentException(file + ": not a budget ledger: " + e.getMessage(), e);
        }
    }

    private static BigDecimal nonNegative(BigDecimal x, String ptr) throws FieldException {
        if (x.signum() < 0) {
            throw new FieldException(ptr, "must be >= 0. Provided value: " + x.toPlainString());
        }
        return x;
    }

    private static PrivacyLossDistribution loss(JsonObject o, String ptr) throws FieldException {
        Fields.allowedKeys(o, ptr, List.of("step", "first_index", "infinity", "error", "masses"));
        JsonArray ms = Fields.array(Fields.member(o, "masses", ptr + "/masses"), ptr + "/masses");
        double[] masses = new double[ms.size()];
        for (int k = 0; k < masses.length; k++) {
            masses[k] = hex(ms.get(k), ptr + "/masses/" + k);
        }
        double step = hex(Fields.member(o, "step", ptr + "/step"), ptr + "/step");
        if (step != BudgetLedger.PLD_STEP) {
            throw new FieldException(ptr + "/step", "must be " + BudgetLedger.PLD_STEP + ". Provided value: " + step);
        }
        try {
            return PrivacyLossDistribution.onGrid(step, Fields.integer(Fields.member(o, "first_index", ptr + "/first_index"), ptr + "/first_index",
                    Integer.MIN_VALUE, Integer.MAX_VALUE), masses, hex(Fields.member(o, "infinity", ptr + "/infinity"), ptr + "/infinity"),
                    hex(Fields.member(o, "error", ptr + "/error"), ptr + "/error"), PrivacyLossDistribution.Bound.UPPER);
        } catch (IllegalArgumentException e) {
            throw new FieldException(ptr, e.getMessage());
        }
    }

    private static double hex(JsonValue v, String ptr) throws FieldException {
        String s = Fields.string(v, ptr);
        try {
            if (!s.matches("-?0x[0-9a-f.]+p-?[0-9]+")) {
                throw new NumberFormatException();
            }
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new FieldException(ptr, "must be a hexadecimal double such as 0x1.0p-3. Provided value: " + Fields.quote(s));
        }
    }
}
