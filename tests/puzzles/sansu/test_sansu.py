"""sansu tables against the seed and against independent searches."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from collections import deque

import numpy as np
import pytest
from rules import is_sansu, replay_sansu, sansu_swaps, shortest_distance

from ninebase import lookup

SEED_CLASS_COUNTS = [8, 72, 172, 208, 96, 4]
"""Seed 000: of the 560 essentially different tiles, this many are 0..5 swaps from a sansu."""


def test_seed_example(tables: lookup.Tables) -> None:
    solution = tables.solve("sansu", "175426839")
    assert solution.distance == 5
    assert is_sansu(replay_sansu((1, 7, 5, 4, 2, 6, 8, 3, 9), solution.moves))
    assert solution.to_dict()["final"] == "".join(map(str, replay_sansu((1, 7, 5, 4, 2, 6, 8, 3, 9), solution.moves)))


def test_seed_alternative_sansu_is_five_swaps_away(tables: lookup.Tables) -> None:
    # 1 5 3 / 4 2 6 / 7 8 9 is reachable in five swaps per the seed, and is itself a sansu.
    assert tables.distance("sansu", "153426789") == 0
    assert shortest_distance((1, 7, 5, 4, 2, 6, 8, 3, 9), sansu_swaps, lambda t: t == (1, 5, 3, 4, 2, 6, 7, 8, 9)) == 5


def test_histogram_is_implied_by_seed_class_counts(tables: lookup.Tables) -> None:
    # A class of the seed is a residue pattern (digits mod 3, 3!^3 = 216 tiles each)
    # up to adding 1 to every digit (3 patterns): 648 tiles per class.
    stats = tables.stats("sansu")
    assert stats["histogram"] == [648 * count for count in SEED_CLASS_COUNTS]
    assert stats["max_distance"] == 5 and stats["solvable"] == stats["states"] == 362880


def residue_pattern_distances() -> dict[tuple[int, ...], int]:
    """BFS over the 1680 patterns of digit residues mod 3, from the sansu patterns,
    in plain Python: a search over a different state space than the tables'."""
    patterns = set(itertools.permutations((0, 0, 0, 1, 1, 1, 2, 2, 2)))
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    goals = [p for p in patterns if all(sum(p[c] for c in line) % 3 == 0 for line in lines)]
    distance = {goal: 0 for goal in goals}
    queue = deque(goals)
    while queue:
        pattern = queue.popleft()
        for following in sansu_swaps(pattern):
            if following not in distance:
                distance[following] = distance[pattern] + 1
                queue.append(following)
    return distance


def test_every_tile_matches_residue_pattern_search(tables: lookup.Tables) -> None:
    by_pattern = residue_pattern_distances()
    assert len(by_pattern) == 1680
    tiles = np.array(list(itertools.permutations(range(1, 10))))
    keys = (tiles % 3) @ (3 ** np.arange(8, -1, -1))
    lookup_table = np.full(3**9, -1)
    for pattern, distance in by_pattern.items():
        lookup_table[np.dot(pattern, 3 ** np.arange(8, -1, -1))] = distance
    assert np.array_equal(tables.distances("sansu", tiles), lookup_table[keys])


def test_the_goals_are_the_tiles_whose_rows_and_columns_are_divisible(tables: lookup.Tables) -> None:
    # The seed's remark (rows and columns imply the diagonals), checked against the table's
    # goals over all 9! tiles: distance 0 exactly where the rows and columns alone divide by 3.
    tiles = np.array(list(itertools.permutations(range(1, 10))))
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]
    rows_and_columns = np.all([tiles[:, list(line)].sum(axis=1) % 3 == 0 for line in lines], axis=0)
    at_goal = tables.distances("sansu", tiles) == 0
    assert rows_and_columns.sum() == 648 * SEED_CLASS_COUNTS[0]
    assert np.array_equal(at_goal, rows_and_columns)
    assert all(is_sansu(tuple(tile)) for tile in tiles[at_goal][::97])  # and every goal checks all 8 lines


@pytest.mark.parametrize("seed", range(4))
def test_random_tiles_against_plain_bfs_and_replay(tables: lookup.Tables, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        tile = tuple(rng.sample(range(1, 10), 9))
        solution = tables.solve("sansu", "".join(map(str, tile)))
        assert solution.distance == shortest_distance(tile, sansu_swaps, is_sansu)
        assert len(solution.moves) == solution.distance
        final = replay_sansu(tile, solution.moves)
        assert is_sansu(final)
        assert solution.to_dict()["final"] == "".join(map(str, final))


@pytest.mark.slow
def test_each_swap_is_the_lowest_numbered_one_that_gets_closer(tables: lookup.Tables) -> None:
    # The documented tie-break, checked with a plain BFS written apart from the tables:
    # at every step, no lower-numbered swap (1-2, 1-4, 2-3, ...) leads one step closer.
    order = sorted((i, j) for i in range(1, 10) for j in range(i + 1, 10) if abs(i - j) == 3 or (j == i + 1 and i % 3))
    rng = random.Random(5)
    for _ in range(20):
        tile = tuple(rng.sample(range(1, 10), 9))
        solution = tables.solve("sansu", "".join(map(str, tile)))
        board = tile
        for move in solution.moves:
            remaining = shortest_distance(board, sansu_swaps, is_sansu)
            closer = [
                swap
                for swap in order
                if shortest_distance(replay_sansu(board, [swap]), sansu_swaps, is_sansu) == remaining - 1
            ]
            assert tuple(move) == closer[0], (tile, solution.moves)
            board = replay_sansu(board, [move])


def test_same_answer_in_another_process(tables: lookup.Tables) -> None:
    first = tables.solve("sansu", "987654321").to_dict()
    script = (
        "import json, sys; from ninebase import lookup; "
        "print(json.dumps(lookup.open_tables(sys.argv[1]).solve('sansu', '987654321').to_dict()))"
    )
    for hash_seed in ("1", "12345"):
        done = subprocess.run(
            [sys.executable, "-c", script, str(tables.directory)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert json.loads(done.stdout) == first
