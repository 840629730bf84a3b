"""A state's optimal solutions in chunks (`Tables.solution_moves`) and the
lines the one encoder writes from them (`encoding.listing_text` and
`listing_json` of `Tables.listing`) against the one-by-one
answers: row n of the chunks is `Tables.solution(n)` (the n-th by its
number, found by its own walk down the counts), a text line is its moves'
labels, a JSON line its solve object with its number as `json.dumps` or
msgspec writes it; the limit cuts them exactly; many states per puzzle,
drawn from the whole table."""

from __future__ import annotations

import json

import msgspec
import numpy as np
import pytest
from every import PLUGIN, registered
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ninebase import lookup, puzzles
from ninebase.lookup import encoding
from ninebase.puzzles import Puzzle

CHECKED = 60
"""Solutions checked one by one per state at most."""
RULES = {
    "sansu": {},
    "clocks": {},
    "eight": {},
    "nine": {},
    "nine-2": {"size": 2},
    "cube": {},
    "lights": {},
}
CLOCK_RULES = [{"hours": 12}, {"hours": 12, "backward": True}, {"backward": True}]


def rules_of(label: str) -> Puzzle:
    if label == "lights":
        return PLUGIN
    options = RULES[label]
    return puzzles.get(label.split("-")[0]).variant(options) if options else puzzles.get(label)


def assert_listed_one_by_one(tables: lookup.Tables, puzzle: Puzzle, state: str, limit: int) -> None:
    count, chunks = tables.solution_moves(puzzle, state, limit)
    chunks = list(chunks)
    rows = [row for chunk in chunks for row in chunk.tolist()]
    assert count == tables.count(puzzle, state)
    assert len(rows) == min(limit, count)
    assert all(chunk.ndim == 2 and len(chunk) >= 1 for chunk in chunks)
    values = [puzzle.move_value(move) for move in range(len(puzzle.move_names))]
    numbers = sorted({*range(min(len(rows), CHECKED // 2)), *range(max(0, len(rows) - CHECKED // 2), len(rows))})
    one_by_one = {number: tables.solution(puzzle, state, number) for number in numbers}
    for number, solution in one_by_one.items():
        assert [values[move] for move in rows[number]] == solution.moves
    lines = b"".join(encoding.listing_text(tables.listing(puzzle, state, limit))).decode().splitlines()
    compact = encoding.listing_json(tables.listing(puzzle, state, limit))
    compact_lines = b"".join(compact).splitlines()
    spaced = encoding.listing_json(tables.listing(puzzle, state, limit), spaced=True)
    spaced_lines = b"".join(spaced).decode().splitlines()
    assert len(lines) == len(compact_lines) == len(spaced_lines) == len(rows)
    for number, solution in one_by_one.items():
        assert lines[number] == (" ".join(puzzle.move_label(move) for move in solution.moves) or "(no moves: a goal)")
        answer = {**solution.to_dict(), "number": str(number)}
        assert compact_lines[number] == msgspec.json.encode(answer)
        assert spaced_lines[number] == json.dumps(answer)


@pytest.mark.parametrize("label", list(RULES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_chunks_and_lines_are_the_one_by_one_solutions(
    every_tables: lookup.Tables, label: str, data: st.DataObject
) -> None:
    puzzle = rules_of(label)
    with registered(PLUGIN):
        distances, compact = puzzle.storage.sample_space(every_tables.table(puzzle))
        index = data.draw(st.integers(0, distances.size - 1), label="index")
        limit = data.draw(st.sampled_from([1, 2, 5, 40, 2049, 100_000]), label="limit")
        assert_listed_one_by_one(every_tables, puzzle, compact(index), limit)


@pytest.mark.parametrize("options", CLOCK_RULES, ids=str)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(dials=st.lists(st.integers(1, 12), min_size=9, max_size=9), limit=st.sampled_from([1, 3, 100, 5000]))
def test_clocks_under_other_rules_list_one_by_one(
    tables: lookup.Tables, options: dict, dials: list[int], limit: int
) -> None:
    puzzle = puzzles.get("clocks").variant(options)
    values = dials if options.get("hours") == 12 else [3 * (1 + dial % 4) for dial in dials]
    assert_listed_one_by_one(tables, puzzle, " ".join(map(str, values)), limit)


@pytest.mark.parametrize(
    ("label", "state", "count"),
    [
        ("sansu", "125348697", 148),
        ("eight", "547698301", 86),
        ("nine", "001100010 101110011", 1700),
        ("cube", "2 1 BRBBEBBRB", 338),
        ("clocks", "9 12 9 12 3 12 9 12 9", 1_080_491_954_750_208_000_000),
    ],
)
def test_the_states_with_the_most_solutions_are_cut_exactly(
    tables: lookup.Tables, label: str, state: str, count: int
) -> None:
    """The benchmark's states: every limit around the chunk and small-node sizes cuts exactly, in order."""
    whole = np.concatenate(list(tables.solution_moves(label, state, 40_000)[1]))
    assert len(whole) == min(count, 40_000) and len({row.tobytes() for row in whole}) == len(whole)
    for limit in (1, 7, 2047, 2048, 2049, 32_767, 32_768, 32_769, 39_999):
        total, chunks = tables.solution_moves(label, state, limit)
        listed = np.concatenate(list(chunks))
        assert total == count
        assert np.array_equal(listed, whole[:limit])
    assert_listed_one_by_one(tables, puzzles.get(label), state, 3000)
