"""Instances drawn uniformly at random where no table lists them (`Puzzle.draw`,
a storage's unsolvable boards): distinct, in an order that the seed alone
fixes, so a larger count begins with a smaller one's instances, and bounded
in number."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .text import InputError

MOST_DRAWN = 1_000_000
"""The most instances drawn at once without a table (the 15-puzzle's take
about 17 s of CPU, rubiks-clock's 6 s)."""
PERMUTED_UP_TO = 1 << 22
"""The largest space drawn as a whole permutation of its indices; a larger
one is drawn with repeats passed over."""
DRAWN_AT_ONCE = 4096
"""Indices drawn in one go from a larger space (a fixed number, whatever the
count, so that the draws depend on the seed alone)."""


def bounded(count: int, what: str, most: int = MOST_DRAWN, exist: int | None = None) -> int:
    """`count`, where at most `most` of `what` are to be drawn (no more than
    `exist`, where that many exist); InputError otherwise."""
    if min(count, count if exist is None else exist) > most:
        raise InputError(f"count is {count:,}: at most {most:,} {what} are drawn at once")
    return count


def first_distinct(texts: Iterable[str], count: int) -> list[str]:
    """The first `count` distinct texts of an endless draw, in the order drawn
    (none drawn for a count of 0)."""
    if count < 1:
        return []
    found: dict[str, None] = {}
    for text in texts:
        found[text] = None
        if len(found) == count:
            break
    return list(found)


def drawn_indices(space: int, count: int, seed: int) -> np.ndarray:
    """Up to `count` distinct indices of `range(space)`, each alike, the first
    of an order `seed` alone fixes: a permutation of a small space (all of it
    where `count` is larger), otherwise draws with repeats passed over."""
    rng = np.random.default_rng(seed)
    if count < 1:
        return np.zeros(0, dtype=np.int64)
    if space <= PERMUTED_UP_TO:
        return rng.permutation(space)[:count]
    found: dict[int, None] = {}
    while len(found) < min(count, space):
        found.update(dict.fromkeys(rng.integers(0, space, size=DRAWN_AT_ONCE, dtype=np.int64).tolist()))
    return np.array(list(found)[:count], dtype=np.int64)
