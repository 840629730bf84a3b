"""The steps of the construction, weighed and taken for many boards at once.

Boards are kept in their home frame: `a[i]` and `b[i]` as first given, with
`turn_a[i]`, `turn_b[i]` the quarter turns (to the left) since, so that the
matrix one sees is `np.rot90(a[i], turn_a[i])`. A turn only changes the count;
an exchange of column k swaps the cells of A and B that are seen in column k.

Seen through turns x of A and y = x + d of B, the gain of exchanging a cell
of A with the cell of B seen at the same place is rot90(A - rot90(B, d), x)
there: +1 removes a defect (a 1 of A meets a 0 of B), -1 makes one. So the
gains of every step come from four difference matrices, one per d, and their
lines: a row or column seen through x is a row or column of the difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

TURN_COST = np.array([0, 1, 2, 1])
"""Operations to turn a matrix by 0..3 quarters to the left (three is one to the right)."""
FAMILIES = ("column", "row", "row+special", "antirow", "antirow+special")
"""Plain exchanges of a column; row exchanges forcing column r of row r (kind 0),
or column n-1-r (kind 1, "anti"), with or without the other special cells that gain."""


@dataclass(frozen=True)
class Tables:
    """Index tables of size n (flat cell numbers are row * n + column)."""

    n: int
    rotate: np.ndarray
    """rotate[x, j]: the home cell seen at flat place j through x quarter turns."""
    generic: np.ndarray
    special: np.ndarray
    column_line: np.ndarray
    """column_line[x, k]: the line of a difference matrix (rows 0..n-1, columns n..2n-1) seen as column k through x."""
    row_line: np.ndarray
    forced: np.ndarray
    """forced[kind, x, r]: the diagonal cell (0..n-1 main, n..2n-1 anti) seen at the forced place of row r."""
    diagonal_cells: np.ndarray
    """The cells of the main diagonal, then of the anti-diagonal, by row."""
    forced_columns: np.ndarray
    """forced_columns[kind, r]: r for kind 0, n-1-r for kind 1."""
    code_offset: np.ndarray
    """4 on special cells, 0 on generic ones (see greedy._CELL_CODES)."""
    plain_setup: np.ndarray
    """plain_setup[turn_a, turn_b, d, x]: turns to see A through x and B through x + d."""
    row_setup: np.ndarray
    """row_setup[turn_a, turn_b, d, kind, x]: the fewest turns to set up a row exchange seen through x, x + d."""
    through_b: np.ndarray
    """through_b[turn_a, turn_b, d, kind, x]: whether that cheapest row exchange turns B in its middle."""
    setup: np.ndarray
    """setup[turn_a, turn_b, d, family * 4 + x]: the fewest turns before a step of that family seen through x, x + d."""
    place_setup: np.ndarray
    """place_setup[4 * turn_a + turn_b, place]: setup spread over the flat places [d, family, x, line]."""
    line_place: np.ndarray
    """line_place[(family * 4 + x) * n + line]: family * 2n + the line of a difference matrix that the step reads."""
    forced_line: np.ndarray
    """forced_line[kind, line]: the diagonal cell (as in forced) at the forced place of a row step reading that line."""


def _line_of(cells: np.ndarray, n: int) -> int:
    rows = np.unique(cells // n)
    return int(rows[0]) if len(rows) == 1 else n + int(cells[0] % n)


@cache
def tables(n: int) -> Tables:
    home = np.arange(n * n).reshape(n, n)
    rotate = np.stack([np.rot90(home, x).ravel() for x in range(4)])
    rows, columns = np.indices((n, n))
    special = ((rows == columns) | (rows == n - 1 - columns)).ravel()
    seen = rotate.reshape(4, n, n)
    column_line = np.array([[_line_of(seen[x][:, k], n) for k in range(n)] for x in range(4)])
    row_line = np.array([[_line_of(seen[x][r], n) for r in range(n)] for x in range(4)])
    diagonal_cells = np.concatenate([np.arange(n) * (n + 1), np.arange(n) * n + n - 1 - np.arange(n)])
    place = {int(cell): index for index, cell in enumerate(diagonal_cells)}
    forced = np.array(
        [
            [[place[int(seen[x][r, r if kind == 0 else n - 1 - r])] for r in range(n)] for x in range(4)]
            for kind in (0, 1)
        ]
    )
    turns = np.arange(4)
    turn_a, turn_b, d, x = np.meshgrid(turns, turns, turns, turns, indexing="ij")
    plain_setup = TURN_COST[(x - turn_a) % 4] + TURN_COST[(x + d - turn_b) % 4]
    options = np.stack(
        [
            np.stack(
                [
                    TURN_COST[(x + shift - turn_a) % 4] + TURN_COST[(x + d - turn_b) % 4],
                    TURN_COST[(x - turn_a) % 4] + TURN_COST[(x + d + shift - turn_b) % 4],
                ]
            )
            for shift in (1, -1)
        ]
    ).transpose(1, 2, 3, 4, 0, 5)  # [middle turns A / B, turn_a, turn_b, d, kind, x]
    row_setup = options.min(axis=0)
    setup = np.concatenate([plain_setup[:, :, :, None], np.repeat(row_setup, 2, axis=3)], axis=3)
    lines = [column_line if family == 0 else row_line for family in range(len(FAMILIES))]
    line_place = np.concatenate([(2 * n * family + lines[family]).ravel() for family in range(len(FAMILIES))])
    forced_line = np.zeros((2, 2 * n), dtype=np.int64)
    forced_line[:, row_line] = forced
    return Tables(
        n,
        rotate,
        ~special,
        special,
        column_line,
        row_line,
        forced,
        diagonal_cells,
        np.stack([np.arange(n), n - 1 - np.arange(n)]),
        4 * special.astype(np.int8),
        plain_setup,
        row_setup,
        options.argmin(axis=0).astype(bool),
        setup.reshape(4, 4, 4, -1).astype(np.int16),
        np.repeat(setup.reshape(16, -1), n, axis=1).astype(np.int16),
        line_place,
        forced_line,
    )


@dataclass
class Steps:
    """One chosen step per board: which, the columns it exchanges, the turns it ends with."""

    family: np.ndarray
    columns: np.ndarray
    """columns[board, k]: exchanged in the first and last block of the step (the only block of a column step)."""
    middle_column: np.ndarray
    middle_b: np.ndarray
    """Whether the middle turn is B's (else A's), left for kind 0 and right for kind 1."""
    turn_a: np.ndarray
    turn_b: np.ndarray
    """The turns at the first block (and the end) of the step."""


def chosen_steps(t: Tables, met: np.ndarray, turn_a: np.ndarray, turn_b: np.ndarray, choice: np.ndarray) -> Steps:
    """The steps at flat places `choice` of [d, family, x, line] (met as `greedy.choose` gives it)."""
    n = t.n
    d, family, x, line = np.unravel_index(choice, (4, len(FAMILIES), 4, n))
    board = np.arange(len(choice))
    kind = (family - 1) // 2  # -1 for a column step
    is_row = family > 0
    seen = t.rotate.reshape(4, n, n)[x, line]  # the home cells of row `line` seen through x
    gains = met[board[:, None], d[:, None], seen] == 2  # a 1 of A meets a 0 of B
    with_special = (family % 2 == 0) & is_row
    wanted = t.generic.reshape(n, n)[line] | (t.special.reshape(n, n)[line] & with_special[:, None])
    forced_column = np.where(kind == 0, line, n - 1 - line)
    everywhere = np.arange(n)
    row_columns = (gains & wanted) | (everywhere == forced_column[:, None])
    columns = np.where(is_row[:, None], row_columns, everywhere == line[:, None])
    through_b = t.through_b[turn_a, turn_b, d, np.maximum(kind, 0), x] & is_row
    shift = np.where(kind == 0, 1, -1) * is_row
    new_a = (x + shift * ~through_b) % 4
    new_b = (x + d + shift * through_b) % 4
    return Steps(family, columns, forced_column, through_b, new_a, new_b)


def _swap(flat_a: np.ndarray, flat_b: np.ndarray, board: np.ndarray, cells_a: np.ndarray, cells_b: np.ndarray) -> None:
    kept = flat_a[board, cells_a]
    flat_a[board, cells_a] = flat_b[board, cells_b]
    flat_b[board, cells_b] = kept


def take(t: Tables, a: np.ndarray, b: np.ndarray, steps: Steps) -> None:
    """Take each board's step (in place), leaving it turned by steps.turn_a, steps.turn_b: exchange
    its columns as seen then, and for a row step, its middle column as seen after the middle turn,
    then its columns again (the columns of a block are distinct, so their cells are too)."""
    n = t.n
    seen = t.rotate.reshape(4, n, n)
    flat_a, flat_b = a.reshape(a.shape[0], n * n), b.reshape(b.shape[0], n * n)
    board, column = np.nonzero(steps.columns)
    cells_a, cells_b = seen[steps.turn_a[board], :, column], seen[steps.turn_b[board], :, column]
    _swap(flat_a, flat_b, board[:, None], cells_a, cells_b)
    row = np.flatnonzero(steps.family > 0)
    if len(row):
        shift = np.where(steps.family[row] <= 2, 1, -1)
        middle_b = steps.middle_b[row]
        middle_a = (steps.turn_a[row] + shift * ~middle_b) % 4
        middle_b = (steps.turn_b[row] + shift * middle_b) % 4
        middle = steps.middle_column[row]
        _swap(flat_a, flat_b, row[:, None], seen[middle_a, :, middle], seen[middle_b, :, middle])
        again = steps.family[board] > 0
        _swap(flat_a, flat_b, board[again, None], cells_a[again], cells_b[again])
