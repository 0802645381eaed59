#!/usr/bin/env python3
"""Wall time to a command's first line of output, and to its exit (python3 stdlib only).

    python3 Benchmarks/peers/exact/first_line.py --runs 3 --warmup 1 --json OUT.json -- CMD ARG...

Each run starts CMD with its standard output on a pipe, times the arrival of the first complete
line (what `CMD | head -1` waits for), then keeps reading to the end (discarding it, as
`> /dev/null` would) and times the exit. Prints one summary line and writes a JSON
{"first": {"mean", "stddev", "times"}, "full": {...}, "first_line": "..."} for peers-exact.sh.
"""
import argparse
import json
import statistics
import subprocess
import sys
import time


def one_run(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    first, buf = None, b""
    while True:
        chunk = p.stdout.read(1 << 16)
        if not chunk:
            break
        if first is None:
            buf += chunk
            if b"\n" in buf:
                first = time.perf_counter() - t0
                line = buf.split(b"\n", 1)[0]
    rc = p.wait()
    full = time.perf_counter() - t0
    if rc != 0:
        raise SystemExit(f"first_line.py: {cmd[0]} exited {rc}")
    if first is None:
        first, line = full, buf
    return first, full, line


def summary(xs):
    return {"mean": statistics.fmean(xs), "stddev": statistics.stdev(xs) if len(xs) > 1 else 0.0,
            "times": xs}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--json")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    for _ in range(a.warmup):
        one_run(cmd)
    firsts, fulls, line = [], [], b""
    for _ in range(a.runs):
        f, t, line = one_run(cmd)
        firsts.append(f)
        fulls.append(t)
    res = {"first": summary(firsts), "full": summary(fulls),
           "first_line": line.decode("utf-8", "replace")[:200]}
    print(f"  first line {res['first']['mean']:.3f} s ± {res['first']['stddev']:.3f}   "
          f"exit {res['full']['mean']:.3f} s ± {res['full']['stddev']:.3f}   ({a.runs} runs)")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f)


if __name__ == "__main__":
    sys.exit(main())
