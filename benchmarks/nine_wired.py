"""nine at every size as ninebase answers it (`--size N`), against the issue's targets.

    .venv/bin/python benchmarks/nine_wired.py [--bulk 20000] [--queries 2000]

1. One construction through the API (`Tables.solve`, the answer object included): 9x9 (target
   under 5 ms) and 30x30 (under 100 ms), median and largest over random boards.
2. 9x9 in bulk through the installed command, fresh processes: `solve nine --size 9 --batch`
   and `distances nine --size 9` on random boards, with one job and with `--jobs 2` (target
   10,000 states/s).
3. The 4x4 table: `ninebase build --only nine --size 4` in a fresh process (targets under 2
   minutes and 4 GiB), its file, and `ninebase verify nine --size 4`.
4. Queries at sizes 2, 3 and 4 from their tables, as benchmarks/run.py measures the other
   puzzles: distance, solve and probe in µs (median, 95th percentile), `distances` per second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from run import microseconds, states_per_second

from ninebase import lookup, puzzles
from ninebase.puzzles.nine.sizes import compact, random_boards

NINE = puzzles.get("nine")
NINEBASE = str(Path(sys.executable).parent / "ninebase")
TIMED_CHILD = """
import json, resource, subprocess, sys, time
started = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True)
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": time.perf_counter() - started, "status": done.returncode,
                  "peak_mib": children.ru_maxrss / 1024, "stderr": done.stderr.decode()[-300:]}))
"""


def boards(n: int, count: int, seed: int) -> list[str]:
    a, b = random_boards(n, count, np.random.default_rng(seed))
    return [compact(x, y) for x, y in zip(a, b, strict=True)]


def one_construction(count: int) -> None:
    print("1. One construction through the API (Tables.solve, the whole answer object)")
    tables = lookup.Tables("/nonexistent")  # no table is opened
    for n, target in ((9, 5.0), (30, 100.0)):
        puzzle = NINE.variant({"size": n})
        states = boards(n, count if n == 9 else count // 10, n)
        tables.solve(puzzle, states[0])
        timings, cpu = [], []
        for state in states:
            wall, used = time.perf_counter(), time.process_time()
            tables.solve(puzzle, state)
            timings.append((time.perf_counter() - wall) * 1e3)
            cpu.append((time.process_time() - used) * 1e3)
        print(
            f"  {n}x{n}: {len(states)} boards, median {statistics.median(timings):.2f} ms, "
            f"largest {max(timings):.2f} ms (CPU median {statistics.median(cpu):.2f} ms); target under {target:.0f} ms"
        )


def timed(command: list[str], stdin: bytes = b"") -> dict[str, float]:
    """Wall time and peak memory of a command in a fresh process (its stdout dropped)."""
    with tempfile.TemporaryFile() as source:
        source.write(stdin)
        source.seek(0)
        done = subprocess.run(
            [sys.executable, "-c", TIMED_CHILD, *command], stdin=source, capture_output=True, text=True, check=True
        )
    result = json.loads(done.stdout)
    if result["status"] != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result['stderr']}")
    return result


def bulk(count: int) -> None:
    print(
        f"2. 9x9 in bulk through the installed command ({count:,} random boards, fresh processes, "
        f"{os.cpu_count()} cores; --jobs 2: two worker processes)"
    )
    text = "".join(f"{state}\n" for state in boards(9, count, 99)).encode()
    for command in (["solve", "nine", "--size", "9", "--batch"], ["distances", "nine", "--size", "9"]):
        for jobs in (1, 2):
            result = timed([NINEBASE, *command, "--jobs", str(jobs)], text)
            print(
                f"  ninebase {' '.join(command)} --jobs {jobs}: {result['seconds']:.2f} s, "
                f"{count / result['seconds']:,.0f} states/s (target 10,000/s), peak {result['peak_mib']:.0f} MiB"
            )


def four_by_four(directory: str) -> None:
    print("3. The 4x4 table (fresh processes)")
    built = timed([NINEBASE, "build", "--only", "nine", "--size", "4", "--tables", directory])
    path = Path(directory) / "nine-4.h5"
    print(
        f"  ninebase build --only nine --size 4: {built['seconds']:.1f} s (target under 120 s), "
        f"peak {built['peak_mib']:,.0f} MiB (target under 4,096), file {path.stat().st_size / 2**20:.1f} MiB"
    )
    verified = timed([NINEBASE, "verify", "nine", "--size", "4", "--tables", directory])
    print(f"  ninebase verify nine --size 4: {verified['seconds']:.1f} s, peak {verified['peak_mib']:,.0f} MiB")


def queries(directory: str, count: int) -> None:
    print(f"4. Queries from the tables ({count:,} random solvable boards per size; µs median / 95th percentile)")
    with lookup.open_tables(directory) as tables:
        for n in (2, 3, 4):
            puzzle = NINE.variant({"size": n})
            states = boards(n, count, n)
            tables.solve(puzzle, states[0])  # opening and loading is not per-call work
            distance = microseconds(lambda state, p=puzzle: tables.distance(p, state), states)
            solve = microseconds(lambda state, p=puzzle: tables.solve(p, state), states)
            probe = microseconds(lambda state, p=puzzle: tables.probe(p, state), states)
            rate = states_per_second(tables, puzzle, np.array(states * (200_000 // count)))
            print(
                f"  {n}x{n}: distance {distance[0]:.1f} / {distance[1]:.1f}, solve {solve[0]:.1f} / {solve[1]:.1f}, "
                f"probe {probe[0]:.1f} / {probe[1]:.1f}; distances {rate:,.0f} states/s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bulk", type=int, default=20_000, help="9x9 boards answered in bulk")
    parser.add_argument("--queries", type=int, default=2_000, help="boards per size and kind of query")
    arguments = parser.parse_args()
    one_construction(300)
    bulk(arguments.bulk)
    with tempfile.TemporaryDirectory() as directory:
        subprocess.run([NINEBASE, "build", "--only", "nine", "--tables", directory], check=True, capture_output=True)
        subprocess.run(
            [NINEBASE, "build", "--only", "nine", "--size", "2", "--tables", directory], check=True, capture_output=True
        )
        four_by_four(directory)
        queries(directory, arguments.queries)


if __name__ == "__main__":
    main()
