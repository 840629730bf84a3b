"""puzzles/nine/constructed.py's boards drawn with no distance (`Tables.draw`,
`sample nine --size N` from 5): against the rules written apart
(tests/nine_rules.py), each meets the class rule (so it is solvable), each
class's 1s lie between A and B as a uniform draw over those boards spreads
them (a chi-square test from a fixed seed, tests/uniformity.py), each board
once, a larger count beginning with a smaller one's across the batches the
boards are drawn in, and a count too large refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from nine_rules import A_ONES_SHARES, matrices, meets_the_class_rule, ones_in_a, replay, solved
from uniformity import assert_uniform

from ninebase import lookup, puzzles
from ninebase.puzzles import InputError

NINEBASE = str(Path(sys.executable).parent / "ninebase")


def at(n: int) -> puzzles.Puzzle:
    return puzzles.get("nine").variant({"size": n})


@pytest.mark.parametrize("n", [5, 6, 9])
def test_drawn_boards_meet_the_class_rule_and_spread_their_ones_as_a_uniform_draw(
    tables: lookup.Tables, n: int
) -> None:
    drawn = tables.draw(at(n), 1500, seed=n)
    assert len(set(drawn)) == 1500 and all(meets_the_class_rule(*matrices(text)) for text in drawn)
    for place, ones in enumerate(zip(*map(ones_in_a, drawn), strict=True)):  # each class of four
        found = Counter(ones)
        assert_uniform([found[count] for count in range(5)], A_ONES_SHARES, f"{n}x{n} class {place}'s 1s in A")
    # every cell, of A and of B, holds a 1 in half the boards (a class's 1s fill half its cells, any of
    # them alike; the centre's one 1 is in A or in B): no cell's count further from half than 4.6
    # standard deviations, which a fair draw passes once in 240,000 a cell (1 in 1,500 for 162 cells)
    ones = np.array([[character == "1" for character in text.replace(" ", "")] for text in drawn]).sum(axis=0)
    deviations = np.abs(ones - len(drawn) / 2) / np.sqrt(len(drawn) / 4)
    assert deviations.max() <= 4.6, (
        f"{n}x{n}: cell {deviations.argmax()} holds a 1 in {ones[deviations.argmax()]} boards"
    )


@pytest.mark.parametrize(("n", "fewer", "more"), [(5, 2600, 2700), (64, 60, 70)])
def test_a_larger_count_begins_with_a_smaller_ones_boards_across_the_batches(
    tables: lookup.Tables, n: int, fewer: int, more: int
) -> None:
    """The boards are drawn 2,621 at a time at 5x5 and 64 at a time at 64x64: counts on either side of a batch."""
    assert tables.draw(at(n), more, seed=3)[:fewer] == tables.draw(at(n), fewer, seed=3)


def test_too_many_large_boards_are_refused_in_one_line(tables: lookup.Tables) -> None:
    assert len(tables.draw(at(64), 1, seed=0)[0]) == 2 * 64 * 64 + 1
    with pytest.raises(InputError, match="count is 16,383: at most 16,382 64x64 boards are drawn at once"):
        tables.draw(at(64), 16_383, seed=0)


def test_sampled_boards_are_solved_by_the_batch(tables_dir: Path) -> None:
    def ninebase(*args: str, stdin: str = "") -> str:
        done = subprocess.run(
            [NINEBASE, *args, "--tables", str(tables_dir)], input=stdin, capture_output=True, text=True
        )
        assert done.returncode == 0 and done.stderr == "", done.stderr
        return done.stdout

    drawn = ninebase("sample", "nine", "--size", "9", "--count", "5", "--seed", "9")
    answers = [
        json.loads(line)
        for line in ninebase("solve", "nine", "--size", "9", "--batch", "--json", stdin=drawn).splitlines()
    ]
    for text, answer in zip(drawn.splitlines(), answers, strict=True):
        assert answer["state"] == text and solved(*replay(*matrices(text), answer["moves"]))
