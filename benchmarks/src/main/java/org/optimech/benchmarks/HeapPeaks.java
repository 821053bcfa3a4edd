package org.optimech.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/** The JVM's peak heap since the last reset: the sum of every heap pool's peak (garbage included), for the harnesses. */
final class HeapPeaks {
    private HeapPeaks() {
    }

    static void reset() {
        for (MemoryPoolMXBean m : ManagementFactory.getMemoryPoolMXBeans()) {
            if (m.getType() == MemoryType.HEAP) {
                m.resetPeakUsage();
            }
        }
    }

    /** Bytes. */
    static long peak() {
        long sum = 0;
        for (MemoryPoolMXBean m : ManagementFactory.getMemoryPoolMXBeans()) {
            if (m.getType() == MemoryType.HEAP) {
                sum += m.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
