"""Bulk answers through the real command line, each in a fresh process under
/usr/bin/time -v (wall time, CPU time, peak RSS): `solve eight --batch` and
`distances eight` on millions of random boards, the time to the first
answer while the input is still open, and `judge cube` on millions of
datasets. Inputs are generated here with a fixed seed into temporary files.

    python benchmarks/bulk_cli.py [--quick] [--tables DIR]

`benchmarks/run.py` runs this too and checks the figures against the targets.
On a machine shared with other work a process gets only part of a core, so
the CPU time (user + sys) and the load average are printed beside the wall time.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np
from loadkit.servers import ninebase_serve, running

TARGET_SOLVE_PER_SECOND = 250_000
TARGET_PEAK_MIB = 300
TARGET_FIRST_OUTPUT_SECONDS = 1.0
TARGET_DISTANCES_PER_SECOND = 2_000_000
TARGET_JUDGE_CUBE_SECONDS = 20.0
TARGET_HTTP_SOLVE_PER_SECOND = 250_000
TARGET_HTTP_DISTANCES_PER_SECOND = 1_000_000
HTTP_BATCH_LINES = 100_000
"""The most lines one HTTP batch may hold."""
"""For 2,000,000 datasets (a smaller run is scaled up to that)."""
JUDGE_CUBE_DATASETS = 2_000_000
BOARDS = 5_000_000
"""The targets' input; --quick takes a tenth, so start-up weighs ten times more in its rates."""
CHUNK_LINES = 65_536


def eight_lines(count: int, seed: int = 2026) -> bytes:
    """Random eight boards in compact form: the digits 1..9 with a random one
    made 0, in a random order (half of them unsolvable)."""
    rng = np.random.default_rng(seed)
    digits = np.tile(np.arange(1, 10, dtype=np.uint8), (count, 1))
    digits[np.arange(count), rng.integers(0, 9, count)] = 0
    lines = np.full((count, 10), ord("\n"), dtype=np.uint8)
    lines[:, :9] = rng.permuted(digits, axis=1) + ord("0")
    return lines.tobytes()


def cube_datasets(count: int, seed: int = 2006) -> bytes:
    """The contest's input: `x y` and three rows of a random pattern with one E, then `0 0`."""
    rng = np.random.default_rng(seed)
    letters = np.frombuffer(b"WBR", dtype=np.uint8)[rng.integers(0, 3, (count, 9))]
    letters[np.arange(count), rng.integers(0, 9, count)] = ord("E")
    rows = np.frombuffer(b"1 1\nW W W\nW W W\nW W W\n", dtype=np.uint8)
    data = np.tile(rows, (count, 1))
    data[:, 0], data[:, 2] = rng.integers(ord("1"), ord("4"), count), rng.integers(ord("1"), ord("4"), count)
    data[:, [4, 6, 8, 10, 12, 14, 16, 18, 20]] = letters
    return data.tobytes() + b"0 0\n"


def timed(command: list[str], source: Path) -> dict[str, float]:
    """Run under /usr/bin/time -v with stdin from `source` and stdout to
    /dev/null: wall seconds, CPU seconds (user + sys) and peak RSS in MiB."""
    with open(source, "rb") as stdin:
        started = time.perf_counter()
        done = subprocess.run(
            ["/usr/bin/time", "-v", *command], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        wall = time.perf_counter() - started
    report = dict(re.findall(r"^\s*(.+?): (.*)$", done.stderr, re.M))
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr[-500:]}")
    return {
        "seconds": wall,
        "cpu_seconds": float(report["User time (seconds)"]) + float(report["System time (seconds)"]),
        "peak_mib": int(report["Maximum resident set size (kbytes)"]) / 1024,
    }


def first_output(command: list[str], chunk: bytes) -> dict[str, float]:
    """Start the command, write one chunk and keep stdin open: seconds from
    the end of that write, and from the start, to the first byte of output."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        started = time.perf_counter()
        process.stdin.write(chunk)
        process.stdin.flush()
        written = time.perf_counter()
        process.stdout.read1(1)
        arrived = time.perf_counter()
    finally:
        process.kill()
        process.wait()
    return {"after_chunk": arrived - written, "after_start": arrived - started}


def http_rates(
    tables: str, body: bytes, runs: int = 3, puzzle: str = "eight", endpoints: tuple[str, ...] = ("batch", "distances")
) -> dict[str, float]:
    """States per second through `ninebase serve --workers 2` on a free
    loopback port: the best of `runs` POSTs of one full batch to each bulk
    endpoint of `puzzle`, answers read to the end; the server is stopped by its PID."""
    rates = {}
    lines = body.count(b"\n")
    serve = ["--workers", "2"]
    with (
        tempfile.TemporaryDirectory() as logs,
        running(ninebase_serve(Path(tables), Path(logs) / "log", *serve)) as server,
    ):
        for endpoint in endpoints:
            best = float("inf")
            for _ in range(runs):
                request = urllib.request.Request(f"{server.base}/api/{puzzle}/{endpoint}", body, method="POST")
                started = time.perf_counter()
                answered = urllib.request.urlopen(request, timeout=120).read().count(b"\n")
                best = min(best, time.perf_counter() - started)
                if answered != lines:
                    raise RuntimeError(f"{endpoint}: {answered} answers for {lines} lines")
            rates[endpoint] = lines / best
    return rates


def measure(ninebase: str, tables: str, quick: bool) -> dict[str, Any]:
    boards = BOARDS // 10 if quick else BOARDS
    datasets = 200_000 if quick else JUDGE_CUBE_DATASETS
    results: dict[str, Any] = {"load_average": os.getloadavg()[0], "boards": boards, "datasets": datasets}
    with tempfile.TemporaryDirectory() as directory:
        eight, cube = Path(directory) / "eight.txt", Path(directory) / "cube.txt"
        eight.write_bytes(eight_lines(boards))
        cube.write_bytes(cube_datasets(datasets))
        results["solve"] = timed([ninebase, "solve", "eight", "--batch", "--tables", tables], eight)
        results["distances"] = timed([ninebase, "distances", "eight", "--tables", tables], eight)
        results["judge_cube"] = timed([ninebase, "judge", "cube", "--tables", tables], cube)
        first_chunk = eight.read_bytes()[: CHUNK_LINES * 10]
        results["first_output"] = first_output([ninebase, "solve", "eight", "--batch", "--tables", tables], first_chunk)
        one_batch = b"".join(eight.read_bytes().splitlines(keepends=True)[:HTTP_BATCH_LINES])
        results["http"] = http_rates(tables, one_batch)
    return results


def report(results: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """Print the figures with the command that reproduces each; return the budget checks."""
    boards, datasets = results["boards"], results["datasets"]
    quick = "" if boards == BOARDS else f" ({boards:,} lines, start-up included)"
    solve, distances, judge = results["solve"], results["distances"], results["judge_cube"]
    first = results["first_output"]
    print(f"\nbulk answers through the CLI, fresh processes (load average {results['load_average']:.1f}):")
    for name, run, count, unit in (
        (f"ninebase solve eight --batch < {boards:,} lines", solve, boards, "states"),
        (f"ninebase distances eight < {boards:,} lines", distances, boards, "states"),
        (f"ninebase judge cube < {datasets:,} datasets", judge, datasets, "datasets"),
    ):
        wall, cpu = run["seconds"], run["cpu_seconds"]
        figures = f"{wall:>6.1f} s {count / wall:>11,.0f} {unit}/s  peak {run['peak_mib']:>4.0f} MiB"
        print(f"  {name:<48} {figures}  (CPU {cpu:.1f} s: {count / cpu:,.0f} {unit} per CPU second)")
    after = f"{first['after_chunk']:.2f} s after its first {CHUNK_LINES:,} lines were written"
    print(f"  first answer of solve --batch: {after} ({first['after_start']:.2f} s after the start), stdin still open")
    http = results["http"]
    print(f"  HTTP, ninebase serve --workers 2, {HTTP_BATCH_LINES:,} eight states per POST (best of 3):")
    print(f"    POST /api/eight/batch      {http['batch']:>11,.0f} states/s")
    print(f"    POST /api/eight/distances  {http['distances']:>11,.0f} states/s")
    judge_scaled = judge["seconds"] * JUDGE_CUBE_DATASETS / datasets
    scaled = "" if datasets == JUDGE_CUBE_DATASETS else f" (scaled to {JUDGE_CUBE_DATASETS:,})"
    return [
        (
            f"solve --batch {boards / solve['seconds']:,.0f} states/s{quick}",
            boards / solve["seconds"] >= TARGET_SOLVE_PER_SECOND,
            f">= {TARGET_SOLVE_PER_SECOND:,}/s",
        ),
        (
            f"solve --batch peak {solve['peak_mib']:.0f} MiB",
            solve["peak_mib"] < TARGET_PEAK_MIB,
            f"< {TARGET_PEAK_MIB} MiB",
        ),
        (
            f"solve --batch first answer {first['after_chunk']:.2f} s after the first chunk",
            first["after_chunk"] < TARGET_FIRST_OUTPUT_SECONDS,
            f"< {TARGET_FIRST_OUTPUT_SECONDS:.0f} s",
        ),
        (
            f"distances {boards / distances['seconds']:,.0f} states/s{quick}",
            boards / distances["seconds"] >= TARGET_DISTANCES_PER_SECOND,
            f">= {TARGET_DISTANCES_PER_SECOND:,}/s",
        ),
        (
            f"judge cube {judge_scaled:.1f} s{scaled}",
            judge_scaled < TARGET_JUDGE_CUBE_SECONDS,
            f"< {TARGET_JUDGE_CUBE_SECONDS:.0f} s for {JUDGE_CUBE_DATASETS:,}",
        ),
        (
            f"HTTP batch {http['batch']:,.0f} states/s",
            http["batch"] >= TARGET_HTTP_SOLVE_PER_SECOND,
            f">= {TARGET_HTTP_SOLVE_PER_SECOND:,}/s",
        ),
        (
            f"HTTP distances {http['distances']:,.0f} states/s",
            http["distances"] >= TARGET_HTTP_DISTANCES_PER_SECOND,
            f">= {TARGET_HTTP_DISTANCES_PER_SECOND:,}/s",
        ),
        (
            f"judge cube peak {judge['peak_mib']:.0f} MiB",
            judge["peak_mib"] < TARGET_PEAK_MIB,
            f"< {TARGET_PEAK_MIB} MiB",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="500,000 boards and 200,000 datasets")
    parser.add_argument("--tables", default=None, help="tables directory (default: as ninebase finds it)")
    args = parser.parse_args()
    ninebase = str(Path(sys.executable).parent / "ninebase")
    tables = args.tables or str(Path(__file__).resolve().parent.parent / "tables")
    subprocess.run([ninebase, "build", "--tables", tables], check=True, capture_output=True)
    for figure, met, bound in report(measure(ninebase, tables, args.quick)):
        print(f"  {'met   ' if met else 'MISSED'} {figure} ({bound})")


if __name__ == "__main__":
    main()
