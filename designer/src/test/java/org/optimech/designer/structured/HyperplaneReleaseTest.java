package org.optimech.designer.structured;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.Design;
import org.optimech.designer.Designers;
import org.optimech.runtime.Mechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.json.JsonObject;
import org.optimech.runtime.random.SeededRandomBits;
import org.optimech.runtime.spec.KNormSpec;
import org.optimech.runtime.spec.MechanismSpec;
import org.optimech.runtime.spec.SpecCodec;
import org.optimech.runtime.spec.SpecDigest;
import org.optimech.runtime.testing.TestMechanisms;

/**
 * Noise in the hyperplane Σx = 0 (the Borda permutohedron under substitution, the elliptic Gaussian with no variance along
 * 1) leaves the statistic's sum without noise; it is public (n·σ, σ one ballot's score sum). Regression (review, same class
 * as the subspace leak of issue 21): the release was t + z, so the caller's floating-point Σ t, residue included, was
 * published exactly. Now the output depends on t only through t_0..t_{d−2} and the caller's public ballot count n: a residue
 * in the last coordinate changes no bit of it, and its sum is n·σ.
 */
class HyperplaneReleaseTest {
    private static final Map<String, MechanismSpec> SPECS = new HashMap<>();

    private static synchronized MechanismSpec spec(String which) throws Exception {
        MechanismSpec s = SPECS.get(which);
        if (s == null) {
            String borda = "{\"ranking\": {\"candidates\": 6, \"scores\": \"borda\"}}";
            Design d = which.equals("knorm")
                    ? Designers.design(StructuredDesignerTest.problem(borda, "substitution", null, "trace"), Designers.Options.defaults().withBody("hull"))
                    : which.equals("centred")
                            ? Designers.design(StructuredDesignerTest.problem("{\"ranking\": {\"candidates\": 3, \"scores\": [-1, 0, 1]}}", "add-remove", null,
                                    "trace"), Designers.Options.defaults().withBody("hull"))
                            : Designers.design(StructuredGaussianTest.problem(borda, "substitution", "1e-6", "[\"elliptic-gaussian\"]", "trace"),
                                    Designers.Options.defaults());
            s = TestMechanisms.read(SpecCodec.write(d.spec()));
            SPECS.put(which, s);
        }
        return s;
    }

    @Test
    void theBordaPermutohedronReleasesInItsHyperplaneWithTheBallotSum() throws Exception {
        KNormSpec k = KNormSpec.of(spec("knorm")).orElseThrow();
        assertEquals(5, k.unitBody().spanDimension(), "the permutohedron without prism");
        assertEquals(15, k.hyperplaneRecordSum().orElseThrow()); // 0 + 1 + … + 5
        assertTrue(k.subspaceRecordOffset().isEmpty(), "no subspace block");
    }

    @Property(tries = 100)
    void aResidueInTheSumIsNeverPublished(@ForAll("kinds") String which, @ForAll @IntRange(min = 1, max = 100_000) int n,
            @ForAll @DoubleRange(min = -1e3, max = 1e3) double residue, @ForAll long seed) throws Exception {
        boolean centred = which.equals("centred");
        int d = centred ? 3 : 6;
        double sigma = centred ? 0 : 15;
        // a statistic of n ballots (any point of n·σ/d + the hyperplane serves: the release reads only its pivots and n)
        java.util.Random pick = new java.util.Random(seed);
        double[] t = new double[d];
        double rest = 0;
        for (int j = 0; j < d - 1; j++) {
            t[j] = Math.floor(pick.nextDouble() * n * (d - 1));
            rest += t[j];
        }
        t[d - 1] = n * sigma - rest;
        double[] written = t.clone();
        written[d - 1] += residue;
        Mechanism m = Mechanisms.of(spec(which), StructuredDesignerTest.IDEALIZED);
        double[] a;
        double[] b;
        if (centred) {
            a = m.sample(t, new SeededRandomBits(seed));
            b = m.sample(written, new SeededRandomBits(seed));
        } else {
            // substitution: the ballot count is public and the caller's; the release refuses without it
            assertThrows(IllegalStateException.class, () -> m.sample(t, new SeededRandomBits(seed)));
            a = sample(m, t, n, seed);
            b = sample(m, written, n, seed);
        }
        assertArrayEquals(a, b, "the caller's sum reached the output");
        double total = 0;
        double scale = 0;
        for (double x : a) {
            total += x;
            scale += Math.abs(x);
        }
        assertEquals(n * sigma, total, 1e-12 * (scale + n * sigma));
        assertTrue(a[0] != t[0], "the pivots carry noise");
    }

    private static double[] sample(Mechanism m, double[] t, long n, long seed) {
        return m.accept(new Mechanism.Otherwise<double[]>() {
            @Override
            protected double[] otherwise(Mechanism other) {
                throw new AssertionError("not a vector mechanism: " + other);
            }

            @Override
            public double[] visit(org.optimech.runtime.KNormMechanism k) {
                return k.sample(t, n, new SeededRandomBits(seed));
            }

            @Override
            public double[] visit(org.optimech.runtime.EllipticGaussianMechanism g) {
                return g.sample(t, n, new SeededRandomBits(seed));
            }
        });
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> kinds() {
        return net.jqwik.api.Arbitraries.of("knorm", "centred", "gaussian");
    }

    /** Without the recorded ranking, σ is unknown: no release is built (the spec still loads). */
    @Test
    void withoutTheRecordedRankingNoReleaseIsBuilt() throws Exception {
        for (String which : new String[] {"knorm", "gaussian"}) {
            JsonObject doc = SpecCodec.write(spec(which));
            JsonObject design = doc.get("design").orElseThrow().asObject();
            MechanismSpec bare = TestMechanisms.read(SpecDigest.seal(doc.with("design", design.without("problem"))));
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Mechanisms.of(bare, org.optimech.runtime.testing.TestMechanisms.everything(org.optimech.runtime.spec.NumericsPolicy.ALLOW_IDEALIZED)));
            assertTrue(e.getMessage().contains("hyperplane"), e.getMessage());
        }
    }
}
