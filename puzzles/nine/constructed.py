"""nine at sizes 5 to 64, answered by the construction (construction.py,
proof in docs/nine-construction.md): every answer reaches the goal within
the proven bound B(n) (385 at 9x9, the story's judge allows 999), in
milliseconds, but is not proven the fewest (`exact` is False): the answers
say so (`"optimal": false` and the `"bound"`). No table, so nothing counts
optimal solutions, and stats and samples at a distance have nothing to read;
random boards are drawn uniformly from the solvable ones (`draw`).

Many lines are answered together (`construct_numbers` over a batch), each
exactly as it is answered alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from ..answers import Replay, Solution
from ..batch import MAX_WIDTH, PADDING, AnswerColumns
from ..contract import Puzzle
from ..draws import MOST_DRAWN, bounded, first_distinct
from ..roles import ManyAtOnce, Roles
from ..storage import TableReader
from .board import Board
from .construction import bound, construct_numbers
from .family import AtSize, NineRules
from .formats import NineFormats
from .page import NinePage
from .sizes import compact_many, meets_class_rule, random_boards
from .terminal import ConstructedTerminal

BATCH = 1000
"""Boards constructed together (more only adds memory: the time per board stops falling)."""
DRAWN_CELLS = 1 << 16
"""Cells of the boards drawn in one go (`draw`), at least 64 boards: a number fixed by the size, whatever the count."""
MOST_CHARACTERS = 1 << 27
"""The most characters of boards drawn at once: 16,382 boards at 64x64 (a contest package draws up to 12,000)."""
WIDEST_READ = 1024
"""The longest compact form read many lines at once (size 22); longer lines are read one by one."""


class ConstructedMany(ManyAtOnce):
    """Lines in compact form read at once (up to size 22): a key is the line
    itself, and the construction answers a batch of them together. A line
    whose board breaks the class rule is left to the scalar reader, which says why."""

    puzzle: ConstructedNine

    def __init__(self, puzzle: ConstructedNine) -> None:
        super().__init__(puzzle)
        width = 2 * puzzle.bits.cells + 1
        self.widest = width if width <= WIDEST_READ else MAX_WIDTH

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        cells = self.puzzle.bits.cells
        width = 2 * cells + 1
        if lines.shape[1] < width:
            return np.zeros((len(lines), 0), dtype=np.uint8), np.zeros(len(lines), dtype=bool)
        keys = lines[:, :width]
        digits = np.delete(keys, cells, axis=1)
        valid = ((digits == ord("0")) | (digits == ord("1"))).all(axis=1) & (keys[:, cells] == ord(" "))
        valid &= ~lines[:, width:].any(axis=1)
        a, b = self.boards(np.where(valid[:, None], keys, ord("1")))
        return keys, valid & meets_class_rule(a, b)

    def boards(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The matrices A and B of lines read at once."""
        n, cells = self.puzzle.size, self.puzzle.bits.cells
        digits = (np.delete(keys, cells, axis=1) - ord("0")).astype(np.int8)
        return digits[:, :cells].reshape(-1, n, n), digits[:, cells:].reshape(-1, n, n)

    def constructions(self, keys: np.ndarray) -> list[list[int]]:
        answers: list[list[int]] = []
        for start in range(0, len(keys), BATCH):
            answers += construct_numbers(*self.boards(keys[start : start + BATCH]))
        return answers

    def distances_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        return np.array([len(numbers) for numbers in self.constructions(keys)], dtype=np.int16)

    def solve_many(self, table: TableReader | None, keys: np.ndarray) -> AnswerColumns:
        answers = self.constructions(keys)
        distance = np.array([len(numbers) for numbers in answers], dtype=np.int16)
        moves = np.full((len(answers), int(distance.max(initial=0))), PADDING, dtype=np.uint8)
        for row, numbers in enumerate(answers):
            moves[row, : len(numbers)] = numbers
        extra = self.puzzle.extra()
        return AnswerColumns(distance, moves, {name: [value] * len(answers) for name, value in extra.items()})


class ConstructedNine(NineRules, Puzzle):
    """nine at size n >= 5: the construction's answers, within B(n)."""

    exact = False
    roles = Roles(formats=NineFormats, terminal=ConstructedTerminal, page=NinePage, many=ConstructedMany)

    def __init__(self, n: int, at_size: AtSize) -> None:
        self.take_size(n, at_size)
        self.bound = bound(n)
        super().__init__()

    def construction(self, board: Board) -> list[int] | None:
        """The construction's operations (numbers) for a board; None where it breaks the class rule."""
        a, b = self.bits.arrays(board)
        if not meets_class_rule(a[None], b[None])[0]:
            return None
        return construct_numbers(a[None], b[None])[0]

    def distance(self, table: TableReader | None, board: Board) -> int | None:
        numbers = self.construction(board)
        return None if numbers is None else len(numbers)

    def board_distances(self, table: TableReader | None, boards: Sequence[Board]) -> list[int | None]:
        """The constructions' lengths, the boards constructed together in
        batches (a 30x30 probe's 34 successors: 0.23 s against 0.84 s one by one)."""
        if not boards:
            return []
        a, b = (np.stack(matrices) for matrices in zip(*map(self.bits.arrays, boards), strict=True))
        solvable = np.flatnonzero(meets_class_rule(a, b))
        lengths: list[int | None] = [None] * len(boards)
        for start in range(0, solvable.size, BATCH):
            chosen = solvable[start : start + BATCH]
            for position, numbers in zip(chosen.tolist(), construct_numbers(a[chosen], b[chosen]), strict=True):
                lengths[position] = len(numbers)
        return lengths

    def solve(self, table: TableReader | None, board: Board) -> Solution:
        numbers = self.construction(board)
        if numbers is None:
            return self.unsolvable(board)
        boards = Replay(board, self.bits.goal, numbers, self.apply)
        moves = [self.move_names[number] for number in numbers]
        return Solution(self.name, self.compact(board), len(numbers), moves, boards, self.extra(), indices=numbers)

    def draw(self, count: int, seed: int) -> list[str]:
        """Boards meeting the class rule (which decides solvability), drawn
        uniformly (`random_boards`: each class's cells hold their goal's
        number of 1s in any of the ways alike, the classes apart) in batches
        of a size fixed by n, repeats passed over."""
        n, cells = self.size, self.bits.cells
        bounded(count, f"{n}x{n} boards", min(MOST_DRAWN, MOST_CHARACTERS // (2 * cells + 1)))
        rng, batch = np.random.default_rng(seed), max(64, DRAWN_CELLS // cells)

        def drawn() -> Iterator[str]:
            while True:
                yield from compact_many(*random_boards(n, batch, rng))

        return first_distinct(drawn(), count)

    def extra(self) -> dict[str, Any]:
        """What every constructed answer says: not proven the fewest, and the bound it keeps within."""
        return {"optimal": False, "bound": self.bound}
