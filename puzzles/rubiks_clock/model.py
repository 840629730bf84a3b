"""The Rubik's Clock as numbers: 18 dials, 30 moves, two metrics (issue 37).

A position is the 18 dials' offsets from 12 o'clock, modulo 12 (0 is 12): the
front's nine in reading order, then the back's nine in reading order as seen
after `y2` (the layout of the WCA scrambler, TNoodle's `ClockPuzzle`). The
back corner behind a front corner always reads its negative, so 14 dials are
free: the front's nine and the back's edges and centre (`FREE`).

A move sets the pins and turns a wheel: with the pins `pins` up as seen from a
face, a wheel next to an up pin turns that face's dials in the union of the up
pins' 2x2 blocks, and the corners behind them on the other face the other way.
Seen from the other face those pins are down and the others up, so every move
is (face, nonempty set of up pins seen from it): 15 a face, 30 in all. The
WCA notation names nine of them a face (`WCA_NAMES`): the 18-move metric.
Moves commute, so an answer is how far each move turns (its coefficient).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

HOURS = 12
"""Positions of a dial."""

PINS = ("UR", "DR", "DL", "UL")
"""The pins in the order names concatenate them, as seen from the face moved."""

BLOCKS = {"UR": (1, 2, 4, 5), "DR": (4, 5, 7, 8), "DL": (3, 4, 6, 7), "UL": (0, 1, 3, 4)}
"""The 2x2 block of dials (reading order of the face) next to each pin."""

CORNER = {"UR": 2, "DR": 8, "DL": 6, "UL": 0}
"""The corner dial of each pin's block."""

CORNERS = (0, 2, 6, 8)
"""The corner dials of a face, in reading order."""


def behind(dial: int) -> int:
    """The dial of the other face behind `dial` (both in their own reading order): `y2` mirrors left and right."""
    row, column = divmod(dial, 3)
    return 3 * row + 2 - column


WCA_NAMES = {
    "UR": ("UR",),
    "DR": ("DR",),
    "DL": ("DL",),
    "UL": ("UL",),
    "U": ("UR", "UL"),
    "R": ("UR", "DR"),
    "D": ("DR", "DL"),
    "L": ("DL", "UL"),
    "ALL": PINS,
}
"""The nine moves WCA notation names on each face, by their up pins."""


def pin_name(pins: tuple[str, ...]) -> str:
    """A pin setting's name: WCA's where it has one, else its up pins in the order UR, DR, DL, UL (`URDL`)."""
    for name, up in WCA_NAMES.items():
        if set(up) == set(pins):
            return name
    return "".join(pin for pin in PINS if pin in pins)


def _settings() -> list[tuple[str, ...]]:
    """Every nonempty set of up pins, WCA's nine first (in their notation's order), then the other six."""
    wca = list(WCA_NAMES.values())
    others = [
        combo for size in (2, 3) for combo in combinations(PINS, size) if not any(set(combo) == set(up) for up in wca)
    ]
    return wca + others


SETTINGS = tuple(_settings())
"""The 15 pin settings of a face: indices 0..8 are WCA's nine."""


def move_vector(face: int, pins: tuple[str, ...]) -> np.ndarray:
    """The 18 dials' change when the move (face, up pins) turns one hour clockwise as seen from that face."""
    vector = np.zeros(18, dtype=np.int64)
    own, other = 9 * face, 9 * (1 - face)
    for dial in sorted({dial for pin in pins for dial in BLOCKS[pin]}):
        vector[own + dial] += 1
        if dial in CORNERS:
            vector[other + behind(dial)] -= 1
    return vector % HOURS


MOVES = tuple((face, pins) for face in range(2) for pins in SETTINGS)
"""The 30 moves: the front's 15, then the back's 15, each face's WCA nine first."""

MOVE_MATRIX = np.array([move_vector(face, pins) for face, pins in MOVES], dtype=np.int64)
"""MOVE_MATRIX[m]: move m's effect on the 18 dials, mod 12."""

METRICS = {18: tuple(m for m, (_, pins) in enumerate(MOVES) if SETTINGS.index(pins) < 9), 30: tuple(range(30))}
"""The moves each metric counts, as indices into MOVES."""

FREE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 14, 16)
"""The 14 free dials: the front's nine, the back's edges and centre."""

BACK_CORNERS = tuple((9 + behind(corner), corner) for corner in CORNERS)
"""(back dial, the front dial in front of it), for the four geared corners."""


def apply(dials: np.ndarray, coefficients: np.ndarray, metric: int) -> np.ndarray:
    """The dials after turning each of the metric's moves by its coefficient (hours clockwise)."""
    matrix = MOVE_MATRIX[list(METRICS[metric])]
    return (np.asarray(dials, dtype=np.int64) + np.asarray(coefficients, dtype=np.int64) @ matrix) % HOURS
