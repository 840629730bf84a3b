"""The Rubik's Clock's optimal solutions, counted as sets of moves: moves
commute, so another order of the same moves with the same amounts is the
same solution (the other puzzles count orders), and the engine numbers them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from ..paths import CHUNK_ROWS
from ..roles import Counting
from ..storage import TableReader

if TYPE_CHECKING:
    from . import RubiksClock


class RubiksClockCounting(Counting):
    """The engine's count and n-th answer of a position's dials."""

    puzzle: RubiksClock
    order = (
        "as sets of moves with their amounts (moves commute: another order of the same moves is not another "
        "solution), each written front moves first, then y2 and the back's, numbered in the engine's fixed order"
    )

    def count(self, table: TableReader | None, board: Any) -> int:
        return self.puzzle.engine().count(np.asarray(board.dials))

    def nth(self, table: TableReader | None, board: Any, number: int) -> list[int]:
        return self.puzzle.table.indices(self.puzzle.engine().nth(np.asarray(board.dials), number))

    def solution_chunks(self, table: TableReader | None, board: Any, limit: int) -> Iterator[np.ndarray]:
        """As the default, in uint16: the 30-move metric has 330 moves, more than `paths.MOVE_DTYPE` holds."""
        total = min(limit, self.count(table, board))
        for first in range(0, total, CHUNK_ROWS):
            numbers = range(first, min(total, first + CHUNK_ROWS))
            yield np.array([self.nth(table, board, number) for number in numbers], dtype=np.uint16)
