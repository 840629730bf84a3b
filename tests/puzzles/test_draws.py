"""puzzles/draws.py: indices drawn each once, in an order the seed alone fixes
(a permutation of a small space, draws with repeats passed over from a large
one: a larger count begins with a smaller one's either way, across the
batches drawn), spread alike (a chi-square test, tests/uniformity.py); the
first distinct texts of an endless draw; and the bound on a count."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uniformity import assert_uniform

from ninebase.puzzles import InputError
from ninebase.puzzles.draws import DRAWN_AT_ONCE, PERMUTED_UP_TO, bounded, drawn_indices, first_distinct

SPACES = st.sampled_from([1, 7, 1000, PERMUTED_UP_TO, PERMUTED_UP_TO + 1, 12**9, 2**62])


@settings(max_examples=60, deadline=None)
@given(
    space=SPACES,
    seed=st.integers(0, 2**63 - 1),
    counts=st.lists(st.integers(0, 3 * DRAWN_AT_ONCE), min_size=2, max_size=2),
)
def test_indices_are_distinct_in_range_and_a_larger_count_begins_with_a_smaller_ones(
    space: int, seed: int, counts: list[int]
) -> None:
    fewer, more = sorted(counts)
    smaller, larger = drawn_indices(space, fewer, seed), drawn_indices(space, more, seed)
    assert larger[:fewer].tolist() == smaller.tolist()
    assert len(set(larger.tolist())) == larger.size == min(more, space)
    assert ((larger >= 0) & (larger < space)).all()


def test_a_small_space_is_drawn_whole_and_both_kinds_spread_alike() -> None:
    assert sorted(drawn_indices(1000, 5000, seed=3).tolist()) == list(range(1000))
    for space in (PERMUTED_UP_TO, 12**9):  # the first of each kind: its place in ten equal slices
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
