"""`ninebase sample`: instances whose optimum is exactly a given distance,
or solvable instances drawn uniformly at random (and, if asked, only those
whose optimal answer is unique); and how the optimal answers' counts are
spread over a puzzle's instances."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ninebase.puzzles import InputError, Puzzle, TableReader, plural
from ninebase.puzzles.draws import drawn_indices

UNSOLVABLE = -1
"""The distance that asks for unsolvable instances."""


def sample(
    puzzle: Puzzle, table: TableReader, distance: int | None, count: int, seed: int, unique: bool = False
) -> tuple[list[str], int]:
    """Up to `count` distinct instances (random, fixed by `seed`) whose fewest
    moves are exactly `distance` (None: the largest there is; UNSOLVABLE:
    instances that cannot be solved), with `unique` only those with exactly
    one optimal answer, and how many such instances exist."""
    if distance == UNSOLVABLE:
        if unique:
            raise InputError("distance -1 asks for unsolvable instances, which have no optimal answer to be unique")
        drawn = puzzle.storage.unsolvable_sample(table, count, seed)
        if drawn is not None:
            return drawn
    elif distance is not None and not unique:
        drawn = puzzle.storage.distance_sample(table, distance, count, seed)
        if drawn is not None:
            return drawn
    distances, compact = sample_space(puzzle, table)
    largest = int(distances.max())
    if distance is None:
        distance = largest
    candidates = np.flatnonzero(distances == distance)
    if not candidates.size:
        if distance == UNSOLVABLE:
            raise InputError(f"distance -1 asks for unsolvable instances, and every {puzzle.name} instance is solvable")
        raise InputError(
            f"no {puzzle.name} instance needs exactly {plural(distance, *puzzle.unit)}: "
            f"the distances run from 0 to {largest}"
        )
    if unique:
        at_distance = candidates.size
        candidates = candidates[counts(puzzle, table)[candidates] == 1]
        if not candidates.size:
            raise InputError(
                f"no {puzzle.name} instance at that distance has a unique optimal answer "
                f"(the {plural(at_distance, *puzzle.instance_noun)} there have two or more)"
            )
    return [compact(int(index)) for index in in_seeded_order(candidates, count, seed)], candidates.size


def draw(puzzle: Puzzle, table: TableReader, count: int, seed: int, unique: bool = False) -> list[str]:
    """Up to `count` distinct solvable instances of the sample space, each
    alike (with `unique`, of those with exactly one optimal answer), in the
    seed's order (`drawn_indices`); fewer only where fewer exist."""
    distances, compact = sample_space(puzzle, table)
    solvable = table.derived("solvable", lambda: np.flatnonzero(distances >= 0))
    if unique:
        solvable = table.derived("unique answers", lambda: solvable[counts(puzzle, table)[solvable] == 1])
    return [compact(int(index)) for index in solvable[drawn_indices(solvable.size, count, seed)]]


def in_seeded_order(candidates: np.ndarray, count: int, seed: int) -> np.ndarray:
    """The first `count` of `candidates` in a random order that `seed` alone
    fixes, whatever the count: a larger count extends a smaller one with the
    same seed, so a test set grows without changing what it held."""
    return candidates[np.random.default_rng(seed).permutation(candidates.size)[:count]]


def sample_space(puzzle: Puzzle, table: TableReader) -> tuple[np.ndarray, Callable[[int], str]]:
    """Every instance's distance and a writer of instance i (its key), worked out once per table."""
    return table.derived("sample space", lambda: puzzle.storage.sample_space(table))


def counts(puzzle: Puzzle, table: TableReader) -> np.ndarray:
    """Every instance's optimal move sequences, by its place in the sample
    space (which is its key: `Storage.sample_space`), worked out once per table."""
    if puzzle.counting is None:
        raise InputError(f"{puzzle.name} does not count its optimal solutions")
    distances, _ = sample_space(puzzle, table)

    def every() -> np.ndarray:
        ways = puzzle.counting.counts_of(table, np.arange(distances.size, dtype=np.int64))
        ways[distances < 0] = 0
        return ways

    return table.derived("counts", every)


def count_stats(puzzle: Puzzle, table: TableReader) -> dict[str, Any]:
    """How the optimal answers are spread: per distance how many instances
    have exactly one (`unique`, beside the histogram), and over all solvable
    instances how many have 1, 2-3, 4-7, ... optimal answers (`counts`: the
    lowest count of each bucket as a decimal string, and the instances)."""
    distances, _ = sample_space(puzzle, table)
    ways = counts(puzzle, table)
    solvable = distances >= 0
    unique = np.bincount(distances[solvable & (ways == 1)], minlength=int(distances.max()) + 1)
    solvable_ways = ways[solvable]
    if solvable_ways.dtype == object:
        bits = np.array([int(way).bit_length() for way in solvable_ways.tolist()], dtype=np.int64)
    else:  # bit lengths, exactly: one shift per bit of the largest count
        bits = np.zeros(solvable_ways.size, dtype=np.int64)
        remaining = solvable_ways.astype(np.uint64)
        while remaining.any():
            bits += remaining > 0
            remaining >>= np.uint64(1)
    buckets = np.bincount(bits)
    return {
        "unique": unique.tolist(),
        "counts": [
            {"from": str(1 << (size - 1)), "instances": int(found)}
            for size, found in enumerate(buckets)
            if size and found
        ],
        "max_count": str(max(solvable_ways.tolist(), default=0)),
    }
