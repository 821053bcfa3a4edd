package org.optimech.examples.thesis;

import java.math.BigDecimal;
import java.util.List;
import org.optimech.designer.sweep.EpsilonGrid;

/** Argument helpers for the example programs: one-line errors and exit code 2. */
final class Args {
    private Args() {
    }

    static String value(String[] args, int i, String name) {
        if (i >= args.length) {
            fail(name + " needs a value");
        }
        return args[i];
    }

    static int positiveInt(String s, String name) {
        try {
            int v = Integer.parseInt(s);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        fail(name + " must be an integer >= 1. Provided value: " + s);
        return 0;
    }

    /** A grid FROM:TO:STEP or a comma list, as for {@code optimech sweep}. */
    static List<BigDecimal> decimals(String s, String name) {
        try {
            return EpsilonGrid.parse(s).values();
        } catch (IllegalArgumentException e) {
            fail(name + ": " + e.getMessage());
            return List.of();
        }
    }

    static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }
}
