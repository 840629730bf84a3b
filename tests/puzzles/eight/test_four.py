"""`eight --size 4` (puzzles/eight/four.py) through the installed command in
fresh processes, over HTTP and through the API: distances near every kind of
goal against a breadth-first search over the rules written again apart
(tests/fifteen_rules.py), every solution replayed on that model, counts against a
breadth-first count, bad input in one line, unsolvable boards answered,
size 3 byte for byte as before, size 5 refused, the table built on first
use, verified, and refused when damaged; samples at a distance and with none
(boards solvable by the test's own parity rule, goals and empty cells alike).

The pattern tables are built once per session (`fifteen_tables_dir`, about
15 s of CPU); the searches here are of boards near their goals.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from damaged_tables import flip_byte
from fifteen_rules import CLASSIC, distances_near, goal_of, moves_from, replay
from starlette.testclient import TestClient
from uniformity import assert_uniform

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app
from ninebase.puzzles.eight import fifteen

NINEBASE = str(Path(sys.executable).parent / "ninebase")
FIFTEEN = puzzles.get("eight").variant({"size": 4})
BAD = {
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15": "a 4x4 board has 16 numbers, not 15",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15": "the number 15 is on the board twice (cells 15 and 16)",
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 17": "a 4x4 board holds numbers 0..16, not 17 (cell 16)",
}


def run(directory: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [NINEBASE, *args, "--tables", str(directory)], input=stdin, capture_output=True, text=True, timeout=120
    )


def text(board: tuple[int, ...]) -> str:
    return " ".join(map(str, board))


def near_boards(missing: int, depth: int, count: int) -> dict[tuple[int, ...], int]:
    """`count` boards within `depth` moves of the goal missing `missing`, with their distances."""
    goal = tuple(0 if cell + 1 == missing else cell + 1 for cell in range(16))
    near = distances_near(goal, depth)
    chosen = random.Random(missing).sample(sorted(near), count)
    return {board: near[board] for board in chosen}


@pytest.fixture(scope="module")
def boards() -> dict[tuple[int, ...], int]:
    """Boards up to 10 moves from a corner's, a side cell's and a middle cell's goal and the classic one."""
    found: dict[tuple[int, ...], int] = {}
    for missing in (16, 1, 3, 6):
        found.update(near_boards(missing, 10, 15))
    return found


def test_batch_distances_and_solutions_against_breadth_first_search(
    fifteen_tables_dir: Path, boards: dict[tuple[int, ...], int]
) -> None:
    lines = "".join(text(board) + "\n" for board in boards)
    solved = run(fifteen_tables_dir, "solve", "eight", "--size", "4", "--batch", "--json", "--jobs", "2", stdin=lines)
    assert solved.returncode == 0, solved.stderr
    answers = [json.loads(line) for line in solved.stdout.splitlines()]
    assert [answer["state"] for answer in answers] == [text(board) for board in boards]
    for (board, distance), answer in zip(boards.items(), answers, strict=True):
        assert answer["distance"] == len(answer["moves"]) == distance
        assert replay(board, "".join(answer["moves"])) == goal_of(board)
        assert answer["goal"] == text(goal_of(board))
    distances = run(fifteen_tables_dir, "distances", "eight", "--size", "4", stdin=lines)
    assert distances.stdout.split() == [str(distance) for distance in boards.values()]


def test_probe_gives_every_move_with_its_exact_distance(fifteen_tables_dir: Path) -> None:
    (board, distance), *_ = near_boards(6, 8, 1).items()
    near = distances_near(goal_of(board), 9)
    probe = json.loads(run(fifteen_tables_dir, "probe", "eight", "--size", "4", "--json", text(board)).stdout)
    assert probe["distance"] == distance
    expected = {letter: near[after] for letter, after in moves_from(board)}
    assert {successor["move"]: successor["distance"] for successor in probe["successors"]} == expected


def test_solve_draws_four_by_four_boards_and_judge_and_check_use_four_lines(fifteen_tables_dir: Path) -> None:
    board = replay(CLASSIC, "ULDL")
    steps = run(fifteen_tables_dir, "solve", "eight", "--size", "4", "--steps", text(board)).stdout
    assert "4 moves" in steps and "13 14 15  _" in steps
    original = "\n".join(text(board[row : row + 4]) for row in range(0, 16, 4)) + "\n"
    judged = run(fifteen_tables_dir, "judge", "eight", "--size", "4", stdin=original)
    count, moves = judged.stdout.split()
    assert int(count) == len(moves) == 4 and replay(board, moves) == CLASSIC
    instance = fifteen_tables_dir.parent / "fifteen-instance.txt"
    instance.write_text(original)
    good = run(fifteen_tables_dir, "check", "eight", "--size", "4", str(instance), "-", stdin=judged.stdout)
    assert good.stdout.startswith("optimal"), good.stderr
    longer = run(fifteen_tables_dir, "check", "eight", "--size", "4", str(instance), "-", stdin="6\nRLRURD\n")
    assert longer.stdout.startswith("valid")


@pytest.mark.parametrize("state", sorted(BAD))
def test_bad_boards_are_one_line_and_status_2(fifteen_tables_dir: Path, state: str) -> None:
    result = run(fifteen_tables_dir, "solve", "eight", "--size", "4", state)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and BAD[state] in result.stderr and "Traceback" not in result.stderr


def test_unsolvable_boards_are_an_answer(fifteen_tables_dir: Path) -> None:
    swapped = (*range(1, 14), 15, 14, 0)
    answer = json.loads(run(fifteen_tables_dir, "solve", "eight", "--size", "4", "--json", text(swapped)).stdout)
    assert answer["distance"] is None and answer["moves"] == [] and "permutation" in answer["reason"]


def test_counts_and_solutions_against_a_breadth_first_count(fifteen_tables_dir: Path) -> None:
    """Every optimal sequence of a board 8 moves from the classic goal,
    counted here by walking the distances of a breadth-first search."""
    near = distances_near(CLASSIC, 9)
    (board, distance), *_ = near_boards(16, 8, 1).items()

    def ways(start: tuple[int, ...]) -> list[str]:
        if near[start] == 0:
            return [""]
        return [
            m + rest for m, after in moves_from(start) if near.get(after) == near[start] - 1 for rest in ways(after)
        ]

    expected = ways(board)
    counted = run(fifteen_tables_dir, "counts", "eight", "--size", "4", stdin=text(board) + "\n")
    assert counted.stdout.split() == [str(len(expected))]
    listed = run(fifteen_tables_dir, "solutions", "eight", "--size", "4", "--json", "--limit", "100000", text(board))
    moves = ["".join(json.loads(line)["moves"]) for line in listed.stdout.splitlines()]
    assert sorted(moves) == sorted(expected) and len(set(moves)) == len(moves)
    assert all(len(found) == distance for found in moves)
    drawn = run(fifteen_tables_dir, "solve", "eight", "--size", "4", "--random", "--seed", "7", "--json", text(board))
    assert "".join(json.loads(drawn.stdout)["moves"]) in expected


def test_a_count_past_its_seconds_says_so_and_gives_no_number(fifteen_tables_dir: Path) -> None:
    """A random board of 69 moves and 180 optimal solutions: its count's pass takes about 5 s of CPU."""
    slow = "11 15 13 9 12 7 8 10 5 0 1 6 3 4 14 2"
    result = run(fifteen_tables_dir, "counts", "eight", "--size", "4", "--seconds", "1", stdin=slow + "\n")
    assert result.returncode != 0 and "took more than 1 s" in result.stderr and "--seconds" in result.stderr


def test_size_3_answers_as_before_and_size_5_is_refused(fifteen_tables_dir: Path) -> None:
    for command in (["solve", "eight", "123069478", "--json"], ["probe", "eight", "123069478"], ["stats", "eight"]):
        plain = run(fifteen_tables_dir, *command)
        sized = run(fifteen_tables_dir, *command, "--size", "3")
        assert plain.returncode == 0 and sized.stdout == plain.stdout and sized.stderr == plain.stderr
    refused = run(fifteen_tables_dir, "solve", "eight", "--size", "5", "1")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "24-puzzle" in refused.stderr


def test_stats_say_what_is_known(fifteen_tables_dir: Path) -> None:
    stats = json.loads(run(fifteen_tables_dir, "stats", "eight", "--size", "4", "--json").stdout)
    assert stats["states"] == 16 * 20922789888000 and stats["solvable"] * 2 == stats["states"]
    assert stats["classic_max_distance"] == 80 and stats["histogram"] is None and stats["max_distance"] is None


def test_the_service_answers_size_4(fifteen_tables_dir: Path) -> None:
    board = replay(CLASSIC, "ULDLU")
    with lookup.open_tables(fifteen_tables_dir) as tables, TestClient(create_app(tables)) as client:
        answer = client.get("/api/eight", params={"size": 4, "state": text(board)}).json()
        assert answer["distance"] == 5 and replay(board, "".join(answer["moves"])) == CLASSIC
        assert {s["move"]: s["distance"] for s in answer["successors"]} == {
            letter: distances_near(CLASSIC, 6)[after] for letter, after in moves_from(board)
        }
        bad = client.get("/api/eight", params={"size": 4, "state": " ".join(["1"] * 16)})
        assert bad.status_code == 400 and "twice" in bad.json()["error"]
        refused = client.get("/api/eight", params={"size": 5, "state": "1"})
        assert 400 <= refused.status_code < 500 and "24-puzzle" in refused.json()["error"]
        page = client.get("/eight", params={"size": 4, "state": text(board)})
        assert page.status_code == 200 and 'data-cell="16"' in page.text


def test_verified_and_refused_when_damaged(fifteen_tables_dir: Path, tmp_path: Path) -> None:
    verified = run(fifteen_tables_dir, "verify", "eight", "--size", "4")
    assert verified.returncode == 0 and "eight-4: ok" in verified.stdout
    shutil.copy(fifteen_tables_dir / "eight-4.h5", tmp_path / "eight-4.h5")
    flip_byte(tmp_path / "eight-4.h5", fifteen.group_name(fifteen.GROUPS[3]), "distances")
    damaged = run(tmp_path, "solve", "eight", "--size", "4", text(replay(CLASSIC, "UL")))
    assert damaged.returncode == 4 and damaged.stdout == "" and damaged.stderr.count("\n") == 1
    assert "--only eight --size 4" in damaged.stderr


def test_the_api_answers_size_4(fifteen_tables_dir: Path) -> None:
    board = replay(CLASSIC, "LLUR")
    with lookup.open_tables(fifteen_tables_dir) as tables:
        puzzle = tables.resolve("eight").variant({"size": 4})
        solution = tables.solve(puzzle, text(board))
        assert solution.distance == 4 and replay(board, "".join(solution.moves)) == CLASSIC
        assert tables.distances(puzzle, [text(board), text(CLASSIC)]).tolist() == [4, 0]


def solvable(board: tuple[int, ...]) -> bool:
    """The test's own parity rule: the permutation to the goal (the empty cell as
    its missing number) and the empty cell's steps from home agree in parity."""
    goal = goal_of(board)
    missing = goal.index(0) + 1
    values = [missing if number == 0 else number for number in board]
    inversions = sum(1 for i in range(16) for j in range(i + 1, 16) if values[j] < values[i])
    (row, column), (home_row, home_column) = divmod(board.index(0), 4), divmod(goal.index(0), 4)
    return inversions % 2 == (abs(row - home_row) + abs(column - home_column)) % 2


def test_sample_draws_boards_at_a_distance_and_unsolvable_ones_and_refuses_rare_ones(fifteen_tables_dir: Path) -> None:
    assert solvable(CLASSIC) and solvable(replay(CLASSIC, "ULDR")) and not solvable((*range(1, 14), 15, 14, 0))
    drawn = run(
        fifteen_tables_dir, "sample", "eight", "--size", "4", "--distance", "-1", "--count", "50", "--seed", "3"
    )
    boards = [tuple(map(int, line.split())) for line in drawn.stdout.splitlines()]
    assert len(set(boards)) == 50 and not any(solvable(board) for board in boards)
    assert len({goal_of(board).index(0) for board in boards}) > 8  # every goal, not only the classic one
    again = run(fifteen_tables_dir, "sample", "eight", "--size", "4", "--distance", "-1", "--count", "5", "--seed", "3")
    assert again.stdout.splitlines() == drawn.stdout.splitlines()[:5]
    at_50 = run(fifteen_tables_dir, "sample", "eight", "--size", "4", "--distance", "50", "--count", "3", "--seed", "1")
    boards = [tuple(map(int, line.split())) for line in at_50.stdout.splitlines()]
    assert len(set(boards)) == 3 and all(solvable(board) for board in boards)
    solved = run(fifteen_tables_dir, "solve", "eight", "--size", "4", "--batch", "--json", stdin=at_50.stdout)
    for board, answer in zip(boards, map(json.loads, solved.stdout.splitlines()), strict=True):
        assert answer["distance"] == 50 and replay(board, "".join(answer["moves"])) == goal_of(board)
    first = run(fifteen_tables_dir, "sample", "eight", "--size", "4", "--distance", "50", "--count", "1", "--seed", "1")
    assert first.stdout.splitlines() == at_50.stdout.splitlines()[:1]
    rare = run(fifteen_tables_dir, "sample", "eight", "--size", "4", "--distance", "20", "--seconds", "1")
    hardest = run(fifteen_tables_dir, "sample", "eight", "--size", "4", "--hardest")
    for refused in (rare, hardest):
        assert refused.returncode == 2 and refused.stdout == "" and refused.stderr.count("\n") == 1
    assert "fewer than 1 in" in rare.stderr


def test_sample_with_no_distance_draws_solvable_boards_of_every_goal_alike(fifteen_tables_dir: Path) -> None:
    """4,000 boards from a fixed seed, no search: each solvable by the test's own
    parity rule, each once, and the goal (the missing number) and the empty
    cell's place each alike over the 16 (a chi-square test): for every goal
    half the arrangements with the empty cell at any place are solvable."""
    with lookup.Tables(fifteen_tables_dir) as tables:
        drawn = [tuple(map(int, line.split())) for line in tables.draw(FIFTEEN, 4000, seed=38)]
    assert len(set(drawn)) == 4000 and all(solvable(board) for board in drawn)
    goals = Counter(goal_of(board).index(0) for board in drawn)
    empty = Counter(board.index(0) for board in drawn)
    assert_uniform([goals[cell] for cell in range(16)], [1] * 16, "the goals")
    assert_uniform([empty[cell] for cell in range(16)], [1] * 16, "the empty cell")
    sampled = run(fifteen_tables_dir, "sample", "eight", "--size", "4", "--count", "3", "--seed", "2")
    assert sampled.returncode == 0 and sampled.stderr == ""
    solved = run(fifteen_tables_dir, "solve", "eight", "--size", "4", "--batch", "--json", stdin=sampled.stdout)
    for line, answer in zip(sampled.stdout.splitlines(), map(json.loads, solved.stdout.splitlines()), strict=True):
        board = tuple(map(int, line.split()))
        assert answer["state"] == line and replay(board, "".join(answer["moves"])) == goal_of(board)
    fewer = run(fifteen_tables_dir, "sample", "eight", "--size", "4", "--count", "2", "--seed", "2")
    assert fewer.stdout.splitlines() == sampled.stdout.splitlines()[:2]
