package org.optimech.examples.architecture;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreeScanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.optimech.runtime.spec.MechanismSpec;

/**
 * Finds casts to spec types in Java sources. ArchUnit (1.5) sees {@code instanceof} checks in bytecode but not casts, and the
 * bytecode's {@code checkcast} cannot tell a cast in the source from one the compiler inserts for generics (a visitor
 * returning a {@code KNormSpec} compiles to one). So the sources are parsed with the JDK's own compiler (parse only, no
 * attribution) and every cast expression is resolved by name: a cast's type names a spec type when it is the type's qualified
 * name, or its simple name in a file that imports it (or {@code org.optimech.runtime.spec.*}). A spec type is any type of the
 * sealed {@link MechanismSpec} family below its root; casting to the root itself is an up-cast and allowed.
 */
final class SpecCasts {
    private static final String SPEC_PACKAGE = MechanismSpec.class.getPackageName();

    private SpecCasts() {
    }

    /** The qualified names of the spec types a cast may not name (the sealed family below {@link MechanismSpec}). */
    static Set<String> specTypes() {
        Set<String> names = new LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(MechanismSpec.class.getPermittedSubclasses()));
        while (!todo.isEmpty()) {
            Class<?> c = todo.remove(todo.size() - 1);
            if (names.add(c.getName()) && c.isSealed()) {
                todo.addAll(List.of(c.getPermittedSubclasses()));
            }
        }
        return names;
    }

    /** Every {@code .java} file under the given source roots (roots that do not exist are skipped). */
    static List<Path> sources(List<Path> roots) {
        List<Path> files = new ArrayList<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /**
     * The casts to spec types in these files, outside the spec package itself, as {@code file:line: (Type) expression}.
     *
     * @throws IllegalStateException when a file does not parse (a rule over unparsed files would pass vacuously)
     */
    static List<String> find(List<Path> files, Set<String> specTypes) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> found = new ArrayList<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
            Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
            List<String> errors = new ArrayList<>();
            JavacTask task = (JavacTask) javac.getTask(null, fm, d -> {
                if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
                    errors.add(d.toString());
                }
            }, List.of("-proc:none"), null, units);
            Iterable<? extends CompilationUnitTree> trees = task.parse();
            if (!errors.isEmpty()) {
                throw new IllegalStateException("sources do not parse: " + errors);
            }
            com.sun.source.util.SourcePositions positions = com.sun.source.util.Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : trees) {
                String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
                if (pkg.equals(SPEC_PACKAGE)) {
                    continue; // the codec and the spec types themselves
                }
                Set<String> visible = new LinkedHashSet<>();
                for (ImportTree i : unit.getImports()) {
                    String name = i.getQualifiedIdentifier().toString();
                    if (i.isStatic()) {
                        continue;
                    }
                    for (String t : specTypes) {
                        if (name.equals(t) || name.equals(SPEC_PACKAGE + ".*") && t.startsWith(SPEC_PACKAGE + ".") && t.indexOf('.', SPEC_PACKAGE.length() + 1) < 0) {
                            visible.add(t.substring(t.lastIndexOf('.') + 1));
                        }
                    }
                }
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitTypeCast(TypeCastTree cast, Void v) {
                        String type = cast.getType().toString().replaceAll("<.*>", "").trim();
                        if (specTypes.contains(type) || visible.contains(type)) {
                            long line = unit.getLineMap().getLineNumber(positions.getStartPosition(unit, cast));
                            found.add(unit.getSourceFile().getName() + ":" + line + ": (" + type + ") " + cast.getExpression());
                        }
                        return super.visitTypeCast(cast, v);
                    }
                }.scan(unit, null);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }
}
