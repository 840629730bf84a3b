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
    """4 on special cells, 0 on generic ones (see _CELL_CODES)."""
    plain_setup: np.ndarray
    """plain_setup[turn_a, turn_b, d, x]: turns to see A through x and B through x + d."""
    row_setup: np.ndarray
    """row_setup[turn_a, turn_b, d, kind, x]: the fewest turns to set up a row exchange seen through x, x + d."""
    through_b: np.ndarray
    """through_b[turn_a, turn_b, d, kind, x]: whether that cheapest row exchange turns B in its middle."""


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
        options.min(axis=0),
        options.argmin(axis=0).astype(bool),
    )


_GAIN = np.array([0, -1, 1, 0], dtype=np.int16)
"""By 2 * (cell of A) + (cell of B it meets): +1 a defect removed by exchanging them, -1 one made."""
_CELL_CODES = np.array([0, 1 << 8, 1, 0, 0, 1 << 24, 1 << 16, 0], dtype=np.uint32)
"""By 2 * (cell of A) + (cell of B it meets) + (4 if special): a generic defect removed counts in byte 0,
one made in byte 1, a special defect removed in byte 2, one made in byte 3 (so n must stay below 256)."""


@dataclass
class Candidates:
    """Every step each board could take: arrays [board, d, family, x, line]."""

    cost: np.ndarray
    generic_gain: np.ndarray
    special_gain: np.ndarray
    met: np.ndarray
    """met[board, d, cell]: 2 * A's cell + the cell of B turned by d that it meets (2: a 1 of A meets a 0 of B)."""


def candidates(
    t: Tables, a: np.ndarray, b: np.ndarray, turn_a: np.ndarray, turn_b: np.ndarray, pending: np.ndarray
) -> Candidates:
    """The cost and the defects removed (generic, special) of every step of every board.

    pending[board, k]: column k was exchanged last, with no turn since; a step
    exchanging it first without turning cancels that (two operations fewer)."""
    count, n = a.shape[0], t.n
    flat_a, flat_b = a.reshape(count, n * n), b.reshape(count, n * n)
    met = (2 * flat_a)[:, None, :] + flat_b[:, t.rotate]  # [board, d, cell]: 2 * A's cell + B's turned by d
    # one code per cell, four counts in its bytes (see _CELL_CODES), summed along every line at once
    codes = _CELL_CODES[met + t.code_offset].reshape(count, 4, n, n)
    line_codes = np.concatenate([codes.sum(axis=3, dtype="<u4"), codes.sum(axis=2, dtype="<u4")], axis=2)
    counts = line_codes.view(np.uint8).reshape(count, 4, 2 * n, 4).astype(np.int16)  # [board, d, line, byte]
    forced = _GAIN[met[:, :, t.diagonal_cells]][:, :, t.forced]  # [board, d, kind, x, r]

    shape = (count, 4, len(FAMILIES), 4, n)
    cost, generic_gain, special_gain = (np.empty(shape, dtype=np.int16) for _ in range(3))
    columns = counts[:, :, t.column_line]  # [board, d, x, k, byte]
    generic_gain[:, :, 0] = columns[..., 0] - columns[..., 1]
    special_gain[:, :, 0] = columns[..., 2] - columns[..., 3]
    cost[:, :, 0] = t.plain_setup[turn_a, turn_b][..., None] + 1
    rows = counts[:, :, t.row_line]
    row_generic, row_special = rows[..., 0], rows[..., 2]  # the defects each row step could remove
    base = t.row_setup[turn_a, turn_b][..., None] + (5 + 2 * row_generic)[:, :, None]  # [board, d, kind, x, r]
    other_special = row_special[:, :, None] - (forced > 0)  # the special columns that gain, but the forced one
    cost[:, :, 1::2] = base  # families 1 and 3: kinds 0 and 1 without the other special columns
    cost[:, :, 2::2] = base + 2 * other_special
    generic_gain[:, :, 1:] = row_generic[:, :, None]
    special_gain[:, :, 1::2] = forced
    special_gain[:, :, 2::2] = forced + other_special
    _cancelled(t, met, turn_a, turn_b, pending, cost)
    return Candidates(cost, generic_gain, special_gain, met)


def _cancelled(
    t: Tables, met: np.ndarray, turn_a: np.ndarray, turn_b: np.ndarray, pending: np.ndarray, cost: np.ndarray
) -> None:
    """Take from `cost` two operations per pending exchange that a step without turns repeats first."""
    n, board = t.n, np.arange(len(turn_a))
    cost[board, (turn_b - turn_a) % 4, 0, turn_a] -= 2 * pending
    # the row steps without turns: kind 0 with A's or B's middle turn, then kind 1 with A's or B's
    x = (turn_a[:, None] - _UNTURNED_SHIFTS[:, 0]) % 4
    d = (turn_b[:, None] - _UNTURNED_SHIFTS[:, 1] - x) % 4
    gains = met[board[:, None, None], d[:, :, None], t.rotate[x]] == 2  # a 1 of A meets a 0 of B
    repeated = gains.reshape(-1, 4, n, n) & pending[:, None, None, :]
    forced = t.forced_columns  # [kind, r]
    pending_forced = pending[:, forced[_UNTURNED_KINDS]]  # [board, combination, r]
    repeated_generic = (repeated & t.generic.reshape(n, n)).sum(axis=3)
    repeated_special = repeated.sum(axis=3) - repeated_generic
    repeated_special -= repeated[:, np.arange(4)[:, None], np.arange(n), forced[_UNTURNED_KINDS]]
    for with_special, overlap in ((False, repeated_generic), (True, repeated_generic + repeated_special)):
        family = 1 + 2 * _UNTURNED_KINDS + with_special
        cost[board[:, None], d, family, x] -= (2 * (overlap + pending_forced)).astype(cost.dtype)


_UNTURNED_KINDS = np.array([0, 0, 1, 1])
_UNTURNED_SHIFTS = np.array([[1, 0], [0, 1], [-1, 0], [0, -1]])
"""Seen through x = turn_a - shift[0], y = turn_b - shift[1], a row step of that kind needs no turn first."""


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


def chosen_steps(t: Tables, c: Candidates, turn_a: np.ndarray, turn_b: np.ndarray, choice: np.ndarray) -> Steps:
    """The steps at flat positions `choice` of the candidates' [d, family, x, line] arrays."""
    n = t.n
    d, family, x, line = np.unravel_index(choice, (4, len(FAMILIES), 4, n))
    board = np.arange(len(choice))
    kind = (family - 1) // 2  # -1 for a column step
    is_row = family > 0
    seen = t.rotate.reshape(4, n, n)[x, line]  # the home cells of row `line` seen through x
    gains = c.met[board[:, None], d[:, None], seen] == 2  # a 1 of A meets a 0 of B
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
