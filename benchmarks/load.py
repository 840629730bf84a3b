"""Load and abuse on `ninebase serve` and the server stacks it was chosen
from, on loopback only; every run and every scenario bounded in time.

    python benchmarks/load.py [--tables DIR] [--seconds 8] [--connections 64] [--reps 1] [--quick]
                              [--only throughput,latency,batch,abuse] [--json PATH]
    python benchmarks/load.py --table RUN.json [RUN.json ...]

Throughput (wrk -t2 -c64, GET): a bare Starlette endpoint answering a
constant JSON object (`bare_app.py`) and ninebase's probe
(`GET /api/eight?state=` over 300 different states, answer cache on and
off) on three stacks: uvicorn with h11 and asyncio, uvicorn with httptools
and uvloop, and granian with the settings of `ninebase serve` (ninebase
itself runs as `ninebase serve` there, and as the ASGI factory
`ninebase.lookup.web:app_from_environment` under uvicorn), each with 1 and 2 worker
processes; and nginx-light serving a probe answer as a fixed JSON file, the
ceiling of this machine. One kept-open connection (wrk -t1 -c1) on each
stack with 2 workers. Then the ratios against the targets, the HTTP batch
and distances throughput, and the abuse scenarios (`loadkit.abuse`).

Every server listens on a free 127.0.0.1 port and is stopped by its own PID;
the memory of a server is the RSS summed over its process tree (/proc). The
2 cores may be shared: the load average is printed with the figures, `--reps
N` interleaves N runs of every stack and shows medians, `--table` pools the
runs of earlier JSON files. Writes everything as JSON (default
benchmarks/last-load.json).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from loadkit.abuse import run_abuse  # noqa: E402 (loadkit is found through HERE)
from loadkit.http_batch import batch_throughput, print_batch_throughput  # noqa: E402
from loadkit.procfs import loadavg  # noqa: E402
from loadkit.servers import NINEBASE  # noqa: E402
from loadkit.stack_table import print_table  # noqa: E402
from loadkit.stacks import Bench, latency_rows, run_rows, throughput_rows  # noqa: E402

from ninebase import lookup  # noqa: E402

PARTS = ("throughput", "latency", "batch", "abuse")


def main() -> None:
    parser = argparse.ArgumentParser(description="ninebase load and abuse benchmark (loopback only)")
    parser.add_argument(
        "--tables",
        type=Path,
        help="built tables (default: ninebase's tables directory, or built into a temporary one when it has none)",
    )
    parser.add_argument("--seconds", type=float, default=8, help="wrk duration per run (default 8)")
    parser.add_argument("--connections", type=int, default=64, help="wrk connections of the throughput runs")
    parser.add_argument("--reps", type=int, default=1, help="interleaved runs of every stack; medians shown")
    parser.add_argument("--quick", action="store_true", help="2 s wrk runs, a smaller batch and small abuse scenarios")
    parser.add_argument("--only", default=",".join(PARTS), help=f"comma-separated parts to run, of {','.join(PARTS)}")
    parser.add_argument("--json", type=Path, default=HERE / "last-load.json")
    parser.add_argument("--table", type=Path, nargs="+", help="only print the throughput table of earlier JSON files")
    args = parser.parse_args()
    if args.table:
        pooled_table(args.table)
        return
    parts = set(args.only.split(","))
    if parts - set(PARTS):
        parser.error(f"--only: no part {', '.join(sorted(parts - set(PARTS)))}")
    if {"throughput", "latency"} & parts and shutil.which("wrk") is None:
        sys.exit("load.py needs wrk for throughput and latency: apt-get install wrk")
    seconds = 2 if args.quick else args.seconds
    started = time.monotonic()
    result: dict[str, Any] = {"argv": sys.argv[1:], "loadavg_start": loadavg(), "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="ninebase-load-") as scratch_dir:
        scratch = Path(scratch_dir)
        tables = args.tables or lookup.resolve_tables_dir()
        if not list(tables.glob("*.h5")):
            tables = scratch / "tables"
            subprocess.run([NINEBASE, "build", "--tables", str(tables)], check=True, capture_output=True)
        bench = Bench(tables, scratch)
        print(f"ninebase load benchmark: tables {tables}, {os.cpu_count()} CPUs, load average {loadavg()}", flush=True)
        if "throughput" in parts:
            result["throughput_runs"] = run_rows(bench, throughput_rows(), args.reps, seconds, 2, args.connections)
        if "latency" in parts:
            result["one_connection_runs"] = run_rows(bench, latency_rows(), args.reps, seconds, 1, 1)
        checks = print_table(result.get("throughput_runs", {}), result.get("one_connection_runs", {}))
        if checks:
            result["throughput_checks"] = checks
        if "batch" in parts:
            result["batch"] = batch_throughput(bench, 20_000 if args.quick else 100_000)
            print_batch_throughput(result["batch"])
        if "abuse" in parts:
            result["abuse"] = run_abuse(bench, args.quick)
    result["seconds"] = time.monotonic() - started
    result["loadavg_end"] = loadavg()
    args.json.write_text(json.dumps(result, indent=1, default=str))
    print(
        f"\n{result['seconds'] / 60:.1f} min; load average at the start {result['loadavg_start']}, at the end "
        f"{result['loadavg_end']}; figures in {args.json}"
    )


def pooled_table(files: list[Path]) -> None:
    """The throughput table and its checks over the runs of earlier JSON files (medians of every run)."""
    runs: dict[str, list[dict[str, Any]]] = {}
    one: dict[str, list[dict[str, Any]]] = {}
    for file in files:
        result = json.loads(file.read_text())
        for name, rows in result.get("throughput_runs", {}).items():
            runs.setdefault(name, []).extend(rows)
        for name, rows in result.get("one_connection_runs", {}).items():
            one.setdefault(name, []).extend(rows)
        print(f"{file}: load average {result['loadavg_start']} at the start, {result['loadavg_end']} at the end")
    print_table(runs, one)


if __name__ == "__main__":
    main()
