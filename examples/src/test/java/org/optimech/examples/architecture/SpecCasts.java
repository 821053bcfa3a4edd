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

/**
 * Finds casts to members of the sealed families ({@link SealedFamilies}: specs, mechanisms, problems, designs) in Java
 * sources. ArchUnit (1.5) sees {@code instanceof} checks in bytecode but not casts, and the bytecode's {@code checkcast}
 * cannot tell a cast in the source from one the compiler inserts for generics (a visitor returning a {@code KNormSpec}
 * compiles to one). So the sources are parsed with the JDK's own compiler (parse only, no attribution) and every cast
 * expression is resolved by name: its qualified name, its name in the same package, or a name an import makes visible
 * (the type, its enclosing type, or the package). Casting to a family's root is an up-cast and allowed.
 */
final class SpecCasts {
    private SpecCasts() {
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
     * The casts to members of the sealed families ({@code members}: binary names) in these files, as
     * {@code file:line: (Type) expression}. A file may cast to a type it declares itself (its own {@code equals}); the
     * family's own package is exempt only for {@link SealedFamilies#PACKAGE_SCOPED_ROOTS}.
     *
     * @throws IllegalStateException when a file does not parse (a rule over unparsed files would pass vacuously)
     */
    static List<String> find(List<Path> files, Set<String> members) {
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
                Set<String> own = new LinkedHashSet<>();
                for (com.sun.source.tree.Tree t : unit.getTypeDecls()) {
                    if (t instanceof com.sun.source.tree.ClassTree ct) {
                        own.add(pkg + "." + ct.getSimpleName());
                    }
                }
                // every name under which a member (canonical name, nested types with dots) can be written in this file
                Set<String> visible = new LinkedHashSet<>();
                Set<String> imported = new LinkedHashSet<>();
                for (ImportTree i : unit.getImports()) {
                    if (!i.isStatic()) {
                        imported.add(i.getQualifiedIdentifier().toString());
                    }
                }
                for (String binary : members) {
                    String canonical = binary.replace('$', '.');
                    String memberPackage = binary.substring(0, binary.lastIndexOf('.'));
                    String topLevel = binary.contains("$") ? binary.substring(0, binary.indexOf('$')) : binary;
                    if (own.contains(topLevel) || SealedFamilies.allowedIn(binary, pkg)) {
                        continue; // a type's own file (equals), or a package-scoped family's own package
                    }
                    visible.add(canonical);
                    String local = canonical.substring(memberPackage.length() + 1); // Design.Lp, KNormSpec
                    if (memberPackage.equals(pkg) || imported.contains(memberPackage + ".*") || imported.contains(topLevel)) {
                        visible.add(local);
                    }
                    if (imported.contains(canonical)) {
                        visible.add(canonical.substring(canonical.lastIndexOf('.') + 1)); // an imported nested type: Lp
                    }
                }
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitTypeCast(TypeCastTree cast, Void v) {
                        String type = cast.getType().toString().replaceAll("<.*>", "").trim();
                        if (visible.contains(type)) {
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
