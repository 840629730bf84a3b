"""The greedy choice of the construction: per board, the step with the best score among those
its phase allows (docs/nine-construction.md), for many boards at once.

Every step is a place [d, family, x, line] (see steps.py). Its score but the setup depends on d,
its family and the line of the difference matrix it reads (scoring.py), not on x; each line is
read at two places, and the one with less setup (the first, at equal setup) is never beaten by
the other. So the choice weighs 4 x 5 x 2n lines a board, each keyed by its value and then its
place, so that the least key is the first step of the least value, as over the 80n places in
their order; then the 9n steps without setup turns, cheaper by the exchanges they cancel.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .scoring import SCALE, line_scores
from .steps import FAMILIES, Tables, tables
from .weighing import Weighed

_NARROW = 64
"""Up to this size scores fit in 16 bits: within +-4,000, setups cut by what they cancel included."""
_REFUSED_NARROW, _REFUSED_WIDE = np.int16(1 << 14), np.int32(1 << 20)
"""Added to the score of a step the phase does not allow: more than twice what any allowed score can be."""
_UNTURNED_KINDS = np.array([0, 0, 1, 1])
_UNTURNED_SHIFTS = np.array([[1, 0], [0, 1], [-1, 0], [0, -1]])
"""Seen through x = turn_a - shift[0], y = turn_b - shift[1], a row step of that kind needs no turn first."""


@dataclass(frozen=True)
class LineTables:
    """Each line of a difference matrix at the cheaper of the two places that read it (the other
    costs more setup and the same otherwise, or is later in order at equal setup, so it never wins)."""

    bits: int
    """Bits of a place number: a key is value << bits | place, so the least key is the first least value."""
    setup: np.ndarray
    """setup[4 * turn_a + turn_b, d * family * line]: the setup turns of that cheaper place."""
    head: np.ndarray
    """head[4 * turn_a + turn_b, d * family * line]: (SCALE * its setup) << bits | its place."""
    place_line: np.ndarray
    """place_line[place]: d * family * line of the line the step at that place reads."""
    unturned: np.ndarray
    """unturned[4 * turn_a + turn_b]: the places of the 9n steps without setup turns (see _cancelled)."""
    pending_cells: np.ndarray
    """pending_cells[4 * turn_a + turn_b, k, combination, r]: d * n * n + the home cell seen at row r,
    column k of the row steps without turns (kind 0 with A's or B's middle turn, then kind 1 with A's or B's)."""
    pending_mask: np.ndarray
    """pending_mask[k, combination, r]: the bytes of a cell code counted when column k is pending (generic
    removed; special removed but at the forced column of row r, which the step exchanges anyway)."""
    pending_forced: np.ndarray
    """pending_forced[combination, r]: the forced column of row r in each combination's view."""


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
        head[turns] = (SCALE * setup[turns].astype(head.dtype) << bits) + first
    turn_a, turn_b = np.divmod(np.arange(16), 4)
    x = (turn_a[:, None] - _UNTURNED_SHIFTS[:, 0]) % 4
    d = (turn_b[:, None] - _UNTURNED_SHIFTS[:, 1] - x) % 4
    column_place = (turn_b - turn_a) % 4 * len(FAMILIES) * 4 + turn_a
    row_place = (d * len(FAMILIES) + 1 + 2 * _UNTURNED_KINDS) * 4 + x  # without the other special columns
    unturned = np.concatenate([column_place[:, None], row_place, row_place + 4], axis=1)
    unturned = (unturned[:, :, None] * n + np.arange(n)).reshape(16, -1)
    cells = (d[:, :, None] * n * n + t.rotate[x]).reshape(16, len(_UNTURNED_KINDS), n, n).transpose(0, 3, 1, 2)
    forced = t.forced_columns[_UNTURNED_KINDS]  # [combination, r]
    mask = np.where(forced == np.arange(n)[:, None, None], 0x000000FF, 0x00FF00FF).astype(np.uint32)
    return LineTables(bits, setup, head, place_line, unturned, np.ascontiguousarray(cells), mask, forced)


def choose(
    t: Tables, weighed: Weighed, a: np.ndarray, turn_a: np.ndarray, turn_b: np.ndarray, pending: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per board: the flat place [d, family, x, line] of the step the greedy takes and the cost it is
    counted at (weighed: the boards' cells and lines, see weighing.py; a: A of each board).

    pending[board, k]: column k was exchanged last, with no turn since; a step
    exchanging it first without turning cancels that (two operations fewer)."""
    count, n = a.shape[0], t.n
    generic_defects = a.reshape(count, n * n).sum(axis=1, where=t.generic)
    scores = line_scores(t, weighed.met, weighed.line_codes, generic_defects)
    score, slack = scores.score, scores.slack
    lines = line_tables(n)
    wide = np.int32 if n <= _NARROW else np.int64
    refused = _REFUSED_NARROW if n <= _NARROW else _REFUSED_WIDE
    turns = 4 * turn_a + turn_b
    # each line at its cheaper setup: [board, d * family * line], keyed by score, then place
    setup = lines.setup.take(turns, axis=0)
    key = np.left_shift(score + (setup > slack) * refused, lines.bits, dtype=wide)
    key += lines.head.take(turns, axis=0)
    best = key.min(axis=1)
    # the steps without setup turns, cheaper by what they cancel
    place = lines.unturned.take(turns, axis=0)
    saved = _cancelled(lines, turns, weighed.codes, pending)
    at = lines.place_line.take(place) + np.arange(count)[:, None] * score.shape[1]
    setup = t.place_setup.reshape(-1).take(place + (turns * t.place_setup.shape[1])[:, None]) - 2 * saved
    value = score.take(at) + SCALE * setup + (setup > slack.take(at)) * refused
    best = np.minimum(best, (np.left_shift(value, lines.bits, dtype=wide) + place).min(axis=1))
    choice, chosen = best & ((1 << lines.bits) - 1), best >> lines.bits
    if (chosen >= refused // 2).any():
        raise AssertionError("a board with defects left has no step that removes one")
    board, line = np.arange(count), lines.place_line[choice]
    cost = (chosen - score[board, line]) // SCALE + scores.line_cost(board, line)
    return choice, cost


def _cancelled(lines: LineTables, turns: np.ndarray, codes: np.ndarray, pending: np.ndarray) -> np.ndarray:
    """The pending exchanges each step without setup turns repeats first (saving two operations
    each), by its place in LineTables.unturned: an array [board, 9 * n]. Only the pending columns
    are read (about two a board), each in every row of the four combinations' views."""
    count, n = pending.shape
    board, column = np.nonzero(pending)
    cells = lines.pending_cells[turns[board], column]  # [pair, combination, r]
    cells += (board * 4 * n * n)[:, None, None]
    seen = codes.reshape(-1).take(cells) & lines.pending_mask[column]  # byte 0: generic removed, byte 2: special
    repeated = np.zeros((count, len(_UNTURNED_KINDS) * n), dtype=np.uint32)
    columns = pending.sum(axis=1)
    has = np.flatnonzero(columns)
    if len(has):
        starts = np.cumsum(columns) - columns
        repeated[has] = np.add.reduceat(seen.reshape(len(board), -1), starts[has], axis=0)
    pending_forced = pending[:, lines.pending_forced].reshape(count, -1)  # [board, combination * r]
    repeated_generic = (repeated & 255).astype(np.int16) + pending_forced
    repeated_special = (repeated >> 16).astype(np.int16)
    saved = np.concatenate([pending, repeated_generic, repeated_generic + repeated_special], axis=1)
    return saved
