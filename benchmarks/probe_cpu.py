"""The server's CPU time per probe: `ninebase serve --workers 1` under wrk
(-t2 -c64, 300 different eight states), its kept answers (cache on) and its
answers worked out afresh (`--cache 0`). CPU time of the server's process
tree per request, unlike requests per second, hardly moves when the 2 cores
are shared with other work: the figure to compare two versions of the
service's request path on a busy machine (load.py gives the rates).

    python benchmarks/probe_cpu.py [--tables DIR] [--seconds 3] [--runs 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from loadkit.procfs import loadavg  # noqa: E402 (loadkit is found through HERE)
from loadkit.stacks import Bench, Row  # noqa: E402
from loadkit.wrk import run_wrk  # noqa: E402

from ninebase import lookup  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(root: int) -> float:
    """User and system CPU seconds of process `root` and all its descendants (/proc)."""
    used: dict[int, tuple[int, float]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            used[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS)
    total, waiting = 0.0, [root]
    while waiting:
        pid = waiting.pop()
        total += used.get(pid, (0, 0.0))[1]
        waiting += [child for child, (parent, _) in used.items() if parent == pid]
    return total


def cpu_per_probe(bench: Bench, row: Row, seconds: float) -> tuple[float, float]:
    """Microseconds of server CPU per probe, and requests per second, over one wrk run after a warm-up."""
    server = bench.server(row)
    try:
        server.start()
        time.sleep(0.5)
        run_wrk(server.base, bench.scripts["probe"], 1, 2, 64)  # warm: with the cache on, every answer is kept
        before = tree_cpu_seconds(server.pid)
        figures = run_wrk(server.base, bench.scripts["probe"], seconds, 2, 64)
        used = tree_cpu_seconds(server.pid) - before
    finally:
        server.stop()
    return used / figures["requests"] * 1e6, figures["rps"]


def main() -> None:
    parser = argparse.ArgumentParser(description="ninebase serve: server CPU time per probe (loopback only)")
    parser.add_argument("--tables", type=Path, help="built tables (default: ninebase's tables directory)")
    parser.add_argument("--seconds", type=float, default=3, help="wrk duration per run (default 3)")
    parser.add_argument("--runs", type=int, default=2, help="runs of each row, interleaved (default 2)")
    args = parser.parse_args()
    tables = args.tables or lookup.resolve_tables_dir()
    with tempfile.TemporaryDirectory(prefix="ninebase-probe-cpu-") as scratch:
        bench = Bench(tables, Path(scratch))
        print(f"server CPU per probe, ninebase serve --workers 1, wrk -t2 -c64 {args.seconds:g} s; load {loadavg()}")
        for run in range(1, args.runs + 1):
            for row in (Row("cache on", "granian", 1), Row("cache off", "granian", 1)):
                micros, rate = cpu_per_probe(bench, row, args.seconds)
                said = f"{micros:6.1f} us CPU per probe  ({rate:,.0f} req/s, load {loadavg()})"
                print(f"  run {run}  {row.app:9}  {said}", flush=True)


if __name__ == "__main__":
    main()
