"""The hooks that explain a puzzle on the explorer page: the description, the
rules, the goal and what each move does to the drawing, for every built-in
puzzle, and their defaults for a puzzle that declares none (Lights Out)."""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ElementTree

import pytest
from every import walked
from lights_out import PUZZLE as LIGHTS

from ninebase import lookup, puzzles
from ninebase.puzzles import Solution

POSITION_ATTRIBUTES = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "data-cell"}
BOARD_PUZZLES = [name for name in tuple(puzzles.BUILT_IN) if puzzles.get(name).instances_are_boards]


def cells(svg: str) -> dict[int, ElementTree.Element]:
    """The `data-cell` groups of a drawing, by number."""
    root = ElementTree.fromstring(svg)
    return {int(group.get("data-cell")): group for group in root.iter() if group.get("data-cell")}


def markup(group: ElementTree.Element) -> bytes:
    """A cell's drawing, its links' targets left out (rubiks-clock's dial links name the whole position)."""
    drawn = copy.deepcopy(group)
    for element in drawn.iter():
        element.attrib.pop("href", None)
    return ElementTree.tostring(drawn)


def content(group: ElementTree.Element) -> list[tuple[str, tuple, str]]:
    """What a cell shows, wherever it is: each element's tag, its attributes
    other than coordinates, and its text."""
    return [
        (e.tag, tuple(sorted((k, v) for k, v in e.attrib.items() if k not in POSITION_ATTRIBUTES)), e.text or "")
        for e in group.iter()
    ]


def random_boards(tables: lookup.Tables, name: str, count: int = 15) -> list:
    puzzle = puzzles.get(name)
    if puzzle.storage is None:  # no table lists its boards (rubiks-clock)
        return [puzzle.board(text) for text in walked(puzzle, count, seed=22)]
    distances, compact = puzzle.storage.sample_space(tables.table(name))
    rng = random.Random(22)
    return [puzzle.board(compact(rng.randrange(distances.size))) for _ in range(count)]


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_every_puzzle_says_what_it_is_and_has_full_rules(name: str) -> None:
    puzzle = puzzles.get(name)
    sentences = [s for s in puzzle.page.about().replace("e.g.", "eg").split(". ") if s.strip()]
    assert 2 <= len(sentences) <= 4 and "olved" in puzzle.page.about()
    rules = puzzle.page.rules(puzzle.formats)
    assert rules != LIGHTS.page.rules(LIGHTS.formats) and len(rules) > 600
    for move in puzzle.move_names:
        assert move in rules, f"{name}: the rules never name the move {move}"
    assert puzzle.example() in rules


@pytest.mark.parametrize("name", BOARD_PUZZLES)
def test_a_move_declares_exactly_the_cells_whose_drawing_changes(tables: lookup.Tables, name: str) -> None:
    puzzle = puzzles.get(name)
    for board in random_boards(tables, name):
        before = cells(puzzle.page.svg(board))
        assert sorted(before) == list(range(1, len(before) + 1))
        for move in range(len(puzzle.move_names)):
            after_board = puzzle.apply(board, move)
            declared = puzzle.page.move_changes(board, move)
            if after_board is None:
                assert declared == {}
                continue
            # read again from its compact form: a position as entered (rubiks-clock draws a move's pins on the
            # board it leads to, and the dials of a position as read as links)
            after = cells(puzzle.page.svg(puzzle.board(puzzle.compact(after_board))))
            changed = {number for number in before if markup(before[number]) != markup(after[number])}
            assert changed <= set(declared) <= set(before), (puzzle.compact(board), puzzle.move_names[move])
            for number, change in declared.items():
                assert change.source in before
                if not change.turn and name != "cube":  # a rolled cube shows other colours
                    assert content(after[number]) == content(before[change.source])


def test_the_cube_rolls_the_cube_into_the_empty_square(tables: lookup.Tables) -> None:
    cube = puzzles.get("cube")
    solution = tables.solve("cube", "2 1 RBWRWWEWW")
    for board, move in zip(solution.boards, solution.moves, strict=False):
        changes = cube.page.move_changes(board, cube.move_names.index(move))
        empty = board[0] + 1
        assert set(changes) == {empty, changes[empty].source} and changes[changes[empty].source].source == empty
        assert changes[empty].source == cube.apply(board, cube.move_names.index(move))[0] + 1


@pytest.mark.parametrize(
    ("name", "state", "goal"),
    [
        ("eight", "527943610", "123456709"),
        ("eight", "123069478", "123406789"),
        ("clocks", "9 9 12 6 6 6 6 3 6", "12 12 12 12 12 12 12 12 12"),
        ("nine", "111111111 111111111", "000000000 111111111"),
        ("sansu", "175426839", "615429837"),
        ("cube", "2 1 RBWRWWEWW", None),
    ],
)
def test_the_goal_beside_the_board(tables: lookup.Tables, name: str, state: str, goal: str | None) -> None:
    puzzle = puzzles.get(name)
    board, caption = puzzle.page.goal(tables.solve(name, state))
    assert caption
    if goal is not None:
        assert puzzle.compact(board) == goal
    else:
        assert puzzle.page.svg(board) == puzzle.page.svg(tables.solve(name, state).boards[-1])


def test_the_defaults_serve_a_puzzle_that_declares_none() -> None:
    assert "fewest presses" in LIGHTS.page.about()
    rules = LIGHTS.page.rules(LIGHTS.formats)
    assert "101010101" in rules and "\n    101\n    010\n    101\n" in rules
    assert LIGHTS.page.move_changes(0b101010101, 4) == {}
    boards = [0b010111010, 0]
    assert LIGHTS.page.goal(Solution("lights", "010111010", 1, ["5"], boards)) == (0, "goal")
    assert LIGHTS.page.goal(Solution("lights", "010111010", None, [], boards[:1])) is None
