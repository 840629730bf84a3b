"""How a 4x4 pattern table is numbered and what it holds, shared by the
search (`fifteen`, its kernel and its reference) and the builder.

A table is indexed by the rank of its group's placement (`rank`): the cells
of its tiles, in the group's order, read as digits of a mixed radix, each
counting only the cells the earlier tiles leave free, so the table has
16 x 15 x ... entries and no gaps (57,657,600 for seven tiles, where a
cell << 4i numbering would need 268,435,456): the placements of k tiles in
lexicographic order of their cells. It holds half of each distance
(`halved`), the other bit read off the placement (`parity`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

SIDE = 4
CELLS = SIDE * SIDE


def placements(tiles: int) -> int:
    """How many placements a group of `tiles` tiles has on the 4x4 board: a table's length."""
    return math.perm(CELLS, tiles)


def weights(tiles: int) -> tuple[int, ...]:
    """What one step of each digit of a rank is worth: the i-th tile's
    digit counts the 16 - i cells the earlier tiles leave free, and the last
    digit is worth 1."""
    return tuple(math.perm(CELLS - slot - 1, tiles - slot - 1) for slot in range(tiles))


def rank(cells: Sequence[int]) -> int:
    """A placement's index in its group's table: the cells of the group's
    tiles, in the group's order, read as digits, the i-th digit the number
    of cells below its cell that no earlier tile holds."""
    taken = 0
    index = 0
    for cell, weight in zip(cells, weights(len(cells)), strict=True):
        index += (cell - (taken & ((1 << cell) - 1)).bit_count()) * weight
        taken |= 1 << cell
    return index


MOST_HALF = 15
"""The largest half a table keeps (4 bits): seven tiles' 32 is kept as 30."""


def halved(table: np.ndarray) -> np.ndarray:
    """A pattern table as it is stored and searched: half of each distance
    (at most `MOST_HALF`), the lost bit restored from the placement (`parity`):
    each move of a tile changes its row and column steps from home by one, so
    every way home moves the group's tiles as often as their steps from home
    add up to, give or take an even number; the distance is 2 x half + that
    parity, or less (never more) where it was cut to fit: 65 of the seven
    tiles' tables' 115,315,200 distances, all of them 32, read as 30."""
    return np.minimum(table >> 1, MOST_HALF).astype(np.uint8)


def parity(cells: Sequence[int], homes: Sequence[int]) -> int:
    """The parity of the tiles' row and column steps from their homes: that of the group's distance (`halved`)."""
    return (
        sum(
            abs(cell // SIDE - home // SIDE) + abs(cell % SIDE - home % SIDE)
            for cell, home in zip(cells, homes, strict=True)
        )
        % 2
    )


def table_value(table: np.ndarray, cells: Sequence[int], homes: Sequence[int]) -> int:
    """A group's distance (never more than its true one) read from its table as stored (`halved`)."""
    return 2 * int(table[rank(cells)]) + parity(cells, homes)
