"""What the greedy choice weighs, per line of the four difference matrices: each step's score and
the setup it may afford (its slack), for many boards at once (docs/nine-construction.md).

A step's gains and the part of its cost that is not setup depend on d, its family and the line it
reads, not on the turns it is seen through: so they are weighed once per line, [board, d, family,
line] (5 x 2n values for each d), each family from the line's counts by its own formula.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .steps import FAMILIES, Tables, tables

GENERIC_COST = 8
"""A generic defect can always be removed by a step of at most 8 operations."""
SPECIAL_COST = 7
"""A special defect can always be removed by a step of at most 7 operations."""
PRICE = 3.5
"""How many operations the greedy choice is ready to pay for one defect removed."""
SPECIAL_WEIGHT = 0.2
"""What a special defect removed in phase 1 counts for against a generic one."""
SCALE, _GENERIC_SCORE, _SPECIAL_SCORE = 10, round(10 * PRICE), round(10 * PRICE * SPECIAL_WEIGHT)
"""The greedy score cost - PRICE * (generic + SPECIAL_WEIGHT * special), times ten in whole numbers."""
_NO_SLACK = np.int16(-10_000)
"""Added to the slack of a step the phase does not allow at any setup."""
_ROW_COST = 5
"""A row step's cost but its setup and the 2 per column it exchanges beyond the forced one."""

CELL_CODES = np.array([0, 1 << 8, 1, 0, 0, 1 << 24, 1 << 16, 0], dtype=np.uint32)
"""By 2 * (cell of A) + (cell of B it meets) + (4 if special): a generic defect removed counts in byte 0,
one made in byte 1, a special defect removed in byte 2, one made in byte 3 (so n must stay below 256)."""


def class_counts(n: int) -> tuple[int, int]:
    """(generic, special) classes of four positions at size n."""
    special = n // 2
    return (n * n) // 4 - special, special


@cache
def generic_potential(n: int) -> np.ndarray:
    """Phi[D]: the most phase 1 can cost with D generic defects left.

    With G generic classes, D <= 4G. Above 2G, A holds more generic 1s than B,
    and the n columns as seen now gain 2D - 4G in all, so one of them removes
    at least ceil((2D - 4G) / n) defects for one operation: psi counts those
    exchanges. At or below 2G, a step of at most 8 operations removes one."""
    generic, _ = class_counts(n)
    excess = [0]
    for over in range(1, 2 * generic + 1):
        excess.append(1 + excess[over - (2 * over + n - 1) // n])
    return np.array(
        [
            GENERIC_COST * min(defects, 2 * generic) + excess[max(defects - 2 * generic, 0)]
            for defects in range(4 * generic + 1)
        ]
    )


@dataclass
class LineScores:
    """Arrays [board, d * family * line]: score is SCALE * (cost - PRICE * (generic + SPECIAL_WEIGHT *
    special)) without the setup; slack the most setup the step's phase allows it (negative: none)."""

    score: np.ndarray
    slack: np.ndarray
    removed_generic: np.ndarray
    """[board, d, line]: the generic defects a row step reading the line removes (as it exchanges them)."""
    other_special: np.ndarray
    """[board, d, kind, line]: the special defects it can remove beside the forced one."""

    def line_cost(self, board: np.ndarray, line: np.ndarray) -> np.ndarray:
        """The cost but the setup of each board's step reading the line at index `line` of [d * family * line]."""
        d, family, line = np.unravel_index(line, (4, len(FAMILIES), self.removed_generic.shape[2]))
        kind = (family - 1) // 2  # -1 for a column step, which reads neither
        row = (
            _ROW_COST
            + 2 * self.removed_generic[board, d, line]
            + 2 * (family % 2 == 0) * self.other_special[board, d, kind, line]
        )
        return np.where(family == 0, 1, row)


@cache
def _forced_cells(n: int) -> np.ndarray:
    """The diagonal cell at the forced place of a row step of each kind reading each line, flat."""
    t = tables(n)
    return t.diagonal_cells[t.forced_line].ravel()


def line_scores(t: Tables, met: np.ndarray, line_codes: np.ndarray, generic_defects: np.ndarray) -> LineScores:
    """Every line's score and slack per family (see LineScores); line_codes: CELL_CODES at met summed
    along every line, [board, d, line] (four counts in the bytes of each, see weighing.py)."""
    count, n = met.shape[0], t.n
    in_bytes = line_codes.astype("<u4", copy=False).view(np.uint8).reshape(count, 4, 2 * n, 4)
    counts = np.empty((4, count, 4, 2 * n), dtype=np.int16)  # [byte, board, d, line], each count contiguous
    np.copyto(counts, np.moveaxis(in_bytes, 3, 0))
    removed_generic, made_generic, removed_special, made_special = counts
    forced_cells = _forced_cells(n)
    seen = met.take(forced_cells, axis=2).reshape(count, 4, 2, 2 * n)  # [board, d, kind, line]
    forced = (seen >> 1).astype(np.int16) - (seen & 1)  # the gain: +1 at met 2 (a 1 of A meets a 0 of B), -1 at 1
    other = removed_special[:, :, None] - (forced > 0)  # the special columns that gain, but the forced one
    column_generic, column_special = removed_generic - made_generic, removed_special - made_special
    removed = removed_generic[:, :, None]
    shape = (count, 4, len(FAMILIES), 2 * n)
    score = np.empty(shape, dtype=np.int16)
    # families 1 and 3 (kinds 0 and 1) exchange the forced special column only, 2 and 4 the others that gain too
    score[:, :, 0] = SCALE - _GENERIC_SCORE * column_generic - _SPECIAL_SCORE * column_special
    plain = SCALE * _ROW_COST + (2 * SCALE - _GENERIC_SCORE) * removed - _SPECIAL_SCORE * forced
    score[:, :, 1::2] = plain
    score[:, :, 2::2] = plain + (2 * SCALE - _SPECIAL_SCORE) * other
    first = generic_defects > 0
    if first.all():  # one board alone is in one phase: weigh only that one
        slack = _first_phase_slack(column_generic, removed, other, generic_defects, n)
    else:
        slack = _second_phase_slack(column_generic, column_special, removed, forced, other)
        if first.any():
            ones = np.flatnonzero(first)
            slack[ones] = _first_phase_slack(column_generic[ones], removed[ones], other[ones], generic_defects[ones], n)
    return LineScores(score.reshape(count, -1), slack.reshape(count, -1), removed_generic, other)


@cache
def _drops(n: int) -> np.ndarray:
    """_drops(n)[defects, n + removed]: what phase 1 counts the potential to drop by when a step removes
    `removed` generic defects (makes them, if negative) of `defects`: GENERIC_COST each where Phi is
    linear (up to half of the 4G), else Phi[defects] - Phi[defects - removed] (flat, as int16)."""
    potential = generic_potential(n)
    defects, removed = np.arange(len(potential))[:, None], np.arange(-n, n + 1)
    left = np.clip(
        defects - removed, 0, len(potential) - 1
    )  # never above 4G: a step makes no more than there is room for
    steep = defects > (len(potential) - 1) // 2
    return np.where(steep, potential[defects] - potential[left], GENERIC_COST * removed).astype(np.int16).ravel()


def _second_phase_slack(
    column_generic: np.ndarray, column_special: np.ndarray, removed: np.ndarray, forced: np.ndarray, other: np.ndarray
) -> np.ndarray:
    """Phase 2: 7 per special defect removed, if the step exchanges no generic 1 of A, less its cost."""
    count, lines = column_generic.shape[0], column_generic.shape[2]
    slack = np.empty((count, 4, len(FAMILIES), lines), dtype=np.int16)
    row_cost = _ROW_COST + 2 * removed
    unwanted = removed != 0
    slack[:, :, 0] = SPECIAL_COST * column_special - 1 + _NO_SLACK * ((column_generic != 0) | (column_special < 1))
    slack[:, :, 1::2] = SPECIAL_COST * forced - row_cost + _NO_SLACK * (unwanted | (forced < 1))
    both = forced + other
    slack[:, :, 2::2] = SPECIAL_COST * both - row_cost - 2 * other + _NO_SLACK * (unwanted | (both < 1))
    return slack


def _first_phase_slack(
    column_generic: np.ndarray, removed: np.ndarray, other: np.ndarray, generic_defects: np.ndarray, n: int
) -> np.ndarray:
    """Phase 1: what the potential drops by, if the step removes a generic defect, less its cost."""
    at = (generic_defects * (2 * n + 1) + n)[:, None, None]
    column_drop, row_drop = _drops(n).take(at + column_generic), _drops(n).take(at[..., None] + removed)
    count, lines = column_generic.shape[0], column_generic.shape[2]
    slack = np.empty((count, 4, len(FAMILIES), lines), dtype=np.int16)
    slack[:, :, 0] = column_drop - 1 + _NO_SLACK * (column_generic < 1)
    plain = row_drop - (_ROW_COST + 2 * removed) + _NO_SLACK * (removed < 1)
    slack[:, :, 1::2] = plain
    slack[:, :, 2::2] = plain - 2 * other
    return slack
