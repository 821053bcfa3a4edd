package org.optimech.designer.structural;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.optimech.designer.problem.Loss;
import org.optimech.runtime.discrete.IntegerRange;

/**
 * The O(n·reach) verification of the geometric dual against the O(n²·depth) verification over
 * every extreme ray, on random small problems: both bound the same dual solution, so they must
 * agree up to rounding, and neither may exceed the Bayes risk of the design it certifies.
 */
class WindowedDualTest {

    @Property(tries = 150)
    void windowedAgreesWithTheFullVerification(@ForAll @IntRange(min = 1, max = 45) int n, @ForAll @DoubleRange(min = 0.05, max = 3) double eps,
            @ForAll @IntRange(min = 1, max = 2) int power, @ForAll @IntRange(min = -3, max = 3) int shift, @ForAll @IntRange(min = -3, max = 3) int extra,
            @ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int outputs = Math.max(1, n + 1 + extra);
        double[] prior = new double[n + 1];
        double[] scale = new double[n + 1];
        double total = 0;
        for (int i = 0; i <= n; i++) {
            prior[i] = 0.05 + rnd.nextDouble();
            total += prior[i];
            scale[i] = 0.5 + 1.5 * rnd.nextDouble();
        }
        for (int i = 0; i <= n; i++) {
            prior[i] /= total;
        }
        Loss loss = Loss.ofDistance(power == 1 ? "absolute" : "squared",
                new Loss.DistanceForm(new IntegerRange(0, n), new IntegerRange(shift, shift + outputs - 1L), power, scale));
        Geometric g = Geometric.of(n, eps);
        BayesRemap.Result bayes = BayesRemap.solve(prior, loss, g);
        org.optimech.runtime.certificate.GeometricDual.Bound full = GeometricDual.full(prior, loss, g, bayes.value());
        org.optimech.runtime.certificate.GeometricDual.Bound windowed = GeometricDual.windowed(prior, loss.distanceForm().orElseThrow(), loss, g, bayes.value());
        assertTrue(full.computed(), full.reason());
        assertTrue(windowed.computed(), windowed.reason());
        double risk = Math.abs(full.lowerBound()) + 1e-300;
        assertEquals(full.lowerBound(), windowed.lowerBound(), 1e-9 * risk + 1e-15, "full " + full + " windowed " + windowed);
        // a lower bound never exceeds the risk the design achieves (same ε, evaluated independently)
        double achieved = StructuralRisk.of(g, org.optimech.runtime.discrete.Remap.deterministic(outputs, bayes.target()), loss).bayesUpper(prior);
        assertTrue(windowed.lowerBound() <= achieved * (1 + 1e-12), windowed.lowerBound() + " > achieved " + achieved);
        // and it certifies: the design is optimal, so the bound closes the gap
        assertTrue(achieved - windowed.lowerBound() <= 1e-9 * Math.max(achieved, 1e-12), "gap " + (achieved - windowed.lowerBound()) + " of " + achieved);
    }

    /** A dual raised by 1% is infeasible: the windowed check must see it, as the full one does. */
    @Property(tries = 40)
    void raisedDualIsCaught(@ForAll @IntRange(min = 3, max = 45) int n, @ForAll @DoubleRange(min = 0.1, max = 2) double eps, @ForAll @IntRange(min = 1, max = 2) int power) {
        double[] prior = new double[n + 1];
        double[] scale = new double[n + 1];
        java.util.Arrays.fill(prior, 1.0 / (n + 1));
        java.util.Arrays.fill(scale, 1.0);
        Loss loss = Loss.ofDistance("absolute", new Loss.DistanceForm(new IntegerRange(0, n), new IntegerRange(0, n), power, scale));
        Geometric g = Geometric.of(n, eps);
        double[] b = BayesRemap.solve(prior, loss, g).value();
        double[] raised = b.clone();
        for (int z = 0; z <= n; z++) {
            raised[z] *= 1.01;
        }
        org.optimech.runtime.certificate.GeometricDual.Bound ok = GeometricDual.windowed(prior, loss.distanceForm().orElseThrow(), loss, g, b);
        org.optimech.runtime.certificate.GeometricDual.Bound bad = GeometricDual.windowed(prior, loss.distanceForm().orElseThrow(), loss, g, raised);
        org.optimech.runtime.certificate.GeometricDual.Bound badFull = GeometricDual.full(prior, loss, g, raised);
        assertTrue(bad.deficit() > 1e-6, "a 1% raised dual went undetected: deficit " + bad.deficit());
        assertTrue(bad.lowerBound() < ok.lowerBound(), bad.lowerBound() + " vs " + ok.lowerBound());
        // both pay a deficit; each normalises the worst vector differently, so they only agree on its order of magnitude
        assertTrue(bad.deficit() > badFull.deficit() / 4 && bad.deficit() < badFull.deficit() * 4, "full " + badFull + " windowed " + bad);
    }

    @Test
    void reachIsTheFirstDistanceWhoseLossCoversTheDual() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int k = 0; k < 10_000; k++) {
            double p = Math.scalb(rnd.nextDouble() + 0.01, -rnd.nextInt(30));
            double c = 0.1 + 10 * rnd.nextDouble();
            int power = 1 + rnd.nextInt(2);
            double u = p * c * Math.pow(100 * rnd.nextDouble(), power);
            long d = GeometricDual.reach(p, c, power, u);
            assertTrue(p * c * Math.pow(d, power) >= u, "p " + p + " c " + c + " u " + u + " d " + d);
            assertTrue(d <= 1 || p * c * Math.pow(d - 1, power) < u * (1 + 1e-12), "not the first: p " + p + " c " + c + " u " + u + " d " + d);
        }
        assertEquals(0, GeometricDual.reach(0.5, 1, 1, 0));
        assertEquals(0, GeometricDual.reach(0.5, 1, 1, -1));
        assertEquals(-1, GeometricDual.reach(0, 1, 1, 1e-9));
    }

    /**
     * Issue 23: beyond the size the full verification accepts, the design is still certified (it said "theorem-only"
     * before), for each named distance-form loss.
     */
    @Test
    void largeDesignsAreCertified() throws Exception {
        int n = 20_000;
        for (String named : new String[] {"absolute", "squared"}) {
            org.optimech.designer.problem.DiscreteProblem p = org.optimech.designer.problem.DiscreteProblem.builder().epsilon("0.5").range(0, n).loss(named).build();
            assertTrue(!GeometricDual.fits(n, n + 1, 0.5), "the full verification would have been used");
            StructuralDesign d = StructuralDesignerTest.structural(p);
            assertEquals("geometric-dual", d.certificate().kind(), named);
            assertTrue(d.certificate().certified(), named + ": " + d.certificate().reason());
            assertTrue(d.certificate().relativeGap() < 1e-8, named + " gap " + d.certificate().relativeGap());
        }
    }
}
