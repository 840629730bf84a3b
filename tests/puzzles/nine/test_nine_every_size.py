"""nine at every size through the puzzle's variants (`--size N`): every
answer replayed by the simulator written from the rules (nine_rules.py),
exact sizes against breadth-first searches written here, the construction's
answers within their bound and saying so, many lines answered as one, the
original formats, check's verdicts, and the 3x3 answers byte for byte as
they were before the sizes were wired in."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import deque
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nine_rules import (
    classes,
    documented_bound,
    matrices,
    meets_the_class_rule,
    names_of,
    operate,
    random_solvable,
    replay,
    solvable_boards,
    solved,
    written,
)

from ninebase import build_tables, lookup, puzzles
from ninebase.lookup import encoding
from ninebase.lookup.check import INVALID, OPTIMAL, VALID
from ninebase.lookup.stream import Lines
from ninebase.puzzles import InputError

NINE = puzzles.get("nine")
CONSTRUCTED = (5, 6, 7, 9, 12, 16)


def at(n: int) -> puzzles.Puzzle:
    return NINE.variant({"size": n})


def goal(n: int) -> str:
    return f"{'0' * n * n} {'1' * n * n}"


def breadth_first(start: str, limit: int) -> dict[str, int]:
    """Every board within `limit` operations of `start`, with its distance, by the simulator."""
    n = len(matrices(start)[0])
    seen, queue = {start: 0}, deque([start])
    while queue:
        board = queue.popleft()
        if seen[board] == limit:
            continue
        a, b = matrices(board)
        for name in names_of(n):
            after = written(*operate(a, b, name))
            if after not in seen:
                seen[after] = seen[board] + 1
                queue.append(after)
    return seen


def boards_on_the_way(state: str, moves: list[str]) -> list[str]:
    """The board before the first move and after each, by the simulator."""
    a, b = matrices(state)
    shown = [state]
    for move in moves:
        a, b = operate(a, b, move)
        shown.append(written(a, b))
    return shown


def replayed_to_goal(state: str, moves: list[str]) -> bool:
    return solved(*replay(*matrices(state), moves))


# the variants -------------------------------------------------------------------
def test_size_3_is_the_table_puzzle_and_each_size_is_one_puzzle() -> None:
    assert at(3) is NINE and NINE.variant({}) is NINE and at("3") is NINE
    assert at(4) is at("4") and at(4).variant({"size": 9}) is at(9)
    assert [at(n).storage is not None for n in (2, 3, 4, 5, 9)] == [True, True, True, False, False]
    assert at(4).storage.table_name == "nine-4" and at(2).storage.table_name == "nine-2"
    assert at(9).exact is False and at(9).counting is None and at(4).exact and at(4).counting is not None
    assert at(7).move_names == tuple(names_of(7))
    for wrong in ("1", "65", "x", "2.5", True, -4):
        with pytest.raises(InputError, match=r"size is .* whole number from 2 to 64"):
            NINE.variant({"size": wrong})
    with pytest.raises(InputError, match="nine has no option 'hours'"):
        NINE.variant({"hours": "12"})


# exact sizes --------------------------------------------------------------------
def test_every_2x2_board_against_a_search_from_the_goal(tables: lookup.Tables) -> None:
    """Every board of size 2 (256): the solvable ones (those the class rule keeps, all reached from the goal)
    at their distance from the goal, every answer replayed; the others unsolvable, naming their class."""
    reached = breadth_first(goal(2), 99)  # the operations are invertible: distance to the goal = from it
    boards = [f"{index:08b}"[:4] + " " + f"{index:08b}"[4:] for index in range(256)]
    assert set(reached) == {board for board in boards if meets_the_class_rule(*matrices(board))}
    assert len(reached) == 70 and max(reached.values()) == 6
    for board in boards:
        solution = tables.solve(at(2), board)
        if board in reached:
            assert solution.distance == reached[board] == len(solution.moves)
            assert [at(2).compact(shown) for shown in solution.boards] == boards_on_the_way(board, solution.moves)
            assert replayed_to_goal(board, solution.moves) and int(solution.count) >= 1
        else:
            assert solution.distance is None and "hold" in solution.extra["reason"] and solution.count == 0
    stats = tables.stats(at(2))
    assert stats["histogram"] == [1, 2, 9, 14, 18, 18, 8] and sum(stats["histogram"]) == len(reached)
    assert (stats["states"], stats["solvable"]) == (len(boards), len(reached))  # every board, as at size 3


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> lookup.Tables:
    """The 4x4 table, built here (24,010,000 boards: about ten seconds)."""
    directory = tmp_path_factory.mktemp("nine-4")
    (report,) = build_tables.build([at(4)], directory)
    assert (report.puzzle, report.states, report.reachable, report.max_distance) == ("nine-4", 70**4, 70**4, 16)
    with lookup.open_tables(directory) as tables:
        yield tables


HISTOGRAM_4 = [1, 4, 22, 100, 471, 2032, 8894, 36660, 153100, 580300, 2085636, 5934732, 10109316, 4895060]
"""The 4x4 histogram as docs/nine-construction.md publishes it, to distance 13 (then 203,352, 316 and 4)."""


@pytest.mark.slow
def test_the_4x4_table_against_a_search_from_the_goal(four: lookup.Tables) -> None:
    reached = breadth_first(goal(4), 5)
    assert len(reached) == sum(HISTOGRAM_4[:6]) == 2630
    states = list(reached)
    assert four.distances(at(4), states).tolist() == [reached[state] for state in states]
    stats = four.stats(at(4))
    assert stats["histogram"] == [*HISTOGRAM_4, 203352, 316, 4] and sum(stats["histogram"]) == 70**4
    assert (stats["states"], stats["solvable"], stats["max_distance"]) == (2**32, 70**4, 16)
    for state in random.Random(4).sample(states, 200) + four.sample(at(4), 16, 4, 0)[0]:
        solution = four.solve(at(4), state)
        assert replayed_to_goal(state, solution.moves) and solution.distance == len(solution.moves)
        assert [at(4).compact(shown) for shown in solution.boards] == boards_on_the_way(state, solution.moves)
        closest = four.probe(at(4), state).successors[0].distance
        assert closest == (solution.distance - 1 if solution.distance else 1)
    assert four.sample(at(4), 16, 10, 0)[1] == 4  # the four boards 16 away, A = B
    assert all(state.split()[0] == state.split()[1] for state in four.sample(at(4), 16, 4, 0)[0])


@pytest.mark.slow
def test_4x4_counts_and_unsolvable_boards(four: lookup.Tables) -> None:
    """Counting works through the default role; boards the class rule refuses have no index and say why."""
    rng = random.Random(44)
    for _ in range(30):
        a, b = random_solvable(4, rng)
        state = written(a, b)
        count, found = four.solutions(at(4), state, 50)
        listed = [solution.moves for solution in found]
        assert count == four.count(at(4), state) >= len(listed) >= 1 and len(set(map(tuple, listed))) == len(listed)
        assert all(replayed_to_goal(state, moves) and len(moves) == four.distance(at(4), state) for moves in listed)
        a[0][0] = 1 - a[0][0]  # one cell more or less in the class of the corners
        broken = four.solve(at(4), written(a, b))
        assert broken.distance is None and "(1,1), (4,1), (4,4), (1,4)" in broken.extra["reason"]

    drawn, exist = four.sample(at(4), -1, 500, seed=3)
    assert exist == 2**32 - 70**4 and len(set(drawn)) == len(drawn) == 500
    assert not any(meets_the_class_rule(*matrices(board)) for board in drawn)
    assert all(four.distance(at(4), board) is None for board in drawn[:50])
    assert four.sample(at(4), -1, 500, seed=3) == (drawn, exist) != four.sample(at(4), -1, 500, seed=4)


def test_unsolvable_samples_where_the_table_holds_only_the_solvable(tables: lookup.Tables) -> None:
    """Sizes 2 and 4 keep only the boards meeting the class rule; `sample --distance -1` draws the others."""
    every = {f"{index:08b}"[:4] + " " + f"{index:08b}"[4:] for index in range(256)}
    breaking = {board for board in every if not meets_the_class_rule(*matrices(board))}
    drawn, exist = tables.sample(at(2), -1, 1000, seed=1)
    assert exist == len(breaking) == 186 and sorted(drawn) == sorted(breaking)
    few, _ = tables.sample(at(2), -1, 5, seed=1)
    assert len(set(few)) == 5 and set(few) <= breaking and few == tables.sample(at(2), -1, 5, seed=1)[0]
    with pytest.raises(InputError, match="which have no optimal answer to be unique"):
        tables.sample(at(2), -1, 5, seed=1, unique=True)
    with pytest.raises(InputError, match="at most 1,000,000 unsolvable boards are drawn at once"):
        tables.sample(at(2), -1, 1_000_001, seed=1)


# the construction ---------------------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(solvable_boards(st.sampled_from(CONSTRUCTED)))
def test_constructed_answers_reach_the_goal_within_the_bound(board) -> None:
    state = written(*board)
    n = len(board[0])
    solution = lookup.Tables("/nonexistent").solve(at(n), state)  # no table is opened
    answer = solution.to_dict()
    assert replayed_to_goal(state, answer["moves"]) and answer["distance"] == len(answer["moves"])
    assert [at(n).compact(shown) for shown in solution.boards] == boards_on_the_way(state, answer["moves"])
    assert answer["optimal"] is False and answer["bound"] == documented_bound(n) >= answer["distance"]
    assert "count" not in answer


def test_constructions_at_the_largest_sizes_and_every_9x9_within_999() -> None:
    tables = lookup.Tables("/nonexistent")
    for n in (30, 64):
        state = written(*random_solvable(n, random.Random(n)))
        moves = tables.solve(at(n), state).moves
        assert replayed_to_goal(state, moves) and len(moves) <= documented_bound(n)
    rng = random.Random(9)
    states = [written(*random_solvable(9, rng)) for _ in range(300)]
    lengths = tables.distances(at(9), states).tolist()
    assert max(lengths) <= 999 and all(0 < length <= 385 for length in lengths)


@pytest.mark.parametrize("n", [5, 9, 16])
def test_a_probe_gives_each_successor_its_own_construction(n: int) -> None:
    """Each successor's length, constructed together, is its board's construction alone; an unsolvable board's none."""
    tables, rng = lookup.Tables("/nonexistent"), random.Random(n)
    a, b = random_solvable(n, rng)
    probe = tables.probe(at(n), written(a, b))
    distances = [successor.distance for successor in probe.successors]
    assert sorted(successor.move for successor in probe.successors) == sorted(names_of(n))
    assert distances == sorted(distances)  # best first
    for successor in probe.successors:
        assert successor.state == written(*operate(a, b, successor.move))
        assert successor.distance == tables.distance(at(n), successor.state) is not None
    b[0][0] = 1 - b[0][0]
    broken = tables.probe(at(n), written(a, b))
    assert broken.distance is None and len(broken.successors) == len(names_of(n))
    assert all(successor.distance is None for successor in broken.successors)


@pytest.mark.parametrize("n", [2, 5, 9])
def test_many_lines_are_answered_as_each_alone(tables: lookup.Tables, n: int) -> None:
    """solve --batch and distances: the same bytes as one line at a time, whatever the other lines hold."""
    rng = random.Random(n)
    states = [written(*random_solvable(n, rng)) for _ in range(40)]
    a, b = matrices(states[0])
    a[0][0] = 1 - a[0][0]
    states += [written(a, b), goal(n), "0101 10", f" {states[1]}", goal(n + 1), "2" * n * n + " " + "1" * n * n]
    text = ("\n".join(states) + "\n").encode()
    together = [json.loads(line) for line in encoding.solve_text(tables.solve_lines(at(n), Lines(text))).splitlines()]
    alone, distances = [], []
    for number, state in enumerate(states, 1):
        try:
            alone.append(tables.solve(at(n), state).to_dict())
            distances.append(str(-1 if alone[-1]["distance"] is None else alone[-1]["distance"]))
        except InputError as error:
            shown = state if len(state) <= 64 else state[:64] + "..."
            alone.append({"puzzle": "nine", "line": number, "input": shown, "error": str(error)})
            distances.append(f"error: line {number}: {error}")
    assert together == alone
    assert encoding.number_text(tables.distance_lines(at(n), Lines(text))).decode().splitlines() == distances
    for answer in together:
        if answer.get("distance") is not None:
            assert replayed_to_goal(answer["state"], answer["moves"])


# unsolvable boards, at every size ------------------------------------------------
@pytest.mark.parametrize("n", [2, 5, 8, 9])
def test_unsolvable_boards_name_the_wrong_class(tables: lookup.Tables, n: int) -> None:
    rng = random.Random(n)
    for orbit in classes(n)[:6]:
        a, b = random_solvable(n, rng)
        r, c = orbit[-1]
        b[r][c] = 1 - b[r][c]
        answer = tables.solve(at(n), written(a, b)).to_dict()
        named = {(int(row) - 1, int(column) - 1) for row, column in re.findall(r"\((\d+),(\d+)\)", answer["reason"])}
        assert answer["distance"] is None and answer["moves"] == [] and named == set(orbit)
        assert f"hold {len(orbit) + (1 if b[r][c] else -1)} ones" in answer["reason"]


# the original formats and check ---------------------------------------------------
def original(state: str) -> str:
    a, b = state.split()
    n = len(matrices(state)[0])
    return "".join(f"{part[k : k + n]}\n" for part in (a, b) for k in range(0, n * n, n))


@pytest.mark.parametrize("n", [2, 5, 9])
def test_the_original_input_and_output_at_size_n(tables: lookup.Tables, n: int) -> None:
    state = written(*random_solvable(n, random.Random(n * 7)))
    output = "".join(tables.judge(at(n), [Lines(original(state).encode())])).splitlines()
    assert int(output[0]) == len(output) - 1 and replayed_to_goal(state, output[1:])
    assert output[1:] == tables.solve(at(n), state).moves
    assert [at(n).compact(board) for board in at(n).formats.read(original(state))] == [state]


def test_check_against_the_optimum_and_the_construction(tables: lookup.Tables) -> None:
    two = written(*random_solvable(2, random.Random(2)))
    moves = tables.solve(at(2), two).moves
    verdict = tables.check(at(2), at(2).formats.read(original(two)), f"{len(moves)}\n" + "\n".join(moves))
    assert verdict.kind == OPTIMAL and "limit" not in verdict.detail
    nine = written(*random_solvable(9, random.Random(99)))
    moves = tables.solve(at(9), nine).moves
    instances = at(9).formats.read(original(nine))
    for extra, kind, said in [
        ([], VALID, "as long as the construction's"),
        (["AL", "AR"], VALID, f"2 more than the construction's {len(moves)}"),
        (["BL", "BR"] * 500, INVALID, "the original judge allows at most 999"),
    ]:
        answer = [*extra, *moves]
        verdict = tables.check(at(9), instances, f"{len(answer)}\n" + "\n".join(answer))
        assert verdict.kind == kind and said in verdict.detail, verdict
    same = tables.check(at(9), instances, f"{len(moves)}\n" + "\n".join(moves))
    assert "within the original judge's limit of 999" in same.detail
    assert tables.check(at(9), at(9).formats.read(original(goal(9))), "0\n").kind == OPTIMAL  # nothing is fewer
    misnumbered = "\n".join(move.replace("C9", "C10") for move in moves)
    assert tables.check(at(9), instances, f"{len(moves)}\n{misnumbered}").kind == INVALID


# the 3x3 answers, byte for byte -----------------------------------------------------
BEFORE = {
    "judge": "dc36e30290545993014d96a0c93c99cda172781cef9a24e5d1052ae3db4f1212",
    "solve --batch": "086c406cc4957869409574fa8cf19411de341472baea9fe2eaef9b3eae7aa13a",
    "distances": "dd8d1fa3c1dc73a896e39bf4d9113ec0f49902d68d3ee1f3ac862ac38b40ece0",
}
"""SHA-256 of the 3x3 answers below, as the commit before the sizes were wired in (356ad5f) gave them."""


def test_the_3x3_answers_are_byte_for_byte_those_before_the_sizes(tables: lookup.Tables) -> None:
    """judge on every solvable board and every 64th board, solve --batch and distances on all 2^18."""
    compact = [f"{index:018b}" for index in range(1 << 18)]
    compact = [f"{cells[:9]} {cells[9:]}" for cells in compact]
    solvable = [state for state, d in zip(compact, tables.distances("nine", compact).tolist(), strict=True) if d >= 0]
    judged = b"".join(
        "".join(tables.judge("nine", [Lines(original(state).encode())])).encode() for state in solvable + compact[::64]
    )
    lines = Lines(("\n".join(compact) + "\n").encode())
    found = {
        "judge": hashlib.sha256(judged).hexdigest(),
        "solve --batch": hashlib.sha256(encoding.solve_text(tables.solve_lines("nine", lines))).hexdigest(),
        "distances": hashlib.sha256(encoding.number_text(tables.distance_lines("nine", lines))).hexdigest(),
    }
    assert found == BEFORE


def test_the_contest_reference_stays_within_695_on_every_board_tried() -> None:
    """The 9x9 package's reference solution (plain Python, row steps), replayed: the bound its docstring proves."""
    path = Path(__file__).resolve().parents[3] / "puzzles" / "nine" / "contest_9x9" / "accepted" / "row_steps.py"
    program = {}
    exec(compile(path.read_text().replace("\nmain()\n", "\n"), str(path), "exec"), program)
    rng = random.Random(695)
    boards = [random_solvable(9, rng) for _ in range(400)]
    boards.append(([[1] * 9 for _ in range(9)], [[0] * 9 for _ in range(9)]))  # every cell of A a defect
    longest = 0
    for a, b in boards:
        names = program["solve"]([row[:] for row in a], [row[:] for row in b])
        assert solved(*replay(a, b, names))
        longest = max(longest, len(names))
    assert longest <= 695
