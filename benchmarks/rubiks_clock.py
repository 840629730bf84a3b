"""The Rubik's Clock engine's speed (issue 37): one answer, and distances in bulk, in both metrics.

    python benchmarks/rubiks_clock.py [--positions N] [--seed S]

Draws N uniformly random positions (default 2,000), then for each metric:
the solver's set-up (its tables, once a process); one answer (`solve`: the
distance and one optimal solution in WCA notation, from the compact form),
the median over the positions of each call's wall and CPU time; and bulk
`distances` over all of them, positions per wall and per CPU second; and
`count`, the median CPU time over the first 200. The CPU
figures are the fair ones on a shared machine. Targets: one answer under 1 ms
(18-move) and 5 ms (30-move); bulk 5,000 (18-move) and 500 (30-move) a
second, one process, one core. Prints the figures; exits 1 if a target is
missed on CPU time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

from ninebase.puzzles.rubiks_clock import engine, solver

TARGETS = {18: (1.0, 5000), 30: (5.0, 500)}
"""Per metric: one answer's median in ms, bulk distances a second."""
COUNTED = 200
"""Positions counted (no target: a 30-move probe counts after each of its 330 moves where this is cheap)."""


def positions(count: int, seed: int) -> list[str]:
    """Uniformly random positions in the compact form: 14 free dials drawn, the back corners following."""
    dials = np.random.default_rng(seed).integers(0, 12, (count, 18))
    for back, front in ((9, 2), (11, 0), (15, 8), (17, 6)):
        dials[:, back] = -dials[:, front] % 12
    return [" ".join(str(int(value) or 12) for value in row) for row in dials]


def measure(metric: int, texts: list[str]) -> bool:
    """Prints one metric's figures; whether its targets are met on CPU time."""
    started = time.perf_counter()
    solver.solver(metric)
    print(f"{metric}-move metric: tables set up in {time.perf_counter() - started:.2f} s")
    walls, cpus = [], []
    for text in texts:
        wall, cpu = time.perf_counter(), time.process_time()
        engine.solve(text, metric)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    one_wall, one_cpu = statistics.median(walls) * 1e3, statistics.median(cpus) * 1e3
    wall, cpu = time.perf_counter(), time.process_time()
    found = engine.distances(texts, metric)
    bulk_wall = len(texts) / (time.perf_counter() - wall)
    bulk_cpu = len(texts) / (time.process_time() - cpu)
    one_target, bulk_target = TARGETS[metric]
    one_met, bulk_met = one_cpu < one_target, bulk_cpu >= bulk_target
    print(
        f"  one answer: median {one_wall:.3f} ms wall, {one_cpu:.3f} ms CPU "
        f"(target < {one_target} ms: {'met' if one_met else 'MISSED'})"
    )
    print(
        f"  distances: {bulk_wall:,.0f} a wall second, {bulk_cpu:,.0f} a CPU second "
        f"(target {bulk_target:,}: {'met' if bulk_met else 'MISSED'})"
    )
    print(f"  mean distance {found.mean():.4f}, largest {found.max()}, over {len(texts):,} positions")
    counted = texts[:COUNTED]
    cpus = []
    for text in counted:
        cpu = time.process_time()
        engine.count(text, metric)
        cpus.append(time.process_time() - cpu)
    median = statistics.median(cpus) * 1e3
    print(f"  count (optimal solutions as sets): median {median:.3f} ms CPU over {len(counted):,}")
    return one_met and bulk_met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="random positions (default 2000)")
    parser.add_argument("--seed", type=int, default=37, help="their seed (default 37)")
    options = parser.parse_args()
    texts = positions(options.positions, options.seed)
    print(f"load average {os.getloadavg()[0]:.1f}, {options.positions:,} random positions")
    met = [measure(metric, texts) for metric in (18, 30)]
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
