"""The cells and lines the greedy choice reads, updated after each step (weighing.reweigh), against
the same weighed from scratch: after random exchanges of any cells, and along the construction's
own steps."""

from __future__ import annotations

import numpy as np
import pytest

from ninebase.puzzles.nine.greedy import choose
from ninebase.puzzles.nine.scoring import CELL_CODES
from ninebase.puzzles.nine.sizes import random_boards
from ninebase.puzzles.nine.steps import chosen_steps, tables, take
from ninebase.puzzles.nine.weighing import Weighed, reweigh, weighed


def from_the_rules(n: int, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """met, codes and line sums written here with loops over turned matrices: met[d, r, c] = 2 A[r, c] +
    rot90(B, d)[r, c] seen through no turn of A; a line's sum adds its cells' codes."""
    count = len(a)
    met = np.stack([2 * a + np.rot90(b, d, axes=(1, 2)) for d in range(4)], axis=1).astype(np.int64)
    rows, columns = np.indices((n, n))
    special = (rows == columns) | (rows == n - 1 - columns)
    codes = CELL_CODES[met + 4 * special].astype(np.int64)
    line_codes = np.concatenate([codes.sum(axis=3), codes.sum(axis=2)], axis=2)
    return met.reshape(count, 4, -1), codes.reshape(count, 4, -1), line_codes


def assert_weighs(found: Weighed, n: int, a: np.ndarray, b: np.ndarray) -> None:
    met, codes, line_codes = from_the_rules(n, a, b)
    assert (found.met == met).all() and (found.codes == codes).all() and (found.line_codes == line_codes).all()


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 9, 16])
def test_after_random_exchanges_as_from_scratch(n: int) -> None:
    rng = np.random.default_rng(n)
    t = tables(n)
    a, b = (rng.random((50, n, n)) < 0.5).astype(np.int8), (rng.random((50, n, n)) < 0.5).astype(np.int8)
    kept = weighed(t, a, b)
    assert_weighs(kept, n, a, b)
    for _ in range(12):
        before_a, before_b = a.copy(), b.copy()
        changed = rng.random((2, 50, n, n)) < rng.random((2, 50, 1, 1)) ** 3  # from no cell to many a board
        a[changed[0]], b[changed[1]] = 1 - a[changed[0]], 1 - b[changed[1]]
        reweigh(t, kept, before_a, before_b, a, b)
        assert_weighs(kept, n, a, b)
    assert_weighs(kept.kept(np.arange(50) % 3 == 0), n, a[::3], b[::3])


@pytest.mark.parametrize("n", [5, 9, 12])
def test_along_the_construction_steps_as_from_scratch(n: int) -> None:
    rng = np.random.default_rng(n + 50)
    t = tables(n)
    a, b = (matrix.astype(np.int8) for matrix in random_boards(n, 200, rng))
    turn_a, turn_b = np.zeros(200, dtype=np.int64), np.zeros(200, dtype=np.int64)
    pending = np.zeros((200, n), dtype=bool)
    kept = weighed(t, a, b)
    taken = 0
    while (left := a.any(axis=(1, 2))).any():  # the boards with defects left, as the construction keeps them
        a, b, turn_a, turn_b, pending = a[left], b[left], turn_a[left], turn_b[left], pending[left]
        kept = kept.kept(left)
        choice, _ = choose(t, kept, a, turn_a, turn_b, pending)
        steps = chosen_steps(t, kept.met, turn_a, turn_b, choice)
        before_a, before_b = a.copy(), b.copy()
        take(t, a, b, steps)
        reweigh(t, kept, before_a, before_b, a, b)
        assert_weighs(kept, n, a, b)
        unturned = (steps.family == 0) & (steps.turn_a == turn_a) & (steps.turn_b == turn_b)
        pending = np.where(unturned[:, None], pending ^ steps.columns, steps.columns)
        turn_a, turn_b = steps.turn_a, steps.turn_b
        taken += 1
    assert taken >= 10
