"""The Rubik's Clock written again from issue 37's text, apart from puzzles/rubiks_clock: the evidence's model.

Built from the physical puzzle rather than from index tables: every dial has a
place (face, row, column as seen from the front); the back face is read in
reading order as seen after `y2` (a turn about the vertical axis), so its
column c as read is the front's column 2 - c. A pin sits between four dials;
pushed up on one face it is down on the other. Turning a wheel next to an up
pin (as seen from face f) turns, clockwise as seen from f, every dial of f in
the 2x2 block of some up pin, and each corner of the other face behind a
turned corner of f the other way (the gears). A move is (face, the nonempty
set of pins up as seen from it, the hours): 30 moves; the WCA nine of a face
are UR DR DL UL (one pin), U R D L (two on a side), ALL.
"""

from __future__ import annotations

import functools
import itertools
import re

import numpy as np

PIN_PLACES = {"UR": (0, 1), "DR": (1, 1), "DL": (1, 0), "UL": (0, 0)}
"""A pin's (row, column) among the four pins, as seen from the face it is named from."""

WCA = {"UR": "UR", "DR": "DR", "DL": "DL", "UL": "UL", "U": "UR UL", "R": "UR DR", "D": "DR DL", "L": "DL UL"}
WCA["ALL"] = "UR DR DL UL"


def read_index(face: int, row: int, column: int) -> int:
    """The index (0..17) of the dial at (row, column as seen from the front) of a face."""
    return 9 * face + 3 * row + (column if face == 0 else 2 - column)


def turn(face: int, pins: tuple[str, ...]) -> np.ndarray:
    """The 18 dials' change of one hour turned with `pins` up as seen from `face` (0 front, 1 back)."""
    change = np.zeros(18, dtype=np.int64)
    for row in range(3):
        for seen_column in range(3):  # the column as seen from the face moved
            blocks = [PIN_PLACES[pin] for pin in pins]
            if any(row - r in (0, 1) and seen_column - c in (0, 1) for r, c in blocks):
                column = seen_column if face == 0 else 2 - seen_column  # as seen from the front
                change[read_index(face, row, column)] += 1
                if row != 1 and column != 1:
                    change[read_index(1 - face, row, column)] -= 1
    return change % 12


SETTINGS = [pins for size in range(1, 5) for pins in itertools.combinations(("UR", "DR", "DL", "UL"), size)]
"""The 15 pin settings of a face."""

WCA_SETTINGS = [tuple(pin for pin in ("UR", "DR", "DL", "UL") if pin in up.split()) for up in WCA.values()]

MOVES_30 = [turn(face, pins) for face in (0, 1) for pins in SETTINGS]
MOVES_18 = [turn(face, pins) for face in (0, 1) for pins in WCA_SETTINGS]
FREE = [i for i in range(18) if i not in (9, 11, 15, 17)]
"""The free dials: all but the back's corners."""


def random_positions(count: int, seed: int) -> np.ndarray:
    """Uniformly random positions: 14 free dials drawn, each back corner the negative of its front one."""
    dials = np.random.default_rng(seed).integers(0, 12, (count, 18))
    for back, front in ((9, 2), (11, 0), (15, 8), (17, 6)):
        dials[:, back] = -dials[:, front] % 12
    return dials


KOGLER_12 = "2 0 4 1 5 1 2 0 4 0 6 7 11 0"
"""A position Jakob Kogler published as needing 12 moves in the 30-move metric ("God's Number for Clock found",
speedsolving.com, May 2014, "Lower bound 12"), in OptClock's notation: 14 hours (0 for 12), the front's nine in
reading order, then the back's top, left, centre, right and bottom dials as seen with the clock turned over
about its vertical axis (OptClock's readme, Gottlieb and Whitmore 2014: "10 is opposite 2")."""


def from_optclock(numbers: str) -> np.ndarray:
    """The 18 dials of a position in OptClock's 14 numbers: the back's corners are the negatives of the front
    corners behind them (back top-left behind front top-right, as seen after turning over)."""
    hours = [int(number) % 12 for number in numbers.split()]
    front, (top, left, centre, right, bottom) = hours[:9], hours[9:]
    back = [-front[2], top, -front[0], left, centre, right, -front[8], bottom, -front[6]]
    return np.array(front + back) % 12


def apply_scramble(text: str, dials: np.ndarray | None = None) -> np.ndarray:
    """The dials after a WCA scramble (amounts with + or -, y2 turning over), from solved unless given."""
    state = np.zeros(18, dtype=np.int64) if dials is None else np.array(dials, dtype=np.int64)
    face = 0
    for token in text.split():
        if token == "y2":
            face = 1 - face
            continue
        if token in PIN_PLACES:
            continue
        name, hours, sign = re.fullmatch(r"([A-Z]+?)(\d)([+-])", token).groups()
        pins = WCA[name].split() if name in WCA else re.findall("UR|DR|DL|UL", name)
        state = (state + (int(hours) if sign == "+" else -int(hours)) * turn(face, tuple(pins))) % 12
    return state


def key(dials: np.ndarray) -> np.ndarray:
    """Positions (rows of 18 dials) as integers over their 14 free dials."""
    return (np.asarray(dials)[..., FREE] * 12 ** np.arange(14, dtype=np.int64)).sum(axis=-1)


def layers(moves: list[np.ndarray], depth: int) -> list[np.ndarray]:
    """Breadth-first search from solved: the positions (rows of 18 dials) at each distance 0..depth."""
    steps = np.array([hours * move % 12 for move in moves for hours in range(1, 12)])
    found = [np.zeros((1, 18), dtype=np.int64)]
    seen = key(found[0])
    for _ in range(depth):
        reached = ((found[-1][:, None, :] + steps[None, :, :]) % 12).reshape(-1, 18)
        keys, first = np.unique(key(reached), return_index=True)
        fresh = ~np.isin(keys, seen)
        found.append(reached[first[fresh]])
        seen = np.union1d(seen, keys[fresh])
    return found


def _modular_solve(matrix: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """x with x @ matrix == rhs (mod 12) for every row of rhs, by the adjugate: det(matrix) must be a unit mod 12."""
    det = round(np.linalg.det(matrix))
    inverse_det = pow(det % 12, -1, 12)
    adjugate = np.round(np.linalg.inv(matrix) * det).astype(np.int64)
    return rhs @ adjugate % 12 * inverse_det % 12


@functools.cache
def _kernel_18() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 12^4 turns of the back's one-pin moves, what the other 14 must undo of each, and their inverse."""
    moves = np.array(MOVES_18)[:, FREE]
    basis, others = moves[[*range(9), 13, 14, 15, 16, 17]], moves[9:13]
    turns = np.array(list(itertools.product(range(12), repeat=4)), dtype=np.int64)
    identity = np.eye(14, dtype=np.int64)
    inverse = _modular_solve(basis, identity)
    return turns, turns @ others % 12 @ inverse % 12, inverse


def kernel_weights_18(dials: np.ndarray) -> np.ndarray:
    """Every answer's length in the 18-move metric, by brute force over the 12^4 turns of the back's one-pin moves.

    The other 14 (the front's nine, the back's U R D L ALL) then solve what is left uniquely."""
    turns, undone, inverse = _kernel_18()
    solved = (-np.asarray(dials, dtype=np.int64)[FREE] @ inverse - undone) % 12
    return np.count_nonzero(turns, axis=1) + np.count_nonzero(solved, axis=1)


def distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted: by a sort (np.unique's hashing is several times slower on millions of keys)."""
    values = np.sort(values)
    return values[np.concatenate(([True], values[1:] != values[:-1]))]


def next_layer_size(moves: list[np.ndarray], layers_so_far: list[np.ndarray], chunk: int = 1500) -> int:
    """How many positions lie one move beyond the last layer and in no layer so far, in chunks (only keys kept)."""
    steps = np.array([hours * move % 12 for move in moves for hours in range(1, 12)])[:, FREE].astype(np.uint8)
    places = 12.0 ** np.arange(14)
    keys = []
    last = layers_so_far[-1][:, FREE].astype(np.uint8)
    for start in range(0, len(last), chunk):
        reached = last[start : start + chunk, None, :] + steps[None, :, :]
        reached[reached >= 12] -= 12
        # in floating point for speed: every key is below 12^14 < 2^53, so exact
        keys.append(distinct((reached.reshape(-1, 14).astype(np.float64) @ places).astype(np.int64)))
    found = distinct(np.concatenate(keys))
    earlier = np.concatenate([key(layer) for layer in layers_so_far])
    return int(np.count_nonzero(~np.isin(found, earlier)))
