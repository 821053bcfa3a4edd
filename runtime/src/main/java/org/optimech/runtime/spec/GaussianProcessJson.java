package org.optimech.runtime.spec;

import java.util.Set;
import org.optimech.runtime.json.FieldException;
import org.optimech.runtime.json.Fields;
import org.optimech.runtime.json.JsonArray;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.json.JsonPointer;

/** The JSON form of a Gaussian-process {@code mechanism} block, both ways (shapes and types; the checks are {@link GaussianProcessChecks}'s). */
final class GaussianProcessJson {
    private static final Set<String> MECHANISM = Set.of("kind", "grid", "kernel", "sensitivity", "noise_scale", "calibration", "jitter");
    private static final String P = "/mechanism";

    private GaussianProcessJson() {
    }

    static GaussianProcessBlock read(JsonObject mech) throws FieldException {
        Fields.allowedKeys(mech, P, MECHANISM);
        Fields.oneOf(Fields.member(mech, "kind", P), P + "/kind", GaussianProcessBlock.KIND);
        JsonArray ga = Fields.array(Fields.member(mech, "grid", P), P + "/grid");
        if (ga.size() < 1 || ga.size() > GaussianProcessChecks.MAX_GRID) {
            throw new FieldException(P + "/grid", "must have between 1 and " + GaussianProcessChecks.MAX_GRID + " points. Provided: " + ga.size());
        }
        double[] grid = new double[ga.size()];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = Fields.finiteDouble(ga.get(i), JsonPointer.child(P + "/grid", i));
        }
        JsonObject k = Fields.object(Fields.member(mech, "kernel", P), P + "/kernel");
        Fields.allowedKeys(k, P + "/kernel", Set.of("type", "bandwidth"));
        return new GaussianProcessBlock(grid, Fields.enumValue(Fields.member(k, "type", P + "/kernel"), P + "/kernel/type", GaussianProcessBlock.Kernel.class),
                Fields.finiteDouble(Fields.member(k, "bandwidth", P + "/kernel"), P + "/kernel/bandwidth"),
                Fields.decimalString(Fields.member(mech, "sensitivity", P), P + "/sensitivity"),
                Fields.decimalString(Fields.member(mech, "noise_scale", P), P + "/noise_scale"),
                Fields.enumValue(Fields.member(mech, "calibration", P), P + "/calibration", GaussianProcessBlock.Calibration.class),
                Fields.decimalString(Fields.member(mech, "jitter", P), P + "/jitter"));
    }

    static JsonObject write(GaussianProcessBlock b) {
        return JsonObject.builder().put("kind", GaussianProcessBlock.KIND).put("grid", JsonArray.ofDoubles(b.grid()))
                .put("kernel", JsonObject.builder().put("type", b.kernel().json()).put("bandwidth", b.bandwidth()).build())
                .put("sensitivity", b.sensitivity().toString()).put("noise_scale", b.noiseScale().toString()).put("calibration", b.calibration().json())
                .put("jitter", b.jitter().toString()).build();
    }
}
