package org.optimech.runtime.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.optimech.runtime.KNormMechanism;
import org.optimech.runtime.Mechanisms;
import org.optimech.runtime.lattice.LatticeSampler;

/**
 * The loader certifies a lattice spec's sampler without building it, and the mechanism is built from that certificate: the
 * certificate agrees with a sampler built from scratch from the same numbers (acceptance, attempt cap), and a refusal is the
 * same refusal.
 */
class LatticeCertificateTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/v1");
    /** The golden specs record no problem: their sensitivity is taken on the designer's word here, as in the golden-file tests. */
    private static final RuntimePolicy POLICY = RuntimePolicy.builder().allowUncheckedSensitivity().build();

    @Test
    void theLoadersCertificateIsWhatAFreshSamplerCertifies() throws Exception {
        for (String file : new String[] {"knorm-hexagon-lattice.json", "knorm-l1-lattice.json"}) {
            KNormSpec spec = KNormSpec.of(SpecLoader.load(GOLDEN.resolve(file), POLICY)).orElseThrow();
            KNormSpec.LatticeNoise noise = spec.latticeNoise().orElseThrow();
            LatticeSampler fresh = LatticeSampler.of(noise.gauge(), noise.exponent(), noise.rate(), 1);
            assertEquals(fresh.acceptance(), noise.certified().acceptance(), file);
            assertEquals(fresh.maxAttempts(), noise.maxAttempts(), file);
            KNormMechanism m = Mechanisms.knorm(spec, POLICY);
            assertEquals(noise.exponent(), m.latticeExponent().getAsInt(), file);
        }
    }

    @Test
    void certifyRefusesWhatTheSamplerRefuses() throws Exception {
        KNormSpec spec = KNormSpec.of(SpecLoader.load(GOLDEN.resolve("knorm-hexagon-lattice.json"), POLICY)).orElseThrow();
        KNormSpec.LatticeNoise noise = spec.latticeNoise().orElseThrow();
        IllegalArgumentException c = assertThrows(IllegalArgumentException.class, () -> LatticeSampler.certify(noise.gauge(), 61, noise.rate(), 1));
        IllegalArgumentException s = assertThrows(IllegalArgumentException.class, () -> LatticeSampler.of(noise.gauge(), 61, noise.rate(), 1));
        assertEquals(s.getMessage(), c.getMessage());
        assertEquals("spacing exponent must be in [-60, 60]. Provided value: 61", c.getMessage());
    }
}
