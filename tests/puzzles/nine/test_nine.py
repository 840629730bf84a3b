"""nine tables against the seed, an invariant argument and plain BFS."""

from __future__ import annotations

import random

import numpy as np
import pytest
from rules import (
    NINE_GOAL,
    bidirectional_distance,
    nine_neighbours,
    replay_nine,
    shortest_distance,
)

from ninebase import lookup

SEED_BOARD = "100000000 111111011"
SEED_ANSWER = ["BL", "BL", "BL", "AL", "C1", "AL", "C1", "AR", "C1"]


def test_seed_sample(tables: lookup.Tables) -> None:
    assert replay_nine(SEED_BOARD, SEED_ANSWER) == NINE_GOAL  # the simulator agrees with the seed
    solution = tables.solve("nine", SEED_BOARD)
    assert solution.distance is not None and solution.distance <= len(SEED_ANSWER)
    assert replay_nine(SEED_BOARD, solution.moves) == NINE_GOAL
    assert solution.distance == shortest_distance(SEED_BOARD, nine_neighbours, lambda k: k == NINE_GOAL)


def test_invariant_rule_matches_the_table_everywhere(tables: lookup.Tables) -> None:
    bits = (np.arange(1 << 18)[:, None] >> np.arange(17, -1, -1)) & 1
    corners, edges, centres = [0, 2, 6, 8], [1, 3, 5, 7], [4]

    def ones(cells: list[int]) -> np.ndarray:
        return bits[:, cells].sum(axis=1) + bits[:, [9 + c for c in cells]].sum(axis=1)

    rule = (ones(corners) == 4) & (ones(edges) == 4) & (ones(centres) == 1)
    distances = tables.distances("nine", bits)
    assert rule.sum() == 9800
    assert np.array_equal(distances >= 0, rule)


@pytest.mark.slow
def test_random_boards_against_plain_bfs_and_replay(tables: lookup.Tables) -> None:
    rng = random.Random(9)
    solvable = 0
    for trial in range(120):
        if trial % 2:  # a solvable board: random operations from the goal
            key = NINE_GOAL
            for _ in range(rng.randrange(30)):
                key = rng.choice(list(nine_neighbours(key)))
        else:
            key = "".join(rng.choice("01") for _ in range(9)) + " " + "".join(rng.choice("01") for _ in range(9))
        solution = tables.solve("nine", key)
        expected = bidirectional_distance(key, [NINE_GOAL], nine_neighbours)
        assert solution.distance == expected, key
        if expected is None:
            assert "cells" in solution.to_dict()["reason"]
        else:
            solvable += 1
            assert len(solution.moves) == expected and replay_nine(key, solution.moves) == NINE_GOAL
    assert solvable >= 60
