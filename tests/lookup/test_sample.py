"""lookup/sample.py: a larger count extends a smaller one with the same seed,
for every puzzle and every way of sampling (a distance, the hardest, -1,
--unique, nine's table sizes), from Python and from the command line; and
`Tables.draw`, instances drawn with no distance: distinct, solvable, fixed by
the seed and grown from it, for every puzzle and every kind of drawing (a
table read, or the puzzle's own draw), spread over the distances as the
table's histogram is (a chi-square test, tests/uniformity.py), and refused
in one line where asked for what cannot be drawn."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nine_rules import A_ONES_SHARES, ones_in_a
from uniformity import assert_uniform

from ninebase import lookup, puzzles
from ninebase.puzzles import InputError

NINEBASE = str(Path(sys.executable).parent / "ninebase")
SAMPLED = ["sansu", "clocks", "eight", "nine", "cube", "nine-2"]
"""Every puzzle with a table, and nine at size 2 (the session builds its table; size 4's takes too long)."""


def rules(name: str) -> puzzles.Puzzle:
    return puzzles.get("nine").variant({"size": 2}) if name == "nine-2" else puzzles.get(name)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.sampled_from(SAMPLED),
    distance=st.one_of(st.none(), st.integers(-1, 30)),
    unique=st.booleans(),
    seed=st.integers(0, 2**63 - 1),
    counts=st.lists(st.integers(1, 300), min_size=2, max_size=2, unique=True).map(sorted),
)
def test_a_larger_count_begins_with_a_smaller_ones_instances(
    tables: lookup.Tables, name: str, distance: int | None, unique: bool, seed: int, counts: list[int]
) -> None:
    fewer, more = counts
    puzzle = rules(name)
    try:
        smaller, available = tables.sample(puzzle, distance, fewer, seed, unique)
    except InputError:  # no such instance: the larger count is refused alike
        return
    larger, also_available = tables.sample(puzzle, distance, more, seed, unique)
    assert larger[:fewer] == smaller
    assert len(larger) == min(more, available) and also_available == available
    assert len(set(larger)) == len(larger)


def test_the_command_grows_a_sample_from_the_same_seed(tables_dir: Path) -> None:
    def sampled(count: int) -> list[str]:
        asked = ["sample", "eight", "--distance", "25", "--seed", "1", "--count", str(count)]
        done = subprocess.run([NINEBASE, *asked, "--tables", str(tables_dir)], capture_output=True, text=True)
        assert done.returncode == 0 and done.stderr == ""
        return done.stdout.splitlines()

    three, five = sampled(3), sampled(5)
    assert len(three) == 3 and len(five) == 5
    assert five[:3] == three


# Drawn with no distance: every solvable instance alike (Tables.draw) -------------------------
DRAWN = {
    **{name: rules(name) for name in SAMPLED},
    "rubiks-clock": puzzles.get("rubiks-clock"),
    "rubiks-clock-30": puzzles.get("rubiks-clock").variant({"metric": "30"}),
    "clocks-12": puzzles.get("clocks").variant({"hours": "12"}),
    "clocks-backward": puzzles.get("clocks").variant({"backward": True}),
    "nine-5": puzzles.get("nine").variant({"size": 5}),
    "nine-9": puzzles.get("nine").variant({"size": 9}),
    "eight-4": puzzles.get("eight").variant({"size": 4}),
}
"""Every puzzle with a table (read), and every kind drawn without one: no table at all, or pattern tables."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.sampled_from(sorted(DRAWN)),
    seed=st.integers(0, 2**63 - 1),
    counts=st.lists(st.integers(1, 120), min_size=2, max_size=2, unique=True).map(sorted),
)
def test_a_draw_is_distinct_solvable_fixed_by_its_seed_and_grows_from_it(
    tables: lookup.Tables, name: str, seed: int, counts: list[int]
) -> None:
    fewer, more = counts
    puzzle = DRAWN[name]
    smaller, larger = tables.draw(puzzle, fewer, seed), tables.draw(puzzle, more, seed)
    assert larger[:fewer] == smaller and tables.draw(puzzle, fewer, seed) == smaller
    exist = tables.stats(puzzle)["solvable"] if name in SAMPLED else 4**9 if name == "clocks-backward" else more
    assert len(set(larger)) == len(larger) == min(more, exist)  # the others have billions
    if name != "eight-4":  # its boards are searched, seconds each: tests/puzzles/eight/test_four.py checks their parity
        assert (tables.distances(puzzle, larger) >= 0).all()


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_seeds_draw_differently_and_the_same_seed_the_same(tables: lookup.Tables, name: str) -> None:
    puzzle = DRAWN[name]
    first, second = tables.draw(puzzle, 30, 1), tables.draw(puzzle, 30, 2)
    assert first != second and len(set(first) & set(second)) < 20
    assert tables.draw(puzzle, 30, 1) == first


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(SAMPLED), seed=st.integers(0, 2**63 - 1), count=st.integers(1, 400))
def test_unique_draws_have_one_optimal_answer_and_are_all_there_are_where_fewer_exist(
    tables: lookup.Tables, name: str, seed: int, count: int
) -> None:
    puzzle = rules(name)
    drawn = tables.draw(puzzle, count, seed, unique=True)
    assert len(set(drawn)) == len(drawn) == min(count, sum(tables.stats(puzzle)["unique"]))
    assert all(tables.count(puzzle, text) == 1 for text in drawn[:25])
    assert drawn[:5] == tables.draw(puzzle, min(count, 5), seed, unique=True)


@pytest.mark.parametrize("name", ["sansu", "eight", "cube", "nine"])
def test_drawn_instances_spread_over_distances_as_the_table_does(tables: lookup.Tables, name: str) -> None:
    """A few thousand drawn from a fixed seed, their distances against the
    table's histogram of all solvable instances (chi-square): a draw leaning
    to some instances (the first indices, the near or the far) fails."""
    drawn = tables.draw(name, 4000, seed=2024)
    found = np.bincount(tables.distances(name, drawn), minlength=len(tables.stats(name)["histogram"]))
    assert_uniform(found.tolist(), tables.stats(name)["histogram"], f"{name}'s drawn distances")


def missing_digit(text: str) -> str:
    return (set("123456789") - set(text)).pop()


SPREAD = {
    # every tile is a sansu question: each digit alike in a cell
    "sansu's first cell": ("sansu", lambda text: [text[0]], "123456789"),
    "sansu's centre": ("sansu", lambda text: [text[4]], "123456789"),
    # each goal (the missing digit) has 9!/2 solvable boards, and for each cell of the empty one
    # half the arrangements of the tiles are solvable (on a board of odd width the empty cell's
    # place does not change the parity that decides it)
    "eight's goals": ("eight", lambda text: [missing_digit(text)], "123456789"),
    "eight's empty cell": ("eight", lambda text: [str(text.index("0"))], "012345678"),
    # all 4^9 settings are solvable, so each dial is at each hour alike, the dials apart
    "clocks' dials": ("clocks", lambda text: text.split(), ["3", "6", "9", "12"]),
    # the boards meeting the class rule: each class's 1s shared between A and B as A_ONES_SHARES says
    "nine's classes": ("nine", ones_in_a, [0, 1, 2, 3, 4]),
}
"""Features of the instances that the rules, written apart, make alike (or as likely as said) over
the solvable instances, each read from the compact form: (puzzle, the feature's values in one
instance, its values in order)."""


@pytest.mark.parametrize("what", sorted(SPREAD))
def test_drawn_instances_spread_as_the_rules_make_them_alike(tables: lookup.Tables, what: str) -> None:
    """What the distances alone miss: a draw that favours some indices of the
    table (the first ones, say) where they share a distance, as sansu's and
    nine's do."""
    name, feature, values = SPREAD[what]
    drawn = tables.draw(name, 3000, seed=len(what))
    found = Counter(value for text in drawn for value in feature(text))
    shares = A_ONES_SHARES if name == "nine" else [1] * len(values)
    assert_uniform([found[value] for value in values], shares, what)


@pytest.mark.parametrize("name", ["eight", "cube"])
def test_unique_draws_spread_over_distances_as_the_unique_answers_do(tables: lookup.Tables, name: str) -> None:
    drawn = tables.draw(name, 3000, seed=7, unique=True)
    unique = tables.stats(name)["unique"]
    found = np.bincount(tables.distances(name, drawn), minlength=len(unique))
    assert_uniform(found.tolist(), unique, f"{name}'s drawn unique distances")


@pytest.mark.parametrize(
    ("puzzle", "refusal"),
    [
        (puzzles.get("rubiks-clock"), "rubiks-clock under these rules is answered by its rules, without a table"),
        (puzzles.get("nine").variant({"size": 5}), "nine under these rules is answered by a construction"),
        (puzzles.get("eight").variant({"size": 4}), "eight under these rules has tables that guide its search"),
    ],
)
def test_unique_draws_are_refused_where_no_table_counts_the_answers(
    tables: lookup.Tables, puzzle: puzzles.Puzzle, refusal: str
) -> None:
    with pytest.raises(InputError, match=refusal):
        tables.draw(puzzle, 3, 0, unique=True)


def test_bad_counts_and_seeds_are_refused_and_huge_draws_bounded(tables: lookup.Tables) -> None:
    for count in (0, -5):
        with pytest.raises(InputError, match=f"count is {count}; give 1 or more"):
            tables.draw("sansu", count, 0)
    with pytest.raises(InputError, match="seed is -1"):
        tables.draw("rubiks-clock", 3, -1)
    with pytest.raises(InputError, match="count is 1,000,001: at most 1,000,000 rubiks-clock positions"):
        tables.draw("rubiks-clock", 1_000_001, 0)
    with pytest.raises(InputError, match="at most 16,382 64x64 boards are drawn at once"):
        tables.draw(puzzles.get("nine").variant({"size": 64}), 20_000, 0)
    assert len(tables.draw("nine", 10**30, 0)) == tables.stats("nine")["solvable"]  # a table bounds what it holds
    assert len(tables.draw(DRAWN["clocks-backward"], 10**30, 0)) == 4**9
