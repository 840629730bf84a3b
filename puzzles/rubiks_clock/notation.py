"""Reading a position (a WCA scramble or the 18-dial compact form) and writing an answer in WCA notation.

A scramble is read as the WCA scrambler writes it and applied to a solved clock
with the first face in front: `UR5- DR3+ ... ALL5- y2 U2+ ... ALL3+`, an amount
0..6 then `+` (clockwise, seen from the face in front) or `-`; `y2` turns the
clock over. The six pin settings WCA does not name are read by their up pins
(`URDL3+`), so an answer reads back as a scramble; a bare pin name (`UR`, as
older TNoodle scrambles end) only sets pins and turns nothing.
The compact form is the 18 dials, 1..12 (12 is solved): the front's nine in
reading order, then the back's nine as seen after `y2`.
"""

from __future__ import annotations

import re

import numpy as np

from .model import BACK_CORNERS, HOURS, MOVES, PINS, SETTINGS, move_vector, pin_name


class ClockInputError(ValueError):
    """A position that cannot be read: the one-line message names what is wrong and where."""


NAMES = {pin_name(pins): pins for pins in SETTINGS}
"""Every pin setting by its written name (WCA's nine and the six others)."""

TOKEN = re.compile(r"([A-Z]+?)(\d+)([+-])")

MAX_AMOUNT = 6
"""The largest amount a token writes: 7 hours one way is 5 the other."""


def read_scramble(text: str) -> np.ndarray:
    """The 18 dials (0..11) after `text`, a scramble, is applied to a solved clock, first face in front."""
    dials = np.zeros(18, dtype=np.int64)
    face = 0
    for place, token in enumerate(text.split(), start=1):
        if token == "y2":
            face = 1 - face
            continue
        if token in PINS:
            continue
        match = TOKEN.fullmatch(token)
        if match is None or match.group(1) not in NAMES:
            raise ClockInputError(f"token {place} {token!r} is not a move (such as UR5- or ALL3+), a pin or y2")
        name, amount, sign = match.groups()
        if int(amount) > MAX_AMOUNT:
            raise ClockInputError(f"token {place} {token!r}: the amount {int(amount)} is not 0 to {MAX_AMOUNT}")
        hours = int(amount) if sign == "+" else -int(amount)
        dials = (dials + hours * move_vector(face, NAMES[name])) % HOURS
    return dials


def read_dials(text: str) -> np.ndarray:
    """The 18 dials (0..11) of the compact form: 18 numbers 1..12, the back corners consistent with the front."""
    words = text.replace(",", " ").split()
    if len(words) != 18:
        raise ClockInputError(f"the compact form has 18 dials (front nine, then back nine), not {len(words)}")
    values = []
    for place, word in enumerate(words, start=1):
        if not word.isdigit() or not 1 <= int(word) <= HOURS:
            raise ClockInputError(f"dial {place} {word!r} is not an hour 1 to 12")
        values.append(int(word) % HOURS)
    dials = np.array(values, dtype=np.int64)
    for back, front in BACK_CORNERS:
        if (dials[back] + dials[front]) % HOURS:
            raise ClockInputError(
                f"dial {back + 1} (a back corner) reads {words[back]} but the front corner behind it, dial "
                f"{front + 1}, reads {words[front]}: a back corner reads 12 minus the front one"
            )
    return dials


def read_position(text: str) -> np.ndarray:
    """The 18 dials of `text`: a scramble if it has a letter, else the compact form."""
    if not text.strip():
        raise ClockInputError("the position is empty: give a WCA scramble or 18 dials")
    if re.search(r"[A-Za-z]", text):
        return read_scramble(text)
    return read_dials(text)


def write_dials(dials: np.ndarray) -> str:
    """The compact form of 18 dials: hours 1..12, space-separated."""
    return " ".join(str(int(value) % HOURS or HOURS) for value in dials)


def amount(hours: int) -> str:
    """A turn of `hours` (1..11) as WCA writes it: 1..6 `+`, else 12 minus it `-`."""
    hours %= HOURS
    return f"{hours}+" if hours <= MAX_AMOUNT else f"{HOURS - hours}-"


def write_moves(coefficients: np.ndarray, moves: tuple[int, ...]) -> list[str]:
    """The tokens of an answer: the front's moves, then `y2` and the back's if any (each face's WCA nine first)."""
    tokens: dict[int, list[str]] = {0: [], 1: []}
    for hours, move in zip(coefficients, moves, strict=True):
        if int(hours) % HOURS:
            face, pins = MOVES[move]
            tokens[face].append(pin_name(pins) + amount(int(hours)))
    return tokens[0] + (["y2", *tokens[1]] if tokens[1] else [])
