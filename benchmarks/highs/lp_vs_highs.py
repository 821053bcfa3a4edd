#!/usr/bin/env python3
"""The LP path against scipy's HiGHS, in the same run (issue 23, "The LP path, end to end").

For each n, one process each, alternating (so both see the same machine load):
  * ours:  java ... org.optimech.benchmarks.LpScale n FILE   (CLP; model, solve, repair, rounding to integers, exact
           privacy certificate, dual optimality bound, spec write and re-load through the runtime's validator)
  * HiGHS: python3 lp_vs_highs.py --highs n                  (scipy.optimize.linprog(method='highs') on the same LP,
           built sparse; it returns floating-point weights and certifies nothing: no privacy check, no integer
           rounding, no optimality certificate)
Both are timed whole (start-up included) by /usr/bin/time: wall seconds and peak resident memory.

Usage (after `mvn -B -o -pl runtime,geometry,designer,benchmarks -DskipTests package`):
    python3 benchmarks/highs/lp_vs_highs.py [--n 50,100,200,300] [--reps 1] [--classpath CP] [--baseline-classpath CP0]
CP defaults to benchmarks/target/classes plus benchmarks/target/bench.classpath; pass an older build's classpath to get
its figures (the harness uses public API only). With --baseline-classpath, that build runs too, in the same rounds
(a "base" row and its ratio to HiGHS beside ours).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def highs(n, eps=0.5):
    """Solve the Bayes LP of the counting query 0..n (uniform prior, absolute loss, ε) with HiGHS; print time and objective."""
    t0 = time.perf_counter()
    import numpy as np
    import scipy.sparse as sp
    from scipy.optimize import linprog
    t1 = time.perf_counter()
    k = n + 1
    var = lambda i, j: i * k + j
    idx = np.arange(k)
    loss = np.abs(idx[:, None] - idx[None, :]).astype(float)
    c = (loss / k).ravel()  # prior 1/k
    # rows sum to one
    a_eq = sp.csr_matrix((np.ones(k * k), (np.repeat(idx, k), np.arange(k * k))), shape=(k, k * k))
    b_eq = np.ones(k)
    # M[i][j] - e^eps M[i'][j] <= 0 for neighbours i, i' = i +- 1, every output j
    e = np.exp(eps)
    rows, cols, vals = [], [], []
    r = 0
    ii, jj = np.meshgrid(np.arange(n), np.arange(k), indexing="ij")
    ii = ii.ravel()
    jj = jj.ravel()
    m = ii.size
    for a, b in ((0, 1), (1, 0)):
        rr = np.arange(r, r + m)
        rows += [rr, rr]
        cols += [var(ii + a, jj), var(ii + b, jj)]
        vals += [np.ones(m), -e * np.ones(m)]
        r += m
    a_ub = sp.csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(r, k * k))
    b_ub = np.zeros(r)
    t2 = time.perf_counter()
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=(0, 1), method="highs")
    t3 = time.perf_counter()
    print("n=%d import=%.2fs build=%.2fs solve=%.2fs status=%d objective=%.9f lp=%dx%d nnz=%d" % (
        n, t1 - t0, t2 - t1, t3 - t2, res.status, res.fun, k * k, r + k, a_ub.nnz + a_eq.nnz))


def launcher_java_opts():
    """The JVM options the optimech launcher adds by default (its default_java_opts line), so ours runs as users run it."""
    import re
    with open(os.path.join(ROOT, "optimech")) as f:
        m = re.search(r'^default_java_opts="([^"]*)"', f.read(), re.M)
    return m.group(1) if m else ""


def timed(cmd):
    """Runs cmd under /usr/bin/time: (wall s, peak RSS MB, its stdout's last line)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        p = subprocess.run(["/usr/bin/time", "-o", t.name, "-f", "%e %M"] + cmd, capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("failed: %s\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
        wall, kb = t.read().split()[-2:]
        lines = [l for l in p.stdout.splitlines() if l.startswith("n=")]
        return float(wall), int(kb) / 1024, lines[-1] if lines else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--highs", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--n", default="50,100,200,300")
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--classpath")
    ap.add_argument("--baseline-classpath")
    ap.add_argument("--java-opts", default=launcher_java_opts(),
                    help="JVM options for ours (default: the optimech launcher's, %(default)r)")
    a = ap.parse_args()
    if a.highs is not None:
        highs(a.highs)
        return
    try:
        import scipy  # noqa: F401
    except ImportError:
        sys.exit("scipy is not installed: nothing to compare against")
    cp = a.classpath
    if cp is None:
        bench = os.path.join(ROOT, "benchmarks", "target")
        with open(os.path.join(bench, "bench.classpath")) as f:
            cp = os.path.join(bench, "classes") + ":" + f.read().strip()
    print("load average at start: %s; JVM options for ours: %r" % (" ".join(open("/proc/loadavg").read().split()[:3]), a.java_opts))
    print("%5s %-6s %8s %8s   %s" % ("n", "who", "wall s", "peak MB", "detail"))
    spec = tempfile.mkdtemp(prefix="lp-vs-highs")
    for n in [int(x) for x in a.n.split(",")]:
        for rep in range(a.reps):
            load0 = open("/proc/loadavg").read().split()[0]
            base = None
            if a.baseline_classpath:
                base = timed(["java"] + a.java_opts.split() + ["-cp", a.baseline_classpath, "org.optimech.benchmarks.LpScale", str(n), os.path.join(spec, "b.json")])
            ours = timed(["java"] + a.java_opts.split() + ["-cp", cp, "org.optimech.benchmarks.LpScale", str(n), os.path.join(spec, "s.json")])
            them = timed([sys.executable, os.path.abspath(__file__), "--highs", str(n)])
            load1 = open("/proc/loadavg").read().split()[0]
            if base:
                print("%5d %-6s %8.2f %8.0f   %s" % (n, "base", base[0], base[1], base[2]))
            print("%5d %-6s %8.2f %8.0f   %s" % (n, "ours", ours[0], ours[1], ours[2]))
            print("%5d %-6s %8.2f %8.0f   %s" % (n, "highs", them[0], them[1], them[2]))
            if base:
                print("%5d %-6s %8.2fx %7.2fx  (base / HiGHS)" % (n, "ratio", base[0] / them[0], base[1] / them[1]))
            print("%5d %-6s %8.2fx %7.2fx  (ours / HiGHS; load %s -> %s)" % (n, "ratio", ours[0] / them[0], ours[1] / them[1], load0, load1))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
