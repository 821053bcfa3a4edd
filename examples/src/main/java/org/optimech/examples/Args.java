package org.optimech.examples;

import java.math.BigDecimal;
import java.util.List;
import org.optimech.designer.sweep.EpsilonGrid;

/** Argument helpers for the example programs: one-line errors and exit code 2. */
public final class Args {
    private Args() {
    }

    public static String value(String[] args, int i, String name) {
        if (i >= args.length) {
            fail(name + " needs a value");
        }
        return args[i];
    }

    public static int positiveInt(String s, String name) {
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
    public static List<BigDecimal> decimals(String s, String name) {
        try {
            return EpsilonGrid.parse(s).values();
        } catch (IllegalArgumentException e) {
            fail(name + ": " + e.getMessage());
            return List.of();
        }
    }

    /** A number in (0, 1). */
    public static double fraction(String s, String name) {
        try {
            double v = Double.parseDouble(s);
            if (v > 0 && v < 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        fail(name + " must be a number in (0, 1). Provided value: " + s);
        return 0;
    }

    public static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }
}
