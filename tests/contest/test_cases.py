"""lookup/contest/cases.py: whether a case's original answer is unique, with its instance read once."""

from __future__ import annotations

import pytest
from counted_readings import counted

from ninebase import lookup, puzzles
from ninebase.lookup.contest.cases import answer_unique


@pytest.mark.parametrize(
    ("name", "instance"), [("sansu", "175426839"), ("eight", "123069478"), ("nine", "100000000 111111011")]
)
def test_an_answer_is_judged_unique_from_one_reading(tables: lookup.Tables, name: str, instance: str) -> None:
    """The instance is read once, for its count and the formats' judgement alike (it was read twice)."""
    puzzle = puzzles.get(name)
    with counted() as readings:
        unique = answer_unique(tables, puzzle, instance)
    assert readings.parsed == [instance]
    assert unique == puzzle.formats.unique(tables.table(name), puzzle.board(instance), tables.count(name, instance))
