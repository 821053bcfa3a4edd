package org.optimech.examples.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaTypeVariable;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds exported types that expose a type a module's user cannot see: a public (or protected) member, supertype or type
 * parameter of an accessible type in an API package whose signature names one of our types that is in a package exported
 * only to named modules or not at all, or that is not public. It is what javac's {@code -Xlint:exports} warns about, over
 * the compiled classes, so it holds for every module at once and can be run on a fixture.
 */
final class ApiLeaks {
    private ApiLeaks() {
    }

    /**
     * The packages the library modules export to everyone, read from their module descriptors (class directories under a
     * narrow test run, jars under verify).
     */
    static Set<String> apiPackages() throws URISyntaxException {
        Set<String> api = new TreeSet<>();
        for (Class<?> c : new Class<?>[] {org.optimech.runtime.Mechanisms.class, org.optimech.geometry.hull.QuickHull.class,
            org.optimech.designer.Designers.class}) {
            Path location = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            ModuleReference module = ModuleFinder.of(location).findAll().stream().findFirst()
                    .orElseThrow(() -> new AssertionError("not a module: " + location));
            for (ModuleDescriptor.Exports e : module.descriptor().exports()) {
                if (!e.isQualified()) {
                    api.add(e.source());
                }
            }
        }
        return api;
    }

    /** One line per leak, sorted: where, and the type it exposes. */
    static List<String> find(JavaClasses classes, Set<String> api) {
        Set<String> found = new TreeSet<>();
        for (JavaClass c : classes) {
            if (!api.contains(c.getPackageName()) || !accessible(c)) {
                continue;
            }
            String where = c.getName();
            c.getRawSuperclass().ifPresent(s -> check(where + " extends", c.getSuperclass().orElseThrow(), api, found));
            for (JavaType i : c.getInterfaces()) {
                check(where + " implements", i, api, found);
            }
            for (JavaTypeVariable<?> v : c.getTypeParameters()) {
                check(where + " <" + v.getName() + ">", v, api, found);
            }
            for (JavaField f : c.getFields()) {
                if (visible(c, f)) {
                    check(where + "." + f.getName(), f.getType(), api, found);
                }
            }
            for (JavaCodeUnit u : c.getCodeUnits()) {
                if (!visible(c, u) || u.getModifiers().contains(JavaModifier.SYNTHETIC) || u.getModifiers().contains(JavaModifier.BRIDGE)) {
                    continue;
                }
                String member = where + "." + u.getName() + "(…)";
                check(member, u.getReturnType(), api, found);
                for (JavaType p : u.getParameterTypes()) {
                    check(member, p, api, found);
                }
                for (JavaTypeVariable<?> v : u.getTypeParameters()) {
                    check(member + " <" + v.getName() + ">", v, api, found);
                }
                u.getThrowsClause().getTypes().forEach(t -> check(member + " throws", t, api, found));
            }
        }
        return new ArrayList<>(found);
    }

    private static void check(String where, JavaType type, Set<String> api, Collection<String> found) {
        for (JavaClass raw : type.getAllInvolvedRawTypes()) {
            JavaClass t = raw.getBaseComponentType();
            if (!t.getPackageName().startsWith("org.optimech.")) {
                continue;
            }
            if (!api.contains(t.getPackageName())) {
                found.add(where + " exposes " + t.getName() + " from the package " + t.getPackageName() + ", which is not exported to every module");
            } else if (t.isFullyImported() && !accessible(t)) {
                found.add(where + " exposes " + t.getName() + ", which is not public");
            }
        }
    }

    /** Public, as are all its enclosing types (not local or anonymous). */
    private static boolean accessible(JavaClass c) {
        if (c.isAnonymousClass() || c.isLocalClass() || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
            return false;
        }
        return c.getEnclosingClass().map(ApiLeaks::accessible).orElse(true);
    }

    /** Public, or protected in a class a user can extend. */
    private static boolean visible(JavaClass owner, JavaMember m) {
        return m.getModifiers().contains(JavaModifier.PUBLIC)
                || m.getModifiers().contains(JavaModifier.PROTECTED) && !owner.getModifiers().contains(JavaModifier.FINAL);
    }
}
