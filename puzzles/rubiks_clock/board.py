"""The Rubik's Clock as a puzzle's board and moves: the engine's 18 dials,
with the pins the last move set, and a move as one of the metric's moves
turned by one of its 11 amounts.

A board is a `Clock`: the 18 dials (0..11, 0 is 12 o'clock; the front's
nine, then the back's nine as seen after `y2`) and the pins as the last move
left them, seen from the front in the order UR, DR, DL, UL (True: up), or
None where no move has set them (a position read from its text). Only the
dials are the position: the compact form, the goal and every answer read
them alone; the pins are drawn.

A move's index is `11 * m + (hours - 1)`: m the metric's move (the front's
moves, then the back's; each face's WCA nine first), hours 1..11 clockwise
as seen from that face. Its value is its WCA token (`UR5-`), after `y2 `
for a back move (`y2 UR5-`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .model import HOURS, METRICS, MOVE_MATRIX, MOVES, PINS, pin_name
from .notation import amount

AMOUNTS = HOURS - 1
"""The amounts a wheel turns: 1 to 11 hours."""


class Clock(NamedTuple):
    """A position (its dials) and the pins as the last move left them."""

    dials: tuple[int, ...]
    pins: tuple[bool, ...] | None = None


def front_pins(face: int, up: tuple[str, ...]) -> tuple[bool, ...]:
    """The pins a move sets (its up pins as seen from `face`), seen from the front (UR, DR, DL, UL)."""
    if face == 0:
        return tuple(pin in up for pin in PINS)
    seen = {pin: _MIRROR[pin] not in up for pin in PINS}  # up from the back is down from the front
    return tuple(seen[pin] for pin in PINS)


_MIRROR = {"UR": "UL", "UL": "UR", "DR": "DL", "DL": "DR"}
"""A pin's name as seen from the other face (`y2` mirrors left and right)."""


class Moves:
    """A metric's moves by index: names, values, effects and the pins they set."""

    def __init__(self, metric: int) -> None:
        self.metric = metric
        self.moves = METRICS[metric]
        names = []
        for move in self.moves:
            face, up = MOVES[move]
            for hours in range(1, HOURS):
                names.append(("y2 " if face else "") + pin_name(up) + amount(hours))
        self.names = tuple(names)
        self.effects = [
            tuple(int(v) for v in hours * MOVE_MATRIX[move] % HOURS) for move in self.moves for hours in range(1, HOURS)
        ]
        self.pins = [front_pins(*MOVES[move]) for move in self.moves for _ in range(AMOUNTS)]

    def apply(self, board: Clock, index: int) -> Clock:
        """The clock after move `index`."""
        effect = self.effects[index]
        return Clock(tuple((a + b) % HOURS for a, b in zip(board.dials, effect, strict=True)), self.pins[index])

    def indices(self, coefficients: np.ndarray) -> list[int]:
        """The move indices of an answer's coefficients (one per metric move), front first."""
        return [
            AMOUNTS * place + int(hours) % HOURS - 1 for place, hours in enumerate(coefficients) if int(hours) % HOURS
        ]
