"""puzzles/draws.py: indices drawn each once, in an order the seed alone fixes
(the first places of a random permutation: a larger count begins with a
smaller one's), spread alike, and every order of a small space alike (a
chi-square test, tests/uniformity.py); the first distinct texts of an
endless draw; and the bound on a count."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uniformity import assert_uniform

from ninebase.puzzles import InputError
from ninebase.puzzles.draws import bounded, drawn_indices, first_distinct

SPACES = st.sampled_from([1, 2, 7, 1000, 4**9, 12**9, 2**62])


@settings(max_examples=60, deadline=None)
@given(
    space=SPACES,
    seed=st.integers(0, 2**63 - 1),
    counts=st.lists(st.integers(0, 3000), min_size=2, max_size=2),
)
def test_indices_are_distinct_in_range_and_a_larger_count_begins_with_a_smaller_ones(
    space: int, seed: int, counts: list[int]
) -> None:
    fewer, more = sorted(counts)
    smaller, larger = drawn_indices(space, fewer, seed), drawn_indices(space, more, seed)
    assert larger[:fewer].tolist() == smaller.tolist()
    assert len(set(larger.tolist())) == larger.size == min(more, space)
    assert ((larger >= 0) & (larger < space)).all()


def test_a_small_space_is_drawn_whole_every_order_alike_and_a_large_one_spread_alike() -> None:
    assert sorted(drawn_indices(1000, 5000, seed=3).tolist()) == list(range(1000))
    orders = Counter(tuple(drawn_indices(4, 4, seed).tolist()) for seed in range(2400))
    assert_uniform([orders[order] for order in itertools.permutations(range(4))], [1] * 24, "the orders of 4")
    for space in (4**9, 12**9):  # the places drawn first: their slice of ten equal ones, their last digit
        drawn = drawn_indices(space, 5000, seed=4)
        assert_uniform(np.bincount(drawn * 10 // space, minlength=10).tolist(), [1] * 10, f"a space of {space:,}")
        assert_uniform(np.bincount(drawn % 10, minlength=10).tolist(), [1] * 10, f"last digits in {space:,}")
    assert drawn_indices(10, 5, seed=1).tolist() != drawn_indices(10, 5, seed=2).tolist()


def test_the_first_distinct_texts_are_kept_in_order() -> None:
    assert first_distinct(iter("abacbd"), 3) == ["a", "b", "c"]
    assert first_distinct(itertools.cycle("xy"), 2) == ["x", "y"]
    assert first_distinct(itertools.count(), 0) == []  # none drawn from an endless draw


def test_a_count_past_the_bound_is_refused_unless_fewer_exist() -> None:
    assert bounded(1_000_000, "boards") == 1_000_000
    assert bounded(10**30, "settings", exist=4**9) == 10**30
    with pytest.raises(InputError, match=r"^count is 1,000,001: at most 1,000,000 boards are drawn at once$"):
        bounded(1_000_001, "boards")
    with pytest.raises(InputError, match="at most 5 big boards"):
        bounded(6, "big boards", most=5, exist=10)
