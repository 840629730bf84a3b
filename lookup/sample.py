"""`ninebase sample`: instances whose optimum is exactly a given distance."""

from __future__ import annotations

import numpy as np

from build_tables.engine import UNREACHABLE
from build_tables.puzzles.cube import CUBES, PATTERNS

from .parsing import InputError
from .puzzles import get
from .tables import Tables


def all_cube_instances() -> np.ndarray:
    """Every (start, pattern) instance in compact form: 9 x 59,049 strings."""
    empty, tops = np.divmod(np.arange(PATTERNS), 3**CUBES)
    digits = np.stack([tops // 3**k % 3 for k in range(CUBES)], axis=1)
    letters = np.empty((PATTERNS, 9), dtype="<U1")
    for cell in range(9):
        rank = np.clip(np.where(cell < empty, cell, cell - 1), 0, CUBES - 1)
        colour = np.array(list("WBR"))[digits[np.arange(PATTERNS), rank]]
        letters[:, cell] = np.where(cell == empty, "E", colour)
    patterns = np.array(["".join(row) for row in letters])
    return np.concatenate([np.char.add(f"{start % 3 + 1} {start // 3 + 1} ", patterns) for start in range(9)])


def sample(tables: Tables, puzzle: str, distance: int | None, count: int, seed: int) -> tuple[list[str], int]:
    """Up to `count` distinct instances (random, fixed by `seed`) whose fewest
    moves are exactly `distance` (None: the largest there is), and how many
    such instances exist."""
    handler = get(puzzle)
    if puzzle == "cube":
        instances = all_cube_instances()
        distances = tables.distances("cube", instances).astype(np.int64)
    else:
        distances = tables.array(puzzle, "distance").astype(np.int64)
        distances[distances == UNREACHABLE] = -1
    largest = int(distances.max())
    if distance is None:
        distance = largest
    candidates = np.flatnonzero(distances == distance)
    if not candidates.size:
        raise InputError(f"no {puzzle} instance needs exactly {distance} moves: the distances run from 0 to {largest}")
    chosen = np.random.default_rng(seed).choice(candidates, size=min(count, candidates.size), replace=False)
    if puzzle == "cube":
        return [str(instances[i]) for i in chosen], candidates.size
    return [handler.compact(handler.rules.decode(int(i))) for i in chosen], candidates.size
