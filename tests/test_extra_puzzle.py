"""Adding a puzzle is one module and one registration: Lights Out 3x3, defined
in tests/lights_out.py, goes through build, solve, distances, probe, the JSON
batch, judge and verify, checked against a search written here."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from lights_out import PUZZLE

from ninebase import build_tables, lookup, puzzles
from ninebase.lookup.cli import main


def press(lights: list[int], cell: int) -> list[int]:
    """Independent rules: toggle the cell and its orthogonal neighbours (cells 1..9)."""
    row, column = divmod(cell - 1, 3)
    toggled = list(lights)
    for r, c in ((row, column), (row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if 0 <= r < 3 and 0 <= c < 3:
            toggled[r * 3 + c] ^= 1
    return toggled


def all_distances() -> dict[str, int]:
    start = "000000000"
    seen = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        for cell in range(1, 10):
            following = "".join(map(str, press([int(c) for c in board], cell)))
            if following not in seen:
                seen[following] = seen[board] + 1
                queue.append(following)
    return seen


@pytest.fixture(scope="module")
def lights_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    puzzles.register(PUZZLE)
    directory = tmp_path_factory.mktemp("lights")
    (report,) = build_tables.build(["lights"], directory)
    assert (report.states, report.reachable, report.max_distance) == (512, 512, 9)
    yield directory
    puzzles.unregister("lights")


def test_the_extra_puzzle_answers_exactly(lights_dir: Path) -> None:
    expected = all_distances()
    boards = sorted(expected)
    with lookup.open_tables(lights_dir) as tables:
        assert tables.distances("lights", boards).tolist() == [expected[b] for b in boards]
        for board in boards[::7]:
            solution = tables.solve("lights", board)
            lights = [int(c) for c in board]
            for move in solution.moves:
                lights = press(lights, int(move))
            assert solution.distance == expected[board] == len(solution.moves) and not any(lights)
            probe = tables.probe("lights", board)
            assert [s.distance for s in probe.successors] == sorted(expected[s.state] for s in probe.successors)
        assert tables.distances("lights", np.array([], dtype=str)).size == 0


def test_the_extra_puzzle_through_the_cli(lights_dir: Path) -> None:
    runner = CliRunner()
    batch = runner.invoke(
        main, ["solve", "lights", "--json", "--batch", "--tables", str(lights_dir)], input="111111111\nx\n"
    )
    answers = [json.loads(line) for line in batch.output.splitlines()]
    assert batch.exit_code == 0 and answers[0]["distance"] == all_distances()["111111111"] and "error" in answers[1]
    judged = runner.invoke(main, ["judge", "lights", "--tables", str(lights_dir)], input="010\n111\n010\n")
    assert (judged.exit_code, judged.output) == (0, "1\n5\n")
    verified = runner.invoke(main, ["verify", "lights", "--tables", str(lights_dir)])
    assert verified.exit_code == 0 and "lights: ok, 512 reachable states" in verified.output
