"""The Rubik's Clock on the explorer page: both faces drawn as clocks, with
their dials and the four pins, the back as seen after `y2` (turned over about
the vertical axis, so left and right are mirrored).

The 18 dials are the drawing's cells, numbered `data-cell` 1..18 in the
compact form's order. A position as read (no move has set its pins) is drawn
with every dial a link: a click turns that dial one hour and the corner geared
to it on the other face one hour back, without the script too. A board a move
led to is drawn with that move's pins, up or down as seen from each face; a
move's hands turn as far as the move turns them (`move_changes`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from ..answers import Change, Solution
from ..roles import OriginalFormats, PageView
from .board import Clock
from .model import BACK_CORNERS, HOURS, PINS

if TYPE_CHECKING:
    from . import RubiksClock

FACES = ("front", "back")
FACE_WIDTH, TOP, PITCH, RADIUS, HAND = 250, 24, 72, 27, 19
"""Drawing units: a face's width, the room for its name above it, dials' spacing, radius and hand length."""
HEIGHT = TOP + 236
"""The drawing's height: the face names and the faces."""
PLACES = ("top left", "top", "top right", "left", "centre", "right", "bottom left", "bottom", "bottom right")
"""Each dial's place on its face, as seen from that face, in reading order."""
PIN_PLACES = {"UR": (1, -1), "DR": (1, 1), "DL": (-1, 1), "UL": (-1, -1)}
"""A pin's corner of a face's centre dial, as seen from that face."""
MIRRORED = {"UR": "UL", "UL": "UR", "DR": "DL", "DL": "DR"}
"""A pin's name seen from the other face: `y2` mirrors left and right."""
GEARED = {**{back: front for back, front in BACK_CORNERS}, **{front: back for back, front in BACK_CORNERS}}
"""Each corner dial and the one geared to it on the other face (indices 0..17)."""
TURN = 360 // HOURS
"""Degrees a hand turns in an hour."""
AMOUNTS = HOURS - 1
"""The turns of one pin setting: 1 to 11 hours, one move each."""


def centre(dial: int) -> tuple[int, int]:
    """Where a dial (0..17) is drawn: the front at the left, the back at the right."""
    face, place = divmod(dial, 9)
    row, column = divmod(place, 3)
    return face * FACE_WIDTH + FACE_WIDTH // 2 + (column - 1) * PITCH, TOP + 115 + (row - 1) * PITCH


def hand_end(dial: int, hours: int) -> str:
    """The x2 and y2 attributes of a dial's hand pointing at `hours`."""
    x, y = centre(dial)
    angle = math.radians(hours * TURN)
    return f'x2="{round(x + HAND * math.sin(angle), 1):g}" y2="{round(y - HAND * math.cos(angle), 1):g}"'


HANDS = [[hand_end(dial, hours) for hours in range(HOURS)] for dial in range(18)]
"""The hand's end of every dial at every hour, worked out once."""


def o_clock(hours: int) -> str:
    """A dial's reading in words (0 is 12)."""
    return f"{hours or HOURS} o'clock"


def dial_name(dial: int) -> str:
    """A dial for people: its face and place, as seen from that face."""
    face, place = divmod(dial, 9)
    return f"{FACES[face]} {PLACES[place]}"


def pins_up(pins: tuple[bool, ...], face: int) -> tuple[bool, ...]:
    """Which pins are up (UR, DR, DL, UL) seen from `face`, given them seen from the front.

    Up on one face is down on the other, and `y2` mirrors left and right."""
    if face == 0:
        return pins
    front: dict[str, bool] = dict(zip(PINS, pins, strict=True))
    return tuple(not front[MIRRORED[pin]] for pin in PINS)


def pins_svg(face: int, up: tuple[bool, ...] | None) -> str:
    """A face's four pins, between its dials: raised and yellow when up, sunk when down, plain when not set."""
    x, y = centre(9 * face + 4)
    parts = []
    for index, pin in enumerate(PINS):
        dx, dy = PIN_PLACES[pin]
        state, radius = ("pin", 6) if up is None else (("pin up", 9) if up[index] else ("pin down", 5))
        parts.append(f'<circle class="{state}" cx="{x + dx * PITCH // 2}" cy="{y + dy * PITCH // 2}" r="{radius}"/>')
    return "".join(parts)


def pins_words(pins: tuple[bool, ...]) -> str:
    """The pins a move set, for people: up as seen from the front."""
    up = [pin for pin, raised in zip(PINS, pins, strict=True) if raised]
    return f"pins up seen from the front: {' '.join(up) if up else 'none'}"


class RubiksClockPage(PageView):
    """Both faces as clocks, with pins; dials that turn when clicked, hands that turn when played."""

    puzzle: RubiksClock

    def svg(self, board: Clock) -> str:
        """The clock; a position as read (pins not set) with every dial a link that turns it."""
        return self.drawing(board, linked=board.pins is None)

    def still(self, board: Clock) -> str:
        """The clock to look at: no dial a link."""
        return self.drawing(board, linked=False)

    def drawing(self, board: Clock, linked: bool) -> str:
        """Both faces, each dial a cell (a link where `linked`), with the pins where a move set them."""
        parts: list[str] = []
        for face, name in enumerate(FACES):
            left = face * FACE_WIDTH
            parts.append(
                f'<rect class="body {name}" x="{left + 6}" y="{TOP}" width="{FACE_WIDTH - 12}" height="232" rx="48"/>'
                f'<text class="face-name" x="{left + FACE_WIDTH // 2}" y="16" text-anchor="middle">'
                f"{'front' if face == 0 else 'back (after y2)'}</text>"
            )
            for dial in range(9 * face, 9 * face + 9):
                parts.append(self.dial(board, dial, linked))
            parts.append(pins_svg(face, None if board.pins is None else pins_up(board.pins, face)))
        body = "".join(parts)
        readings = "; ".join(
            f"{name}: {' '.join(str(hours or HOURS) for hours in board.dials[9 * face : 9 * face + 9])}"
            for face, name in enumerate(("front", "back after y2"))
        )
        pins = "" if board.pins is None else f"; {pins_words(board.pins)}"
        role = "group" if linked else "img"
        label = f"the clock, dials in reading order, {readings}{pins}"
        if linked:
            label += "; each dial is a link that turns it an hour"
        return (
            f'<svg class="board rclock" viewBox="0 0 {2 * FACE_WIDTH} {HEIGHT}" role="{role}" '
            f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">{body}</svg>'
        )

    def dial(self, board: Clock, dial: int, linked: bool) -> str:
        """One dial as a cell: face, hour ticks and hand turn together (`spin`); a link that turns it where `linked`."""
        x, y = centre(dial)
        hours = board.dials[dial]
        solved = " solved" if hours == 0 else ""
        body = (
            f'<g class="spin"><circle class="area dial{solved}" cx="{x}" cy="{y}" r="{RADIUS}"/>'
            f'<circle class="ticks" cx="{x}" cy="{y}" r="22" pathLength="12"/>'
            f'<line class="hand" x1="{x}" y1="{y}" {HANDS[dial][hours]}/></g>'
        )
        if linked:
            body = self.turning_link(board, dial, body)
        return f'<g data-cell="{dial + 1}">{body}</g>'

    def turning_link(self, board: Clock, dial: int, body: str) -> str:
        """`body` as a link to the position with `dial` an hour on (and its geared corner an hour back)."""
        dials = list(board.dials)
        dials[dial] = (dials[dial] + 1) % HOURS
        motion = {str(dial + 1): [dial + 1, TURN]}
        said = f"{dial_name(dial)} dial at {o_clock(board.dials[dial])}: turn it to {o_clock(dials[dial])}"
        partner = GEARED.get(dial)
        if partner is not None:
            dials[partner] = (dials[partner] - 1) % HOURS
            motion[str(partner + 1)] = [partner + 1, -TURN]
            said += f", and the {dial_name(partner)} dial geared to it back to {o_clock(dials[partner])}"
        query = {"state": self.puzzle.compact(Clock(tuple(dials)))}
        if self.puzzle.metric != 18:
            query["metric"] = str(self.puzzle.metric)
        shown = escape("?" + urlencode(query))
        moved = escape(",".join(f'"{cell}":[{source},{turn}]' for cell, (source, turn) in motion.items()))
        return f'<a href="{shown}" data-motion="{{{moved}}}" aria-label="{escape(said)}">{body}</a>'

    def board_caption(self, board: Clock) -> str:
        return "This position: the front, and the back as seen after y2 (turned over, left and right swapped)"

    def page_panel(self, instance: Clock, distances: Callable[[list[Clock]], list[int | None]]) -> str:
        """How to set a position by hand, on the clock drawn beside it."""
        return (
            '<p class="hint dial-hint">Click a dial on the clock to turn it an hour; the corner geared to a corner '
            "turns an hour back on the other face.</p>"
        )

    def rules(self, formats: OriginalFormats | None) -> str:
        """The rules beside the code, and the moves of this metric by name, in the order that breaks ties."""
        names = self.puzzle.move_names
        settings = [" ".join(names[first : first + AMOUNTS]) for first in range(0, len(names), AMOUNTS)]
        listed = "\n".join(f"- {line}" for line in settings)
        return (
            f"{super().rules(formats).rstrip()}\n\nThe {len(settings)} pin settings of the {self.puzzle.metric}-move "
            f"metric, each turned 1 to 11 hours, in the order that breaks ties:\n\n{listed}\n"
        )

    def about(self) -> str:
        return (
            "Two faces of nine dials, four pins and four wheels; the corner dials are geared, "
            "a back corner reads 12 minus the front corner behind it. A move sets the pins and turns one wheel "
            "1 to 11 hours: the dials next to the up pins turn on the front, or next to the down pins on the "
            "back, and the corners behind them turn the other way. Solved when every dial reads 12."
        )

    def goal(self, solution: Solution) -> tuple[Clock, str]:
        return Clock((0,) * 18), "Goal: every dial at 12"

    def move_changes(self, board: Clock, move: int) -> dict[int, Change]:
        """The dials the move turns, the short way round as its token says (`UR5-` back 5 hours, `UR6+` on 6),
        and the corners geared to them the other way. Every pin's block holds its face's centre dial, so the
        face the wheel turns is the one whose centre moves."""
        after = self.puzzle.apply(board, move)
        turned = [(now - before) % HOURS for before, now in zip(board.dials, after.dials, strict=True)]
        face = 0 if turned[4] else 1
        hours = turned[9 * face + 4]
        hours = hours if hours <= HOURS // 2 else hours - HOURS
        return {
            dial + 1: Change(dial + 1, TURN * (hours if dial // 9 == face else -hours))
            for dial, change in enumerate(turned)
            if change
        }
