"""The probe `Tables` answers: every legal move with its exact distance,
checked against move applications written separately from the code under
test, over whole state spaces (clocks, nine) and large samples (sansu,
eight), and agreeing with `distance` and `solve`."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import numpy as np
import pytest
from every import hardest, walked
from hypothesis import given, settings
from hypothesis import strategies as st
from rules import (
    CLOCK_MOVES,
    cube_pattern,
    cube_roll,
    cube_start,
    eight_slides,
    nine_neighbours,
    replay_clocks,
    sansu_swaps,
)

from ninebase import lookup, puzzles
from ninebase.lookup.stream import Lines

ORDERS = {
    "sansu": lambda moves: sorted(moves),
    "clocks": lambda moves: sorted(moves),
    "eight": lambda moves: sorted(moves, key="UDLR".index),
    "nine": lambda moves: sorted(moves, key=["AL", "AR", "BL", "BR", "C1", "C2", "C3"].index),
}


def independent_successors(puzzle: str, state: str) -> dict[str, object]:
    """The compact state after each legal move, from tests/rules.py."""
    if puzzle == "clocks":
        hours = [int(v) for v in state.split()]
        return {m: " ".join(map(str, replay_clocks(hours, [m]))) for m in CLOCK_MOVES}
    if puzzle == "nine":
        return dict(zip(["AL", "AR", "BL", "BR", "C1", "C2", "C3"], nine_neighbours(state), strict=True))
    if puzzle == "sansu":
        tile = tuple(int(c) for c in state)
        found = {}
        for after in sansu_swaps(tile):
            i, j = [k + 1 for k in range(9) if after[k] != tile[k]]
            found[(i, j)] = "".join(map(str, after))
        return found
    board = tuple(int(c) for c in state)
    empty = board.index(0)
    found = {}
    for after in eight_slides(board):
        step = after.index(0) - empty
        found[{-3: "U", 3: "D", -1: "L", 1: "R"}[step]] = "".join(map(str, after))
    return found


def check_probes(tables: lookup.Tables, puzzle: str, states: list[str]) -> None:
    probes = [tables.probe(puzzle, state).to_dict() for state in states]
    after_states = [s["state"] for p in probes for s in p["successors"]]
    table_distances = tables.distances(puzzle, after_states).tolist()
    position = 0
    for state, probe in zip(states, probes, strict=True):
        expected = independent_successors(puzzle, state)
        successors = probe["successors"]
        moves = [tuple(s["move"]) if isinstance(s["move"], list) else s["move"] for s in successors]
        assert {m: s["state"] for m, s in zip(moves, successors, strict=True)} == expected, state
        distances = []
        for successor in successors:
            stored = table_distances[position]
            position += 1
            assert successor["distance"] == (None if stored == -1 else stored)
            distances.append(successor["distance"])
        # best first: by distance, unsolvable last, ties in the puzzle's own move order
        key = [(d is None, d or 0) for d in distances]
        assert key == sorted(key)
        for value in set(key):
            tied = [m for m, k in zip(moves, key, strict=True) if k == value]
            assert tied == ORDERS[puzzle](tied)
        if probe["distance"]:
            assert distances[0] == probe["distance"] - 1
            assert probe["moves"][0] == successors[0]["move"] or distances.count(distances[0]) > 1
        if probe["distance"] is None:
            assert not probe["solvable"] and probe["reason"] and set(distances) == {None}
        unit = {"sansu": "swaps", "clocks": "moves", "eight": "moves", "nine": "operations"}[puzzle]
        assert probe["unit"] == unit and probe["solvable"] == (probe["distance"] is not None)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", ["clocks", "nine"])
def test_every_state_of_the_whole_space(tables: lookup.Tables, puzzle: str) -> None:
    rules = puzzles.get(puzzle)
    states = [rules.compact(rules.decode(index)) for index in range(rules.storage.state_count)]
    check_probes(tables, puzzle, states)


@pytest.mark.parametrize("puzzle", ["sansu", "eight"])
def test_a_large_sample_and_the_hardest(tables: lookup.Tables, puzzle: str) -> None:
    rules = puzzles.get(puzzle)
    distances, compact = rules.storage.sample_space(tables.table(puzzle))
    rng = np.random.default_rng(11)
    chosen = rng.choice(distances.size, size=3000, replace=False).tolist()
    chosen += np.flatnonzero(distances == distances.max()).tolist()
    check_probes(tables, puzzle, [compact(i) for i in chosen])


def test_cube_boards_replay(tables: lookup.Tables) -> None:
    rng = random.Random(4)
    distances, compact = puzzles.get("cube").storage.sample_space(tables.table("cube"))
    chosen = [compact(rng.randrange(distances.size)) for _ in range(60)] + ["1 2 WWWEWWWWW", "2 1 RRRBWBRRE"]
    for instance in chosen:
        probe = tables.probe("cube", instance).to_dict()
        x, y, pattern = instance.split()
        board = cube_start(int(x), int(y))
        assert "successors" not in probe and probe["unit"] == "rolls"
        assert len(probe["boards"]) == probe["distance"] + 1
        for index, move in enumerate([None, *probe["moves"]]):
            if move is not None:
                board = cube_roll(board, move)
            assert probe["boards"][index] == ["E" if cube is None else "".join(cube) for cube in board]
        assert cube_pattern(board) == pattern


@cache
def sample_space(tables: lookup.Tables, puzzle: str) -> tuple[int, Callable[[int], str]]:
    """How many instances to draw from, and each one's compact form: the table's, or (no table lists
    them: rubiks-clock) 2,000 walked from the example."""
    rules = puzzles.get(puzzle)
    if rules.storage is None:
        texts = walked(rules, 2000, seed=0)
        return len(texts), texts.__getitem__
    distances, compact = rules.storage.sample_space(tables.table(puzzle))
    return distances.size, compact


@pytest.mark.parametrize("puzzle", puzzles.names())
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_probe_agrees_with_distance_and_solve(tables: lookup.Tables, puzzle: str, seed: int) -> None:
    size, compact = sample_space(tables, puzzle)
    state = compact(int(np.random.default_rng(seed).integers(size)))
    probe = tables.probe(puzzle, state)
    solution = tables.solve(puzzle, state)
    assert probe.distance == tables.distance(puzzle, state) == solution.distance
    assert probe.to_dict()["moves"] == solution.moves
    assert {k: v for k, v in probe.to_dict().items() if k in solution.to_dict()} == solution.to_dict()


def test_seeds_and_limits_are_refused_out_of_range_as_on_every_front_end(tables: lookup.Tables) -> None:
    for seed in (-1, lookup.MAX_SEED + 1):
        with pytest.raises(lookup.InputError, match=f"seed is {seed}; give a whole number from 0 to "):
            tables.random_solution("eight", "123069478", seed)
        with pytest.raises(lookup.InputError, match=f"seed is {seed}"):
            tables.random_lines("eight", Lines(b"123069478\n"), seed)
        with pytest.raises(lookup.InputError, match=f"seed is {seed}"):
            tables.sample("eight", 3, 2, seed)
    assert tables.random_solution("eight", "123069478", lookup.MAX_SEED).distance == 5
    for limit in (0, -1):
        with pytest.raises(lookup.InputError, match=f"limit is {limit}; give at least 1"):
            tables.solutions("eight", "123069478", limit)


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_an_instance_read_once_is_answered_as_its_text_is(tables: lookup.Tables, name: str) -> None:
    """`Tables.parse` reads a state once; every single answer takes the
    instance as it takes the text, and the instance writes the compact form."""
    text = puzzles.get(name).example()
    board = tables.parse(name, text.split() if name == "clocks" else text)  # clocks: a list of values, read too
    assert isinstance(board, puzzles.Instance) and str(board) == text == board.text
    assert repr(board) == f"Instance({name!r}, {text!r})"
    assert tables.solve(name, board) == tables.solve(name, text)
    assert tables.probe(name, board) == tables.probe(name, text)
    assert tables.distance(name, board) == tables.distance(name, text)
    if puzzles.get(name).counting is not None:
        assert tables.count(name, board) == tables.count(name, text)
        assert tables.random_solution(name, board, 7) == tables.random_solution(name, text, 7)
        assert tables.solution(name, board, 0) == tables.solution(name, text, 0)
        assert [s.moves for s in tables.solutions(name, board, 3)[1]] == [
            s.moves for s in tables.solutions(name, text, 3)[1]
        ]


def test_an_instance_of_other_rules_is_read_again_or_refused(tables: lookup.Tables) -> None:
    """An instance of the same puzzle under rules built again (an equal
    variant, a second object) is read again from its text; one of another
    puzzle is refused in one line."""
    clocks = puzzles.get("clocks")
    twelve = tables.parse(clocks.variant({"hours": 12}), "1 1 1 12 12 12 12 12 12")
    again = clocks.variant({"hours": 12})
    assert twelve.puzzle is not again
    assert tables.solve(again, twelve) == tables.solve(again, "1 1 1 12 12 12 12 12 12")
    with pytest.raises(puzzles.InputError, match=r"^the instance is one of eight, not of sansu$"):
        tables.solve("sansu", tables.parse("eight", "123069478"))
    with pytest.raises(puzzles.InputError, match="no empty cell"):
        tables.parse("eight", "123456789")


def test_the_door_only_answers() -> None:
    """No `Tables` method returns bytes, takes an encoder or asks a view role
    (issue 36): the front ends write its answers through `encoding`, the one
    encoder, and add what their views show."""
    import inspect

    methods = {name: method for name, method in vars(lookup.Tables).items() if inspect.isfunction(method)}
    hints = {name: method.__annotations__ for name, method in methods.items() if not name.startswith("_")}
    assert len(hints) > 20  # the public methods are all seen (annotations as written: strings)
    writers = {name for name, hint in hints.items() if "bytes" in str(hint.get("return"))}
    encoders = {name for name, hint in hints.items() if "encode" in hint or "bytes" in str(hint)}
    assert not writers and not encoders, (writers, encoders)
    source = inspect.getsource(lookup.Tables)
    assert ".terminal" not in source and ".page" not in source


@pytest.mark.parametrize("name", puzzles.names())
def test_answers_carry_their_moves_numbers(tables: lookup.Tables, name: str) -> None:
    """A solution's `indices` are the puzzle's move numbers whose JSON values,
    as the puzzle writes them (rubiks-clock: `y2` between the faces), are its
    `moves`: what the page plays (solve, a random one, a listing)."""
    puzzle = puzzles.get(name)
    for state in [puzzle.example(), *hardest(tables, name)]:
        found = [
            tables.solve(name, state),
            tables.random_solution(name, state, 2),
            *tables.solutions(name, state, 3)[1],
        ]
        for solution in found:
            assert solution.indices is not None and len(solution.indices) == solution.distance
            assert puzzle.written_moves(solution.indices) == solution.moves


@pytest.mark.parametrize(
    ("name", "options", "state"),
    [
        ("clocks", {"hours": 12, "backward": True}, "11 1 12 6 6 6 6 3 6"),
        ("clocks", {"hours": 12}, "1 1 1 12 12 12 12 12 12"),
        ("nine", {"size": 5}, None),
        ("rubiks-clock", {"metric": 30}, None),
    ],
)
def test_answers_without_a_table_carry_their_moves_numbers(
    tables: lookup.Tables, name: str, options: dict, state: str | None
) -> None:
    """Clocks' 12-hour rules (algebra), nine's construction and rubiks-clock's engine (None: its own example)."""
    rules = puzzles.get(name).variant(options)
    solution = tables.solve(rules, state or rules.example())
    assert solution.distance and rules.written_moves(solution.indices) == solution.moves
