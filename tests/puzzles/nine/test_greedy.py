"""The greedy choice weighs each line once, at the cheaper of its two places: checked here against
the plain choice over all 80n places in their order (the first least value wins), written in the
test from the line scores, the setup of every place and the steps without setup turns."""

from __future__ import annotations

import numpy as np
import pytest

from ninebase.puzzles.nine.greedy import _REFUSED_NARROW, _cancelled, choose, line_tables
from ninebase.puzzles.nine.scoring import CELL_CODES, SCALE, line_scores
from ninebase.puzzles.nine.sizes import random_boards
from ninebase.puzzles.nine.steps import tables
from ninebase.puzzles.nine.weighing import weighed


def choice_over_every_place(n: int, a, b, turn_a, turn_b, pending) -> np.ndarray:
    t = tables(n)
    count = len(a)
    flat_a, flat_b = a.reshape(count, n * n), b.reshape(count, n * n)
    met = (2 * flat_a)[:, None, :] + flat_b[:, t.rotate]
    codes = CELL_CODES[met + t.code_offset]
    square = codes.reshape(count, 4, n, n).astype(np.int64)
    line_codes = np.concatenate([square.sum(axis=3), square.sum(axis=2)], axis=2).astype(np.uint32)
    scores = line_scores(t, met, line_codes, flat_a.sum(axis=1, where=t.generic))
    lines = line_tables(n)
    turns = 4 * turn_a + turn_b
    setup = t.place_setup[turns].astype(np.int64)  # [board, place]
    unturned = lines.unturned[turns]
    saved = cancelled_over_every_cell(n, lines.pending_cells[turns].transpose(0, 2, 3, 1), codes, pending)
    np.put_along_axis(setup, unturned, np.take_along_axis(setup, unturned, axis=1) - 2 * saved, axis=1)
    line = lines.place_line  # the line each place reads
    score, slack = scores.score[:, line].astype(np.int64), scores.slack[:, line]
    value = score + SCALE * setup + (setup > slack) * int(_REFUSED_NARROW)
    return value.argmin(axis=1)  # the first of the least


def cancelled_over_every_cell(n: int, cells: np.ndarray, codes: np.ndarray, pending: np.ndarray) -> np.ndarray:
    """What each step without setup turns saves, summed over every cell of its row (the pending ones
    counted): cells[board, combination, r, k] as LineTables.pending_cells holds them, transposed."""
    count = len(pending)
    seen = codes.reshape(count, -1)[np.arange(count)[:, None, None, None], cells]
    generic = (seen & 1).astype(np.int64)  # byte 0: a generic defect removed
    special = (seen >> 16 & 1).astype(np.int64)  # byte 2: a special one
    forced = np.array([[r if kind == 0 else n - 1 - r for r in range(n)] for kind in (0, 0, 1, 1)])
    not_forced = np.arange(n) != forced[:, :, None]  # [combination, r, k]
    weights = pending[:, None, None, :]
    pending_forced = pending[:, forced]
    repeated_generic = (generic * weights).sum(axis=3) + pending_forced
    repeated_special = (special * weights * not_forced).sum(axis=3)
    saved = [pending, repeated_generic.reshape(count, -1), (repeated_generic + repeated_special).reshape(count, -1)]
    return np.concatenate(saved, axis=1)


@pytest.mark.parametrize("n", [5, 6, 9, 12])
def test_what_the_pending_columns_save_against_every_cell(n: int) -> None:
    rng = np.random.default_rng(n + 100)
    t, lines = tables(n), line_tables(n)
    a, b = random_boards(n, 300, rng)
    flat_a, flat_b = a.reshape(300, -1).astype(np.int8), b.reshape(300, -1).astype(np.int8)
    codes = CELL_CODES[(2 * flat_a)[:, None, :] + flat_b[:, t.rotate] + t.code_offset]
    turns = rng.integers(0, 16, 300)
    pending = rng.random((300, n)) < rng.random((300, 1))  # from no pending column to all of them
    pending[:20] = False
    expected = cancelled_over_every_cell(n, lines.pending_cells[turns].transpose(0, 2, 3, 1), codes, pending)
    assert (_cancelled(lines, turns, codes, pending) == expected).all()


@pytest.mark.parametrize("n", [5, 6, 9, 12])
def test_the_choice_is_the_first_least_over_every_place(n: int) -> None:
    rng = np.random.default_rng(n)
    a, b = random_boards(n, 400, rng)
    a, b = a.astype(np.int8), b.astype(np.int8)
    generic = tables(n).generic.reshape(n, n)
    a[200:, generic], b[200:, generic] = 0, 1  # half in phase 2: no generic defect left
    has_defects = a.any(axis=(1, 2))
    a, b = a[has_defects], b[has_defects]
    turn_a, turn_b = rng.integers(0, 4, len(a)), rng.integers(0, 4, len(a))
    pending = rng.random((len(a), n)) < 0.3
    choice, _ = choose(tables(n), weighed(tables(n), a, b), a, turn_a, turn_b, pending)
    expected = choice_over_every_place(n, a, b, turn_a, turn_b, pending)
    assert len(a) > 300 and not a[-1][generic].any()
    assert (choice == expected).all()
