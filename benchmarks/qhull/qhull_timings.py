#!/usr/bin/env python3
"""Times scipy.spatial.ConvexHull (Qhull) on the point sets of the Java hull benchmark.

Writes qhull-timings.csv next to this script. The Java benchmark
(org.optimech.benchmarks.QhullComparison) regenerates the same points bit for bit from the
generator below and checks the stored SHA-256 prefix, so the project itself never needs Python.

Generator (the contract shared with Java, see points()):
  * LCG64: s <- (6364136223846793005 * s + 1442695040888963407) mod 2^64, starting from the seed;
    each step yields u = (s >> 11) * 2^-53 in [0, 1) (from the new state), and a coordinate c = 2u - 1.
  * seed = (code << 32) | (d << 24) | n, code 1 for "sphere", 2 for "cube".
  * cube: point i takes the next d coordinates, in order (uniform in [-1, 1)^d; few are vertices).
  * sphere: draw d coordinates x; s2 = ((x0*x0 + x1*x1) + x2*x2) + ... left to right in doubles;
    keep x only if 0.01 <= s2 <= 1, then r = sqrt(s2) and the point is (x0/r, ..., x(d-1)/r);
    otherwise draw again (uniform directions: every point is a vertex of the hull).
  * checksum: SHA-256 of the coordinates as big-endian IEEE-754 doubles, row-major; first 16 hex digits.

Each timed run waits until other processes use under 5% of the machine (the machine is shared), and the table
records the share of the machine that other processes still took during the timed runs (others_cpu; from
/proc/stat in 10 ms ticks, so it means little when the runs total under a second).

Usage: python3 qhull_timings.py [--quick]   (one subprocess per case, for a clean peak RSS)
"""
import csv
import datetime
import hashlib
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

MASK = (1 << 64) - 1
# (distribution, d, n); sphere sizes are cut where qhull needs more than ~60 s on the 2-core machine
# (sphere d=5 n=1e5 took 154 s, d=6 n=1e4 took 104 s in a trial run).
CASES = ([("cube", d, n) for d in range(2, 7) for n in (10_000, 30_000, 100_000)]
         + [("sphere", d, n) for d in range(2, 5) for n in (10_000, 30_000, 100_000)]
         + [("sphere", 5, 10_000), ("sphere", 5, 30_000), ("sphere", 6, 3_000), ("sphere", 6, 6_000)])


def seed(dist, d, n):
    return ((1 if dist == "sphere" else 2) << 32) | (d << 24) | n


def points(dist, d, n):
    s = seed(dist, d, n)
    out = []

    def coord():
        nonlocal s
        s = (6364136223846793005 * s + 1442695040888963407) & MASK
        return 2.0 * ((s >> 11) * 2.0 ** -53) - 1.0

    while len(out) < n:
        x = [coord() for _ in range(d)]
        if dist == "cube":
            out.append(x)
            continue
        s2 = 0.0
        for v in x:
            s2 = s2 + v * v
        if 0.01 <= s2 <= 1.0:
            r = math.sqrt(s2)
            out.append([v / r for v in x])
    return out


def checksum(pts):
    import numpy as np
    return hashlib.sha256(np.asarray(pts, dtype=">f8").tobytes()).hexdigest()[:16]


def cpu_jiffies():
    """(busy, total) jiffies of all CPUs from /proc/stat (idle and iowait count as not busy)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return sum(v) - v[3] - v[4], sum(v)


def wait_for_quiet(limit=900):
    """Waits (at most `limit` seconds) until other processes use under 5% of the machine over one second."""
    start = time.time()
    while True:
        b0, t0 = cpu_jiffies()
        time.sleep(1)
        b1, t1 = cpu_jiffies()
        if (b1 - b0) < 0.05 * (t1 - t0) or time.time() - start > limit:
            return


def run_case(dist, d, n):
    """Runs in a fresh interpreter; prints one JSON line."""
    import numpy as np
    from scipy.spatial import ConvexHull
    pts = points(dist, d, n)
    x = np.asarray(pts, dtype=np.float64)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    times = []
    busy = 0.0
    own = 0.0
    h = None
    while True:
        wait_for_quiet(120)
        b0, j0 = cpu_jiffies()
        c0 = time.process_time()
        t0 = time.perf_counter()
        h = ConvexHull(x)
        times.append(time.perf_counter() - t0)
        b1, j1 = cpu_jiffies()
        busy += (b1 - b0) / 100.0  # jiffies are 1/100 s
        own += time.process_time() - c0
        if len(times) == 1:
            rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
        if len(times) == 5 or sum(times) > 20:
            break
    planes = len(np.unique(h.equations, axis=0))
    print(json.dumps({"distribution": dist, "d": d, "n": n, "seed": seed(dist, d, n), "checksum": checksum(pts),
                      "qhull_seconds": statistics.median(times), "runs": len(times), "qhull_options": "i Qt Qx" if d > 4 else "i Qt",
                      "vertices": len(h.vertices), "simplices": len(h.simplices), "hyperplanes": planes,
                      "peak_rss_mb": round(rss1, 1), "points_rss_mb": round(rss0, 1), "qhull_rss_mb": round(rss1 - rss0, 1),
                      "others_cpu": round(max(0.0, busy - own) / (os.cpu_count() * sum(times)), 2)}))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--case":
        run_case(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    cases = CASES if "--quick" not in sys.argv else [c for c in CASES if c[2] <= 10_000]
    here = os.path.dirname(os.path.abspath(__file__))
    rows = []
    for dist, d, n in cases:
        line = subprocess.run([sys.executable, os.path.abspath(__file__), "--case", dist, str(d), str(n)], check=True,
                              capture_output=True, text=True).stdout.strip().splitlines()[-1]
        row = json.loads(line)
        rows.append(row)
        print(f"{dist:6} d={d} n={n:6}: {row['qhull_seconds']:.3f} s ({row['runs']} runs), {row['vertices']} vertices, "
              f"{row['simplices']} simplices, {row['hyperplanes']} hyperplanes, peak RSS {row['peak_rss_mb']} MB, "
              f"others' CPU {row['others_cpu']}", flush=True)
    with open(os.path.join(here, "qhull-timings.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    import numpy
    import scipy
    print(f"# {datetime.date.today()} python {platform.python_version()} numpy {numpy.__version__} scipy {scipy.__version__}")


if __name__ == "__main__":
    main()
