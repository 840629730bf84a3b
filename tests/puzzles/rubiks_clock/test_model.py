"""puzzles/rubiks_clock/model.py against the WCA scrambler's own move table and the tests' model (clock_rules)."""

from __future__ import annotations

import clock_rules
import numpy as np

from ninebase.puzzles.rubiks_clock import model

TNOODLE = [
    [0, 1, 1, 0, 1, 1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0],
    [0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1],
    [1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0],
    [1, 1, 1, 1, 1, 1, 0, 0, 0, -1, 0, -1, 0, 0, 0, 0, 0, 0],
    [0, 1, 1, 0, 1, 1, 0, 1, 1, -1, 0, 0, 0, 0, 0, -1, 0, 0],
    [0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, -1, 0, -1],
    [1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, -1, 0, 0, 0, 0, 0, -1],
    [1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 0, -1, 0, 0, 0, -1, 0, -1],
]
"""The WCA scrambler's move table, UR DR DL UL U R D L ALL: `moves` in TNoodle's ClockPuzzle.java
(thewca/tnoodle-lib, scrambles/src/main/java/org/worldcubeassociation/tnoodle/puzzle/ClockPuzzle.java), where a
position is 18 dials, the front's nine then the back's, and `y2` swaps the two halves."""


def test_the_tests_model_turns_what_the_wca_scrambler_turns() -> None:
    front = np.array(TNOODLE) % 12
    back = np.roll(front, 9, axis=1)  # the same nine after y2: TNoodle swaps the halves, moves, swaps back
    assert (np.array(clock_rules.MOVES_18) == np.concatenate([front, back])).all()


def test_the_engines_moves_are_the_tests_moves_in_both_metrics() -> None:
    for metric, moves in ((18, clock_rules.MOVES_18), (30, clock_rules.MOVES_30)):
        engine = {tuple(row) for row in model.MOVE_MATRIX[list(model.METRICS[metric])]}
        assert engine == {tuple(row) for row in np.array(moves)}
        assert len(engine) == metric


def test_the_fourteen_free_dials_are_the_tests() -> None:
    assert list(model.FREE) == clock_rules.FREE
