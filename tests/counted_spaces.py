"""The state spaces the counting tests check the counts against, counted by
brute force (`shortest_paths`, over the simulators of `rules.py`) once per
test session, by name; shared by test_counting.py and
test_counting_solutions.py, so that each space is counted once."""

from __future__ import annotations

from functools import cache

import numpy as np
from every import PLUGIN
from rules import clock_turn
from shortest_paths import Space, clocks_space, eight_space, layered_counts, lights_space, nine_space, sansu_space

from ninebase import puzzles
from ninebase.puzzles import Puzzle

SPACES = {
    "sansu": sansu_space,
    "clocks": clocks_space,
    "nine": nine_space,
    "lights": lights_space,
    "clocks-backward": lambda: clocks_space(backward=True),
    **{f"eight-{missing}": lambda missing=missing: eight_space(missing) for missing in range(1, 10)},
}
"""Whole state spaces counted by brute force: eight one space per empty digit."""
BACKWARD = {"hours": "4", "backward": True}
"""The IOI dials with backward turns: a half turn either way, both counted."""


@cache
def counted(space_name: str) -> tuple[Space, np.ndarray, np.ndarray]:
    """A space and, per state, its fewest moves (-1: none) and shortest move sequences."""
    space = SPACES[space_name]()
    return (space, *space.counted())


@cache
def positions(space_name: str) -> dict[str, int]:
    """Each state of a space by its compact form (the order is the space's)."""
    space, distance, _ = counted(space_name)
    return {space.compact(state): state for state in range(len(distance))}


def puzzle_of(space_name: str) -> Puzzle:
    if space_name == "clocks-backward":
        return puzzles.get("clocks").variant(BACKWARD)
    return PLUGIN if space_name == "lights" else puzzles.get(space_name.split("-")[0])


def spread(distance: np.ndarray, size: int, seed: int) -> np.ndarray:
    """`size` states (all, if there are fewer) spread as evenly over the
    distances (unsolvable: -1, as one more) as they allow: the states of
    each distance in random order, taken one from each distance in turn."""
    rng = np.random.default_rng(seed)
    classes = [rng.permutation(np.flatnonzero(distance == value)) for value in np.unique(distance)]
    ranks = np.concatenate([np.arange(len(members)) for members in classes])
    states = np.concatenate(classes)
    return states[np.argsort(ranks, kind="stable")[:size]]


def twelve_hour_counts(backward: bool, depth: int) -> dict[tuple[int, ...], list[int]]:
    """12-hour dials within `depth` moves of all at 12, with their fewest
    moves and shortest move sequences: walked out from the goal undoing moves."""
    moves = [*range(1, 10), *(range(-9, 0) if backward else ())]
    return layered_counts([(12,) * 9], lambda hours: [clock_turn(hours, -move, 12) for move in moves], depth)
