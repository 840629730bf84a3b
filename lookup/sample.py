"""`ninebase sample`: instances whose optimum is exactly a given distance."""

from __future__ import annotations

import numpy as np

from ninebase.puzzles import InputError, Puzzle, TableReader, plural

UNSOLVABLE = -1
"""The distance that asks for unsolvable instances."""


def sample(puzzle: Puzzle, table: TableReader, distance: int | None, count: int, seed: int) -> tuple[list[str], int]:
    """Up to `count` distinct instances (random, fixed by `seed`) whose fewest
    moves are exactly `distance` (None: the largest there is; UNSOLVABLE:
    instances that cannot be solved), and how many such instances exist."""
    distances, compact = table.derived("sample space", lambda: puzzle.storage.sample_space(table))
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
    chosen = np.random.default_rng(seed).choice(candidates, size=min(count, candidates.size), replace=False)
    return [compact(int(index)) for index in chosen], candidates.size
