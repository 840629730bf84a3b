"""ninebase benchmark: build, size, latency, throughput, judge wall time, and
the same queries answered without tables; checked against the budget.

    python benchmarks/run.py [--quick] [--json PATH]

Everything is measured in this run on this machine: tables are built from
nothing into a temporary directory, one puzzle per fresh process (so peak
memory is the build's own). Prints one table and the budget; writes the
figures as JSON (default benchmarks/last-run.json) so runs can be compared.
Bulk answers through the CLI (millions of lines, fresh processes) are
measured by bulk_cli.py.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from baseline import solve_without_tables
from bulk_cli import measure as measure_bulk
from bulk_cli import report as report_bulk

from ninebase import lookup, puzzles

NAMES = puzzles.names()

CUBE_CONTEST_SAMPLE = (
    "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n"
    "3 3\nB W R\nB W R\nB E R\n2 1\nB B B\nB R B\nB R E\n1 1\nR R R\nW W W\nR R E\n"
    "2 1\nR R R\nB W B\nR R E\n0 0\n"
)
"""The cube contest's sample input, for the budget on judging it (its seed's last dataset is cut off);
every puzzle's judge figure is on its own original example."""

BUDGET_BUILD_SECONDS = 20.0
BUDGET_PEAK_MIB = 2048
BUDGET_FILES_MIB = 16.0
BUDGET_DISTANCE_US = 5.0
BUDGET_SOLVE_US = {"cube": 300.0}
BUDGET_SOLVE_US_DEFAULT = 100.0
BUDGET_STATES_PER_SECOND = 2_000_000
BUDGET_JUDGE_CUBE_RATIO = 1.6
BUDGET_PROBE_US = {"cube": 1000.0}
BUDGET_PROBE_US_DEFAULT = 100.0
BUDGET_VERIFY_MIB = 1024
BUDGET_IMPORT_RATIO = 1.3

VERIFY_CHILD = """
import json, resource, sys, time
from ninebase.build_tables.verify import verify
from ninebase import puzzles
started = time.perf_counter()
for name in puzzles.names():
    verify(name, sys.argv[1])
print(json.dumps({"seconds": time.perf_counter() - started,
                  "peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""

BUILD_CHILD = """
import json, resource, sys
from ninebase import build_tables
report, = build_tables.build([sys.argv[1]], sys.argv[2], force=True)
print(json.dumps({"seconds": report.seconds, "file_bytes": report.file_bytes, "reachable": report.reachable,
                  "peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def build_in_fresh_process(name: str, directory: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", BUILD_CHILD, name, directory], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def random_instances(tables: lookup.Tables, puzzle: str, count: int, rng: np.random.Generator) -> list[str]:
    """Random solvable instances in compact form (an unsolvable one is answered
    without a walk, which would flatter the figures)."""
    distances, compact = puzzles.get(puzzle).storage.sample_space(tables.table(puzzle))
    return [compact(int(i)) for i in rng.choice(np.flatnonzero(distances >= 0), size=count)]


def microseconds(call: Callable[[str], Any], instances: list[str], per_sample: int = 10) -> tuple[float, float]:
    """Median and 95th percentile per call, each sample timing `per_sample`
    consecutive calls on different instances (so the clock's own cost, about
    0.1 µs a reading, is not charged to one call)."""
    timings = []
    for first in range(0, len(instances) - per_sample + 1, per_sample):
        chunk = instances[first : first + per_sample]
        started = time.perf_counter_ns()
        for instance in chunk:
            call(instance)
        timings.append((time.perf_counter_ns() - started) / 1000 / per_sample)
    timings.sort()
    return statistics.median(timings), timings[int(0.95 * (len(timings) - 1))]


def states_per_second(tables: lookup.Tables, puzzle: str, states: Any, runs: int = 3) -> float:
    """The best of a few runs (the first also pays for touching fresh memory)."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        tables.distances(puzzle, states)
        best = min(best, time.perf_counter() - started)
    return len(states) / best


def wall_seconds(command: list[str], stdin: str, runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def baseline(tables: lookup.Tables, puzzle: str, instances: list[str], seconds: float) -> dict[str, Any]:
    """Per-query search without tables on the same instances, for at most
    about `seconds`; each answer is checked against the table's."""
    rules = puzzles.get(puzzle)
    timings = []
    deadline = time.perf_counter() + seconds
    for instance in instances:
        started = time.perf_counter()
        try:
            answer = solve_without_tables(puzzle, rules.parse(instance))
        except NotImplementedError:  # a puzzle the baseline has no search for
            return {"queries": 0, "median_us": float("nan")}
        timings.append(time.perf_counter() - started)
        if answer != tables.distance(puzzle, instance):
            raise AssertionError(f"baseline and table disagree on {puzzle} {instance}")
        if time.perf_counter() > deadline:
            break
    return {"queries": len(timings), "median_us": statistics.median(timings) * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description="ninebase benchmark")
    parser.add_argument("--quick", action="store_true", help="fewer queries and runs: under a minute")
    parser.add_argument("--json", type=Path, default=Path(__file__).parent / "last-run.json")
    args = parser.parse_args()
    queries, batch, runs, baseline_seconds = (300, 200_000, 5, 2.0) if args.quick else (3000, 1_000_000, 15, 10.0)
    ninebase = str(Path(sys.executable).parent / "ninebase")
    rng = np.random.default_rng(2026)
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform()},
        "quick": args.quick,
        "puzzles": {},
    }
    with tempfile.TemporaryDirectory() as directory:
        builds = {name: build_in_fresh_process(name, directory) for name in NAMES}
        with lookup.open_tables(directory) as tables:
            for name in NAMES:
                instances = random_instances(tables, name, queries, rng)
                tables.solve(name, instances[0])  # opening and loading is not per-call work
                distance = microseconds(lambda s, name=name: tables.distance(name, s), instances)
                solve = microseconds(lambda s, name=name: tables.solve(name, s), instances)
                probe = microseconds(lambda s, name=name: tables.probe(name, s), instances)
                strings = (instances * (batch // len(instances) + 1))[:batch]  # a list, as read from a file
                rate = states_per_second(tables, name, np.array(strings))
                strings_rate = states_per_second(tables, name, strings)
                command = [ninebase, "judge", name, "--tables", directory]
                judge = wall_seconds(command, puzzles.get(name).formats.example(), runs)
                without = baseline(tables, name, instances, baseline_seconds)
                build = builds[name]
                results["puzzles"][name] = {
                    "build_seconds": build["seconds"],
                    "build_peak_mib": build["peak_kib"] / 1024,
                    "file_bytes": build["file_bytes"],
                    "bits_per_reachable_state": 8 * build["file_bytes"] / build["reachable"],
                    "distance_us": {"median": distance[0], "p95": distance[1]},
                    "solve_us": {"median": solve[0], "p95": solve[1]},
                    "probe_us": {"median": probe[0], "p95": probe[1]},
                    "distances_per_second": rate,
                    "strings_per_second": strings_rate,
                    "judge_seconds": judge,
                    "baseline_solve_us": without["median_us"],
                    "baseline_queries": without["queries"],
                    "speedup": without["median_us"] / solve[0],
                }
        verified = json.loads(
            subprocess.run(
                [sys.executable, "-c", VERIFY_CHILD, directory], capture_output=True, text=True, check=True
            ).stdout
        )
        results["verify"] = {"seconds": verified["seconds"], "peak_mib": verified["peak_kib"] / 1024}
        bare = wall_seconds([sys.executable, "-c", "import numpy, h5py, click"], "", runs)
        bare_libraries = wall_seconds([sys.executable, "-c", "import numpy, h5py"], "", runs)
        import_lookup = wall_seconds([sys.executable, "-c", "from ninebase import open_tables"], "", runs)
        cube_judge = wall_seconds([ninebase, "judge", "cube", "--tables", directory], CUBE_CONTEST_SAMPLE, runs)
        results["bulk"] = measure_bulk(ninebase, directory, args.quick)
    results["bare_import_seconds"] = bare
    results["import_lookup_ratio"] = import_lookup / bare_libraries
    results["judge_cube_seconds"] = cube_judge
    results["judge_cube_ratio"] = cube_judge / bare
    report(results)
    args.json.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nfigures written to {args.json}")


def report(results: dict[str, Any]) -> None:
    rows = results["puzzles"]
    print(
        f"{'puzzle':<7}{'build s':>8}{'peak MiB':>9}{'KiB':>8}{'bits/st':>8}{'dist µs':>12}{'solve µs':>14}"
        f"{'probe µs':>14}{'array/s':>12}{'strings/s':>12}{'judge s':>8}{'no-table µs':>13}{'speedup':>9}"
    )
    print(f"{'':<7}{'':>8}{'':>9}{'':>8}{'':>8}{'p50   p95':>12}{'p50    p95':>14}{'p50    p95':>14}")
    for name, row in rows.items():
        print(
            f"{name:<7}{row['build_seconds']:>8.2f}{row['build_peak_mib']:>9.0f}{row['file_bytes'] / 1024:>8.0f}"
            f"{row['bits_per_reachable_state']:>8.2f}{row['distance_us']['median']:>6.1f}{row['distance_us']['p95']:>6.1f}"
            f"{row['solve_us']['median']:>7.1f}{row['solve_us']['p95']:>7.1f}"
            f"{row['probe_us']['median']:>7.1f}{row['probe_us']['p95']:>7.1f}{row['distances_per_second']:>12,.0f}"
            f"{row['strings_per_second']:>12,.0f}{row['judge_seconds']:>8.3f}{row['baseline_solve_us']:>13,.0f}"
            f"{row['speedup']:>8,.0f}x"
        )
    print("array/s: `distances` on a NumPy array of compact strings; strings/s: on a Python list of them")
    verify = results["verify"]
    print(f"ninebase verify of every table: {verify['seconds']:.1f} s, peak {verify['peak_mib']:.0f} MiB")
    total_build = sum(r["build_seconds"] for r in rows.values())
    peak = max(r["build_peak_mib"] for r in rows.values())
    files = sum(r["file_bytes"] for r in rows.values()) / 2**20
    counted = ", ".join(f"{name} {row['baseline_queries']}" for name, row in rows.items())
    print(
        f"\nno-table: a fresh search per query in plain Python (baseline.py), median over the first queries: {counted}"
    )
    print(
        f"judge cube on the contest sample {results['judge_cube_seconds']:.3f} s, bare "
        f"'import numpy, h5py, click' {results['bare_import_seconds']:.3f} s: {results['judge_cube_ratio']:.2f}x"
    )
    print(f"the API loaded {results['import_lookup_ratio']:.2f}x 'import numpy, h5py'")
    checks = [
        (
            f"the API loaded {results['import_lookup_ratio']:.2f}x import numpy, h5py",
            results["import_lookup_ratio"] <= BUDGET_IMPORT_RATIO,
            f"<= {BUDGET_IMPORT_RATIO}x",
        ),
        (
            f"all tables built in {total_build:.1f} s",
            total_build < BUDGET_BUILD_SECONDS,
            f"< {BUDGET_BUILD_SECONDS:.0f} s",
        ),
        (f"peak build memory {peak:.0f} MiB", peak < BUDGET_PEAK_MIB, f"< {BUDGET_PEAK_MIB} MiB"),
        (f"table files {files:.2f} MiB", files < BUDGET_FILES_MIB, f"< {BUDGET_FILES_MIB:.0f} MiB"),
        (
            f"verify peak {results['verify']['peak_mib']:.0f} MiB",
            results["verify"]["peak_mib"] < BUDGET_VERIFY_MIB,
            f"< {BUDGET_VERIFY_MIB} MiB",
        ),
        (
            f"judge cube {results['judge_cube_ratio']:.2f}x bare import",
            results["judge_cube_ratio"] <= BUDGET_JUDGE_CUBE_RATIO,
            f"<= {BUDGET_JUDGE_CUBE_RATIO}x",
        ),
    ]
    for name, row in rows.items():
        solve_budget = BUDGET_SOLVE_US.get(name, BUDGET_SOLVE_US_DEFAULT)
        checks += [
            (
                f"{name} distance {row['distance_us']['median']:.1f} µs",
                row["distance_us"]["median"] < BUDGET_DISTANCE_US,
                f"< {BUDGET_DISTANCE_US:.0f} µs",
            ),
            (
                f"{name} solve {row['solve_us']['median']:.1f} µs",
                row["solve_us"]["median"] < solve_budget,
                f"< {solve_budget:.0f} µs",
            ),
            (
                f"{name} distances {row['distances_per_second']:,.0f}/s",
                row["distances_per_second"] >= BUDGET_STATES_PER_SECOND,
                f">= {BUDGET_STATES_PER_SECOND:,}/s",
            ),
            (
                f"{name} distances from a list of strings {row['strings_per_second']:,.0f}/s",
                row["strings_per_second"] >= BUDGET_STATES_PER_SECOND,
                f">= {BUDGET_STATES_PER_SECOND:,}/s",
            ),
            (
                f"{name} probe {row['probe_us']['median']:.1f} µs",
                row["probe_us"]["median"] < BUDGET_PROBE_US.get(name, BUDGET_PROBE_US_DEFAULT),
                f"< {BUDGET_PROBE_US.get(name, BUDGET_PROBE_US_DEFAULT):.0f} µs",
            ),
        ]
    checks += report_bulk(results["bulk"])
    print("\nbudget:")
    for figure, met, bound in checks:
        print(f"  {'met   ' if met else 'MISSED'} {figure} ({bound})")
    results["budget"] = [{"figure": figure, "met": met, "bound": bound} for figure, met, bound in checks]


if __name__ == "__main__":
    main()
