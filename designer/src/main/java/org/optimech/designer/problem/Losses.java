package org.optimech.designer.problem;

import java.util.Arrays;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.IntegerRange;

/** The named losses and priors of the problem format. */
public final class Losses {
    /** Loss names the format accepts. */
    public static final String[] NAMES = {"absolute", "squared", "zero-one"};

    private Losses() {
    }

    /**
     * The matrix of a named loss. {@code absolute} is |θ − ω| and {@code squared} (θ − ω)² on the range
     * values (both domains must be ranges); {@code zero-one} is 0 where the output equals the input
     * (same value, written the same way) and 1 elsewhere.
     *
     * @throws IllegalArgumentException for an unknown name or a numeric loss on labels
     */
    public static Loss named(String name, DiscreteDomain inputs, DiscreteDomain outputs) {
        double[][] m = new double[inputs.size()][outputs.size()];
        switch (name) {
            case "absolute", "squared" -> {
                if (!(inputs instanceof IntegerRange in) || !(outputs instanceof IntegerRange out)) {
                    throw new IllegalArgumentException("loss \"" + name + "\" needs integer ranges for inputs and outputs; use \"zero-one\" or a matrix for labels");
                }
                for (int i = 0; i < m.length; i++) {
                    for (int j = 0; j < m[i].length; j++) {
                        double d = Math.abs((double) (in.longValueAt(i) - out.longValueAt(j)));
                        m[i][j] = name.equals("absolute") ? d : d * d;
                    }
                }
            }
            case "zero-one" -> {
                for (int i = 0; i < m.length; i++) {
                    String v = inputs.valueAt(i);
                    for (int j = 0; j < m[i].length; j++) {
                        m[i][j] = v.equals(outputs.valueAt(j)) ? 0.0 : 1.0;
                    }
                }
            }
            default -> throw new IllegalArgumentException("unknown loss \"" + name + "\"; known: " + String.join(", ", NAMES) + " or {\"matrix\": [[...], ...]}");
        }
        return new Loss(name, m);
    }

    /** The uniform prior on {@code n} inputs. */
    public static double[] uniform(int n) {
        double[] p = new double[n];
        Arrays.fill(p, 1.0 / n);
        return p;
    }
}
