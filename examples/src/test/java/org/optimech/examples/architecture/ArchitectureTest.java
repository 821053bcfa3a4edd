package org.optimech.examples.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * The boundaries the modules promise, checked on their compiled main classes (this module sees every other one): no
 * cycle between packages, the runtime depends on the JDK alone, the library depends on no command-line or plotting code,
 * and spec kinds are dispatched through {@link MechanismSpec.Visitor}, never with {@code instanceof} or a cast outside the
 * package that defines them; the runtime's internal sampler package is used by the runtime's mechanisms alone.
 */
class ArchitectureTest {
    /** Main classes only: test output directories and test jars are left out. */
    private static final ImportOption MAIN_ONLY = location -> !location.contains("/test-classes/") && !location.contains("-tests.jar");

    private static final JavaClasses CLASSES = new ClassFileImporter().withImportOption(MAIN_ONLY).importPackages("org.optimech");

    @Test
    void theImportSeesEveryModule() {
        // a rule over an empty or partial import passes vacuously: make sure every module's classes are here
        for (String pkg : new String[] {"org.optimech.runtime.spec", "org.optimech.geometry.hull", "org.optimech.designer", "org.optimech.cli",
            "org.optimech.spark", "org.optimech.examples"}) {
            assertTrue(CLASSES.containPackage(pkg), "no classes imported from " + pkg);
        }
    }

    @Test
    void noCycleBetweenPackages() {
        slices().matching("org.optimech.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void theRuntimeDependsOnTheJdkAlone() {
        classes().that().resideInAPackage("org.optimech.runtime..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("org.optimech.runtime..", "java..").check(CLASSES);
    }

    @Test
    void geometryDependsOnTheRuntimeAndCommonsMathAlone() {
        // exact arithmetic is the runtime's (Rational, IntegerMatrices): of Commons Math, geometry keeps the special functions
        classes().that().resideInAPackage("org.optimech.geometry..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("org.optimech.geometry..", "org.optimech.runtime..", "org.apache.commons.math3.special..", "java..").check(CLASSES);
    }

    @Test
    void theLibraryHasNoCommandLineOrPlottingCode() {
        noClasses().that().resideInAnyPackage("org.optimech.runtime..", "org.optimech.geometry..", "org.optimech.designer..", "org.optimech.spark..")
                .should().dependOnClassesThat().resideInAnyPackage("org.optimech.cli..", "org.optimech.examples..", "picocli..", "org.knowm.xchart..",
                        "java.awt..", "javax.swing..", "de.erichseifert..")
                .check(CLASSES);
    }

    @Test
    void theDesignerDoesNotDependOnSpark() {
        noClasses().that().resideInAnyPackage("org.optimech.runtime..", "org.optimech.geometry..", "org.optimech.designer..", "org.optimech.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.optimech.spark..").check(CLASSES);
    }

    @Test
    void sealedFamiliesAreDispatchedByTheirVisitors() {
        ArchRule rule = classes().should(notTestInstanceofOnFamilyMembers());
        rule.check(CLASSES);
    }

    /** Every module's main sources, from the examples module's directory (where Maven runs its tests). */
    private static final List<Path> MAIN_SOURCES = Stream.of("runtime", "geometry", "designer", "cli", "spark", "examples", "benchmarks")
            .map(m -> Path.of("..", m, "src", "main", "java")).toList();

    @Test
    void specKindsAreNotDispatchedByCastsOutsideTheSpecPackage() {
        List<Path> files = SpecCasts.sources(MAIN_SOURCES);
        // a rule over no files passes vacuously: make sure every module's sources are here
        for (Path root : MAIN_SOURCES) {
            assertTrue(files.stream().anyMatch(f -> f.startsWith(root)), "no sources under " + root.toAbsolutePath().normalize());
        }
        assertEquals(List.of(), SpecCasts.find(files, SealedFamilies.members()), "dispatch with the family's visitor (accept) instead of casting");
    }

    /** The cast rule can fail: on a deliberately bad class it reports each cast to a spec type, and nothing else. */
    @Test
    void theCastRuleCatchesADeliberatelyBadClass() throws Exception {
        Path bad = fixture("BadSpecCasts");
        List<String> found = SpecCasts.find(List.of(bad), SealedFamilies.members());
        assertEquals(9, found.size(), found.toString());
        assertTrue(found.get(0).endsWith("BadSpecCasts.java:14: (KNormSpec) spec"), found.toString());
        assertTrue(found.get(1).endsWith("BadSpecCasts.java:18: (org.optimech.runtime.spec.GaussianProcessSpec) spec"), found.toString());
        assertTrue(found.get(2).endsWith("BadSpecCasts.java:30: (DiscreteMechanism) m"), found.toString());
        assertTrue(found.get(3).endsWith("BadSpecCasts.java:34: (KNormProblem) p"), found.toString());
        assertTrue(found.get(4).endsWith("BadSpecCasts.java:38: (Design.Lp) d"), found.toString());
        assertTrue(found.get(5).endsWith("BadSpecCasts.java:46: (org.optimech.runtime.accuracy.VectorAccuracy) a"), found.toString());
        assertTrue(found.get(6).endsWith("BadSpecCasts.java:50: (org.optimech.runtime.json.JsonString) v"), found.toString());
        assertTrue(found.get(7).endsWith("BadSpecCasts.java:54: (org.optimech.runtime.spec.StructuredBody.SumBall) b"), found.toString());
        assertTrue(found.get(8).endsWith("BadSpecCasts.java:58: (org.optimech.runtime.statistic.StructuredStatistic) s"), found.toString());
    }

    /** A package-scoped family's own package may cast to its kinds (the accuracy package builds and reads them). */
    @Test
    void thePackageOfAPackageScopedFamilyMayCastToItsKinds() throws Exception {
        assertEquals(List.of(), SpecCasts.find(List.of(fixture("AccuracyOwnCasts")), SealedFamilies.members()));
    }

    /** A source fixture ({@code /architecture/NAME.java.txt}, never compiled) as {@code NAME.java} in a fresh directory. */
    private static Path fixture(String name) throws java.io.IOException {
        Path file = Files.createTempDirectory("spec-casts").resolve(name + ".java");
        try (var in = ArchitectureTest.class.getResourceAsStream("/architecture/" + name + ".java.txt")) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    /**
     * The instanceof rule can fail: on a deliberately bad class (a compiled test fixture) it reports one {@code instanceof}
     * per family (spec, mechanism, problem, design, accuracy, JSON value, body, statistic), and neither the own-type test in {@code equals} nor a test against a
     * family's root.
     */
    @Test
    void theInstanceofRuleCatchesADeliberatelyBadClass() {
        JavaClasses bad = new ClassFileImporter().importClasses(BadDispatch.class);
        com.tngtech.archunit.lang.EvaluationResult result = classes().should(notTestInstanceofOnFamilyMembers()).evaluate(bad);
        List<String> found = result.getFailureReport().getDetails();
        assertEquals(8, found.size(), found.toString());
        for (String type : new String[] {"org.optimech.runtime.spec.KNormSpec", "org.optimech.runtime.DiscreteMechanism",
            "org.optimech.designer.problem.KNormProblem", "org.optimech.designer.Design$Lp", "org.optimech.runtime.accuracy.VectorAccuracy",
            "org.optimech.runtime.json.JsonObject", "org.optimech.runtime.spec.StructuredBody", "org.optimech.runtime.statistic.Counts"}) {
            assertTrue(found.stream().anyMatch(f -> f.contains("tests instanceof " + type + " ")), type + " not reported: " + found);
        }
    }

    /** No exported type exposes a type of a package its module does not export to everyone, nor a type that is not public. */
    @Test
    void exportedTypesExposeOnlyExportedTypes() throws Exception {
        Set<String> api = ApiLeaks.apiPackages();
        // a rule over no API passes vacuously: make sure every library module's exports are here
        for (String pkg : new String[] {"org.optimech.runtime.spec", "org.optimech.geometry.hull", "org.optimech.designer"}) {
            assertTrue(api.contains(pkg), pkg + " not among the exported packages " + api);
        }
        assertEquals(List.of(), ApiLeaks.find(CLASSES, api), "an exported signature names a type its user cannot see");
    }

    /** The leak rule can fail: on a deliberately leaky class it reports each leaking member, and nothing else. */
    @Test
    void theLeakRuleCatchesADeliberatelyLeakyClass() throws Exception {
        JavaClasses bad = new ClassFileImporter().importClasses(BadApi.class, Class.forName(BadApi.class.getName() + "$Hidden"));
        Set<String> api = new java.util.TreeSet<>(ApiLeaks.apiPackages());
        api.add(BadApi.class.getPackageName());
        List<String> found = ApiLeaks.find(bad, api);
        String type = BadApi.class.getName();
        assertEquals(List.of(type + ".gauge(…) exposes org.optimech.runtime.certificate.Gauge from the package org.optimech.runtime.certificate, which is "
                + "not exported to every module", type + ".hidden(…) exposes " + type + "$Hidden, which is not public",
                type + ".samplers exposes org.optimech.runtime.sampling.Samplers from the package org.optimech.runtime.sampling, which is not exported "
                        + "to every module", type + ".take(…) exposes org.optimech.runtime.certificate.Gauge from the package org.optimech.runtime.certificate, "
                        + "which is not exported to every module"), found);
    }

    @Test
    void onlyTheRuntimesMechanismsBuildSamplers() {
        noClasses().that().resideOutsideOfPackages("org.optimech.runtime", "org.optimech.runtime.accuracy", "org.optimech.runtime.sampling")
                .should().dependOnClassesThat().resideInAPackage("org.optimech.runtime.sampling").check(CLASSES);
    }

    /**
     * Fails a class with an {@code instanceof} whose type is a member below the root of one of the {@link SealedFamilies}
     * (testing against the root itself is an up-cast check and allowed).
     */
    static ArchCondition<JavaClass> notTestInstanceofOnFamilyMembers() {
        return new ArchCondition<>("not test instanceof on a member of a sealed family (dispatch with the family's visitor instead)") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                for (JavaCodeUnit u : c.getCodeUnits()) {
                    for (InstanceofCheck check : u.getInstanceofChecks()) {
                        JavaClass type = check.getRawType();
                        // a class may test its own type (equals); everything else dispatches with the family's visitor
                        if (SealedFamilies.members().contains(type.getName()) && !type.equals(c)
                                && !SealedFamilies.allowedIn(type.getName(), c.getPackageName())) {
                            events.add(SimpleConditionEvent.violated(c, c.getName() + "." + u.getName() + " tests instanceof " + type.getName()
                                    + " (" + check.getSourceCodeLocation() + ")"));
                        }
                    }
                }
            }
        };
    }
}
