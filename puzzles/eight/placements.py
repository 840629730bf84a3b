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
from dataclasses import dataclass
from functools import cache

import numpy as np

SIDE = 4
CELLS = SIDE * SIDE


def placements(tiles: int) -> int:
    """How many placements a group of `tiles` tiles has on the 4x4 board: a table's length."""
    return math.perm(CELLS, tiles)


@cache
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


COLOUR = tuple((cell // SIDE + cell % SIDE) % 2 for cell in range(CELLS))
"""Each cell's colour on a chessboard: a step changes it, so the steps between two cells have the parity of
their colours' difference."""


def parity(cells: Sequence[int], homes: Sequence[int]) -> int:
    """The parity of the tiles' row and column steps from their homes (each
    tile's steps have that of its cell's and home's colours): that of the
    group's distance (`halved`)."""
    return (sum(COLOUR[cell] for cell in cells) + sum(COLOUR[home] for home in homes)) % 2


def table_value(table: np.ndarray, cells: Sequence[int], homes: Sequence[int]) -> int:
    """A group's distance (never more than its true one) read from its table as stored (`halved`)."""
    return 2 * int(table[rank(cells)]) + parity(cells, homes)


OFF = CELLS
"""A cell beyond the board, which holds no tile: what passes nothing adds nothing."""
DISPLACEMENT = (SIDE, -SIDE, 1, -1)
"""Per move of the empty cell (U D L R), where the tile it moves goes (U: the tile above comes down a row)."""


@dataclass(frozen=True)
class View:
    """What the compiled search needs to follow one view of a board's tables
    by additions (the board as given, or transposed), indexed by tile: its
    home on the board as given, `OFF` for none."""

    group: np.ndarray
    """[17]: each tile's group (0 for none)."""
    step: np.ndarray
    """[17, 4]: per move, the change of the tile's group's rank when it passes no tile of its group."""
    passed: np.ndarray
    """[17, 4, 17]: per move and other tile, what passing that tile adds: passing one before it in its group's
    order, the moving tile's digit counts one cell less; passing one after it, that tile's digit one cell more."""
    between: np.ndarray
    """[16, 4, 3]: per empty cell and move, the three cells (as given) the tile passes in this view, `OFF` where it
    steps along a row of the view."""
    index: np.ndarray
    """[3]: each group's rank now."""
    value: np.ndarray
    """[3]: each group's distance now (`table_value`)."""
    lengths: tuple[int, ...]
    """Each group's table's length (`placements` of its tiles)."""


def view(
    number: Sequence[int],
    slot: Sequence[int],
    seen_as: Sequence[int],
    home: int,
    cells: Sequence[int],
    tables: Sequence[np.ndarray],
) -> View:
    """One view of a board: per tile its group (`number`) and place in the
    group's order (`slot`) as the view sees it, `seen_as` where the view puts
    each cell (an involution), the empty cell's `home`, each tile's cell
    (`cells`, by home), the three tables."""
    tiles = [tile for tile in range(CELLS) if tile != home]
    sizes = [sum(1 for tile in tiles if number[tile] == group) for group in range(3)]
    weight = {tile: weights(sizes[number[tile]])[slot[tile]] for tile in tiles}
    group = np.zeros(CELLS + 1, dtype=np.int32)
    step = np.zeros((CELLS + 1, 4), dtype=np.int32)
    passed = np.zeros((CELLS + 1, 4, CELLS + 1), dtype=np.int32)
    between = np.full((CELLS, 4, 3), OFF, dtype=np.int32)
    for tile in tiles:
        group[tile] = number[tile]
        for move, moved in enumerate(DISPLACEMENT):
            displacement = seen_as[5 + moved] - seen_as[5]  # as the view sees it (from an inner cell)
            step[tile, move] = displacement * weight[tile]
            if abs(displacement) == SIDE:
                for other in tiles:
                    if other != tile and number[other] == number[tile]:
                        passes = -weight[tile] if slot[other] < slot[tile] else weight[other]
                        passed[tile, move, other] = passes if displacement > 0 else -passes
    for empty in range(CELLS):
        for move, moved in enumerate(DISPLACEMENT):
            target = empty - moved  # the tile comes from there
            if not 0 <= target < CELLS or (abs(moved) == 1 and target // SIDE != empty // SIDE):
                continue
            if abs(seen_as[empty] - seen_as[target]) == SIDE:
                way = 1 if seen_as[empty] > seen_as[target] else -1
                between[empty, move] = [seen_as[seen_as[target] + way * passing] for passing in (1, 2, 3)]
    placed: list[list[int]] = [[], [], []]
    homes: list[list[int]] = [[], [], []]
    for tile in sorted(tiles, key=lambda tile: slot[tile]):  # the tile of home t at cell c seen at view(c) as view(t)
        placed[number[tile]].append(seen_as[cells[tile]])
        homes[number[tile]].append(seen_as[tile])
    index = np.array([rank(placed[g]) for g in range(3)], dtype=np.int32)
    value = np.array([table_value(tables[g], placed[g], homes[g]) for g in range(3)], dtype=np.int32)
    return View(group, step, passed, between, index, value, tuple(placements(size) for size in sizes))
