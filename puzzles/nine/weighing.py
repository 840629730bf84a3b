"""What the greedy choice reads of each board, kept between its steps, for many boards at once.

Per difference matrix d and cell: met, 2 * (A's cell) + (the cell of B turned by d that it meets),
its code (scoring.CELL_CODES: four counts in four bytes), and the codes summed along every line of
the four difference matrices. A step changes few cells (a column of A and of B, or part of a row),
so after it only the cells it changed are weighed again and only their lines' sums updated, rather
than every cell and line of every board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .scoring import CELL_CODES
from .steps import Tables, tables


@dataclass
class Weighed:
    """The boards' cells and lines as the greedy choice reads them (flat cells: row * n + column)."""

    met: np.ndarray
    """met[board, d, cell]: 2 * A's cell + the cell of B turned by d that it meets (int8)."""
    codes: np.ndarray
    """codes[board, d, cell]: CELL_CODES at met (and whether the cell is special)."""
    line_codes: np.ndarray
    """line_codes[board, d, line]: the codes summed along rows 0..n-1, then columns 0..n-1."""

    def kept(self, boards: np.ndarray) -> Weighed:
        """Only the boards chosen (a mask or their indices)."""
        return Weighed(self.met[boards], self.codes[boards], self.line_codes[boards])


def weighed(t: Tables, a: np.ndarray, b: np.ndarray) -> Weighed:
    """Every cell and line of boards (A, B) in their home frames, weighed from scratch."""
    count, n = a.shape[0], t.n
    flat_a, flat_b = a.reshape(count, n * n), b.reshape(count, n * n)
    met = flat_b.take(t.rotate, axis=1)
    met += (2 * flat_a)[:, None, :]
    codes = CELL_CODES.take(met + t.code_offset)
    line_codes = np.empty((count, 4, 2 * n), dtype=np.uint32)
    square = codes.reshape(count, 4, n, n)
    np.einsum("bdij->bdi", square, out=line_codes[:, :, :n])
    np.einsum("bdij->bdj", square, out=line_codes[:, :, n:])
    return Weighed(met, codes, line_codes)


def reweigh(
    t: Tables, weighed: Weighed, a_before: np.ndarray, b_before: np.ndarray, a: np.ndarray, b: np.ndarray
) -> None:
    """Update `weighed` (in place) from boards (A, B) as they were before a step to what they are now."""
    cells = t.n * t.n
    planes = np.arange(4) * cells
    # A's cell is met at the same place in every d; B's cell q where d turns onto q
    for before, after, weight, place in ((a_before, a, 2, None), (b_before, b, 1, _unrotate(t.n))):
        changed = np.flatnonzero(before != after)  # board * cells + cell
        board, cell = np.divmod(changed, cells)
        seen = cell[:, None] if place is None else place[:, cell].T
        change = weight * (2 * after.reshape(-1)[changed] - 1)  # +weight where the cell became 1, -weight where 0
        _changed(t, weighed, (4 * cells * board)[:, None] + planes + seen, seen, change)


def _changed(t: Tables, weighed: Weighed, at: np.ndarray, cell: np.ndarray, change: np.ndarray) -> None:
    """Add change[i] to met at the flat places at[i, d] (each once; cell[i, d] the cell there) and
    update the codes and the line sums."""
    n = t.n
    cells = n * n
    at = at.ravel()
    met, codes, lines = weighed.met.reshape(-1), weighed.codes.reshape(-1), weighed.line_codes.reshape(-1)
    met[at] += np.repeat(change.astype(np.int8), 4)
    cell = np.broadcast_to(cell, (len(change), 4)).ravel()
    code = CELL_CODES.take(met[at] + t.code_offset[cell])
    difference = code - codes[at]  # modulo 2**32: each byte's sum stays a count from 0 to n
    codes[at] = code
    line = at // cells * (2 * n)
    np.add.at(lines, np.concatenate([line + cell // n, line + n + cell % n]), np.concatenate([difference, difference]))


@cache
def _unrotate(n: int) -> np.ndarray:
    """_unrotate(n)[d, q]: the flat place seen through d quarter turns where home cell q shows."""
    return np.argsort(tables(n).rotate, axis=1)
