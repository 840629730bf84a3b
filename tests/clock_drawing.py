"""The explorer's Rubik's Clock drawing read back by the tests, and what the
tests' model (clock_rules.py) says it must show, apart from
puzzles/rubiks_clock: the hour each hand points at, the pins up or down on
each face, the position each dial's link leads to and the pins a move sets.

The drawing is read as a person reads it: each dial (`data-cell` 1..18, the
compact form's order) shows the hour its hand points at (12 straight up,
clockwise); the front is the face at the left, the back (as seen after `y2`)
the one at the right; a pin belongs to the face whose centre dial is nearer,
and its name, as seen from that face, is where it sits beside that dial
(up and right: UR).
"""

from __future__ import annotations

import math
import re

import clock_rules
import numpy as np
from markup import Element


def hands(drawing: Element) -> list[int]:
    """The hour (0..11, 0 is 12) each of the 18 dials' hands points at, in `data-cell` order."""
    shown = {}
    for cell in drawing.find_all("g", data_cell=True):
        (hand,) = cell.find_all("line", class_="hand")
        x1, y1, x2, y2 = (float(hand.attrs[name] or "nan") for name in ("x1", "y1", "x2", "y2"))
        angle = math.degrees(math.atan2(x2 - x1, y1 - y2)) % 360
        hours = round(angle / 30) % 12
        assert abs(angle - 30 * hours) % 360 < 1 or abs(angle - 30 * hours) % 360 > 359, angle
        shown[int(cell.attrs["data-cell"] or 0)] = hours
    assert sorted(shown) == list(range(1, 19)), sorted(shown)
    return [shown[cell] for cell in range(1, 19)]


def centre(drawing: Element, cell: int) -> tuple[float, float]:
    (face,) = drawing.one("g", data_cell=str(cell)).find_all("circle", class_="area")
    return float(face.attrs["cx"] or 0), float(face.attrs["cy"] or 0)


def pins(drawing: Element) -> list[dict[str, bool | None]]:
    """Each face's pins (front, then back), by name as seen from that face: True up, False down, None not set."""
    centres = [centre(drawing, 5), centre(drawing, 14)]
    faces: list[dict[str, bool | None]] = [{}, {}]
    for pin in drawing.find_all("circle"):
        kinds = (pin.attrs.get("class") or "").split()
        if "pin" not in kinds:
            continue
        x, y = float(pin.attrs["cx"] or 0), float(pin.attrs["cy"] or 0)
        face = min((0, 1), key=lambda f: math.dist((x, y), centres[f]))
        cx, cy = centres[face]
        name = ("U" if y < cy else "D") + ("R" if x > cx else "L")
        faces[face][name] = True if "up" in kinds else False if "down" in kinds else None
    assert all(sorted(face) == ["DL", "DR", "UL", "UR"] for face in faces), faces
    return faces


def token_pins(token: str) -> tuple[int, set[str]]:
    """The face a move token turns (0 front, 1 after `y2`) and its up pins as seen from that face."""
    face = 1 if token.startswith("y2 ") else 0
    name = re.fullmatch(r"([A-Z]+?)\d[+-]", token.removeprefix("y2 "))
    assert name is not None, token
    up = clock_rules.WCA.get(name.group(1), " ".join(re.findall("UR|DR|DL|UL", name.group(1))))
    return face, set(up.split())


def mirrored(pin: str) -> str:
    """A pin's name seen from the other face: the turn over swaps its column."""
    row, column = clock_rules.PIN_PLACES[pin]
    return next(name for name, place in clock_rules.PIN_PLACES.items() if place == (row, 1 - column))


def pins_set_by(token: str) -> list[dict[str, bool | None]]:
    """Each face's pins after the move `token`: its up pins up on its face; up on one face is down on the other."""
    face, up = token_pins(token)
    shown: list[dict[str, bool | None]] = [{}, {}]
    shown[face] = {pin: pin in up for pin in clock_rules.PIN_PLACES}
    shown[1 - face] = {pin: mirrored(pin) not in up for pin in clock_rules.PIN_PLACES}
    return shown


def geared(dial: int) -> int | None:
    """The dial (0..17) on the other face geared to a corner dial, as the model places them; None for the others."""
    face, place = divmod(dial, 9)
    row, seen = divmod(place, 3)
    if row == 1 or seen == 1:
        return None
    column = seen if face == 0 else 2 - seen  # as seen from the front
    return clock_rules.read_index(1 - face, row, column)


def turned(dials: np.ndarray, dial: int) -> np.ndarray:
    """The dials after `dial` is turned an hour by hand: the corner geared to it turns an hour back."""
    after = np.array(dials, dtype=np.int64)
    after[dial] += 1
    partner = geared(dial)
    if partner is not None:
        after[partner] -= 1
    return after % 12


def written(dials: np.ndarray) -> str:
    """The compact form: the 18 dials 1..12."""
    return " ".join(str(int(hours) % 12 or 12) for hours in dials)


def signed_hours(token: str) -> int:
    """A token's turn in hours, clockwise as seen from its face: `UR5-` is -5."""
    amount = re.search(r"(\d)([+-])$", token)
    assert amount is not None, token
    return int(amount.group(1)) * (1 if amount.group(2) == "+" else -1)
