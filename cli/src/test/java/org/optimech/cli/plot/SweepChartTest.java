package org.optimech.cli.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.optimech.designer.DesignMethod;
import org.optimech.designer.common.Progress;
import org.optimech.designer.common.DesignOptions;
import org.optimech.designer.lp.OrToolsLpSolver;
import org.optimech.designer.problem.DiscreteProblem;
import org.optimech.designer.problem.Objective;
import org.optimech.designer.sweep.EpsilonGrid;
import org.optimech.designer.sweep.EpsilonSweep;
import org.optimech.designer.sweep.SweepPoint;

/** The sweep picture is a PNG a person can open and an SVG that parses, written beside the failure rows. */
class SweepChartTest {
    @TempDir
    Path dir;

    @Test
    void writesPngAndSvg() throws Exception {
        DiscreteProblem p = DiscreteProblem.builder().name("count").epsilon("1").range(0, 10).loss("absolute").objective(Objective.BAYES).build();
        List<SweepPoint> pts = new ArrayList<>(new EpsilonSweep(DesignOptions.defaults(OrToolsLpSolver.clp()), DesignMethod.AUTO, Progress.silent())
                .run(p, EpsilonGrid.parse("0.5:1.5:0.5"), null));
        pts.add(SweepPoint.failed(new BigDecimal("2"), "lp", 0.1, "solver said \"no\""));
        List<Path> files = SweepChart.write(p, pts, dir);
        assertEquals(2, files.size());
        BufferedImage png = ImageIO.read(dir.resolve("sweep.png").toFile());
        assertEquals(900, png.getWidth());
        assertEquals(600, png.getHeight());
        DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false); // the SVG DTD is on the web
        assertEquals("svg", xml.newDocumentBuilder().parse(dir.resolve("sweep.svg").toFile()).getDocumentElement().getNodeName());
        // a sweep whose every point failed still gets its picture: the failed values of epsilon, marked on the axis
        List<Path> none = SweepChart.write(p, List.of(SweepPoint.failed(BigDecimal.ONE, "lp", 0.1, "x")), dir.resolve("none"));
        assertEquals(List.of(dir.resolve("none/sweep.png"), dir.resolve("none/sweep.svg")), none);
        assertTrue(Files.size(dir.resolve("none/sweep.png")) > 0);
    }
}
