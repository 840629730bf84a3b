"""The batch core (lookup/bulk.py on the puzzles' vectorised hooks) against
the scalar `solve`, the reference: the same distances, moves, tie-breaks,
fields and error objects, line for line, on random states of every puzzle
(taken from the puzzle objects themselves) with bad lines among them."""

from __future__ import annotations

import pytest

import lookup
from puzzles import InputError


def test_a_clock_value_with_a_leading_zero_is_refused_by_distances_too(tables: lookup.Tables) -> None:
    with pytest.raises(InputError, match="item 1: value 1: '03' is not a clock value"):
        tables.distances("clocks", ["3 3 3 3 3 3 3 3 3", "03 3 3 3 3 3 3 3 3"])
