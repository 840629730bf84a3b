"""The 4x4 pattern tables (eight at size 4): one 0-1 breadth-first search per
group of homes (a `PatternSearch` of `puzzles.eight.fifteen.GROUPS`), which
the builder runs for each, at once (`all_pattern_tables`), and writes as
one table file `eight-4.h5` with a group per pattern. The search the builder runs is
compiled (`pattern_kernel`); the NumPy one here is its reference, which the
tests hold it to (too slow and too large for seven tiles: 130 s and 1.3 GB).

A search state is where the group's k tiles are and where the empty cell
is, numbered here sum(cell_i << 4i) + (empty << 4k); the other tiles are not
told apart. A move of the empty cell onto a cell no group tile holds costs 0 (it
moves another tile), onto a group tile 1 (that tile moves). The goal states,
at 0, are the tiles at home with the empty cell on any other cell: the
table bounds every goal whose empty cell is not one of the group's homes.
Each level is closed under the free moves before the next one is made, so
every state is settled at its least cost. The table keeps, per placement of
the tiles, the least over the empty cell's places (255: no placement).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed

import numpy as np

from ninebase.puzzles.eight.placements import placements, rank, weights
from ninebase.puzzles.storage import UNREACHABLE

_FULL = 0xFFFF
_BUT_COLUMN_0 = np.uint16(0xEEEE)
_BUT_COLUMN_3 = np.uint16(0x7777)
_STEPS = ((-4, 4), (4, 4), (-1, 1), (1, 1))
"""Per way a tile can move (the change of its cell): the steps it may not cross (rows of 4 or columns of 1)."""


def pattern_table(homes: Sequence[int]) -> np.ndarray:
    """The table of one group: per placement (by `placements.rank`) the
    fewest moves of its tiles home, by the compiled search."""
    from .pattern_kernel import settle  # compiled with the package, as the search is

    tiles = len(homes)
    size = placements(tiles)
    distances = np.full(size, UNREACHABLE, dtype=np.uint8)
    seen = np.zeros(size, dtype=np.uint16)  # per placement, the empty cell's places settled so far
    levels = (np.zeros(size, dtype=np.uint16), np.zeros(size, dtype=np.uint16))  # reached at this level, the next
    levels[0][rank(homes)] = _FULL & ~sum(1 << home for home in homes)  # home, the empty cell anywhere else
    distance = 0
    while settle(tiles, weights(tiles), distance, distances, seen, levels[distance % 2], levels[(distance + 1) % 2]):
        distance += 1
    return distances


def all_pattern_tables(
    groups: Sequence[Sequence[int]], progress: Callable[[int], None] | None = None
) -> list[np.ndarray]:
    """The tables of several groups, built at once on the cores this process
    may use (each search lets the GIL go), the largest first; `progress` is
    told the placements of each table as it is done. eight-4's seven take
    31.7 s on two cores, 60 s of CPU (a seven-tile table alone 26 s)."""
    tables: list[np.ndarray] = [np.zeros(0, dtype=np.uint8)] * len(groups)
    largest_first = sorted(range(len(groups)), key=lambda number: -len(groups[number]))
    with ThreadPoolExecutor(len(os.sched_getaffinity(0))) as pool:
        building = {pool.submit(pattern_table, groups[number]): number for number in largest_first}
        for done in as_completed(building):
            tables[building[done]] = done.result()
            if progress:
                progress(tables[building[done]].size)
    return tables


def reference_pattern_table(homes: Sequence[int]) -> np.ndarray:
    """The same table by the NumPy search, in the same order (by rank)."""
    by_cells = _pattern_table_by_cells(homes)
    k = len(homes)
    numbers = np.flatnonzero(by_cells != UNREACHABLE)
    cells = [(numbers >> (4 * slot)) & 15 for slot in range(k)]
    ranks = np.zeros(numbers.size, dtype=np.int64)
    for slot, weight in enumerate(weights(k)):
        earlier_below = sum((cells[earlier] < cells[slot]).astype(np.int64) for earlier in range(slot))
        ranks += (cells[slot] - earlier_below) * weight
    table = np.full(placements(k), UNREACHABLE, dtype=np.uint8)
    table[ranks] = by_cells[numbers]
    return table


def _pattern_table_by_cells(homes: Sequence[int]) -> np.ndarray:
    """The table of one group: per placement (sum of cell_i << 4i) the fewest moves of its tiles home."""
    k = len(homes)
    size = 1 << (4 * k)
    distances = np.full(size, UNREACHABLE, dtype=np.uint8)
    seen = np.zeros(size, dtype=np.uint16)  # per placement, the empty cell's places settled so far
    reached = np.zeros(size, dtype=np.uint16)  # the next level's, as the moves of tiles find them
    placements = np.array([sum(home << (4 * slot) for slot, home in enumerate(homes))], dtype=np.int64)
    places = np.array([_FULL & ~sum(1 << home for home in homes)], dtype=np.uint16)
    level = 0
    while placements.size:
        cells = [(placements >> (4 * slot)) & 15 for slot in range(k)]
        held = np.zeros(placements.size, dtype=np.uint16)
        for cell in cells:
            held |= (1 << cell).astype(np.uint16)
        places = _spread(places, ~held & ~seen[placements])
        seen[placements] |= places
        distances[placements] = np.minimum(distances[placements], level)
        for slot, cell in enumerate(cells):
            for step, line in _STEPS:
                to = cell + step
                movable = (to >= 0) & (to < 16) & ((line == 4) | (to // 4 == cell // 4))
                movable &= ((places.astype(np.int64) >> np.where(movable, to, 0)) & 1).astype(bool)
                np.bitwise_or.at(
                    reached, placements[movable] + (step << (4 * slot)), (1 << cell[movable]).astype(np.uint16)
                )
        placements = np.flatnonzero(reached)
        places = reached[placements] & ~seen[placements]
        reached[placements] = 0
        new = places != 0
        placements, places = placements[new], places[new]
        level += 1
    return distances


def _spread(places: np.ndarray, free: np.ndarray) -> np.ndarray:
    """`places` (bit masks of cells) grown through `free` cells as far as the empty cell can go."""
    while True:
        grown = (
            places | (places >> 4) | (places << 4) | ((places >> 1) & _BUT_COLUMN_3) | ((places << 1) & _BUT_COLUMN_0)
        )
        grown &= free
        grown |= places
        if np.array_equal(grown, places):
            return places
        places = grown
