package org.optimech.designer.problem;

import java.util.Arrays;
import org.optimech.runtime.discrete.DiscreteDomain;
import org.optimech.runtime.discrete.IntegerRange;

/** The named losses and priors of the problem format. */
public final class Losses {
    /** Loss names the format accepts. */
    public static final String[] NAMES = {"absolute", "squared", "relative", "zero-one"};

    private Losses() {
    }

    /**
     * A named loss. {@code absolute} is |θ − ω|, {@code squared} (θ − ω)² and {@code relative}
     * |θ − ω| / max(|θ|, 1) on the range values (both domains must be ranges; these are kept in
     * {@link Loss.DistanceForm distance form}); {@code zero-one} is 0 where the output equals the
     * input (same value, written the same way) and 1 elsewhere.
     *
     * @throws IllegalArgumentException for an unknown name or a numeric loss on labels
     */
    public static Loss named(String name, DiscreteDomain inputs, DiscreteDomain outputs) {
        switch (name) {
            case "absolute", "squared", "relative" -> {
                if (!(inputs instanceof IntegerRange in) || !(outputs instanceof IntegerRange out)) {
                    throw new IllegalArgumentException("loss \"" + name + "\" needs integer ranges for inputs and outputs; use \"zero-one\" or a matrix for labels");
                }
                double[] scale = new double[in.size()];
                for (int i = 0; i < scale.length; i++) {
                    scale[i] = name.equals("relative") ? 1.0 / Math.max(Math.abs((double) in.longValueAt(i)), 1.0) : 1.0;
                }
                return Loss.ofDistance(name, new Loss.DistanceForm(in, out, name.equals("squared") ? 2 : 1, scale));
            }
            case "zero-one" -> {
                double[][] m = new double[inputs.size()][outputs.size()];
                for (int i = 0; i < m.length; i++) {
                    String v = inputs.valueAt(i);
                    for (int j = 0; j < m[i].length; j++) {
                        m[i][j] = v.equals(outputs.valueAt(j)) ? 0.0 : 1.0;
                    }
                }
                return Loss.ofMatrix(name, m);
            }
            default -> throw new IllegalArgumentException("unknown loss \"" + name + "\"; known: " + String.join(", ", NAMES) + " or {\"matrix\": [[...], ...]}");
        }
    }

    /** The uniform prior on {@code n} inputs. */
    public static double[] uniform(int n) {
        double[] p = new double[n];
        Arrays.fill(p, 1.0 / n);
        return p;
    }
}
