package org.optimech.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Issue 24 (7): bom/pom.xml has no parent (a consumer importing it must get versions only), so its version is a literal
 * that nothing in the build ties to the parent's. This test does: the BOM's version and groupId are the parent's, and it
 * manages exactly the parent's published modules (every module but the BOM itself and the ones that are not libraries),
 * each at {@code ${project.version}}.
 */
class BomTest {
    /** Modules of the parent that are not published libraries: the BOM itself, the examples and the benchmarks. */
    private static final Set<String> NOT_PUBLISHED = Set.of("bom", "examples", "examples/runtime-only", "benchmarks");

    @Test
    void theBomHasTheParentsVersionAndManagesEveryPublishedModule() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Element parent = read(root.resolve("pom.xml"));
        Element bom = read(root.resolve("bom/pom.xml"));
        assertEquals(List.of(), children(bom, "parent"), "the BOM must have no parent (an import would merge the build's dependencyManagement)");
        assertEquals(text(parent, "groupId"), text(bom, "groupId"));
        assertEquals(text(parent, "version"), text(bom, "version"), "bom/pom.xml's version must be bumped with the parent's");

        List<String> modules = new ArrayList<>();
        for (Element m : children(children(parent, "modules").get(0), "module")) {
            modules.add(m.getTextContent().strip());
        }
        assertTrue(modules.containsAll(NOT_PUBLISHED), "the parent's modules changed: " + modules);
        Set<String> published = new TreeSet<>();
        for (String m : modules) {
            if (!NOT_PUBLISHED.contains(m)) {
                published.add(text(read(root.resolve(m).resolve("pom.xml")), "artifactId"));
            }
        }
        Map<String, Element> managed = managed(bom);
        assertEquals(published, new TreeSet<>(managed.keySet()), "bom/pom.xml must manage exactly the parent's published modules");
        for (Map.Entry<String, Element> e : managed.entrySet()) {
            assertEquals(text(parent, "groupId"), text(e.getValue(), "groupId"), e.getKey());
            assertEquals("${project.version}", text(e.getValue(), "version"), e.getKey() + " must take the BOM's own version");
        }
    }

    private static Map<String, Element> managed(Element project) {
        Map<String, Element> out = new LinkedHashMap<>();
        Element dependencies = children(children(project, "dependencyManagement").get(0), "dependencies").get(0);
        for (Element d : children(dependencies, "dependency")) {
            assertTrue(out.put(text(d, "artifactId"), d) == null, "managed twice: " + text(d, "artifactId"));
        }
        return out;
    }

    private static Element read(Path pom) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(Files.newInputStream(pom));
        return doc.getDocumentElement();
    }

    /** The direct child elements named {@code name}. */
    private static List<Element> children(Element e, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(name)) {
                out.add(c);
            }
        }
        return out;
    }

    private static String text(Element e, String name) {
        List<Element> c = children(e, name);
        assertEquals(1, c.size(), "<" + e.getTagName() + "> needs one <" + name + ">");
        return c.get(0).getTextContent().strip();
    }
}
