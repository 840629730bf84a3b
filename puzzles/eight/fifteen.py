"""eight at size 4 (the 15-puzzle): its boards, goals and the search that
answers them exactly from additive pattern tables.

A 4x4 board holds the numbers 1..16 with one of them replaced by 0 (the
empty cell); its goal puts every other number k at cell k (reading order,
from 1) and 0 at the missing number's home. Moves `U D L R` name the
direction in which the empty cell moves.

The search works on *homes*: each tile is named by the cell (0..15) it
belongs in, so every goal is "each tile at its home, the empty cell at the
missing number's home". A pattern table (`GROUPS`) holds, for a group of
homes, the fewest moves of those tiles (other tiles' moves free) that bring
them home from any placement, the empty cell allowed to end anywhere: a
lower bound for every goal whose empty cell's home is not in the group, and
the sum over disjoint groups is one too (a move moves one tile).

A board is first relabelled by the first of the board's eight symmetries
that takes its empty cell's home to one of `PARTITIONS`' three (a corner to
15, a side cell to 14, a middle cell to 10): each cell c goes to σ(c) and
each tile of home t becomes the tile of home σ(t); the moves found are
mapped back. The classic goal and every corner goal are answered by the
7-7-1 tables with the reflected lookup (the transposed board looked up as
well, the larger sum the bound: the transpose keeps cell 15); a middle
cell's goal by 5-5-5 with it (the transpose keeps 10), a side cell's by
5-5-5 alone (no symmetry keeps a side cell). Every sum is admissible: each
table counts only its own tiles' moves, and a move moves one tile.

A table is indexed by the rank of its group's placement and holds half of
each distance (`placements`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..text import InputError
from .placements import table_value

SIZE = 4
CELLS = SIZE * SIZE
TABLE_NAME = "eight-4"
BUILD_SELECTION = "--only eight --size 4"
"""What `ninebase build` is given to build the table (`tablefile.build_command`)."""
MOVES = "UDLR"
STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
"""Per move letter: how the empty cell's (row, column) changes."""
Partitions = Mapping[int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]
PARTITIONS: Partitions = {
    15: ((0, 1, 2, 3, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14), (4,)),
    14: ((0, 1, 4, 5, 8), (2, 3, 6, 7, 11), (9, 10, 12, 13, 15)),
    10: ((0, 1, 4, 5, 8), (2, 3, 6, 7, 11), (9, 12, 13, 14, 15)),
}
"""Per home of the empty cell (after relabelling), the groups of the other fifteen homes."""
GROUPS = tuple(dict.fromkeys(group for groups in PARTITIONS.values() for group in groups))
"""Every group a table is built for."""


def group_name(homes: Sequence[int]) -> str:
    """The table file's group of one pattern: `homes-0-4-8-9-12-13`."""
    return "homes-" + "-".join(map(str, homes))


def _cell(row: int, column: int) -> int:
    return row * SIZE + column


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The board's eight symmetries, each as where every cell goes (the identity first, the transpose second)."""
    last = SIZE - 1
    maps = (
        lambda r, c: (r, c),
        lambda r, c: (c, r),
        lambda r, c: (r, last - c),
        lambda r, c: (last - r, c),
        lambda r, c: (last - r, last - c),
        lambda r, c: (c, last - r),
        lambda r, c: (last - c, r),
        lambda r, c: (last - c, last - r),
    )
    return tuple(tuple(_cell(*where(*divmod(cell, SIZE))) for cell in range(CELLS)) for where in maps)


SYMMETRIES = _symmetries()
TRANSPOSE = SYMMETRIES[1]


def _target(cell: int, move: str) -> int | None:
    row, column = divmod(cell, SIZE)
    row_step, column_step = STEPS[move]
    if 0 <= row + row_step < SIZE and 0 <= column + column_step < SIZE:
        return _cell(row + row_step, column + column_step)
    return None


TARGETS = tuple(tuple(_target(cell, move) for move in MOVES) for cell in range(CELLS))
"""TARGETS[cell][move]: where the empty cell goes from `cell`, None if off the board."""


def _moved(symmetry: Sequence[int], move: str) -> str:
    """The letter of `move` on the board mapped by `symmetry` (seen from cell 5, which can go every way)."""
    step = symmetry[_target(5, move)] - symmetry[5]  # type: ignore[index]
    return next(letter for letter in MOVES if _target(symmetry[5], letter) == symmetry[5] + step)


@dataclass(frozen=True)
class Board:
    """A 4x4 board: `numbers` in reading order (0 the empty cell) and the number its goal misses."""

    numbers: tuple[int, ...]
    missing: int

    @property
    def empty(self) -> int:
        return self.numbers.index(0)

    @property
    def empty_home(self) -> int:
        return self.missing - 1

    def homes(self) -> tuple[int, ...]:
        """Per cell, the home of its tile (the empty cell's home for the empty cell)."""
        return tuple(self.empty_home if number == 0 else number - 1 for number in self.numbers)

    def goal(self) -> Board:
        return Board(tuple(0 if cell == self.empty_home else cell + 1 for cell in range(CELLS)), self.missing)

    def compact(self) -> str:
        return " ".join(map(str, self.numbers))

    def moved(self, move: str) -> Board:
        """The board after one move; InputError where the empty cell would leave the board."""
        empty = self.empty
        target = TARGETS[empty][MOVES.index(move)] if move in STEPS else None
        if target is None:
            raise InputError(f"move {move!r} is not possible from {self.compact()}")
        numbers = list(self.numbers)
        numbers[empty], numbers[target] = numbers[target], 0
        return Board(tuple(numbers), self.missing)


def board(numbers: Sequence[int] | str) -> Board:
    """A board from its 16 numbers (or their compact form); InputError naming what is wrong."""
    if isinstance(numbers, str):
        words = numbers.split()
        bad = next((word for word in words if not word.isdigit() or not word.isascii()), None)
        if bad is not None:
            raise InputError(f"a 4x4 board holds numbers 0..16, not {bad!r}")
        numbers = [int(word) for word in words]
    values = tuple(int(number) for number in numbers)
    if len(values) != CELLS:
        raise InputError(f"a 4x4 board has {CELLS} numbers, not {len(values)}")
    wrong = next((value for value in values if not 0 <= value <= CELLS), None)
    if wrong is not None:
        raise InputError(f"a 4x4 board holds numbers 0..16, not {wrong} (cell {values.index(wrong) + 1})")
    seen: set[int] = set()
    for cell, value in enumerate(values):
        if value in seen:
            raise InputError(
                f"the number {value} is on the board twice (cells {values.index(value) + 1} and {cell + 1})"
            )
        seen.add(value)
    if 0 not in seen:
        raise InputError("a 4x4 board has one empty cell, 0; this one has none")
    (missing,) = set(range(1, CELLS + 1)) - seen
    return Board(values, missing)


def unsolvable_reason(position: Board) -> str | None:
    """Why the board cannot reach its goal, or None when it can: a move
    changes both the parity of the permutation (empty cell included) and
    that of the empty cell's distance from its home, so they must agree."""
    homes = position.homes()
    seen = [False] * CELLS
    cycles = 0
    for start in range(CELLS):
        if not seen[start]:
            cycles += 1
            cell = start
            while not seen[cell]:
                seen[cell] = True
                cell = homes[cell]
    permutation_odd = (CELLS - cycles) % 2
    (row, column), (home_row, home_column) = divmod(position.empty, SIZE), divmod(position.empty_home, SIZE)
    distance_odd = (abs(row - home_row) + abs(column - home_column)) % 2
    if permutation_odd == distance_odd:
        return None
    kind = "odd" if permutation_odd else "even"
    return (
        f"the tiles and the empty cell are an {kind} permutation of the goal, but the empty cell is "
        f"{'an even' if permutation_odd else 'an odd'} number of steps from its home"
    )


@dataclass(frozen=True)
class Relabelled:
    """A board mapped by a symmetry so that its empty cell's home is one of `PARTITIONS`'."""

    symmetry: tuple[int, ...]
    homes: tuple[int, ...]
    """Per cell of the mapped board, the home of its tile (the empty cell's home for the empty cell)."""
    empty: int
    empty_home: int
    letters: dict[str, str]
    """Each move letter on the mapped board and the letter it is on the board as given."""


def relabelled(position: Board) -> Relabelled:
    """The board under the first symmetry that takes its empty cell's home to one of `PARTITIONS`'."""
    symmetry = next(map_ for map_ in SYMMETRIES if map_[position.empty_home] in PARTITIONS)
    homes = [0] * CELLS
    for cell, home in enumerate(position.homes()):
        homes[symmetry[cell]] = symmetry[home]
    letters = {_moved(symmetry, move): move for move in MOVES}
    return Relabelled(symmetry, tuple(homes), symmetry[position.empty], symmetry[position.empty_home], letters)


Tables = Mapping[tuple[int, ...], np.ndarray]
"""Per group of homes (one of `GROUPS`), its table as the search reads it
(`placements.halved`): a uint8 per placement, indexed by its rank (the
cells of the group's homes' tiles, in order: `placements.rank`)."""


def solve(position: Board, tables: Tables, partitions: Partitions = PARTITIONS, reference: bool = False) -> str | None:
    """One optimal solution as move letters, or None for an unsolvable board.
    `partitions` and `tables` may be others of the same shape (the tests use
    cheaper ones); `reference` runs the plain-Python search (the tests' check
    of the compiled one) instead of the compiled kernel."""
    if unsolvable_reason(position) is not None:
        return None
    mapped = relabelled(position)
    if reference:
        from . import fifteen_reference as search
    else:
        from . import fifteen_kernel as search  # compiled; loaded only when a 4x4 board is solved
    moves = search.solve(*search_arguments(mapped, tables, partitions))
    return "".join(mapped.letters[move] for move in moves)


def search_arguments(mapped: Relabelled, tables: Tables, partitions: Partitions = PARTITIONS) -> tuple[np.ndarray, ...]:
    """The kernel's inputs: each home's cell (the empty cell's for the empty
    cell's home), the empty cell's home, where the second view puts each
    cell, then per view (as given, and transposed or as given) each home's
    table number and place in its group, and its three tables."""
    cells = np.zeros(CELLS, dtype=np.int64)
    for cell, home in enumerate(mapped.homes):
        cells[home] = cell
    groups = partitions[mapped.empty_home]
    arguments: list[np.ndarray] = [cells, np.array([mapped.empty_home]), np.array(second_view(mapped.empty_home))]
    for view in (SYMMETRIES[0], second_view(mapped.empty_home)):
        # seen transposed, the tile of home t at cell c is the tile of home T(t) at cell T(c)
        number = np.full(CELLS, -1, dtype=np.int64)
        slots = np.zeros(CELLS, dtype=np.int64)
        for table, homes in enumerate(groups):
            for slot, home in enumerate(homes):
                number[home], slots[home] = table, slot
        view_of = np.array(view)
        arguments += [number[view_of], slots[view_of], *(tables[homes] for homes in groups)]
    return tuple(arguments)


def second_view(empty_home: int) -> tuple[int, ...]:
    """The reflected lookup's view: the transposed board where the transpose keeps the goal, else the board again."""
    return TRANSPOSE if TRANSPOSE[empty_home] == empty_home else SYMMETRIES[0]


def lower_bound(position: Board, tables: Tables, partitions: Partitions = PARTITIONS) -> int:
    """The search's first bound for a solvable board (the larger of the two
    views' sums of its pattern tables): never more than its distance, and
    cheap, so a draw can be passed over without a search."""
    mapped = relabelled(position)
    cells = [0] * CELLS
    for cell, home in enumerate(mapped.homes):
        cells[home] = cell
    # seen through a view (an involution), the tile of home view(h) at cell c is the tile of home h at view(c)
    return max(
        sum(
            table_value(tables[homes], [view[cells[view[home]]] for home in homes], homes)
            for homes in partitions[mapped.empty_home]
        )
        for view in (SYMMETRIES[0], second_view(mapped.empty_home))
    )


class OutOfTime(InputError):
    """Counting ran past its time budget: no number rather than a wrong one."""


def optimal_solutions(
    position: Board,
    tables: Tables,
    seconds: float,
    skip: int = 0,
    limit: int = 0,
    partitions: Partitions = PARTITIONS,
    reference: bool = False,
) -> tuple[int, list[str]]:
    """How many optimal move sequences the board has (0 unsolvable, 1 at the
    goal) and those after the first `skip` in a fixed order, `limit` at most
    (0: none kept, all counted; the count then stops at the last one kept).
    They cost a whole last iteration of the search: OutOfTime when that takes
    more than `seconds` (finding the length first is not counted)."""
    if unsolvable_reason(position) is not None:
        return 0, []
    length = len(solve(position, tables, partitions, reference) or "")
    mapped = relabelled(position)
    if reference:
        from . import fifteen_reference as search
    else:
        from . import fifteen_kernel as search
    wanted = (skip, limit) if limit else (1 << 62, 0)  # skipping past every solution counts them all
    count, found, nodes = search.every(search_arguments(mapped, tables, partitions), length, *wanted, seconds)
    if count is None:
        raise OutOfTime(
            f"counting the optimal solutions of {length} moves took more than {seconds:g} s "
            f"({nodes:,} nodes searched); give it more time (--seconds, or ?seconds= over HTTP)"
        )
    return count, ["".join(mapped.letters[move] for move in moves) for moves in found]


def count(position: Board, tables: Tables, seconds: float, **options: Any) -> int:
    """How many optimal move sequences the board has; OutOfTime past `seconds`."""
    return optimal_solutions(position, tables, seconds, **options)[0]


def random_solution(position: Board, tables: Tables, seconds: float, rng: random.Random, **options: Any) -> str | None:
    """An optimal solution drawn uniformly from all of them (None when
    unsolvable): the count, then the drawn one's rank found again, each pass
    with `seconds` of its own."""
    total = count(position, tables, seconds, **options)
    if total == 0:
        return None
    return optimal_solutions(position, tables, seconds, skip=rng.randrange(total), limit=1, **options)[1][0]
