"""The optimal solutions behind the counts (issue 29): every solution that
`solution(n)`, `random_solution` and `solutions` return is replayed by the
simulators of `rules.py` to a goal in exactly the fewest moves the
brute-force count found; the listed solutions are distinct, as many as the
count, in the documented order; random ones are uniform (a chi-squared test
that a 2:1 bias fails) and the same for a seed in any process."""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from counted_spaces import counted, puzzle_of, spread, twelve_hour_counts
from every import PLUGIN, registered
from rules import (
    NINE_GOAL,
    boards_showing,
    clock_turn,
    cube_neighbours,
    cube_pattern,
    cube_start,
    eight_goal,
    is_sansu,
    lights_press,
    replay_cube,
    replay_eight,
    replay_nine,
    replay_sansu,
)
from shortest_paths import cube_pattern_counts, meeting_count

from ninebase import lookup, puzzles
from ninebase.lookup import encoding
from ninebase.puzzles import InputError, Puzzle

LISTED = 2000
"""Solutions listed in full: a state with at most this many has them all listed."""
LABELS = ["sansu", "clocks", "nine", "eight-9", "eight-3", "clocks-backward", "lights"]
"""Spaces counted whole (counted_spaces), whose solutions are checked here."""
DRAWS_PER_SOLUTION = 40
"""Seeded draws per optimal solution in the uniformity test: 40 expected in each cell."""
Z_ONE_IN_10_000 = 3.719
"""The standard normal quantile with 1/10,000 above it: the test's false alarm rate."""
CANONICAL_STARTS = ((1, 1), (2, 1), (2, 2))
"""The cube's starts searched as they are, whose rolls number as the start sees them."""


def reaches_goal(label: str, text: str, moves: list[Any]) -> bool:
    """Whether the simulators, playing `moves` from `text`, end on a goal."""
    if label == "sansu":
        return is_sansu(replay_sansu(tuple(map(int, text)), moves))
    if label.startswith("eight"):
        board = tuple(map(int, text))
        return replay_eight(board, moves) == eight_goal(board)
    if label == "nine":
        return replay_nine(text, moves) == NINE_GOAL
    if label == "lights":
        lights = text
        for move in moves:
            lights = lights_press(lights, int(move) - 1)
        return lights == "0" * 9
    if label == "cube":
        return cube_pattern(replay_cube(text, moves)) == text.split()[2]
    positions = 12 if label.startswith("twelve") else 4  # clocks: the IOI dials, forward or with backward turns
    hours = tuple(map(int, text.split()))
    for move in moves:
        hours = clock_turn(hours, int(move), positions)
    return hours == (12,) * 9


def own_fields(label: str, text: str, moves: list[Any]) -> dict[str, str]:
    """The fields a solution's own moves decide, as the simulators play them:
    sansu's final tile (optimal ways may end on different sansus), eight's goal."""
    if label == "sansu":
        return {"final": "".join(map(str, replay_sansu(tuple(map(int, text)), moves)))}
    if label.startswith("eight"):
        return {"goal": "".join(map(str, replay_eight(tuple(map(int, text)), moves)))}
    return {}


def assert_own_fields(label: str, text: str, solution: dict[str, Any]) -> None:
    expected = own_fields(label, text, solution["moves"])
    assert {name: solution[name] for name in expected} == expected, (text, solution["moves"])


def move_indices(puzzle: Puzzle, moves: list[Any]) -> tuple[int, ...]:
    """Moves as indices into the puzzle's move names (sansu's [i, j] is `i-j`)."""
    return tuple(puzzle.move_names.index("-".join(map(str, m)) if isinstance(m, list) else str(m)) for m in moves)


def assert_every_solution_replays(
    tables: lookup.Tables, puzzle: Puzzle, label: str, text: str, fewest: int, count: int
) -> list[list[Any]]:
    """Check the listed, numbered and random solutions of one state; return the listed ones."""
    limit = min(count, LISTED)
    total, found = tables.solutions(puzzle, text, limit)
    solutions = list(found)
    own = tables.solve(puzzle, text).boards
    goal_known = puzzle.is_goal(own[-1])  # the cube's goal is the instance's pattern, not a board
    for solution in solutions[:20]:  # the boards are played from the moves when asked for
        assert len(solution.boards) == fewest + 1, (text, solution.moves)
        assert solution.boards[0] == own[0] and puzzle.is_goal(solution.boards[-1]) == goal_known
    answers = [solution.to_dict() for solution in solutions]
    listed = [answer["moves"] for answer in answers]
    assert total == count and len(listed) == limit, text
    assert len({json.dumps(moves) for moves in listed}) == limit, f"{text}: a solution listed twice"
    for moves in listed:
        assert len(moves) == fewest and reaches_goal(label, text, moves), (text, moves)
    lines = encoding.listing_json(tables.listing(puzzle, text, limit), spaced=True)
    written = [json.loads(line) for line in b"".join(lines).splitlines()]
    assert [{**answer, "number": str(number)} for number, answer in enumerate(answers)] == written, text
    for answer in answers:
        assert_own_fields(label, text, answer)
    for number in sorted({number for number in (0, 1, count // 2, count - 1) if number < count}):
        solution = tables.solution(puzzle, text, number)
        assert (solution.count, solution.distance, len(solution.moves)) == (count, fewest, fewest), (text, number)
        assert reaches_goal(label, text, solution.moves), (text, number)
        assert_own_fields(label, text, solution.to_dict())
        assert number >= limit or solution.moves == listed[number]
    for seed in range(3):
        drawn = tables.random_solution(puzzle, text, seed)
        assert drawn.count == count and len(drawn.moves) == fewest and reaches_goal(label, text, drawn.moves)
        assert_own_fields(label, text, drawn.to_dict())
        assert count > LISTED or drawn.moves in listed
    for beyond in (count, -1):
        with pytest.raises(InputError, match=f"there is no optimal solution {beyond}: the state has {count:,}"):
            tables.solution(puzzle, text, beyond)
    return listed


def assert_space_solutions(tables: lookup.Tables, label: str, size: int) -> None:
    """`size` solvable states of a space, spread over its distances: their
    solutions replay, and are listed in move order, the first move first."""
    space, distance, count = counted(label)
    puzzle = puzzle_of(label)
    solvable = np.flatnonzero(distance >= 0)
    for state in solvable[spread(distance[solvable], size, seed=size)].tolist():
        text = space.compact(state)
        listed = assert_every_solution_replays(tables, puzzle, label, text, int(distance[state]), count[state])
        keys = [move_indices(puzzle, moves) for moves in listed]
        assert keys == sorted(keys), f"{text}: not in the documented order"


@pytest.mark.parametrize("label", LABELS)
def test_solutions_replay_distinct_and_in_order(every_tables: lookup.Tables, label: str) -> None:
    with registered(PLUGIN):
        assert_space_solutions(every_tables, label, 20)


@pytest.mark.slow
@pytest.mark.parametrize("label", LABELS)
def test_solutions_replay_on_many_states(every_tables: lookup.Tables, label: str) -> None:
    with registered(PLUGIN):
        assert_space_solutions(every_tables, label, 100)


@pytest.mark.parametrize("backward", [False, True])
def test_twelve_hour_solutions_replay_and_are_in_order(tables: lookup.Tables, backward: bool) -> None:
    variant = puzzles.get("clocks").variant({"hours": "12", "backward": backward})
    found = twelve_hour_counts(backward, 4)
    rng = random.Random(backward)
    for hours in rng.sample(sorted(found), 40):
        text = " ".join(map(str, hours))
        fewest, count = found[hours]
        listed = assert_every_solution_replays(tables, variant, f"twelve-{backward}", text, fewest, count)
        keys = [move_indices(variant, moves) for moves in listed]
        assert keys == sorted(keys), text


def assert_cube_solutions(tables: lookup.Tables, depth: int, per_start: int) -> None:
    """Solutions of patterns from every start: they replay from the start to
    the pattern; listed, they come grouped by the board they end on and, from
    a canonical start, within a group in the order of their last roll, the one
    before it and so on (U D L R)."""
    puzzle = puzzles.get("cube")
    for start in range(9):
        x, y = start % 3 + 1, start // 3 + 1
        found = cube_pattern_counts(x, y, depth)
        patterns = sorted(pattern for pattern, (_, count) in found.items() if count > 1)  # orders to check
        chosen = spread(np.array([found[p][0] for p in patterns]), per_start, seed=start)
        for pattern in (patterns[position] for position in chosen.tolist()):
            text = f"{x} {y} {pattern}"
            listed = assert_every_solution_replays(tables, puzzle, "cube", text, *found[pattern])
            ends = [replay_cube(text, moves) for moves in listed]
            groups = [end for end, _ in itertools.groupby(ends)]
            assert len(groups) == len(set(groups)), f"{text}: solutions ending on one board are not together"
            if (x, y) in CANONICAL_STARTS:
                for _, members in itertools.groupby(zip(ends, listed, strict=True), key=lambda pair: pair[0]):
                    backwards = [move_indices(puzzle, moves)[::-1] for _, moves in members]
                    assert backwards == sorted(backwards), text


def test_cube_solutions_replay_and_are_in_order(tables: lookup.Tables) -> None:
    assert_cube_solutions(tables, 14, 8)


@pytest.mark.slow
def test_cube_solutions_replay_on_many_patterns(tables: lookup.Tables) -> None:
    assert_cube_solutions(tables, 18, 60)


def test_an_unsolvable_state_has_no_solution(tables: lookup.Tables) -> None:
    for label in ("eight-9", "nine"):  # the first state that the enumeration found no way from
        space, distance, _ = counted(label)
        name, text = label.split("-")[0], space.compact(int(np.flatnonzero(distance < 0)[0]))
        assert tables.count(name, text) == 0 and tables.solve(name, text).to_dict()["count"] == "0"
        with pytest.raises(InputError, match="the state has no solution"):
            tables.solution(name, text, 0)
        drawn = tables.random_solution(name, text, 1)
        assert not drawn.solvable and drawn.count == 0 and drawn.moves == []
        total, found = tables.solutions(name, text, 10)
        assert total == 0 and list(found) == []


# Uniform random solutions ---------------------------------------------------------------
def chi_squared(observed: list[int]) -> float:
    expected = sum(observed) / len(observed)
    return sum((seen - expected) ** 2 / expected for seen in observed)


def rejects_uniformity(observed: list[int]) -> bool:
    """Whether a chi-squared test at 1/10,000 rejects equal chances for the
    cells, by the Wilson-Hilferty approximation of its critical value."""
    freedom = len(observed) - 1
    critical = freedom * (1 - 2 / (9 * freedom) + Z_ONE_IN_10_000 * math.sqrt(2 / (9 * freedom))) ** 3
    return chi_squared(observed) > critical


def documented_draw(seed: int, state: str, count: int) -> int:
    """`random_solution`'s number as its docstring specifies it, written
    apart: SHAKE-256 of "SEED STATE ATTEMPT", as many leading bits as
    count - 1 has, the first attempt whose number is below the count."""
    bits = (count - 1).bit_length()
    for attempt in itertools.count():
        hexadecimal = hashlib.shake_256(f"{seed} {state} {attempt}".encode()).hexdigest(math.ceil(bits / 8))
        number = int(hexadecimal or "0", 16) >> (8 * math.ceil(bits / 8) - bits)
        if number < count:
            return number
    raise AssertionError("unreachable")


def states_with_counts(label: str, high: int, how_many: int) -> list[str]:
    """States with 20 to `high` optimal solutions, at random."""
    space, _, count = counted(label)
    candidates = np.flatnonzero((count >= 20) & (count <= high))
    rng = np.random.default_rng(high)
    return [space.compact(int(state)) for state in rng.choice(candidates, how_many, replace=False)]


def assert_uniform(tables: lookup.Tables, puzzle: Puzzle, text: str) -> None:
    """Draws by seed land equally often on each solution; the same number of
    draws from a sampler that favours half the solutions 2:1 are rejected."""
    count, found = tables.solutions(puzzle, text, LISTED)
    position = {json.dumps(solution.moves): n for n, solution in enumerate(found)}
    assert 20 <= count == len(position) <= 500
    draws = DRAWS_PER_SOLUTION * count
    tally = Counter()
    for seed in range(draws):
        drawn = tables.random_solution(puzzle, text, seed)
        tally[position[json.dumps(drawn.moves)]] += 1
        if seed < 5:  # the number drawn is the documented one
            assert drawn.moves == tables.solution(puzzle, text, documented_draw(seed, drawn.state, count)).moves
    assert not rejects_uniformity([tally[n] for n in range(count)]), (text, sorted(tally.values()))
    weights = [2] * (count // 2) + [1] * (count - count // 2)
    biased = Counter(random.Random(text).choices(range(count), weights=weights, k=draws))
    assert rejects_uniformity([biased[n] for n in range(count)]), text


@pytest.mark.parametrize("label", LABELS)
def test_random_solutions_are_uniform(every_tables: lookup.Tables, label: str) -> None:
    with registered(PLUGIN):
        for text in states_with_counts(label, 60, 1):
            assert_uniform(every_tables, puzzle_of(label), text)


@pytest.mark.slow
@pytest.mark.parametrize("label", LABELS)
def test_random_solutions_are_uniform_on_more_states(every_tables: lookup.Tables, label: str) -> None:
    with registered(PLUGIN):
        for text in states_with_counts(label, 500, 3):
            assert_uniform(every_tables, puzzle_of(label), text)


def assert_cube_uniform(tables: lookup.Tables, distance: int, how_many: int) -> None:
    """Patterns `distance` rolls away with 20 to 500 optimal roll sequences
    (found by `sample`, their counts checked by meeting in the middle): their
    solutions replay and random ones are uniform."""
    sampled, _ = tables.sample("cube", distance, 3000, seed=distance)
    chosen = [text for text in sampled if 20 <= tables.count("cube", text) <= 500][:how_many]
    assert len(chosen) == how_many
    for text in chosen:
        x, y, pattern = text.split()
        depths = (distance - distance // 3, distance // 3)
        found = meeting_count(cube_start(int(x), int(y)), boards_showing(pattern), cube_neighbours, depths)
        assert found == (distance, tables.count("cube", text))
        assert_every_solution_replays(tables, puzzles.get("cube"), "cube", text, *found)
        assert_uniform(tables, puzzles.get("cube"), text)


def test_random_cube_solutions_are_uniform(tables: lookup.Tables) -> None:
    assert_cube_uniform(tables, 22, 1)


@pytest.mark.slow
@pytest.mark.parametrize(("distance", "how_many"), [(24, 3), (26, 3), (29, 2)])
def test_random_cube_solutions_are_uniform_further_out(tables: lookup.Tables, distance: int, how_many: int) -> None:
    assert_cube_uniform(tables, distance, how_many)


# The same seed, the same solution, in any process ----------------------------------------
DRAWN = [
    ("sansu", {}, "175426839"),
    ("clocks", {}, "9 9 12 6 6 6 6 3 6"),
    ("clocks", {"hours": "12", "backward": True}, "11 1 12 6 6 6 6 3 6"),
    ("eight", {}, "647850321"),
    ("nine", {}, "100000000 111111011"),
    ("cube", {}, "1 1 RRRWWWRRE"),
]
DRAW_SCRIPT = """
import json, sys
from ninebase import lookup, puzzles
with lookup.open_tables(sys.argv[1]) as tables:
    for name, rules, text in json.loads(sys.argv[2]):
        puzzle = puzzles.get(name).variant(rules) if rules else name
        print(json.dumps([tables.random_solution(puzzle, text, seed).moves for seed in range(20)]))
"""


@pytest.mark.slow
def test_the_same_seed_draws_the_same_solution_in_another_process(tables_dir: Path, tables: lookup.Tables) -> None:
    here = []
    for name, rules, text in DRAWN:
        puzzle = puzzles.get(name).variant(rules) if rules else name
        here.append([tables.random_solution(puzzle, text, seed).moves for seed in range(20)])
        assert len({json.dumps(moves) for moves in here[-1]}) > 1 or tables.count(puzzle, text) == 1
    for hash_seed in ("1", "4242"):
        other = subprocess.run(
            [sys.executable, "-c", DRAW_SCRIPT, str(tables_dir), json.dumps(DRAWN)],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert other.returncode == 0, other.stderr
        assert [json.loads(line) for line in other.stdout.splitlines()] == here
