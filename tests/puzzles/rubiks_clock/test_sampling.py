"""puzzles/rubiks_clock/sampling.py: positions drawn with no distance
(`Tables.draw`, `sample rubiks-clock`) against the clock written again apart
(tests/clock_rules.py): every one of the 12^14 positions alike, so each free
dial at each hour alike (a chi-square test from a fixed seed,
tests/uniformity.py), and each back corner geared to the front corner in
front of it; in either metric, with no distance worked out."""

from __future__ import annotations

import time

import clock_rules
import numpy as np
import pytest
from uniformity import assert_uniform

from ninebase import puzzles
from ninebase.lookup import Tables

DRAWN = 3000
CORNERS = [(row, column) for row in (0, 2) for column in (0, 2)]


def dials(texts: list[str]) -> np.ndarray:
    """The 18 dials of positions in compact form, 12 read as 0."""
    return np.array([[int(value) % 12 for value in text.split()] for text in texts])


def test_each_free_dial_is_at_each_hour_alike_and_the_corners_are_geared(tables: Tables) -> None:
    drawn = dials(tables.draw("rubiks-clock", DRAWN, seed=37))
    assert drawn.shape == (DRAWN, 18)
    for dial in clock_rules.FREE:
        assert_uniform(np.bincount(drawn[:, dial], minlength=12).tolist(), [1] * 12, f"dial {dial}")
    for row, column in CORNERS:  # a back corner reads 12 minus the front corner in front of it
        front, back = clock_rules.read_index(0, row, column), clock_rules.read_index(1, row, column)
        assert ((drawn[:, front] + drawn[:, back]) % 12 == 0).all()
    pairs = drawn[:, 0] * 12 + drawn[:, 4]  # two free dials apart: every pair of hours alike
    assert_uniform(np.bincount(pairs, minlength=144).tolist(), [1] * 144, "dials 0 and 4 together")


@pytest.mark.parametrize("metric", ["18", "30"])
def test_no_distance_is_worked_out_and_the_metric_draws_the_same_positions(tables: Tables, metric: str) -> None:
    puzzle = puzzles.get("rubiks-clock").variant({"metric": metric})
    started = time.process_time()
    drawn = tables.draw(puzzle, 10_000, seed=5)
    assert time.process_time() - started < 2  # the 30-move metric's distances would take 24 s
    assert drawn == tables.draw("rubiks-clock", 10_000, seed=5)
    solved = tables.distances(puzzle, drawn[:40])
    assert ((solved >= 0) & (solved <= {"18": 14, "30": 12}[metric])).all()
