"""9-Nine at every size: exact distances where they fit, and the construction measured.

    .venv/bin/python benchmarks/nine_sizes.py [--states 100000] [--distances /tmp]

1. A breadth-first search from the goal over the dense numbering (puzzles/nine/dense.py) for
   n = 2, 3, 4: time, peak memory, the largest distance, the histogram, and whether every board
   meeting the class rule is reached (then the rule decides solvability exactly at that size).
   The distances are kept as <distances>/nine_distances_<n>.npy.
2. The construction against those optima: every board of n = 3, and random boards of n = 4.
3. The construction on random boards meeting the class rule (uniform: each class's 8 cells hold
   4 ones, all C(8,4) ways equally likely) for n = 5, 6, 7, 8, 9, 12, 16, 30: mean and largest
   length, time per board in batches and one at a time, against the proven bound B(n).
4. The longest constructions found on purpose: boards built to be awkward, then a hill climb on
   the construction's length (bounded in rounds).
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from ninebase.puzzles.nine.construction import bound, construct, construct_many
from ninebase.puzzles.nine.dense import dense_index
from ninebase.puzzles.nine.sizes import geometry, random_boards

CHUNK = 1000


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def breadth_first(n: int) -> np.ndarray:
    """Distance to the goal of every number (255: not reached), one layer at a time."""
    numbering = dense_index(n)
    distance = np.full(numbering.count, 255, dtype=np.uint8)
    distance[numbering.goal] = 0
    frontier, depth = np.array([numbering.goal], dtype=np.int64), 0
    while len(frontier):
        for before in numbering.predecessors(frontier):
            distance[before[distance[before] == 255]] = depth + 1
        depth += 1
        frontier = np.flatnonzero(distance == depth)
    return distance


def exact_tables(directory: Path) -> dict[int, np.ndarray]:
    print("1. Exact distances (breadth-first from the goal over the boards meeting the class rule)")
    found = {}
    for n in (2, 3, 4):
        before = peak_mib()
        start = time.perf_counter()
        distance = breadth_first(n)
        seconds = time.perf_counter() - start
        reached = distance < 255
        histogram = np.bincount(distance[reached])
        count = len(distance)
        print(
            f"  n={n}: {count:,} boards meet the class rule, {int(reached.sum()):,} reached "
            f"({'all: the rule decides solvability exactly' if reached.all() else 'NOT all'}); "
            f"largest distance {len(histogram) - 1}; {seconds:.2f} s; peak memory {peak_mib():,.0f} MiB "
            f"(process, {before:,.0f} MiB before)"
        )
        print("    histogram: " + ", ".join(f"{depth}: {size:,}" for depth, size in enumerate(histogram.tolist())))
        path = directory / f"nine_distances_{n}.npy"
        np.save(path, distance)
        print(f"    kept as {path}")
        found[n] = distance
    return found


def gaps(distances: dict[int, np.ndarray], states: int) -> None:
    print("2. The construction against the optimum")
    rng = np.random.default_rng(2)
    for n in (2, 3, 4):
        numbering = dense_index(n)
        everything = n <= 3 or numbering.count <= states
        index = np.arange(numbering.count) if everything else rng.integers(0, numbering.count, states)
        a, b = numbering.unrank(index)
        start = time.perf_counter()
        lengths = np.array([len(answer) for chunk in _chunks(a, b) for answer in construct_many(*chunk)])
        seconds = time.perf_counter() - start
        optimum = distances[n][index].astype(np.int64)
        gap = lengths - optimum
        which = "every board" if everything else f"{len(index):,} random boards"
        print(
            f"  n={n}, {which}: construction mean {lengths.mean():.2f} max {lengths.max()}, "
            f"optimum mean {optimum.mean():.2f} max {optimum.max()}; gap mean {gap.mean():.2f} max {gap.max()}, "
            f"ratio mean {(lengths / np.maximum(optimum, 1)).mean():.2f}; bound {bound(n)}; "
            f"{seconds / len(index) * 1e3:.3f} ms per board"
        )


def _chunks(a: np.ndarray, b: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    for start in range(0, len(a), CHUNK):
        yield a[start : start + CHUNK], b[start : start + CHUNK]


def random_sizes(sizes: list[int], states: int, singles: int) -> None:
    print(f"3. The construction on {states:,} random boards per size (and {singles} one at a time)")
    print("   time per board: in batches of 1,000, and one at a time (mean / largest); wall clock, CPU in brackets")
    print("     n     mean    max  bound   batch ms (cpu)       alone ms (cpu)")
    for n in sizes:
        rng = np.random.default_rng(n)
        a, b = random_boards(n, states, rng)
        wall, cpu = time.perf_counter(), time.process_time()
        lengths = np.array([len(answer) for chunk in _chunks(a, b) for answer in construct_many(*chunk)])
        batch, batch_cpu = (time.perf_counter() - wall) / states * 1e3, (time.process_time() - cpu) / states * 1e3
        alone, alone_cpu = [], []
        for i in range(singles):
            wall, cpu = time.perf_counter(), time.process_time()
            construct(a[i], b[i])
            alone.append((time.perf_counter() - wall) * 1e3)
            alone_cpu.append((time.process_time() - cpu) * 1e3)
        print(
            f"  {n:4d} {lengths.mean():8.1f} {lengths.max():6d} {bound(n):6d} {batch:9.3f} ({batch_cpu:.3f})"
            f" {np.mean(alone):9.2f} / {np.max(alone):.2f} ({np.mean(alone_cpu):.2f} / {np.max(alone_cpu):.2f})"
        )
        if n == 9:
            rate = f"{1e3 / batch_cpu:,.0f} boards per CPU second ({1e3 / batch:,.0f} a second)"
            bulk = f"  9x9 in bulk, one process: {rate}"
            print(f"{bulk}; the command answers 10,000 a second with two (--jobs 2: benchmarks/nine_wired.py)")


def awkward_boards(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every class in one of a few patterns (A all 1; A and B crossed; halves), and their mixes."""
    patterns = np.array(
        [[1, 1, 1, 1, 0, 0, 0, 0], [1, 0, 1, 0, 0, 1, 0, 1], [1, 1, 0, 0, 0, 0, 1, 1], [0, 1, 1, 0, 1, 0, 0, 1]]
    )
    orbits = geometry(n).orbits
    boards_a, boards_b = [], []
    for first in range(len(patterns)):
        for second in range(len(patterns)):
            a = np.zeros((n, n), dtype=np.int8)
            b = np.zeros_like(a)
            for number, orbit in enumerate(orbits):
                rows, columns = np.array(orbit).T
                if len(orbit) == 1:
                    a[rows, columns], b[rows, columns] = 1, 0
                    continue
                values = patterns[first if number % 2 == 0 else second]
                a[rows, columns], b[rows, columns] = values[:4], values[4:]
            boards_a.append(a)
            boards_b.append(b)
    return np.array(boards_a), np.array(boards_b)


def hill_climb(n: int, rounds: int, rng: np.random.Generator) -> int:
    """Start from the longest of some random boards; each round tries 64 boards a few in-class swaps away."""
    shape = geometry(n)
    a, b = random_boards(n, 64, rng)
    lengths = [len(answer) for answer in construct_many(a, b)]
    best = int(np.argmax(lengths))
    board, longest = (a[best], b[best]), lengths[best]
    for _ in range(rounds):
        tries_a = np.repeat(board[0][None], 64, axis=0)
        tries_b = np.repeat(board[1][None], 64, axis=0)
        for attempt in range(64):
            for _ in range(rng.integers(1, 4)):
                orbit = shape.orbits[rng.integers(len(shape.orbits))]
                cells = [(matrix, r, c) for matrix in (tries_a, tries_b) for r, c in orbit]
                ones = [cell for cell in cells if cell[0][attempt, cell[1], cell[2]] == 1]
                zeros = [cell for cell in cells if cell[0][attempt, cell[1], cell[2]] == 0]
                if ones and zeros:
                    one, zero = ones[rng.integers(len(ones))], zeros[rng.integers(len(zeros))]
                    one[0][attempt, one[1], one[2]], zero[0][attempt, zero[1], zero[2]] = 0, 1
        lengths = [len(answer) for answer in construct_many(tries_a, tries_b)]
        best = int(np.argmax(lengths))
        if lengths[best] >= longest:
            board, longest = (tries_a[best], tries_b[best]), lengths[best]
    return longest


def adversarial(sizes: list[int], rounds: int) -> None:
    print(f"4. The longest constructions found on purpose (awkward boards; a hill climb of {rounds} rounds x 64)")
    for n in sizes:
        a, b = awkward_boards(n)
        awkward = max(len(answer) for answer in construct_many(a, b))
        climbed = hill_climb(n, rounds, np.random.default_rng(100 + n))
        print(f"  n={n}: awkward boards {awkward}, hill climb {climbed}, bound {bound(n)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=100_000, help="random boards per size (and at n = 4)")
    parser.add_argument("--singles", type=int, default=300, help="boards timed one at a time per size")
    parser.add_argument("--sizes", type=int, nargs="*", default=[5, 6, 7, 8, 9, 12, 16, 30])
    parser.add_argument("--climb", type=int, default=60, help="hill-climb rounds per size")
    parser.add_argument("--climb-sizes", type=int, nargs="*", default=[3, 4, 5, 9, 16])
    parser.add_argument("--distances", type=Path, default=Path("/tmp"), help="where the exact distances are kept")
    arguments = parser.parse_args()
    distances = exact_tables(arguments.distances)
    gaps(distances, arguments.states)
    random_sizes(arguments.sizes, arguments.states, arguments.singles)
    adversarial(arguments.climb_sizes, arguments.climb)


if __name__ == "__main__":
    main()
