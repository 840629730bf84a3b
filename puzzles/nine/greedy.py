"""The greedy choice of the construction: per board, the step with the best score among those
its phase allows (docs/nine-construction.md), for many boards at once.

Every step is a place [d, family, x, line] (see steps.py). Its gains and the part of its cost
that is not setup depend on d, its family and the line of the difference matrix it reads, not
on x: so they are weighed once per line (4 x 5 x 2n values a board), and only the setup turns
and the step's score are spread over the 80n places, which the choice needs in their order
(the first of equal scores wins).
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
_SCALE, _GENERIC_SCORE, _SPECIAL_SCORE = 10, round(10 * PRICE), round(10 * PRICE * SPECIAL_WEIGHT)
"""The greedy score cost - PRICE * (generic + SPECIAL_WEIGHT * special), times ten in whole numbers."""
_NARROW = 64
"""Up to this size scores fit in 16 bits: within +-4,000, setups cut by what they cancel included."""
_REFUSED_NARROW, _REFUSED_WIDE = np.int16(1 << 14), np.int32(1 << 20)
"""Added to the score of a step the phase does not allow: more than twice what any allowed score can be."""
_NO_SLACK = np.int16(-10_000)
"""Added to the slack of a step the phase does not allow at any setup."""

_GAIN = np.array([0, -1, 1, 0], dtype=np.int16)
"""By 2 * (cell of A) + (cell of B it meets): +1 a defect removed by exchanging them, -1 one made."""
_CELL_CODES = np.array([0, 1 << 8, 1, 0, 0, 1 << 24, 1 << 16, 0], dtype=np.uint32)
"""By 2 * (cell of A) + (cell of B it meets) + (4 if special): a generic defect removed counts in byte 0,
one made in byte 1, a special defect removed in byte 2, one made in byte 3 (so n must stay below 256)."""
_UNTURNED_KINDS = np.array([0, 0, 1, 1])
_UNTURNED_SHIFTS = np.array([[1, 0], [0, 1], [-1, 0], [0, -1]])
"""Seen through x = turn_a - shift[0], y = turn_b - shift[1], a row step of that kind needs no turn first."""


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


@dataclass(frozen=True)
class LineTables:
    """Each line of a difference matrix at the cheaper of the two places that read it (the other
    costs more setup and the same otherwise, or is later in order at equal setup, so it never wins)."""

    bits: int
    """Bits of a place number: a key is value << bits | place, so the least key is the first least value."""
    setup: np.ndarray
    """setup[4 * turn_a + turn_b, d * family * line]: the setup turns of that cheaper place."""
    head: np.ndarray
    """head[4 * turn_a + turn_b, d * family * line]: (_SCALE * its setup) << bits | its place."""
    place_line: np.ndarray
    """place_line[place]: d * family * line of the line the step at that place reads."""
    unturned: np.ndarray
    """unturned[4 * turn_a + turn_b]: the places of the 9n steps without setup turns (see _cancelled)."""
    unturned_cells: np.ndarray
    """unturned_cells[4 * turn_a + turn_b, combination]: d * n * n + the home cell seen at each flat place
    of the row steps without turns (kind 0 with A's or B's middle turn, then kind 1 with A's or B's)."""


@cache
def line_tables(n: int) -> LineTables:
    t = tables(n)
    places = t.place_setup.shape[1]
    bits = places.bit_length()
    family_places = len(FAMILIES) * 4 * n
    place = np.arange(places)
    place_line = place // family_places * (len(FAMILIES) * 2 * n) + t.line_place[place % family_places]
    lines = 4 * len(FAMILIES) * 2 * n
    setup = np.empty((16, lines), dtype=np.int16)
    head = np.empty((16, lines), dtype=np.int32 if n <= _NARROW else np.int64)
    for turns in range(16):
        order = np.lexsort((place, t.place_setup[turns], place_line))  # by line, then setup, then place
        first = order[np.flatnonzero(np.diff(place_line[order], prepend=-1))]
        setup[turns] = t.place_setup[turns, first]
        head[turns] = (_SCALE * setup[turns].astype(head.dtype) << bits) + first
    turn_a, turn_b = np.divmod(np.arange(16), 4)
    x = (turn_a[:, None] - _UNTURNED_SHIFTS[:, 0]) % 4
    d = (turn_b[:, None] - _UNTURNED_SHIFTS[:, 1] - x) % 4
    column_place = (turn_b - turn_a) % 4 * len(FAMILIES) * 4 + turn_a
    row_place = (d * len(FAMILIES) + 1 + 2 * _UNTURNED_KINDS) * 4 + x  # without the other special columns
    unturned = np.concatenate([column_place[:, None], row_place, row_place + 4], axis=1)
    unturned = (unturned[:, :, None] * n + np.arange(n)).reshape(16, -1)
    return LineTables(bits, setup, head, place_line, unturned, d[:, :, None] * n * n + t.rotate[x])


def choose(
    t: Tables, a: np.ndarray, b: np.ndarray, turn_a: np.ndarray, turn_b: np.ndarray, pending: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per board: the flat place [d, family, x, line] of the step the greedy takes, the cost it is
    counted at, and met[board, d, cell] = 2 * A's cell + the cell of B turned by d that it meets.

    pending[board, k]: column k was exchanged last, with no turn since; a step
    exchanging it first without turning cancels that (two operations fewer)."""
    count, n = a.shape[0], t.n
    flat_a, flat_b = a.reshape(count, n * n), b.reshape(count, n * n)
    met = (2 * flat_a)[:, None, :] + flat_b[:, t.rotate]
    codes = _CELL_CODES.take(met + t.code_offset)
    generic, special, line_cost = _line_gains(t, met, codes)
    score = (_SCALE * line_cost - _GENERIC_SCORE * generic - _SPECIAL_SCORE * special).reshape(count, -1)
    slack = _slack(generic, special, line_cost, flat_a.sum(axis=1, where=t.generic), n).reshape(count, -1)
    lines = line_tables(n)
    wide = np.int32 if n <= _NARROW else np.int64
    refused = _REFUSED_NARROW if n <= _NARROW else _REFUSED_WIDE
    turns = 4 * turn_a + turn_b
    # each line at its cheaper setup: [board, d * family * line], keyed by score, then place
    setup = lines.setup.take(turns, axis=0)
    key = (score + (setup > slack) * refused).astype(wide) << lines.bits
    key += lines.head.take(turns, axis=0)
    best = key.min(axis=1)
    # the steps without setup turns, cheaper by what they cancel
    place = lines.unturned.take(turns, axis=0)
    saved = _cancelled(t, lines.unturned_cells.take(turns, axis=0), codes, pending)
    at = lines.place_line.take(place) + np.arange(count)[:, None] * score.shape[1]
    setup = t.place_setup.reshape(-1).take(place + (turns * t.place_setup.shape[1])[:, None]) - 2 * saved
    value = score.take(at) + _SCALE * setup + (setup > slack.take(at)) * refused
    best = np.minimum(best, ((value.astype(wide) << lines.bits) + place).min(axis=1))
    choice, chosen = best & ((1 << lines.bits) - 1), best >> lines.bits
    if (chosen >= refused // 2).any():
        raise AssertionError("a board with defects left has no step that removes one")
    at = np.arange(count) * score.shape[1] + lines.place_line[choice]
    cost = (chosen + _GENERIC_SCORE * generic.take(at) + _SPECIAL_SCORE * special.take(at)) // _SCALE
    return choice, cost, met


def _line_gains(t: Tables, met: np.ndarray, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per board, d, family and line of the difference matrix: the generic and special defects a step
    reading that line removes, and its cost but the setup, arrays [board, d, family * 2n + line]."""
    count, n = met.shape[0], t.n
    # one code per cell, four counts in its bytes (see _CELL_CODES), summed along every line at once
    codes = codes.reshape(count, 4, n, n)
    line_codes = np.empty((count, 4, 2 * n), dtype="<u4")
    np.einsum("bdij->bdi", codes, out=line_codes[:, :, :n])
    np.einsum("bdij->bdj", codes, out=line_codes[:, :, n:])
    counts = line_codes.view(np.uint8).reshape(count, 4, 2 * n, 4).astype(np.int16)  # [board, d, line, byte]
    removed_generic, made_generic = counts[..., 0], counts[..., 1]
    removed_special, made_special = counts[..., 2], counts[..., 3]
    forced = _GAIN[met[:, :, t.diagonal_cells]][:, :, t.forced_line]  # [board, d, kind, line]
    shape = (count, 4, len(FAMILIES), 2 * n)
    generic, special, cost = (np.empty(shape, dtype=np.int16) for _ in range(3))
    generic[:, :, 0] = removed_generic - made_generic
    special[:, :, 0] = removed_special - made_special
    cost[:, :, 0] = 1
    generic[:, :, 1:] = removed_generic[:, :, None]  # the defects each row step could remove
    row_cost = 5 + 2 * removed_generic
    other_special = removed_special[:, :, None] - (forced > 0)  # the special columns that gain, but the forced one
    cost[:, :, 1::2] = row_cost[:, :, None]  # families 1 and 3: kinds 0 and 1 without the other special columns
    cost[:, :, 2::2] = row_cost[:, :, None] + 2 * other_special
    special[:, :, 1::2] = forced
    special[:, :, 2::2] = forced + other_special
    return (array.reshape(count, 4, -1) for array in (generic, special, cost))  # type: ignore[return-value]


def _slack(
    generic: np.ndarray, special: np.ndarray, line_cost: np.ndarray, generic_defects: np.ndarray, n: int
) -> np.ndarray:
    """The most a step's setup may cost in its phase: in phase 1 (generic defects left) what the
    potential drops by, if it removes a generic defect; in phase 2, 7 per special defect removed;
    less the rest of the step's cost."""
    potential = generic_potential(n)
    drop = GENERIC_COST * generic
    steep = np.flatnonzero(generic_defects > (len(potential) - 1) // 2)  # where the potential drops by more
    if len(steep):
        defects = generic_defects[steep, None, None]
        drop[steep] = potential[defects] - potential[np.clip(defects - generic[steep], 0, None)]
    slack = SPECIAL_COST * special - line_cost + _NO_SLACK * ((generic != 0) | (special < 1))
    one = np.flatnonzero(generic_defects > 0)
    slack[one] = drop[one] - line_cost[one] + _NO_SLACK * (generic[one] < 1)
    return slack


def _cancelled(t: Tables, cells: np.ndarray, codes: np.ndarray, pending: np.ndarray) -> np.ndarray:
    """The pending exchanges each step without setup turns repeats first (saving two operations
    each), by its place in LineTables.unturned: an array [board, 9 * n]. cells: unturned_cells per board."""
    n, count = t.n, len(pending)
    cells += (np.arange(count) * 4 * n * n)[:, None, None]
    seen = codes.reshape(-1).take(cells).reshape(count, 4, n, n)  # byte 0: generic removed, byte 2: special
    repeated = np.einsum("bcrk,bk->bcr", seen, pending.astype(np.uint32))
    forced = t.forced_columns[_UNTURNED_KINDS]  # [combination, r]
    pending_forced = pending[:, forced]  # [board, combination, r]
    repeated_generic = (repeated & 255).astype(np.int16)
    forced_special = (seen[:, np.arange(4)[:, None], np.arange(n), forced] >> 16 & 1).astype(np.int16)
    repeated_special = (repeated >> 16 & 255).astype(np.int16) - forced_special * pending_forced
    saved = np.concatenate(
        [
            pending[:, None],
            repeated_generic + pending_forced,
            repeated_generic + repeated_special + pending_forced,
        ],
        axis=1,
    )
    return saved.reshape(count, -1)
