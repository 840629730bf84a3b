"""The batch core (lookup/bulk.py on the puzzles' vectorised hooks) against
the scalar `solve`, the reference: the same distances, moves, tie-breaks,
fields and error objects, line for line, on random states of every puzzle
(taken from the puzzle objects themselves) with bad lines among them."""

from __future__ import annotations

from math import factorial

import numpy as np
import pytest

import lookup
from puzzles import InputError, permutations


def test_a_clock_value_with_a_leading_zero_is_refused_by_distances_too(tables: lookup.Tables) -> None:
    with pytest.raises(InputError, match="item 1: value 1: '03' is not a clock value"):
        tables.distances("clocks", ["3 3 3 3 3 3 3 3 3", "03 3 3 3 3 3 3 3 3"])


def test_packed_permutations_rank_as_the_lehmer_code() -> None:
    ranks = np.random.default_rng(1).integers(0, factorial(9), 20_000)
    perms = permutations.unrank(ranks, 9)
    packed, inverse = permutations.unrank_packed(ranks)
    assert (packed == permutations.pack(perms)).all() and (permutations.unpack(packed) == perms).all()
    assert (permutations.rank_packed(packed) == ranks).all()
    assert (np.take_along_axis(permutations.unpack(inverse), perms.astype(np.int64), 1) == np.arange(9)).all()
    swapped = permutations.swap_packed(packed, np.full(ranks.size, 2), np.full(ranks.size, 7))
    expected = perms.copy()
    expected[:, [2, 7]] = perms[:, [7, 2]]
    assert (permutations.unpack(swapped) == expected).all()
