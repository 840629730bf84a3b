"""Instances drawn uniformly at random (`Puzzle.draw`, a storage's unsolvable
boards, a table's solvable entries): distinct, in an order that the seed
alone fixes, so a larger count begins with a smaller one's instances, and
bounded in number where no table bounds them."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .text import InputError

MOST_DRAWN = 1_000_000
"""The most instances drawn at once without a table (the 15-puzzle's take
about 17 s of CPU, rubiks-clock's 6 s)."""
DRAWN_AT_ONCE = 4096
"""Instances drawn in one go where some are passed over (a fixed number,
whatever the count, so that the draws depend on the seed alone)."""


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
    """The first `count` places (all `space` at most) of a random permutation
    of `range(space)` that `seed` alone fixes, each alike, in time that grows
    with the count, not the space (one of eight's 1.6 million boards, one of
    5 billion 12-hour clock settings): the swaps of a Fisher-Yates shuffle,
    the i-th with a place drawn from i to space - 1, kept where they moved
    something. A larger count begins with a smaller one's places."""
    picks = np.random.default_rng(seed).integers(np.arange(min(count, space)), space)
    moved: dict[int, int] = {}
    order = np.empty(picks.size, dtype=np.int64)
    for place, pick in enumerate(picks.tolist()):
        order[place] = moved.get(pick, pick)
        moved[pick] = moved.get(place, place)
    return order
