"""A constructive answer for 9-Nine at any size n, within a proven bound B(n).

The method and its proof are in docs/nine-construction.md; in short:

- A *defect* is a 1 in A. Each class holds as many 1s in A as 0s in B, so
  the board is solved when no defect is left. Cells on a diagonal (and the
  centre) are *special*, all others *generic*.
- Every step exchanges some cells of A with cells of B and otherwise only
  moves cells within A or within B, so only the exchanged pairs change the
  number of defects. A step is a plain column exchange after turning A and
  B, or a *row exchange* C_K X C_m X' C_K (X a quarter turn, X' its
  inverse, m in K), which exchanges the cells of one row of A with those of
  one row of B (both as turned) on the columns K alone.
- Phase 1 removes the generic defects, each step removing at least one and
  costing no more than the potential `generic_potential` drops; phase 2 the
  special ones, each step costing at most 7 per defect it removes. Within a
  phase a greedy choice takes the step with the best cost against the
  defects it removes.
"""

from __future__ import annotations

import numpy as np

from .greedy import choose
from .scoring import SPECIAL_COST, class_counts, generic_potential
from .sizes import meets_class_rule, operation_names, unsolvable_reason
from .steps import chosen_steps, tables, take
from .weighing import reweigh, weighed
from .writing import FEW, Answers


class UnsolvableBoard(ValueError):
    """The board breaks the class rule; the message says which class and how."""


def bound(n: int) -> int:
    """B(n): no construction at size n is longer (proof in docs/nine-construction.md)."""
    _, special = class_counts(n)
    return int(generic_potential(n)[-1]) + SPECIAL_COST * (4 * special + n % 2)


def construct(a: np.ndarray, b: np.ndarray) -> list[str]:
    """Operations taking the board (A, B) to the goal; at most `bound(n)` of them.

    Raises UnsolvableBoard (saying which class is wrong) if the board breaks the class rule."""
    reason = unsolvable_reason(a, b)
    if reason is not None:
        raise UnsolvableBoard(reason)
    return construct_many(np.asarray(a)[None], np.asarray(b)[None])[0]


def construct_many(a: np.ndarray, b: np.ndarray) -> list[list[str]]:
    """`construct` for boards a[i], b[i] of one size at once (the same answers, faster per board)."""
    names = np.array(operation_names(a.shape[1]), dtype=object)
    return [names[numbers].tolist() for numbers in _constructed(a, b)]


def construct_numbers(a: np.ndarray, b: np.ndarray) -> list[list[int]]:
    """`construct_many`, each operation by its number in `operation_names`."""
    return [numbers.tolist() for numbers in _constructed(a, b)]


def _constructed(a: np.ndarray, b: np.ndarray) -> list[np.ndarray]:
    """`construct_numbers`, each answer an array."""
    _check(a, b)
    count, n = a.shape[0], a.shape[1]
    t = tables(n)
    a, b = a.astype(np.int8), b.astype(np.int8)
    turn_a, turn_b = np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64)
    pending = np.zeros((count, n), dtype=bool)
    answers = Answers(count, n, bound(n))
    accounted = np.zeros(count, dtype=np.int64)
    boards = np.arange(count)
    cells = weighed(t, a, b)
    while True:
        left = a.any(axis=(1, 2))
        if not left.all():
            boards, a, b, turn_a, turn_b, pending = (
                boards[left],
                a[left],
                b[left],
                turn_a[left],
                turn_b[left],
                pending[left],
            )
            cells = cells.kept(left)
        if not len(boards):
            break
        choice, cost = choose(t, cells, a, turn_a, turn_b, pending)
        accounted[boards] += cost
        steps = chosen_steps(t, cells.met, turn_a, turn_b, choice)
        answers.add(boards, steps, turn_a, turn_b)
        if count < FEW:  # a board or few: weighing every cell again takes fewer array operations
            take(t, a, b, steps)
            cells = weighed(t, a, b)
        else:
            before_a, before_b = a.copy(), b.copy()
            take(t, a, b, steps)
            reweigh(t, cells, before_a, before_b, a, b)
        # the columns exchanged an odd number of times since the last turn: a column step without turns adds to them
        unturned = (steps.family == 0) & (steps.turn_a == turn_a) & (steps.turn_b == turn_b)
        pending = np.where(unturned[:, None], pending ^ steps.columns, steps.columns)
        turn_a, turn_b = steps.turn_a, steps.turn_b
    written = answers.finish()
    if any(len(answer) > limit for answer, limit in zip(written, accounted.tolist(), strict=True)):
        raise AssertionError("shortening removed fewer operations than the steps' costs counted on")
    return written


def _check(a: np.ndarray, b: np.ndarray) -> None:
    """Boards of one size and of 0s and 1s, each meeting the class rule (else UnsolvableBoard naming the first)."""
    count, n = a.shape[0], a.shape[1]
    if a.ndim != 3 or a.shape != (count, n, n) or b.shape != a.shape:
        raise ValueError(f"expected two arrays of square matrices of one shape, found {a.shape} and {b.shape}")
    if not 1 <= n < 256:
        raise ValueError(f"the size must be from 1 to 255, found {n}")
    if ((a != 0) & (a != 1)).any() or ((b != 0) & (b != 1)).any():
        raise ValueError("the matrices must hold 0s and 1s only")
    wrong = ~meets_class_rule(a, b)
    if wrong.any():
        board = int(np.argmax(wrong))
        raise UnsolvableBoard(f"board {board + 1}: {unsolvable_reason(a[board], b[board])}")
