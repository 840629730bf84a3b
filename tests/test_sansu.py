"""sansu tables against the seed and against independent searches."""

from __future__ import annotations

import itertools
import random
from collections import deque

import numpy as np
import pytest

import lookup
from rules import is_sansu, replay_sansu, sansu_swaps, shortest_distance

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
    attrs = tables.file("sansu").attrs
    assert [int(c) for c in attrs["histogram"]] == [648 * count for count in SEED_CLASS_COUNTS]
    assert int(attrs["max_distance"]) == 5 and int(attrs["reachable_count"]) == 362880


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


def test_rows_and_columns_imply_diagonals() -> None:
    # The seed's remark, proved by exhaustion over all residue patterns.
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]
    for pattern in set(itertools.permutations((0, 0, 0, 1, 1, 1, 2, 2, 2))):
        if all(sum(pattern[c] for c in line) % 3 == 0 for line in lines):
            assert (pattern[0] + pattern[4] + pattern[8]) % 3 == 0 and (pattern[2] + pattern[4] + pattern[6]) % 3 == 0


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


def test_same_answer_every_time(tables: lookup.Tables) -> None:
    first = tables.solve("sansu", "987654321").to_dict()
    with lookup.open_tables(tables.directory) as again:
        assert again.solve("sansu", "987654321").to_dict() == first
