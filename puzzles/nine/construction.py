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

from functools import cache
from typing import Any

import numpy as np

from .sizes import meets_class_rule, operation_names, unsolvable_reason
from .steps import Candidates, Steps, candidates, chosen_steps, tables, take

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
_INVERSE_TURN = (1, 0, 3, 2)
_TURN_OPERATIONS = ((), (0,), (0, 0), (1,))
"""Operation numbers (AL=0, AR=1, BL=2, BR=3, Ck=3+k) turning A by 0..3 quarters; B's are these plus 2."""
_TURN_WORDS = [
    (*_TURN_OPERATIONS[quarters_a], *(2 + o for o in _TURN_OPERATIONS[quarters_b]))
    for quarters_a in range(4)
    for quarters_b in range(4)
]
"""The operations turning A by quarters_a and B by quarters_b (at 4 * quarters_a + quarters_b)."""
_TURNS_BOTH = np.arange(16).reshape(4, 4)


class UnsolvableBoard(ValueError):
    """The board breaks the class rule; the message says which class and how."""


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
    names = operation_names(a.shape[1])
    return [[names[number] for number in numbers] for numbers in construct_numbers(a, b)]


def construct_numbers(a: np.ndarray, b: np.ndarray) -> list[list[int]]:
    """`construct_many`, each operation by its number in `operation_names`."""
    _check(a, b)
    count, n = a.shape[0], a.shape[1]
    t = tables(n)
    a, b = a.astype(np.int8), b.astype(np.int8)
    turn_a, turn_b = np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64)
    pending = np.zeros((count, n), dtype=bool)
    operations: list[list[int]] = [[] for _ in range(count)]
    accounted = np.zeros(count, dtype=np.int64)
    boards = np.arange(count)
    generic = t.generic.reshape(n, n)
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
        if not len(boards):
            break
        weighed = candidates(t, a, b, turn_a, turn_b, pending)
        choice = _greedy_choice(weighed, (a * generic).sum(axis=(1, 2)), n)
        accounted[boards] += weighed.cost.reshape(len(boards), -1)[np.arange(len(boards)), choice]
        steps = chosen_steps(t, weighed, turn_a, turn_b, choice)
        _write(operations, boards, steps, turn_a, turn_b)
        take(t, a, b, steps)
        # the columns exchanged an odd number of times since the last turn: a column step without turns adds to them
        unturned = (steps.family == 0) & (steps.turn_a == turn_a) & (steps.turn_b == turn_b)
        pending = np.where(unturned[:, None], pending ^ steps.columns, steps.columns)
        turn_a, turn_b = steps.turn_a, steps.turn_b
    answers = [shortened(numbers) for numbers in operations]
    if any(len(answer) > limit for answer, limit in zip(answers, accounted.tolist(), strict=True)):
        raise AssertionError("shortening removed fewer operations than the steps' costs counted on")
    return answers


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


def _greedy_choice(c: Candidates, generic_defects: np.ndarray, n: int) -> np.ndarray:
    """Per board, the flat position of the step the greedy choice takes."""
    count = len(generic_defects)
    cost = c.cost.reshape(count, -1)
    generic, special = c.generic_gain.reshape(count, -1), c.special_gain.reshape(count, -1)
    potential = generic_potential(n)
    linear = generic_defects <= (len(potential) - 1) // 2  # where the potential drops by 8 per defect
    drop = GENERIC_COST * generic
    if not linear.all():
        steep = np.flatnonzero(~linear)
        defects = generic_defects[steep, None]
        drop[steep] = potential[defects] - potential[np.clip(defects - generic[steep], 0, None)]
    phase_one = (generic >= 1) & (cost <= drop)
    phase_two = (generic == 0) & (special >= 1) & (cost <= SPECIAL_COST * special)
    allowed = np.where(generic_defects[:, None] > 0, phase_one, phase_two)
    score = _SCALE * cost - _GENERIC_SCORE * generic - _SPECIAL_SCORE * special
    score[~allowed] = np.iinfo(score.dtype).max
    choice = score.argmin(axis=1)
    if not allowed[np.arange(count), choice].all():
        raise AssertionError("a board with defects left has no step that removes one")
    return choice


def _write(
    operations: list[list[int]], boards: np.ndarray, steps: Steps, turn_a: np.ndarray, turn_b: np.ndarray
) -> None:
    """Append each board's step to its operations (turns, then the exchanges)."""
    first_column = 4
    rows = (steps.family > 0).tolist()
    turns = _TURNS_BOTH[(steps.turn_a - turn_a) % 4, (steps.turn_b - turn_b) % 4].tolist()
    middle = np.where(steps.middle_b, 2, 0) + ((steps.family - 1) // 2 != 0)
    middles = np.stack([middle, first_column + steps.middle_column, np.array(_INVERSE_TURN)[middle]], axis=1).tolist()
    exchanging, columns = np.nonzero(steps.columns)
    bounds = np.searchsorted(exchanging, np.arange(len(boards) + 1)).tolist()
    columns = (columns + first_column).tolist()
    for index, board in enumerate(boards.tolist()):
        written = operations[board]
        written += _TURN_WORDS[turns[index]]
        exchanged = columns[bounds[index] : bounds[index + 1]]
        written += exchanged
        if rows[index]:
            written += middles[index]
            written += exchanged


def shortened(operations: list[int]) -> list[int]:
    """The same board in the end, written shorter: turns of A and B between two
    exchanges commute, and so do exchanges between two turns, so each run of
    turns is written as its net quarter turns of A and of B, and each run of
    exchanges as the columns exchanged an odd number of times in it."""
    # each run: (True, the exchanges in order) or (False, [quarters of A, quarters of B]); an empty run is dropped
    runs: list[tuple[bool, Any]] = []
    for number in operations:
        exchange = number >= 4
        if not runs or runs[-1][0] != exchange:
            runs.append((exchange, {} if exchange else [0, 0]))
        run = runs[-1][1]
        if exchange:
            if number in run:
                del run[number]
            else:
                run[number] = None
            empty = not run
        else:
            run[number >> 1] += 1 - 2 * (number & 1)
            empty = not (run[0] & 3 or run[1] & 3)
        if empty:
            runs.pop()
    result: list[int] = []
    for exchange, run in runs:
        result += run if exchange else _TURN_WORDS[4 * (run[0] & 3) + (run[1] & 3)]
    return result
