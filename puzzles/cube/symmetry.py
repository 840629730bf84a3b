"""Carrying a question to a searched start.

Symmetry: a reflection x -> 4 - x or y -> 4 - y keeps every cube's x- and
y-facing colours where they are, so it maps the start orientation to itself;
exchanging the axes (x <-> y) turns B along x into B along y, which is the
start orientation again once B and R are renamed. These generate the eight
symmetries of the square; they take every start square to (1, 1), (2, 1) or
(2, 2), so three searches serve all nine starts: a query from another start
carries its pattern to a searched start, looks it up, and carries the rolls
back.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from operator import itemgetter

import numpy as np

from .board import CANONICAL_STARTS, COLOURS, CUBES, MOVES, PATTERNS, STARTS, Instance


@dataclass(frozen=True)
class Symmetry:
    """One of the eight symmetries of the square, taking `start` to a searched start."""

    group: str
    cells: tuple[int, ...]
    """cells[c]: where square c goes."""
    swaps_axes: bool
    """Exchanging x and y also exchanges the colours B and R."""
    moves_back: tuple[int, ...]
    """moves_back[m]: the move in the original frame for move m in the searched frame."""


def _symmetries() -> dict[int, Symmetry]:
    searched = {cell: group for group, cell in CANONICAL_STARTS.items()}
    found: dict[int, Symmetry] = {}
    for swap, flip_x, flip_y in product((False, True), repeat=3):

        def image(
            column: int, row: int, swap: bool = swap, flip_x: bool = flip_x, flip_y: bool = flip_y
        ) -> tuple[int, int]:
            if swap:
                column, row = row, column
            return (2 - column if flip_x else column), (2 - row if flip_y else row)

        cells = tuple(row * 3 + column for column, row in (image(c % 3, c // 3) for c in range(9)))
        steps = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}
        mapped = {}  # direction in the original frame -> direction in the searched frame
        for letter, (dc, dr) in steps.items():
            column, row = image(1 + dc, 1 + dr)
            mapped[letter] = next(k for k, v in steps.items() if v == (column - 1, row - 1))
        moves_back = tuple(MOVES.index(next(k for k, v in mapped.items() if v == m)) for m in MOVES)
        for start in range(STARTS):
            if start not in found and cells[start] in searched:
                found[start] = Symmetry(searched[cells[start]], cells, swap, moves_back)
    return found


SYMMETRIES = _symmetries()
_READ_BACKWARDS = [
    itemgetter(*(SYMMETRIES[start].cells.index(cell) for cell in reversed(range(9)))) for start in range(STARTS)
]
"""Per start: the pattern's letters in the searched frame, last square first."""

# Vectorised forms of the symmetries, indexed by start cell, for `distances`.
_CELL_IMAGES = np.array([SYMMETRIES[start].cells for start in range(STARTS)])
_DIGIT_OF_CHARACTER = np.full(256, 4, dtype=np.uint8)
for _offset, _colours in ((0, "WBR"), (128, "WRB")):  # the second half: B and R exchanged with the axes
    _DIGIT_OF_CHARACTER[[_offset + ord(c) for c in _colours + "E"]] = range(4)
_SWAP_OFFSET = np.array([128 * SYMMETRIES[start].swaps_axes for start in range(STARTS)], dtype=np.uint8)
"""Per start: where its characters' digits are looked up in _DIGIT_OF_CHARACTER."""


def _place_value(start: int, empty: int, cell: int) -> int:
    """The place value in the searched frame's pattern index of the cube on
    `cell`, when the start is `start` and the empty square is on `empty`."""
    if cell == empty:
        return 0
    image, empty_image = SYMMETRIES[start].cells[cell], SYMMETRIES[start].cells[empty]
    return 3 ** (image - (image > empty_image))


_PLACE_VALUES = np.array(
    [[_place_value(start, empty, cell) for cell in range(9)] for start in range(STARTS) for empty in range(9)],
    dtype=np.int32,
)
_GROUP_IDS = np.array([list(CANONICAL_STARTS).index(SYMMETRIES[start].group) for start in range(STARTS)])
_TOP_DIGITS = {
    swap: str.maketrans({"W": "0", "B": "21"[not swap], "R": "12"[not swap], "E": None}) for swap in (False, True)
}
"""Top colour -> base-3 digit, with B and R exchanged when the symmetry exchanges the axes; E dropped."""


def carried(instance: Instance) -> tuple[Symmetry, int]:
    """The symmetry for the instance's start and the pattern's index in the searched frame."""
    start, pattern = instance
    symmetry = SYMMETRIES[start]
    backwards = "".join(_READ_BACKWARDS[start](pattern))
    index = (8 - backwards.index("E")) * 3**CUBES + int(backwards.translate(_TOP_DIGITS[symmetry.swaps_axes]), 3)
    return symmetry, index


def all_instances() -> np.ndarray:
    """Every (start, pattern) question in compact form: 9 x 59,049 strings, start by start."""
    empty, tops = np.divmod(np.arange(PATTERNS), 3**CUBES)
    digits = np.stack([tops // 3**k % 3 for k in range(CUBES)], axis=1)
    letters = np.empty((PATTERNS, 9), dtype="<U1")
    for cell in range(9):
        rank = np.clip(np.where(cell < empty, cell, cell - 1), 0, CUBES - 1)
        colour = np.array(list(COLOURS))[digits[np.arange(PATTERNS), rank]]
        letters[:, cell] = np.where(cell == empty, "E", colour)
    patterns = np.array(["".join(row) for row in letters])
    return np.concatenate([np.char.add(f"{start % 3 + 1} {start // 3 + 1} ", patterns) for start in range(STARTS)])


def square_name(cell: int) -> str:
    return f"{cell % 3 + 1} {cell // 3 + 1}"
