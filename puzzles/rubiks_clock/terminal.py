"""The Rubik's Clock on a terminal: both faces' dials side by side, the pins between their rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..roles import TerminalView
from ..storage import TableReader
from .known import stats_text

if TYPE_CHECKING:
    from .board import Clock

UP, DOWN, UNKNOWN = "^", ".", " "
"""A pin up (pushed out toward the face drawn), down, or not set by any move yet."""


def face_lines(dials: tuple[int, ...], pins: tuple[bool, ...] | None) -> list[str]:
    """One face: three rows of dials (1..12) and, between them, its pins (UL UR, then DL DR) as seen from it."""
    shown = [str(hours or 12).rjust(2) for hours in dials]
    mark = [UNKNOWN] * 4 if pins is None else [UP if up else DOWN for up in pins]
    ur, dr, dl, ul = mark
    return [
        " ".join(shown[0:3]),
        f"  {ul}  {ur}  ",
        " ".join(shown[3:6]),
        f"  {dl}  {dr}  ",
        " ".join(shown[6:9]),
    ]


def back_pins(pins: tuple[bool, ...] | None) -> tuple[bool, ...] | None:
    """The pins seen from the back: each pin is up from one face where it is down from the other, and
    `y2` mirrors left and right (UR, DR, DL, UL from the back are UL, DL, DR, UR from the front)."""
    if pins is None:
        return None
    ur, dr, dl, ul = pins
    return (not ul, not dl, not dr, not ur)


class RubiksClockTerminal(TerminalView):
    """Front and back (as seen after `y2`) side by side; `^` a pin up as seen from that face, `.` down."""

    def panel(self, board: Clock) -> list[str]:
        front = face_lines(board.dials[:9], board.pins)
        back = face_lines(board.dials[9:], back_pins(board.pins))
        return [f"{a} | {b}".rstrip() for a, b in zip(front, back, strict=True)]

    def heading(self, solution: Any) -> str:
        return f"{self.puzzle.name} (the {solution.extra['metric']}-move metric) {solution.state}"

    def stats_text(self, stats: Mapping[str, Any], table: TableReader | None) -> str:
        return stats_text(dict(stats))
