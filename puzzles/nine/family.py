"""What nine is at every size: its words, how a board is written and read,
the operations and the goal, and the choice of another size (`variant`).

The puzzles of each size (`Nine`, 3x3 from its table; `TabledNine`, 2x2 and
4x4 from theirs; `ConstructedNine`, 5x5 and up from the construction) take
these from `NineRules`, and are made by one function, `at_size`, which the
package gives each of them so that any size can name any other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ..answers import Solution
from ..text import InputError
from .board import Bits, Board, bits
from .sizes import SIZE_OPTION, matrix_texts, operation_names, size_of, unsolvable_reason

if TYPE_CHECKING:
    from ..contract import Puzzle

AtSize = Callable[[int], "Puzzle"]
_CELL_VALUES = (0, 1, "0", "1")
"""What a cell may be when a board is given as its 2n^2 cells."""


def example_board(n: int) -> str:
    """A board one class away from the goal: A's top-left cell is 1 and B's bottom-left 0 (the same class)."""
    a = "1" + "0" * (n * n - 1)
    b = "1" * ((n - 1) * n) + "0" + "1" * (n - 1)
    return f"{a} {b}"


class NineRules:
    """The rules of nine at size `size` (a mixin before `Puzzle` or
    `BoardPuzzle`): a board is a number (`board.Bits`)."""

    name = "nine"
    unit = ("operation", "operations")
    variant_options = (SIZE_OPTION,)
    size: int
    bits: Bits
    at_size: AtSize

    def take_size(self, n: int, at_size: AtSize) -> None:
        """Set the size and its operations; `at_size` makes the puzzle of another size."""
        self.size, self.bits, self.at_size = n, bits(n), at_size
        self.move_names = operation_names(n)

    @property
    def compact_help(self) -> str:
        n = self.size
        return (
            f"A then B, {n * n} characters 0/1 each in reading order (size {n}: {n} rows of {n}), "
            f"separated by a space, e.g. {example_board(n)}"
        )

    def parse(self, text: str) -> Board:
        a, b = matrix_texts(text, self.size)
        return int(a + b, 2)

    def board(self, state: Any) -> Board:
        """Also takes the 2n^2 cells as one sequence of 0/1 values."""
        cells = self.bits.cells
        if isinstance(state, (list, tuple, np.ndarray)) and len(state) == 2 * cells:
            values = np.asarray(state).tolist()
            for position, value in enumerate(values, 1):
                if value not in _CELL_VALUES or type(value) not in (int, str):
                    matrix = "A" if position <= cells else "B"
                    raise InputError(f"value {position} (matrix {matrix}) is {value!r}, expected 0 or 1")
            text = "".join(str(cell) for cell in values)
            state = f"{text[:cells]} {text[cells:]}"
        return super().board(state)  # type: ignore[misc]  # the Puzzle this mixin comes before

    def compact(self, board: Board) -> str:
        return self.bits.compact(board)

    def apply(self, board: Board, move: int) -> Board:
        return self.bits.apply(board, move)

    def is_goal(self, board: Board) -> bool:
        return board == self.bits.goal

    def unsolvable_reason(self, board: Board) -> str | None:
        return unsolvable_reason(*self.bits.arrays(board))

    def unsolvable(self, board: Board) -> Solution:
        """The answer for a board that breaks the class rule: no moves, and which class is wrong."""
        return Solution(self.name, self.compact(board), None, [], [board], {"reason": self.unsolvable_reason(board)})

    def variant(self, options: Mapping[str, Any]) -> Puzzle:
        """The puzzle at the size the options choose (`size`, 2 to 64; 3 when none is given)."""
        return self.at_size(size_of(options))
