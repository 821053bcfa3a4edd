package org.optimech.geometry.sensitivity;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.optimech.runtime.certificate.CertificateCheck;
import org.optimech.runtime.certificate.Gauge;
import org.optimech.runtime.certificate.StatisticPolynomials;
import org.optimech.runtime.json.JsonParser;
import org.optimech.runtime.statistic.PolynomialStatistic;
import org.optimech.runtime.statistic.StatisticReader;

/**
 * A certificate step is one byte; a sign split on row j is written SPLIT + n + j, which for a statistic of more than about
 * 240 coordinates does not fit. The search split such rows' signs anyway and wrote a truncated code, so the runtime refused
 * (or misread) the certificate (noticed by the issue-21 helper). The search now splits those boxes in space only, and the
 * writer refuses a code that does not fit its byte.
 */
class ManyRowsCertificateTest {

    @Test
    void aStatisticOf260LinearCoordinatesGetsACertificateTheRuntimeProves() throws Exception {
        int d = 260;
        StringBuilder fs = new StringBuilder("[");
        long sumPlus = 0;
        long sumMinus = 0;
        for (int j = 0; j < d; j++) {
            // the widest rows last, so that a split on the widest free row picks an index past the byte limit
            int c = 1 + j % 7 + (j >= 250 ? 40 : 0);
            int e = (j % 3 == 0 ? -1 : 1) * (1 + j % 5);
            sumPlus += Math.abs(c + e);
            sumMinus += Math.abs(c - e);
            fs.append(j == 0 ? "" : ",").append("{\"terms\":[{\"coef\":").append(c).append(",\"powers\":{\"x\":1}},{\"coef\":").append(e)
                    .append(",\"powers\":{\"y\":1}}]}");
        }
        fs.append(']');
        PolynomialStatistic written = (PolynomialStatistic) StatisticReader.read(JsonParser.parse("{\"variables\":{\"x\":[-1,1],\"y\":[-1,1]},\"features\":"
                + fs + "}"), "/statistic");
        StatisticPolynomials st = StatisticPolynomials.of(written);
        Gauge l1 = Gauge.identity(Gauge.Kind.SUM, d);
        SearchBudget budget = new SearchBudget(System.nanoTime() + 120_000_000_000L, 2_000_000, s -> { }, 60);
        CertifiedSensitivity.Outcome out = CertifiedSensitivity.sum(st, true, l1, 1e-6, budget, "l1", new double[0][]);
        // Σ_j |c_j·dx + e_j·dy| is convex in (dx, dy) ∈ [−2, 2]²: its maximum is at a corner
        double exact = 2.0 * Math.max(sumPlus, sumMinus);
        assertTrue(out.upper() >= exact * (1 - 1e-12), out.upper() + " < " + exact);
        assertTrue(out.lower() <= exact * (1 + 1e-12), out.lower() + " > " + exact);
        CertificateCheck.Proof p = CertificateCheck.prove(st, true, l1, out.trees());
        assertTrue(p.upper() >= exact * (1 - 1e-12) && p.upper() <= out.upper() * (1 + 1e-6) + 1e-9, p.upper() + " vs " + out.upper());
    }
}
