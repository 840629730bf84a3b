"""Build and query benchmark: prints one table of figures per run.

    python benchmarks/bench.py [--only PUZZLE ...] [--queries N]

Builds the tables from nothing into a temporary directory (so the figures
include the whole build), then times `distance` and `solve` per call
(median and 95th percentile, in-process, over random instances) and the
throughput of `distances` on one NumPy batch.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

import build_tables
import lookup
from build_tables.engine import UNREACHABLE
from build_tables.puzzles import NAMES
from lookup.puzzles import get


def random_states(tables: lookup.Tables, puzzle: str, count: int, rng: np.random.Generator) -> list[str]:
    """Random solvable instances in compact form (unsolvable ones are answered
    without a walk, which would flatter the figures)."""
    handler = get(puzzle)
    if puzzle == "cube":  # an instance is a start and a pattern; every pattern is reachable
        from build_tables.puzzles.cube import PATTERNS, TURNS, decode
        from lookup.puzzles.cube import pattern_of

        starts, patterns = rng.integers(0, 9, size=count), rng.integers(0, PATTERNS, size=count)
        return [handler.compact((int(s), pattern_of(decode(int(p) * TURNS)))) for s, p in zip(starts, patterns)]
    solvable = np.flatnonzero(tables.array(puzzle, "distance") != UNREACHABLE)
    return [handler.compact(handler.rules.decode(int(i))) for i in rng.choice(solvable, size=count)]


def per_call_microseconds(call, states: list[str]) -> tuple[float, float]:
    timings = []
    for state in states:
        started = time.perf_counter_ns()
        call(state)
        timings.append((time.perf_counter_ns() - started) / 1000)
    timings.sort()
    return statistics.median(timings), timings[int(0.95 * (len(timings) - 1))]


def batch_array(puzzle: str, states: list[str]) -> np.ndarray:
    """The batch form a caller with many states would pass: an array."""
    if puzzle == "clocks":
        return np.array([[int(v) for v in s.split()] for s in states])
    return np.array(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=NAMES)
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=1_000_000)
    args = parser.parse_args()
    names = args.only or list(NAMES)
    rng = np.random.default_rng(2026)
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        reports = {r.puzzle: r for r in build_tables.build(names, Path(directory))}
        with lookup.open_tables(directory) as tables:
            for name in names:
                states = random_states(tables, name, args.queries, rng)
                distance = per_call_microseconds(lambda s: tables.distance(name, s), states)
                solve = per_call_microseconds(lambda s: tables.solve(name, s), states)
                batch = batch_array(name, random_states(tables, name, 1000, rng))
                batch = np.resize(batch, (args.batch, *batch.shape[1:]))
                started = time.perf_counter()
                tables.distances(name, batch)
                rate = args.batch / (time.perf_counter() - started)
                rows.append((name, reports[name], distance, solve, rate))
    print(f"{'puzzle':<8} {'build s':>8} {'MiB':>6} {'distance µs':>14} {'solve µs':>14} {'distances/s':>12}")
    print(f"{'':<8} {'':>8} {'':>6} {'median   p95':>14} {'median   p95':>14}")
    for name, report, distance, solve, rate in rows:
        print(
            f"{name:<8} {report.seconds:>8.2f} {report.file_bytes / 2**20:>6.2f} "
            f"{distance[0]:>6.1f} {distance[1]:>7.1f} {solve[0]:>6.1f} {solve[1]:>7.1f} {rate:>12,.0f}"
        )
    print(f"{'total':<8} {sum(r[1].seconds for r in rows):>8.2f} {sum(r[1].file_bytes for r in rows) / 2**20:>6.2f}")


if __name__ == "__main__":
    main()
