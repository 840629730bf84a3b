"""9-Nine at every size: the construction, the dense numbering of small sizes
and the class rule's reasons, against a simulator written here from the rules
(/work/shared/puzzles.md section 4: A'[r][c] = A[c][n-1-r] for AL, AR its
inverse, Ck exchanging column k of A and B; the goal A all 0, B all 1)."""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import deque

import nine_rules
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nine_rules import Matrix, classes, documented_bound, operate, random_solvable, replay, solvable_boards, solved

from ninebase import lookup
from ninebase.puzzles.nine.construction import UnsolvableBoard, bound, construct, construct_many
from ninebase.puzzles.nine.dense import dense_index
from ninebase.puzzles.nine.sizes import compact, compact_many, operation_names, parse_compact, unsolvable_reason
from ninebase.puzzles.nine.writing import shortened
from ninebase.puzzles.text import InputError


def arrays(a: Matrix, b: Matrix) -> tuple[np.ndarray, np.ndarray]:
    return np.array(a, dtype=np.int8), np.array(b, dtype=np.int8)


# the construction -------------------------------------------------------------
def test_bound_is_the_documented_formula() -> None:
    assert [bound(n) for n in range(1, 65)] == [documented_bound(n) for n in range(1, 65)]
    assert bound(3) <= 81 and bound(9) <= 999  # the contest's and the original story's limits
    assert bound(9) == 385


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(solvable_boards(st.integers(2, 12)))
def test_construction_reaches_the_goal_within_the_bound(board: tuple[Matrix, Matrix]) -> None:
    a, b = board
    names = construct(*arrays(a, b))
    assert solved(*replay(a, b, names))
    assert len(names) <= bound(len(a))


def test_every_size_from_2_to_12() -> None:
    rng = random.Random(12)
    for n in range(2, 13):
        boards = [random_solvable(n, rng) for _ in range(6)]
        answers = construct_many(np.array([x for x, _ in boards], np.int8), np.array([y for _, y in boards], np.int8))
        for (a, b), names in zip(boards, answers, strict=True):
            assert solved(*replay(a, b, names)) and len(names) <= bound(n)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_one_defect_costs_what_the_lemmas_say(n: int) -> None:
    """One 1 of A against one 0 of B in a class, every such pair: a special (diagonal) one goes in
    at most 7 operations (5 at the centre); a generic one in at most 8, plus at most 7 for the
    special defect its row step may make."""
    for orbit in classes(n):
        special = all(r == c or r + c == n - 1 for r, c in orbit)
        limit = 5 if len(orbit) == 1 else 7 if special else 8 + 7
        for p, q in itertools.product(orbit, repeat=2):
            a = [[0] * n for _ in range(n)]
            b = [[1] * n for _ in range(n)]
            a[p[0]][p[1]], b[q[0]][q[1]] = 1, 0
            names = construct(*arrays(a, b))
            assert solved(*replay(a, b, names)) and len(names) <= limit, (p, q, names)


def test_construction_at_size_30() -> None:
    rng = random.Random(30)
    boards = [random_solvable(30, rng) for _ in range(3)]
    answers = construct_many(np.array([x for x, _ in boards], np.int8), np.array([y for _, y in boards], np.int8))
    for (a, b), names in zip(boards, answers, strict=True):
        assert solved(*replay(a, b, names)) and len(names) <= bound(30)


def test_every_solvable_3x3_board_within_81() -> None:
    rule = classes(3)
    boards = []
    for bits in itertools.product((0, 1), repeat=18):
        a = [list(bits[0:3]), list(bits[3:6]), list(bits[6:9])]
        b = [list(bits[9:12]), list(bits[12:15]), list(bits[15:18])]
        if all(sum(a[r][c] + b[r][c] for r, c in orbit) == len(orbit) for orbit in rule):
            boards.append((a, b))
    assert len(boards) == 9800
    answers = construct_many(np.array([x for x, _ in boards], np.int8), np.array([y for _, y in boards], np.int8))
    assert max(map(len, answers)) <= 81
    for (a, b), names in zip(boards, answers, strict=True):
        assert solved(*replay(a, b, names))


def hard_9x9_boards() -> list[tuple[Matrix, Matrix]]:
    """A all 1 where it can be; A's and B's cells of every class crossed; a checkerboard of classes."""
    boards = []
    orbits = classes(9)
    for pattern in ([1, 1, 1, 1, 0, 0, 0, 0], [1, 0, 1, 0, 0, 1, 0, 1], [1, 1, 0, 0, 0, 0, 1, 1]):
        for flip in (False, True):
            a = [[0] * 9 for _ in range(9)]
            b = [[0] * 9 for _ in range(9)]
            for number, orbit in enumerate(orbits):
                if len(orbit) == 1:
                    a[4][4], b[4][4] = 1, 0
                    continue
                values = pattern if not (flip and number % 2) else [1 - v for v in pattern]
                for index, (r, c) in enumerate(orbit):
                    a[r][c], b[r][c] = values[index], values[4 + index]
            boards.append((a, b))
    return boards


@settings(max_examples=40, deadline=None)
@given(solvable_boards(st.just(9)))
def test_9x9_within_999(board: tuple[Matrix, Matrix]) -> None:
    for a, b in [board, *hard_9x9_boards()]:
        names = construct(*arrays(a, b))
        assert solved(*replay(a, b, names)) and len(names) <= 999


def test_many_at_once_answers_as_one_at_a_time() -> None:
    rng = random.Random(7)
    for n in (2, 5, 8):
        boards = [random_solvable(n, rng) for _ in range(12)]
        together = construct_many(np.array([x for x, _ in boards], np.int8), np.array([y for _, y in boards], np.int8))
        assert together == [construct(*arrays(a, b)) for a, b in boards]


def test_answers_written_as_the_steps_are_taken_are_those_shortened_afterwards() -> None:
    """From FEW boards on, the runs are written shortened as the steps are taken (runs that empty
    and join included: one board in 18 or so meets two in a row); one board alone is written
    whole, then shortened: the two agree."""
    rng = random.Random(5)
    for n in (5, 6, 9):
        boards = [random_solvable(n, rng) for _ in range(60)]
        together = construct_many(np.array([x for x, _ in boards], np.int8), np.array([y for _, y in boards], np.int8))
        assert together == [construct(*arrays(a, b)) for a, b in boards]


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.sampled_from(operation_names(n))))))
def test_shortening_keeps_the_effect(sized: tuple[int, list[str]]) -> None:
    n, names = sized
    numbers = [operation_names(n).index(name) for name in names]
    shorter = [operation_names(n)[number] for number in shortened(numbers)]
    assert len(shorter) <= len(names)
    start = random_solvable(n, random.Random(len(names)))
    assert replay(*start, shorter) == replay(*start, names)


# the class rule -------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(st.integers(2, 8).flatmap(lambda n: st.lists(st.integers(0, 1), min_size=2 * n * n, max_size=2 * n * n)))
def test_unsolvable_reasons_against_a_recount(cells: list[int]) -> None:
    n = math.isqrt(len(cells) // 2)
    a = [cells[r * n : (r + 1) * n] for r in range(n)]
    b = [cells[n * n + r * n : n * n + (r + 1) * n] for r in range(n)]
    wrong = [
        (orbit, sum(a[r][c] + b[r][c] for r, c in orbit))
        for orbit in classes(n)
        if sum(a[r][c] + b[r][c] for r, c in orbit) != len(orbit)
    ]
    reason = unsolvable_reason(*arrays(a, b))
    if not wrong:
        assert reason is None
        assert solved(*replay(a, b, construct(*arrays(a, b))))
        return
    orbit, ones = wrong[0]  # the first in reading order of its first position
    assert reason is not None and "\n" not in reason
    named = [(int(r) - 1, int(c) - 1) for r, c in re.findall(r"\((\d+),(\d+)\)", reason)]
    assert sorted(named) == sorted(orbit)
    assert f"hold {ones} ones" in reason and f"the goal has {len(orbit)} there" in reason
    if len(wrong) > 1:
        assert f"and {len(wrong) - 1} more such class" in reason
    with pytest.raises(UnsolvableBoard, match=re.escape(str(reason))):
        construct(*arrays(a, b))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(st.just(n), st.text("01", min_size=n * n, max_size=n * n))))
def test_compact_form_round_trip(sized: tuple[int, str]) -> None:
    n, cells = sized
    text = f"{cells} {cells[::-1]}"
    a, b = parse_compact(text, n)
    assert compact(a, b) == text
    assert a.tolist() == [[int(cells[r * n + c]) for c in range(n)] for r in range(n)]


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.lists(solvable_boards(st.just(n)), min_size=1, max_size=6)))
def test_boards_written_together_are_written_as_one_by_one(boards: list[tuple[Matrix, Matrix]]) -> None:
    a, b = (np.array(matrices, dtype=np.int8) for matrices in zip(*boards, strict=True))
    assert compact_many(a, b) == [nine_rules.written(*board) for board in boards]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0000", "expected two groups of 4 characters"),
        ("000 1111", "matrix A: expected 4 characters 0/1 for size 2, found 3"),
        ("0000 11x1", "matrix B: character 3 is 'x', expected 0 or 1"),
    ],
)
def test_compact_form_errors(text: str, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        parse_compact(text, 2)


# the dense numbering -------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(solvable_boards(st.integers(2, 5)))
def test_numbering_round_trip(board: tuple[Matrix, Matrix]) -> None:
    a, b = arrays(*board)
    numbering = dense_index(len(a))
    index = numbering.rank(a[None], b[None])
    assert 0 <= index[0] < numbering.count
    again_a, again_b = numbering.unrank(index)
    assert again_a[0].tolist() == board[0] and again_b[0].tolist() == board[1]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([2, 3, 4]).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, 70 ** (n * n // 4) * 2 - 1))))
def test_numbers_round_trip(sized: tuple[int, int]) -> None:
    n, index = sized
    numbering = dense_index(n)
    assert numbering.count == 70 ** (n * n // 4) * (2 if n % 2 else 1)
    index %= numbering.count
    a, b = numbering.unrank(np.array([index]))
    assert all(sum(int(a[0][r][c]) + int(b[0][r][c]) for r, c in orbit) == len(orbit) for orbit in classes(n))
    assert numbering.rank(a, b).tolist() == [index]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_move_maps_against_the_simulator(n: int) -> None:
    numbering = dense_index(n)
    index = np.random.default_rng(n).integers(0, numbering.count, 300)
    a, b = numbering.unrank(index)
    for number, name in enumerate(operation_names(n)):
        moved = [replay(x.tolist(), y.tolist(), [name]) for x, y in zip(a, b, strict=True)]
        expected = numbering.rank(np.array([x for x, _ in moved]), np.array([y for _, y in moved]))
        assert numbering.after(index, number).tolist() == expected.tolist(), name
    for number, before in enumerate(numbering.predecessors(index)):
        assert numbering.after(before, number).tolist() == index.tolist()
    goal_a, goal_b = numbering.unrank(np.array([numbering.goal]))
    assert solved(goal_a[0].tolist(), goal_b[0].tolist())


def breadth_first_distances(n: int) -> np.ndarray:
    """Every number's distance to the goal (-1 unreached), from the goal outwards through the move maps."""
    numbering = dense_index(n)
    distance = np.full(numbering.count, -1, dtype=np.int8)
    distance[numbering.goal] = 0
    frontier, depth = np.array([numbering.goal]), 0
    while len(frontier):
        for before in numbering.predecessors(frontier):
            fresh = np.unique(before[distance[before] < 0])
            distance[fresh] = depth + 1
        depth += 1
        frontier = np.flatnonzero(distance == depth)
    return distance


def test_3x3_numbering_agrees_with_the_nine_table(tables: lookup.Tables) -> None:
    numbering = dense_index(3)
    distance = breadth_first_distances(3)
    assert (distance >= 0).all() and distance.max() == 10
    a, b = numbering.unrank(np.arange(numbering.count))
    keys = [compact(x, y) for x, y in zip(a, b, strict=True)]
    assert tables.distances("nine", keys).tolist() == distance.tolist()


def plain_distance(a: Matrix, b: Matrix, limit: int) -> int | None:
    """Breadth-first from the board itself with the simulator, up to `limit` operations."""
    start = compact(*arrays(a, b))
    seen, queue = {start}, deque([(a, b, 0)])
    names = operation_names(len(a))
    while queue:
        x, y, depth = queue.popleft()
        if solved(x, y):
            return depth
        if depth == limit:
            continue
        for name in names:
            after = operate(x, y, name)
            key = compact(*arrays(*after))
            if key not in seen:
                seen.add(key)
                queue.append((*after, depth + 1))
    return None


@pytest.mark.slow
def test_4x4_distances_against_plain_search() -> None:
    """Every one of the 24,010,000 boards meeting the class rule is reached; boards near the goal agree."""
    distance = breadth_first_distances(4)
    assert (distance >= 0).all()
    histogram = np.bincount(distance)
    assert histogram.sum() == 70**4 and histogram[0] == 1
    numbering = dense_index(4)
    rng = np.random.default_rng(4)
    for depth in range(1, 6):
        for index in rng.choice(np.flatnonzero(distance == depth), 8):
            a, b = numbering.unrank(np.array([index]))
            assert plain_distance(a[0].tolist(), b[0].tolist(), depth) == depth
