"""`ninebase sample rubiks-clock`: uniformly random positions (no table lists
the 12^14 positions), all of them alike (`uniform`), or at an exact distance,
drawn by rejection: positions are drawn uniformly from a seed and kept where
their distance is asked for, up to a budget of positions tried; a distance
too rare for the budget is refused with its estimated (or known) rarity."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from ..draws import bounded, first_distinct
from ..text import InputError, plural
from .known import POSITIONS, at_distance, gods_number
from .model import BACK_CORNERS, FREE, HOURS
from .notation import write_dials

TRIED = {18: 20_000, 30: 1_000}
"""Positions tried at most for one sample, per metric: about 2 s of CPU each (0.1 and 2.4 ms a position)."""
BATCH = 64


def positions(seed: int) -> Iterator[np.ndarray]:
    """Uniformly random positions' 18 dials, in an order `seed` alone fixes."""
    rng = np.random.default_rng(seed)
    while True:
        dials = np.zeros((BATCH, 18), dtype=np.int64)
        dials[:, list(FREE)] = rng.integers(HOURS, size=(BATCH, len(FREE)))
        for back, front in BACK_CORNERS:
            dials[:, back] = -dials[:, front] % HOURS
        yield from dials


def uniform(count: int, seed: int) -> list[str]:
    """`count` distinct positions drawn uniformly from all 12^14 (every one is
    solvable), the first of `positions(seed)`: no distance is worked out."""
    bounded(count, "rubiks-clock positions")
    return first_distinct((write_dials(dials) for dials in positions(seed)), count)


def draw(
    metric: int,
    distance: int | None,
    count: int,
    seed: int,
    unique: bool,
    measure: Callable[[np.ndarray], int],
    ways: Callable[[np.ndarray], int],
) -> tuple[list[str], int]:
    """Up to `count` distinct positions at exactly `distance` (None: God's
    number), with `unique` only those with one optimal answer: the first
    found in the seed's order (a larger count begins with a smaller one's), and
    how many were found. InputError where the budget cannot find them."""
    if distance == -1:
        raise InputError("distance -1 asks for unsolvable instances, and every rubiks-clock position is solvable")
    largest, _ = gods_number(metric)
    if distance is None:
        distance = largest
    if distance > largest:
        raise InputError(f"no rubiks-clock position needs {distance} moves: {largest} is the most")
    exact = at_distance(metric, distance)
    tried = TRIED[metric]
    if exact * tried < count * POSITIONS:  # fewer than `count` expected within the budget
        raise InputError(
            f"{plural(exact, 'position')} of {POSITIONS:,} need exactly {plural(distance, 'move')} "
            f"(1 in {POSITIONS / exact:,.3g}): too rare to draw at random; the sample tries {tried:,}"
        )
    found: list[str] = []
    seen: set[str] = set()
    for attempt, dials in enumerate(positions(seed), 1):
        if measure(dials) == distance and (not unique or ways(dials) == 1):
            text = write_dials(dials)
            if text not in seen:
                seen.add(text)
                found.append(text)
                if len(found) == count:
                    return found, count
        if attempt == tried:
            break
    such = " with a unique optimal answer" if unique else ""
    moves = f"exactly {plural(distance, 'move')}{such}"
    if found:
        rarity = f"{len(found)} of {tried:,} random positions tried need {moves} (about 1 in {tried / len(found):,.0f})"
    else:
        rarity = f"none of {tried:,} random positions tried needs {moves} (fewer than 1 in {tried:,})"
    raise InputError(f"{rarity}: too rare to draw {count} by rejection; ask for fewer or another distance")
