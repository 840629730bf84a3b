"""clocks tables against the seed's algebra and an exhaustive enumeration."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from rules import CLOCK_MOVES, clocks_by_formula, replay_clocks

from ninebase import lookup


def test_seed_example(tables: lookup.Tables) -> None:
    solution = tables.solve("clocks", "9 9 12 6 6 6 6 3 6")
    assert solution.moves == [4, 5, 8, 9]
    assert solution.distance == 4


def enumerate_move_counts() -> np.ndarray:
    """Seed 001's Program 1: try every count 0..3 of each move; for every dial
    setting keep the fewest moves whose net effect returns it to 12 (vectorised
    over the 4^9 count vectors, independent of the BFS engine)."""
    counts = np.array(list(itertools.product(range(4), repeat=9)))
    effect = np.zeros((counts.shape[0], 9), dtype=np.int64)
    for move, letters in CLOCK_MOVES.items():
        for letter in letters:
            effect[:, "ABCDEFGHI".index(letter)] += counts[:, move - 1]
    # The setting these counts solve is the negated effect.
    setting = (-effect) % 4 @ (4 ** np.arange(8, -1, -1))
    best = np.full(4**9, 99)
    np.minimum.at(best, setting, counts.sum(axis=1))
    return best


def test_every_setting_matches_exhaustive_enumeration(tables: lookup.Tables) -> None:
    best = enumerate_move_counts()
    turns = np.array(list(itertools.product(range(4), repeat=9)))
    hours = np.where(turns == 0, 12, 3 * turns)
    assert np.array_equal(tables.distances("clocks", hours), best)


@pytest.mark.parametrize("seed", range(3))
def test_random_settings_against_linear_algebra_and_replay(tables: lookup.Tables, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(100):
        hours = [rng.choice((3, 6, 9, 12)) for _ in range(9)]
        solution = tables.solve("clocks", hours)
        expected = [move for move, count in enumerate(clocks_by_formula(hours), 1) for _ in range(count)]
        assert solution.moves == expected
        assert solution.distance == len(expected) == len(solution.moves)
        assert replay_clocks(hours, solution.moves) == [12] * 9
