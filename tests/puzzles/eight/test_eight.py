"""eight tables against the seed, published facts and independent searches."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from rules import bidirectional_distance, eight_goal, eight_slides, replay_eight

from ninebase import lookup


def all_boards(missing: int) -> np.ndarray:
    """Every board of the goal that lacks `missing`, as an (n, 9) digit array."""
    digits = [0 if d == missing else d for d in range(1, 10)]
    return np.array(list(itertools.permutations(digits)))


def test_seed_example(tables: lookup.Tables) -> None:
    solution = tables.solve("eight", "123069478")
    assert solution.distance == 5
    assert replay_eight((1, 2, 3, 0, 6, 9, 4, 7, 8), solution.moves) == (1, 2, 3, 4, 0, 6, 7, 8, 9)


@pytest.mark.slow
@pytest.mark.parametrize("missing", range(1, 10))
def test_half_of_the_boards_reach_each_goal(tables: lookup.Tables, missing: int) -> None:
    distances = tables.distances("eight", all_boards(missing))
    assert (distances >= 0).sum() == 181_440


def test_classic_puzzle_needs_31_moves_at_most(tables: lookup.Tables) -> None:
    distances = tables.distances("eight", all_boards(9))
    assert distances.max() == 31
    # The two hardest positions of the classic puzzle, as published.
    assert tables.distance("eight", "867254301") == 31
    assert tables.distance("eight", "647850321") == 31
    assert (distances == 31).sum() == 2


def parity_rule(boards: np.ndarray) -> np.ndarray:
    """Solvable iff the permutation parity (empty read as the missing digit)
    equals the parity of the empty cell's distance from its home cell."""
    missing = 45 - boards.sum(axis=1)
    values = np.where(boards == 0, missing[:, None], boards)
    inversions = sum((values[:, j] < values[:, i]).astype(int) for i in range(9) for j in range(i + 1, 9))
    empty = np.argmax(boards == 0, axis=1)
    home = missing - 1
    steps = np.abs(empty // 3 - home // 3) + np.abs(empty % 3 - home % 3)
    return inversions % 2 == steps % 2


@pytest.mark.slow
@pytest.mark.parametrize("missing", range(1, 10))
def test_unsolvable_exactly_when_parities_differ(tables: lookup.Tables, missing: int) -> None:
    boards = all_boards(missing)
    assert np.array_equal(tables.distances("eight", boards) >= 0, parity_rule(boards))


@pytest.mark.slow
def test_random_boards_of_every_goal_against_bidirectional_search(tables: lookup.Tables) -> None:
    rng = random.Random(8)
    exhausted = 0  # proving a board unsolvable by search means exhausting 181,440 boards: do a few
    for missing in range(1, 10):
        for _ in range(12):
            board = tuple(rng.sample([0 if d == missing else d for d in range(1, 10)], 9))
            text = "".join(map(str, board))
            solution = tables.solve("eight", text)
            if solution.distance is None:
                assert "permutation" in solution.to_dict()["reason"] and solution.moves == []
                if exhausted < 2:
                    assert bidirectional_distance(board, [eight_goal(board)], eight_slides) is None
                    exhausted += 1
                continue
            assert solution.distance == bidirectional_distance(board, [eight_goal(board)], eight_slides), text
            assert len(solution.moves) == solution.distance
            assert replay_eight(board, solution.moves) == eight_goal(board)
            assert solution.to_dict()["goal"] == "".join(map(str, eight_goal(board)))
    assert exhausted == 2


def test_original_output_for_unsolvable(tables_dir) -> None:
    from click.testing import CliRunner

    from ninebase.lookup.cli import main

    result = CliRunner().invoke(main, ["judge", "eight", "--tables", str(tables_dir)], input="1 2 3\n4 5 6\n8 7 0\n")
    assert (result.exit_code, result.output) == (0, "-1\n\n")
