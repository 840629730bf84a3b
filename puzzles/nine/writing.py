"""The construction's operations, written shortened as its steps are taken, for many boards at once.

Between two turns exchanges commute, and between two exchanges turns of A and B do, so the answer
is written as runs (`shortened` says how). A step's turns (if any) end the run of exchanges before
it; a row step's middle turn ends its first block. So each board keeps the run of exchanges it is
in (`pending` in the construction) with the order its columns came in, and writes it out when a
turn follows. Where a row step's first block empties (it exchanges again just the pending
columns), its middle turn joins the turns before; where runs would merge further than that (one
board in 18 or so at 9x9), the board is written afterwards from its steps by `shortened`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .steps import Steps

_FIRST_COLUMN = 4
"""Operation numbers: AL=0, AR=1, BL=2, BR=3, then C1.. from 4."""
FEW = 4
"""Fewer boards than this are written apart, each by `shortened` (fewer array operations a step)."""
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


_TURN_TOKENS = np.array([[*word, *[-1] * (4 - len(word))] for word in _TURN_WORDS])
"""_TURN_WORDS as rows of four, -1 after the word."""
_TURN_OF = np.array([4, 12, 1, 3])
"""The turn word (4 * quarters of A + quarters of B) of AL, AR, BL, BR."""
_ABSENT = np.iinfo(np.int64).max


def _joined(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The turn word of one turn word after another."""
    return (first + (second & 12)) & 12 | (first + (second & 3)) & 3


class Answers:
    """The operations of `count` boards of size n, shortened as they are written."""

    def __init__(self, count: int, n: int, longest: int) -> None:
        self.n = n
        self.operations = np.zeros((count, longest), dtype=np.int16)
        self.length = np.zeros(count, dtype=np.int64)
        self.order = np.full((count, n), -1, dtype=np.int64)
        """order[board, k]: when column k joined the run of exchanges the board is in, -1 if not in it."""
        self.clock = 0
        self.last_turns = np.zeros(count, dtype=np.int64)
        """Where the last run of turns written starts (and what it turns, as a turn word)."""
        self.last_word = np.zeros(count, dtype=np.int64)
        self.emptied = np.full(count, count < FEW, dtype=bool)
        """Boards whose runs merge further than a row step's middle turn with the turns before (or all
        boards, if few): written afterwards from `taken`."""
        self.taken: list[tuple[np.ndarray, Steps, np.ndarray, np.ndarray]] = []

    def add(self, boards: np.ndarray, steps: Steps, turn_a: np.ndarray, turn_b: np.ndarray) -> None:
        """Write each board's step (from turns turn_a, turn_b): its turns, and for a row step its
        first block and middle operations; its last block joins the run it ends in."""
        self.taken.append((boards, steps, turn_a, turn_b))
        if len(self.emptied) < FEW:
            return
        turned = (steps.turn_a != turn_a) | (steps.turn_b != turn_b)
        row = steps.family > 0
        order, last_word = self.order[boards], self.last_word[boards]
        fresh = np.where(steps.columns, self.clock + np.arange(self.n), -1)
        self.clock += self.n
        joined = np.where(steps.columns, np.where(order >= 0, -1, fresh), order)
        block = np.where(turned[:, None], fresh, joined)
        empty = (block < 0).all(axis=1)  # only without turns first
        # a row step's middle turn after an emptied first block joins the run of turns before it
        middles = _middles(steps)
        middle = np.where(empty, _joined(last_word, _TURN_OF[middles[:, 0]]), _TURN_OF[middles[:, 0]]) * row
        self.emptied[boards] |= empty & (~row | (middle == 0))
        self.length[boards] = np.where(empty, self.last_turns[boards], self.length[boards])
        word = _TURNS_BOTH[(steps.turn_a - turn_a) % 4, (steps.turn_b - turn_b) % 4]
        tokens = [
            _in_order(np.where(turned[:, None], order, -1)),
            _TURN_TOKENS[word],
            _in_order(np.where(row[:, None], block, -1)),
            _TURN_TOKENS[middle],
            np.where(row[:, None], middles[:, 1:], -1),
        ]
        place = self._append(boards, np.concatenate(tokens, axis=1))
        self.order[boards] = np.where(row[:, None], fresh, block)
        # the last run of turns: a row step's turn back, else the step's turns if any
        self.last_turns[boards] = np.where(
            row, place[:, -1], np.where(turned, place[:, self.n], self.last_turns[boards])
        )
        self.last_word[boards] = np.where(row, _TURN_OF[middles[:, 2]], np.where(turned, word, last_word))

    def finish(self) -> list[np.ndarray]:
        """Each board's operations, once its steps are all added."""
        everyone, apart = np.arange(len(self.length)), self.emptied
        if not apart.all():
            self._append(everyone, _in_order(self.order))
        answers = [
            operations[:length] for operations, length in zip(self.operations, self.length.tolist(), strict=True)
        ]
        again: list[list[int]] = [[] for _ in everyone]
        for boards, steps, turn_a, turn_b in self.taken if apart.any() else ():
            if apart.all():
                _write(again, boards, steps, turn_a, turn_b)
                continue
            mine = apart[boards]
            chosen = Steps(*(getattr(steps, field)[mine] for field in Steps.__dataclass_fields__))
            _write(again, boards[mine], chosen, turn_a[mine], turn_b[mine])
        for board in np.flatnonzero(apart).tolist():
            answers[board] = np.array(shortened(again[board]), dtype=np.int16)
        return answers

    def _append(self, boards: np.ndarray, tokens: np.ndarray) -> np.ndarray:
        """Write each board's tokens but the -1s after what it wrote (not for the emptied boards);
        return where each token went (or would have gone: the place of the next one written)."""
        written = (tokens >= 0) & ~self.emptied[boards, None]
        place = self.length[boards, None] + np.cumsum(written, axis=1) - written
        self.operations[np.broadcast_to(boards[:, None], tokens.shape)[written], place[written]] = tokens[written]
        self.length[boards] += written.sum(axis=1)
        return place


def _middles(steps: Steps) -> np.ndarray:
    """Each row step's middle operations: its middle turn, its middle column, the turn back."""
    middle = np.where(steps.middle_b, 2, 0) + ((steps.family - 1) // 2 != 0)
    return np.stack([middle, _FIRST_COLUMN + steps.middle_column, np.array(_INVERSE_TURN)[middle]], axis=1)


def _in_order(order: np.ndarray) -> np.ndarray:
    """The operations exchanging the columns with order >= 0, by order, then -1s."""
    by_order = np.argsort(np.where(order < 0, _ABSENT, order), axis=1)
    return np.where(np.take_along_axis(order, by_order, axis=1) >= 0, _FIRST_COLUMN + by_order, -1)


def _write(
    operations: list[list[int]], boards: np.ndarray, steps: Steps, turn_a: np.ndarray, turn_b: np.ndarray
) -> None:
    """Append each board's step to its operations (turns, then the exchanges)."""
    rows = (steps.family > 0).tolist()
    turns = _TURNS_BOTH[(steps.turn_a - turn_a) % 4, (steps.turn_b - turn_b) % 4].tolist()
    middles = _middles(steps).tolist()
    exchanging, columns = np.nonzero(steps.columns)
    bounds = np.searchsorted(exchanging, np.arange(len(boards) + 1)).tolist()
    columns = (columns + _FIRST_COLUMN).tolist()
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
