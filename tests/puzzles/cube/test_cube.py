"""cube tables against the contest sample, a separate simulator, searches
without symmetry, and a bidirectional search over the rules."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from rules import (
    bidirectional_distance,
    boards_showing,
    cube_neighbours,
    cube_pattern,
    cube_start,
    replay_cube,
)

from ninebase import lookup
from ninebase.build_tables.engine import breadth_first
from ninebase.lookup.cli import main
from ninebase.puzzles.cube.board import CubeSearch, pattern_tables

SAMPLE = """1 2
W W W
E W W
W W W
2 1
R B W
R W W
E W W
0 0
"""


def test_contest_sample(tables_dir: Path) -> None:
    result = CliRunner().invoke(main, ["judge", "cube", "--tables", str(tables_dir)], input=SAMPLE)
    assert (result.exit_code, result.output) == (0, "0\n3\n")
    tolerant = CliRunner().invoke(main, ["judge", "cube", "--tables", str(tables_dir)], input=SAMPLE[: -len("0 0\n")])
    assert (tolerant.exit_code, tolerant.output) == (0, "0\n3\n")


def test_sample_rolls_replay(tables: lookup.Tables) -> None:
    solution = tables.solve("cube", "2 1 RBWRWWEWW")
    assert solution.distance == 3 and len(solution.moves) == 3
    assert cube_pattern(replay_cube("2 1 RBWRWWEWW", solution.moves)) == "RBWRWWEWW"


def layers_from(x: int, y: int, depth: int) -> list[list[tuple]]:
    """The boards first reached after 0, 1, ..., depth rolls (plain BFS with the simulator)."""
    seen = {cube_start(x, y)}
    layers = [[cube_start(x, y)]]
    for _ in range(depth):
        layers.append([b for board in layers[-1] for b in cube_neighbours(board) if not (b in seen or seen.add(b))])
    return layers


@pytest.mark.parametrize("start", range(9))
def test_every_start_against_bidirectional_search_and_replay(tables: lookup.Tables, start: int) -> None:
    rng = random.Random(start)
    x, y = start % 3 + 1, start // 3 + 1
    layers = layers_from(x, y, 12)
    patterns = [cube_pattern(rng.choice(layers[depth])) for depth in (3, 9, 10, 11, 12, 12)]
    for _ in range(2):  # uniformly random patterns: nearly all need more than 12 rolls
        cubes = "".join(rng.choice("WBR") for _ in range(8))
        empty = rng.randrange(9)
        patterns.append(cubes[:empty] + "E" + cubes[empty:])
    for pattern in patterns:
        instance = f"{x} {y} {pattern}"
        solution = tables.solve("cube", instance)
        expected = bidirectional_distance(cube_start(x, y), boards_showing(pattern), cube_neighbours, limit=12)
        if expected is None:
            assert solution.distance is not None and solution.distance > 12, instance  # every pattern is reachable
        else:
            assert solution.distance == expected, instance
        if solution.distance is not None:
            assert len(solution.moves) == solution.distance
            assert cube_pattern(replay_cube(instance, solution.moves)) == pattern


def test_long_answers_replay(tables: lookup.Tables) -> None:
    for instance, distance in [("3 3 WBWBRERBR", 13), ("1 1 RRRWWWRRE", 30), ("2 1 RRRBWBRRE", 31)]:
        solution = tables.solve("cube", instance)
        assert solution.distance == distance == len(solution.moves)
        assert cube_pattern(replay_cube(instance, solution.moves)) == instance.split()[2]


@pytest.mark.slow
@pytest.mark.parametrize("start", [2, 6, 8, 3, 5, 7])  # every start that was not searched
def test_symmetry_agrees_with_a_search_from_that_start(tables: lookup.Tables, start: int) -> None:
    direct, _ = pattern_tables(breadth_first(CubeSearch(start)).distance)
    pattern_codes = np.arange(direct.size)
    empty, tops = np.divmod(pattern_codes, 3**8)
    letters = np.empty((direct.size, 9), dtype="<U1")
    rank_digits = [(tops // 3**k) % 3 for k in range(8)]
    for cell in range(9):
        rank = np.where(cell < empty, cell, cell - 1)
        digit = np.choose(np.clip(rank, 0, 7), rank_digits)
        letters[:, cell] = np.where(cell == empty, "E", np.array(list("WBR"))[digit])
    instances = np.char.add(f"{start % 3 + 1} {start // 3 + 1} ", np.array(["".join(row) for row in letters]))
    via_symmetry = tables.distances("cube", instances)
    assert np.array_equal(np.where(direct == 255, -1, direct), via_symmetry)


def test_patterns_on_request(tables_dir: Path) -> None:
    result = CliRunner().invoke(
        main, ["solve", "cube", "2", "1", "RBWRWWEWW", "--json", "--steps", "--tables", str(tables_dir)]
    )
    answer = __import__("json").loads(result.output)
    assert answer["patterns"][-1] == "RBWRWWEWW" and len(answer["patterns"]) == 3


@pytest.mark.parametrize(
    ("stdin", "fragment"),
    [
        ("4 1\nW W W\nE W W\nW W W\n0 0\n", "dataset 1 (line 1): x is '4'"),
        ("1 0\nW W W\nE W W\nW W W\n0 0\n", "y is '0'"),
        ("1 1\nW W W\nW W W\nW W W\n0 0\n", "exactly one E"),
        ("1 1\nE W W\nE W W\nW W W\n0 0\n", "found 2"),
        ("1 1\nE W W\nG W W\nW W W\n0 0\n", "square 4 is 'G'"),
        ("1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\n0 0\n", "dataset 2 (line 5): line 8"),
        ("1 2\nW W W\nE W W\n", "dataset 1 (line 1): expected 3 rows"),
        ("1 2 3\nW W W\nE W W\nW W W\n", "expected 'x y'"),
    ],
)
def test_bad_datasets(tables_dir: Path, stdin: str, fragment: str) -> None:
    result = CliRunner().invoke(main, ["judge", "cube", "--tables", str(tables_dir)], input=stdin)
    assert result.exit_code == 2 and fragment in result.stderr and result.stderr.count("\n") == 1  # after any answers
