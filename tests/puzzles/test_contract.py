"""The `Puzzle` contract and its roles, one suite for every registered
puzzle and the example plug-in: each hook is checked against the others (the
scalar rules against the vectorised ones the builder searches with and the
one reader of many lines, solutions against the moves that replay them, the
original formats against each other) and against the puzzle's table. Inputs
come from the puzzle objects alone, so a puzzle added anywhere is checked
here without naming it."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import json
import textwrap
import typing
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from every import EVERY_PUZZLE, PLUGIN, registered
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markup import parse_html

from ninebase import lookup, puzzles
from ninebase.lookup import bulk
from ninebase.lookup.check import OPTIMAL, check_answer
from ninebase.lookup.directory import PuzzleTable
from ninebase.lookup.stream import Lines
from ninebase.puzzles import (
    BoardPuzzle,
    InputError,
    ManyAtOnce,
    OriginalFormats,
    Puzzle,
    Role,
    Roles,
    Solution,
    roles,
)
from ninebase.puzzles.contract import missing_parts
from ninebase.puzzles.roles import ROLES
from ninebase.puzzles.storage import TableReader

SVG = "{http://www.w3.org/2000/svg}svg"
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

every_puzzle = pytest.mark.parametrize("name", EVERY_PUZZLE)
BOARD_PUZZLES = [name for name in EVERY_PUZZLE if name == PLUGIN.name or isinstance(puzzles.get(name), BoardPuzzle)]
every_board_puzzle = pytest.mark.parametrize("name", BOARD_PUZZLES)
TABLED = [name for name in EVERY_PUZZLE if name == PLUGIN.name or puzzles.get(name).storage is not None]
every_tabled_puzzle = pytest.mark.parametrize("name", TABLED)
"""The puzzles with a table (rubiks-clock has none): what their tables hold, their original formats."""


@pytest.fixture(scope="module", autouse=True)
def plugin() -> Iterator[None]:
    """The example plug-in is known for the whole module."""
    with registered(PLUGIN):
        yield


@pytest.fixture(scope="module")
def opened(every_tables: lookup.Tables) -> Callable[[str], PuzzleTable]:
    return every_tables.table


@pytest.fixture(scope="module")
def space(opened) -> Callable[[str], tuple[np.ndarray, Callable[[int], str]]]:
    """A puzzle's sample space: every instance's distance (-1: unsolvable) and
    its compact form, read from the table once per module."""
    return cache(lambda name: puzzles.get(name).storage.sample_space(opened(name)))


def read_keys(puzzle: Puzzle, texts: list[str]) -> list[int]:
    """The keys the one reader gives compact lines, all of which it must read at once."""
    rows = bulk.read_at_once(puzzle, Lines(("\n".join(texts) + "\n").encode()))
    assert rows.others == [], [texts[i] for i in rows.others[:5]]
    return rows.keys.tolist()


def state_count(puzzle: Puzzle) -> int:
    """How many indices `encode` numbers boards with: the size of the searches' space."""
    counts = {search.state_count for search in puzzle.storage.searches().values()}
    assert len(counts) == 1, counts  # every search numbers boards the same way
    return counts.pop()


def as_distance(stored: int) -> int | None:
    return None if stored == -1 else int(stored)


def move_index(puzzle: Puzzle) -> dict[str, int]:
    """Each move's JSON value (as JSON text) to its index."""
    return {json.dumps(puzzle.move_value(m)): m for m in range(len(puzzle.move_names))}


def replay(puzzle: Puzzle, solution: Solution) -> list[Any]:
    """The boards reached by applying the solution's moves to its first board."""
    index = move_index(puzzle)
    boards = [solution.boards[0]]
    for value in solution.moves:
        after = puzzle.apply(boards[-1], index[json.dumps(value)])
        assert after is not None, f"{solution.state}: move {value!r} is illegal where the solution plays it"
        boards.append(after)
    return boards


# Reading and writing states ----------------------------------------------------
@every_puzzle
def test_the_examples_round_trip(name: str) -> None:
    puzzle = puzzles.get(name)
    example = puzzle.example()
    assert example and f"e.g. {example}" in puzzle.compact_help
    instance = puzzle.board(example)
    assert puzzle.compact(instance) == example
    assert puzzle.parse(example) == instance and puzzle.board(f"  {example}\n") == instance
    parts = list(example) if puzzle.separator == "" else example.split(puzzle.separator)
    assert puzzle.board(parts) == instance and puzzle.board(tuple(parts)) == instance
    assert puzzle.board(np.array(parts)) == instance
    numbers = [int(part) if part.isdigit() and str(int(part)) == part else part for part in parts]
    assert puzzle.board(numbers) == instance
    if puzzle.formats is None:
        return
    original = puzzle.formats.example()
    assert original.endswith("\n") and original.strip() in puzzle.formats.help
    instances = puzzle.formats.read(original)
    assert instances
    for read in instances:
        assert puzzle.board(puzzle.compact(read)) == read


@every_puzzle
def test_malformed_states_raise_input_error_naming_the_item(name: str, every_tables: lookup.Tables) -> None:
    puzzle = puzzles.get(name)
    for text in ("", "x", puzzle.example() + " x", puzzle.example()[:-1]):
        with pytest.raises(InputError) as raised:
            puzzle.board(text)
        assert str(raised.value) and "\n" not in str(raised.value)
    for states in ([puzzle.example(), "x"], np.array([puzzle.example(), "x"]), [puzzle.example(), "a\nb"]):
        with pytest.raises(InputError, match="item 1"):
            every_tables.distances(puzzle, states)


@every_board_puzzle
@PROPERTY
@given(data=st.data())
def test_encode_and_decode_are_inverse(name: str, data: st.DataObject) -> None:
    puzzle = puzzles.get(name)
    indices = data.draw(st.lists(st.integers(0, state_count(puzzle) - 1), min_size=1, max_size=8))
    boards = [puzzle.decode(index) for index in indices]
    assert [puzzle.encode(board) for board in boards] == indices
    assert [puzzle.decode(puzzle.encode(board)) for board in boards] == boards
    compacts = [puzzle.compact(board) for board in boards]
    assert [puzzle.board(text) for text in compacts] == boards
    assert read_keys(puzzle, compacts) == indices


@every_board_puzzle
def test_compact_forms_of_many_boards_read_back_to_their_index(name: str) -> None:
    """Every board where there are at most 2**16, about 2**16 evenly spread ones elsewhere."""
    puzzle = puzzles.get(name)
    count = state_count(puzzle)
    indices = np.arange(0, count, count // 2**16 + 1)
    compacts = [puzzle.compact(puzzle.decode(int(index))) for index in indices.tolist()]
    assert len(set(compacts)) == indices.size
    assert read_keys(puzzle, compacts) == indices.tolist()


@every_tabled_puzzle
def test_counts_of_many_are_each_ones_count_and_zero_where_unsolvable(name: str, space, opened) -> None:
    """What `counts` prints comes from `counting.counts_of` alone: no other role is asked which keys are unsolvable."""
    puzzle = puzzles.get(name)
    if puzzle.counting is None:
        return
    distances, compact = space(name)
    rng = np.random.default_rng(36)
    unsolvable = np.flatnonzero(distances < 0)
    indices = [*rng.choice(unsolvable, min(300, unsolvable.size), replace=False).tolist()]
    indices += rng.integers(0, distances.size, 300).tolist()
    texts = [compact(index) for index in indices]
    table = opened(name)
    counts = puzzle.counting.counts_of(table, np.array(read_keys(puzzle, texts), dtype=np.int64)).tolist()
    for text, index, count in zip(texts, indices, counts, strict=True):
        board = puzzle.board(text)
        assert count == (0 if distances[index] < 0 else puzzle.counting.count(table, board)), text


# Moves and goals -----------------------------------------------------------------
@every_board_puzzle
@PROPERTY
@given(data=st.data())
def test_apply_agrees_with_successors_and_with_the_searches(name: str, data: st.DataObject, opened) -> None:
    puzzle = puzzles.get(name)
    index = data.draw(st.integers(0, state_count(puzzle) - 1))
    board = puzzle.decode(index)
    moves = range(len(puzzle.move_names))
    after = [puzzle.apply(board, move) for move in moves]
    if puzzle.instances_are_boards:
        assert puzzle.successors(board) == [(m, a) for m, a in zip(moves, after, strict=True) if a is not None]
    else:
        assert puzzle.successors(puzzle.board(puzzle.example())) is None
    for group, search in puzzle.storage.searches().items():
        assert tuple(search.move_names) == tuple(puzzle.move_names), group
        # apply, then undo with the vectorised rules the builder searches with (one batch, sorted)
        reached = sorted({puzzle.encode(following) for following in after if following is not None})
        undone = search.predecessors(np.array(reached, dtype=np.int64))
        for move, following in zip(moves, after, strict=True):
            if following is not None:
                assert int(undone[move][reached.index(puzzle.encode(following))]) == index, (group, move)
        # and the other way: whatever the search says leads here by a move does
        for move, before in zip(moves, search.predecessors(np.array([index], dtype=np.int64)), strict=True):
            if before[0] >= 0:
                assert puzzle.apply(puzzle.decode(int(before[0])), move) == board, (group, move)
    if puzzle.instances_are_boards:
        table = opened(name)
        distance = puzzle.distance(table, board)
        assert puzzle.is_goal(board) == (distance == 0)
        following = [puzzle.distance(table, a) for a in after if a is not None]
        if distance is None:
            assert set(following) <= {None}
            reason = puzzle.unsolvable_reason(board)
            assert reason is None or (reason and "\n" not in reason)
        else:
            assert puzzle.unsolvable_reason(board) is None
            assert all(d is None or distance <= d + 1 for d in following)
            if distance:
                assert distance - 1 in following


@every_board_puzzle
def test_every_goal_state_is_a_goal(name: str, space) -> None:
    puzzle = puzzles.get(name)
    for group in puzzle.storage.distance_groups():
        goals = puzzle.storage.searches()[group].goal_states()
        assert goals.size
        shown = goals[:: max(1, goals.size // 64)]  # evenly spread, at most about 64 of them
        assert all(puzzle.is_goal(puzzle.decode(int(goal))) for goal in shown), group
    if puzzle.instances_are_boards:  # one search over the boards: its goals are exactly the distance-0 boards
        (group,) = puzzle.storage.distance_groups()
        distances, _ = space(name)
        assert np.array_equal(np.flatnonzero(distances == 0), np.sort(puzzle.storage.searches()[group].goal_states()))


# Answers from the table ------------------------------------------------------------
def sampled(space, name: str, data: st.DataObject) -> tuple[str, int | None]:
    """A random instance of the table's sample space (an unsolvable one half
    the time, where there are any) and its distance there."""
    distances, compact = space(name)
    unsolvable = np.flatnonzero(distances < 0)
    if unsolvable.size and data.draw(st.booleans()):
        index = int(unsolvable[data.draw(st.integers(0, unsolvable.size - 1))])
    else:
        index = data.draw(st.integers(0, distances.size - 1))
    return compact(index), as_distance(distances[index])


@every_tabled_puzzle
@PROPERTY
@given(data=st.data())
def test_solve_replays_to_a_goal_and_agrees_with_distance(
    name: str, data: st.DataObject, opened, space, every_tables: lookup.Tables
) -> None:
    puzzle = puzzles.get(name)
    table = opened(name)
    state, expected = sampled(space, name, data)
    instance = puzzle.board(state)
    assert puzzle.compact(instance) == state
    assert puzzle.distance(table, instance) == expected
    stored = -1 if expected is None else expected
    assert every_tables.distances(puzzle, [state]).tolist() == [stored]
    assert every_tables.distances(puzzle, np.array([state, state])).tolist() == [stored, stored]
    solution = puzzle.solve(table, instance)
    assert (solution.puzzle, solution.state, solution.distance) == (name, state, expected)
    assert json.loads(json.dumps(solution.to_dict())) == solution.to_dict()
    if isinstance(puzzle, BoardPuzzle) and puzzle.moves_sorted:
        indices = [puzzle.move_values.index(move) for move in solution.moves]
        assert indices == sorted(indices)
    if expected is None:
        assert solution.moves == [] and solution.to_dict()["reason"] and len(solution.boards) == 1
        if puzzle.instances_are_boards:
            assert solution.boards == [instance] and not puzzle.is_goal(instance)
        return
    assert len(solution.moves) == expected and len(solution.boards) == expected + 1
    boards = replay(puzzle, solution)
    if puzzle.instances_are_boards:  # from the instance to a goal
        assert boards[0] == instance and boards[-1] == solution.boards[-1]
        assert puzzle.is_goal(boards[-1]) and all(not puzzle.is_goal(b) for b in boards[:-1])
    else:  # from the goal of the search (the instance's start) to what the instance asks for
        assert boards == solution.boards and puzzle.is_goal(boards[0])


@every_tabled_puzzle
@PROPERTY
@given(data=st.data())
def test_the_original_output_reads_back_and_checks_optimal(name: str, data: st.DataObject, opened, space) -> None:
    puzzle = puzzles.get(name)
    table = opened(name)
    state, expected = sampled(space, name, data)
    instance = puzzle.board(state)
    solution = puzzle.solve(table, instance)
    output = puzzle.formats.output(solution)
    assert output.endswith("\n") and puzzle.formats.judge(table, [instance]) == output
    (answer,) = puzzle.formats.read_answers(output, 1)
    assert answer.count is not None or answer.moves is not None
    if answer.count is not None:
        assert answer.count == puzzle.formats.count(expected)
    if answer.moves is not None:
        names = [puzzle.move_names[move_index(puzzle)[json.dumps(v)]] for v in solution.moves]
        assert answer.moves == names
    if answer.final is not None:
        assert answer.final == solution.boards[-1]
    verdict = check_answer(puzzle, table, [instance], output)
    assert verdict.kind == OPTIMAL, verdict.line()


@every_tabled_puzzle
def test_the_original_example_through_judge_read_answers_and_check(name: str, opened) -> None:
    puzzle = puzzles.get(name)
    table = opened(name)
    instances = puzzle.formats.read(puzzle.formats.example())
    output = puzzle.formats.judge(table, instances)
    solutions = [puzzle.solve(table, instance) for instance in instances]
    assert output == "".join(puzzle.formats.output(solution) for solution in solutions)
    answers = puzzle.formats.read_answers(output, len(instances))
    assert len(answers) == len(instances)
    for answer, solution in zip(answers, solutions, strict=True):
        assert answer.count in (None, puzzle.formats.count(solution.distance))
    assert check_answer(puzzle, table, instances, output).kind == OPTIMAL


# Words ---------------------------------------------------------------------------
@every_puzzle
def test_moves_and_words(name: str, opened) -> None:
    puzzle = puzzles.get(name)
    assert puzzle.name == name
    names = puzzle.move_names
    assert names and all(isinstance(n, str) and n and n == n.strip() for n in names) and len(set(names)) == len(names)
    values = [puzzle.move_value(move) for move in range(len(names))]
    assert [json.loads(json.dumps(v)) for v in values] == values and len(set(map(json.dumps, values))) == len(values)
    labels = [puzzle.move_label(value) for value in values]
    assert all(isinstance(label, str) and label and "\n" not in label for label in labels)
    assert len(set(labels)) == len(labels)
    for words in (puzzle.unit, puzzle.instance_noun):
        assert len(words) == 2 and all(isinstance(w, str) and w for w in words) and words[0] != words[1]
    if puzzle.storage is None:
        return
    assert isinstance(puzzle.storage.encoding, str) and puzzle.storage.encoding
    assert puzzle.formats.answer_limit is None or puzzle.formats.answer_limit > 0
    attrs = opened(name).attrs()
    assert puzzle.storage.file_attrs()["puzzle"] == attrs["puzzle"] == name
    assert [str(n) for n in attrs["move_names"]] == list(names)


# Drawing -------------------------------------------------------------------------
def assert_svg(drawing: str) -> None:
    """A labelled picture; a group where it holds links (rubiks-clock's dials), whose roles an image would hide."""
    root = ET.fromstring(drawing)
    links = root.findall(".//{http://www.w3.org/2000/svg}a")
    assert root.tag == SVG and root.get("role") == ("group" if links else "img") and root.get("viewBox")
    assert root.get("aria-label", "").strip()


@every_puzzle
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_drawings(name: str, data: st.DataObject, opened, space, every_tables: lookup.Tables) -> None:
    puzzle = puzzles.get(name)
    table = opened(name)
    state = puzzle.example() if puzzle.storage is None or data.draw(st.booleans()) else sampled(space, name, data)[0]
    instance = puzzle.board(state)
    probed = every_tables.probe(puzzle, state)
    solution = probed.solution
    for board in solution.boards:
        assert_svg(puzzle.page.svg(board))
        lines = puzzle.terminal.panel(board)
        assert lines and all(isinstance(line, str) and "\n" not in line for line in lines)
        assert all(isinstance(puzzle.terminal.token_colour(t), (str, type(None))) for t in " ".join(lines).split())
    heading = puzzle.terminal.heading(solution)
    assert heading and "\n" not in heading
    assert isinstance(puzzle.page.board_caption(instance), str) and isinstance(puzzle.terminal.goal_caption, str)
    panel = puzzle.page.page_panel(instance, lambda boards: [puzzle.distance(table, board) for board in boards])
    if panel:
        parse_html(panel)
    json.dumps([probed.to_dict(), puzzle.probe_fields(solution), puzzle.terminal.step_fields(solution)])
    panels = puzzle.terminal.probe_panels(probed)
    if puzzle.instances_are_boards:
        assert probed.successors is not None and panels is None
    else:
        assert probed.successors is None
        if panels is not None:
            legend, drawn = panels
            assert isinstance(legend, str) and len(drawn) == len(solution.boards)
            assert all(lines and all(isinstance(line, str) for line in lines) for lines in drawn)


# Stats and the sample space ----------------------------------------------------------
@every_tabled_puzzle
def test_stats_agree_with_the_sample_space(name: str, opened, space, every_tables: lookup.Tables) -> None:
    puzzle = puzzles.get(name)
    table = opened(name)
    stats = puzzle.storage.stats(table)
    assert set(stats) == {"puzzle", "states", "solvable", "max_distance", "histogram"}
    distances, compact = space(name)
    solvable = distances[distances >= 0]
    assert stats["puzzle"] == name and stats["states"] == distances.size
    assert stats["solvable"] == solvable.size == sum(stats["histogram"])
    assert stats["max_distance"] == int(solvable.max()) == len(stats["histogram"]) - 1
    assert stats["histogram"] == np.bincount(solvable).tolist()
    assert json.loads(json.dumps(stats)) == stats
    text = puzzle.terminal.stats_text(stats, table)
    assert name in text and f"{stats['max_distance']}" in text
    for index in (0, distances.size - 1, int(np.argmax(distances))):
        assert every_tables.distances(puzzle, [compact(index)]).tolist() == [distances[index]]


# Other rules -----------------------------------------------------------------------
@every_puzzle
def test_variants(name: str, every_tables: lookup.Tables) -> None:
    puzzle = puzzles.get(name)
    with pytest.raises(InputError):
        puzzle.variant({"no such rule": True})
    if not puzzle.variant_options:
        with pytest.raises(InputError):
            puzzle.variant({})
        return
    choices = []
    for option in puzzle.variant_options:
        assert option.name and option.help and all(isinstance(c, str) for c in option.choices)
        if option.bounds:  # a whole number: its least and its most
            choices.append([(option.name, str(value)) for value in option.bounds])
        elif option.metavar and not option.choices:  # a value named by its metavar: the one meant by default
            choices.append([(option.name, option.default)])
        else:
            choices.append([(option.name, c) for c in option.choices] if option.choices else [(option.name, True)])
        if option.choices:
            with pytest.raises(InputError):
                puzzle.variant({option.name: "no such choice"})
    for chosen in itertools.chain.from_iterable(itertools.combinations(choices, k) for k in range(len(choices) + 1)):
        for options in itertools.product(*chosen):
            solver = puzzle.variant(dict(options))
            assert solver.name == name and solver.unit[1] and solver.terminal.goal_caption
            # the solver's own example is written for one choice of rules (clocks: 12-hour dials),
            # so each rules read the examples that suit them
            readable = []
            for example in (solver.compact_help.rsplit("e.g. ", 1)[1], puzzle.example()):
                try:
                    readable.append((example, solver.board(example)))
                except InputError:
                    continue
            assert readable, options
            for example, board in readable:
                assert solver.compact(board) == example
                solution = every_tables.solve(solver, example)
                played = solution.indices if solution.distance else []  # rubiks-clock's moves also write y2
                assert solution.distance == len(played) and len(solution.boards) == len(played) + 1
                assert solver.terminal.heading(solution) and solver.terminal.panel(board)
                assert all(solver.move_label(move) for move in solution.moves)


def test_clocks_rules_hours_and_backward(space) -> None:
    """The clocks' own options: 12-hour dials and backward turns; with none
    chosen the rules are the table's."""
    clocks = puzzles.get("clocks")
    assert [(o.name, o.choices) for o in clocks.variant_options] == [("hours", ("4", "12")), ("backward", ())]
    solver = clocks.variant({"hours": "12", "backward": True})
    assert solver.solve(None, solver.board("1 1 1 12 12 12 12 12 12")).moves == [-2]
    assert clocks.variant({"hours": 12}).solve(None, solver.board("1 1 1 12 12 12 12 12 12")).distance == 11
    with pytest.raises(InputError, match="hours"):
        clocks.variant({"hours": "7"})
    same = clocks.variant({})
    distances, compact = space("clocks")
    for index in np.random.default_rng(5).integers(distances.size, size=200).tolist():
        assert same.solve(None, same.board(compact(index))).distance == distances[index]


# The contract's own shape ----------------------------------------------------------
VARIANTS = {"clocks": ({"hours": "12", "backward": True},), "nine": ({"size": 2}, {"size": 5})}
"""Other rules with roles of their own: answered by algebra, from a table of their size, by construction."""


@every_puzzle
def test_every_puzzle_declares_its_roles_as_class_data(name: str) -> None:
    """Each role object is built from the class its puzzle's class declares
    (`roles`): a puzzle names its roles and wires none by hand."""
    assert [field.name for field in dataclasses.fields(Roles)] == list(ROLES)  # one list of roles, in one order
    puzzle = puzzles.get(name)
    for solver in (puzzle, *(puzzle.variant(options) for options in VARIANTS.get(name, ()))):
        declared = type(solver).roles
        for attribute in ROLES:
            kind, role = getattr(declared, attribute), getattr(solver, attribute)
            assert role is None if kind is None else type(role) is kind, (name, attribute)


PROJECT = Path(__file__).resolve().parents[2]
CODE = ("lookup", "puzzles", "build_tables", "ninebase")
"""The project's own folders of code."""


def role_classes() -> list[type[Role]]:
    """Every role class of the project's puzzles (and their other rules) and of the plug-in."""
    for name in EVERY_PUZZLE:
        puzzle = puzzles.get(name)
        for options in VARIANTS.get(name, ()):
            puzzle.variant(options)
    found: list[type[Role]] = []
    waiting: list[type[Role]] = [Role]
    while waiting:
        for kind in waiting.pop().__subclasses__():
            if kind not in found:
                found.append(kind)
                waiting.append(kind)
    return [kind for kind in found if kind.__module__.startswith(("ninebase.", "lights_out"))]


def roles_reached(kind: type[Role]) -> list[str]:
    """Where a method of `kind` asks its puzzle for another role (`self.puzzle.many`, or through a name for it)."""

    def is_puzzle(node: ast.expr) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "puzzle" and ast.unparse(node.value) == "self"

    reached = []
    for function in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(kind)))):
        if not isinstance(function, ast.FunctionDef):
            continue
        names = {
            target.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign) and is_puzzle(node.value)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(function):
            if not (isinstance(node, ast.Attribute) and node.attr in ROLES):
                continue
            if is_puzzle(node.value) or (isinstance(node.value, ast.Name) and node.value.id in names):
                reached.append(f"{kind.__qualname__}.{function.name} asks the puzzle's {node.attr}")
    return reached


def test_a_role_is_asked_by_its_consumer_and_never_reaches_another_role_through_the_puzzle() -> None:
    """A role that needs what another role knows is handed it by its consumer (the page gives `rules` the
    original formats, the command gives `stats_text` the stats), or asks the rules (`BoardPuzzle.extras`)."""
    kinds = role_classes()
    for name in EVERY_PUZZLE:
        assert {type(role) for a in ROLES if (role := getattr(puzzles.get(name), a)) is not None} <= set(kinds)
    assert [reach for kind in kinds for reach in roles_reached(kind)] == []


def test_the_rules_ask_no_role() -> None:
    """A puzzle's own methods (its rules) never ask one of its roles: how a
    state may be given as whole numbers (`row_length`) is the rules', beside
    `separator`, read by `board` and by the bulk reader alike."""
    kinds = {kind for name in EVERY_PUZZLE for kind in type(puzzles.get(name)).__mro__ if issubclass(kind, Puzzle)}
    for name, options in ((name, options) for name, chosen in VARIANTS.items() for options in chosen):
        kinds.update(k for k in type(puzzles.get(name).variant(options)).__mro__ if issubclass(k, Puzzle))
    asked = [
        f"{kind.__qualname__}: self.{node.attr}"
        for kind in kinds
        for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(kind))))
        if isinstance(node, ast.Attribute) and node.attr in ROLES and isinstance(node.ctx, ast.Load)
        if ast.unparse(node.value) == "self"
    ]
    assert asked == []


def test_no_behaviour_depends_on_whether_a_method_was_overridden() -> None:
    """`type(x).method is Base.method` makes a default depend on who wrote a
    method; a puzzle declares what it does instead (`moves_sorted`,
    `extra_fields`, `unique_by_count`)."""
    found = []
    for path in sorted(p for folder in CODE for p in (PROJECT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
                for side in (node.left, *node.comparators):
                    if isinstance(side, ast.Attribute) and ast.unparse(side.value).startswith("type("):
                        found.append(f"{path.relative_to(PROJECT)}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


def test_a_member_sits_where_its_consumer_is() -> None:
    """The many role answers many lines at once for the one bulk reader; a
    probe's few successors are the rules' `board_distances`, not the many
    role's (where a cap on `Puzzle`'s members had put it)."""
    askers = {
        path.relative_to(PROJECT).as_posix()
        for folder in CODE
        if folder != "puzzles"
        for path in (PROJECT / folder).rglob("*.py")
        if ".many." in path.read_text(encoding="utf-8")
    }
    assert askers == {"lookup/bulk.py"}
    assert "board_distances" in vars(Puzzle) and not hasattr(ManyAtOnce, "board_distances")


def test_the_import_contracts_count_imports_made_for_types_alone() -> None:
    """`roles.py` asks for its puzzle's rules core by a protocol (`PuzzleCore`), not
    by importing the contract that imports it: the contracts need not leave out
    the imports under `TYPE_CHECKING` (`tests/import_contracts.py` checks them)."""
    settings = (PROJECT / "pyproject.toml").read_text(encoding="utf-8")
    assert "\nexclude_type_checking_imports = false\n" in settings
    tree = ast.parse(inspect.getsource(roles))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "contract" not in imported


def test_a_role_s_name_has_one_meaning() -> None:
    """`counting` is a puzzle's role; `Tables` names no method after a role
    (`Tables.resolve_counting` gives the puzzle and its counting role)."""
    assert not set(ROLES) & {name for name in dir(lookup.Tables) if not name.startswith("_")}


@every_board_puzzle
def test_a_board_puzzle_s_search_is_its_storage_not_the_puzzle(name: str) -> None:
    """What only the builder and verify ask (the indices' count and words, the
    goals, the predecessors) sits in the storage role, which is the search;
    the puzzle keeps the numbering its answers use (`encode`, `decode`)."""
    puzzle = puzzles.get(name)
    assert puzzle.storage.searches()[puzzles.SINGLE_SEARCH] is puzzle.storage
    assert not {"state_count", "encoding", "goal_states", "predecessors"} & set(dir(puzzle))
    board = puzzle.board(puzzle.example())
    assert puzzle.decode(puzzle.encode(board)) == board and 0 <= puzzle.encode(board) < puzzle.storage.state_count


@every_puzzle
def test_every_puzzle_has_every_part_it_claims(name: str) -> None:
    puzzle = puzzles.get(name)
    assert missing_parts(puzzle) == []
    for attribute, (kind, optional) in ROLES.items():
        role = getattr(puzzle, attribute)
        assert isinstance(role, kind) or (optional and role is None), attribute
        assert role is None or role.puzzle is puzzle  # each role is built with its own puzzle


class FormatsWithoutHelp(OriginalFormats):
    """Original formats whose author forgot to say what the input looks like."""

    def read(self, text: str) -> list[Any]:
        return []

    def output(self, solution: Solution) -> str:
        return ""

    def read_answers(self, text: str, count: int) -> list[Any]:
        return []


class Unfinished(Puzzle):
    """A puzzle whose author forgot its compact form's words, put something
    else where its terminal view goes and gave formats without their words."""

    name = "unfinished"
    move_names = ("flip",)

    def __init__(self) -> None:
        super().__init__()
        self.terminal = object()  # type: ignore[assignment]
        self.formats = FormatsWithoutHelp(self)

    def parse(self, text: str) -> str:
        return text

    def compact(self, board: str) -> str:
        return board

    def apply(self, board: str, move: int) -> str:
        return board

    def is_goal(self, board: str) -> bool:
        return True

    def distance(self, table: Any, board: str) -> int:
        return 0

    def solve(self, table: Any, board: str) -> Solution:
        return Solution(self.name, board, 0, [], [board])


def test_a_puzzle_that_lacks_a_part_is_refused_at_once_in_one_line() -> None:
    with pytest.raises(InputError) as raised:
        puzzles.register(Unfinished())
    message = str(raised.value)
    assert "\n" not in message and message.startswith("puzzle 'unfinished' cannot be used: ")
    for part in ("it sets no compact_help", "its terminal is a object, not a TerminalView", "its formats sets no help"):
        assert part in message, message
    assert "unfinished" not in puzzles.names()
    with pytest.raises(InputError, match="it is a str, not a Puzzle"):
        puzzles.register("lights")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "options"),
    [*((name, {}) for name in EVERY_PUZZLE), ("nine", {"size": 4}), ("nine", {"size": 5}), ("clocks", {"hours": 12})],
)
def test_a_puzzle_with_a_table_is_handed_a_table_not_none(name: str, options: dict[str, int]) -> None:
    """A puzzle that stores a table reads it in `distance` and `solve`: their
    `table` is a `TableReader`, not the contract's `TableReader | None`,
    which only a puzzle without storage is handed."""
    puzzle = puzzles.get(name).variant(options) if options else puzzles.get(name)
    hints = [typing.get_type_hints(method)["table"] for method in (type(puzzle).distance, type(puzzle).solve)]
    assert hints == [TableReader if puzzle.storage is not None else TableReader | None] * 2
