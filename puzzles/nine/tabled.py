"""nine at sizes 2 and 4, answered exactly from a table (`nine-2.h5`,
`nine-4.h5`) over the dense numbering of the boards that meet the class rule
(`dense.py`: 70 boards at size 2, 70^4 = 24,010,000 at size 4). A board
breaking the rule has no number: it is unsolvable, and says why.

A board is a number as at size 3 (`board.Bits`); its table index is worked
out from two table lookups and one per class (`Numbering`), so one answer costs a few
microseconds, as at size 3.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np

from ..answers import Solution
from ..board_puzzle import BoardMany, BoardPuzzle, BoardStorage
from ..draws import DRAWN_AT_ONCE, bounded
from ..storage import TableReader
from .board import Board, bits
from .dense import PATTERN_RANK, PATTERNS, dense_index
from .family import AtSize, NineRules
from .formats import NineFormats
from .page import NinePage
from .terminal import NineTerminal


@dataclass(frozen=True)
class Numbering:
    """Between boards (numbers of 2n^2 bits) and their dense indices: per
    class c, A's and B's cells of a board as the class's pattern in byte c of
    `code_a[A] | code_b[B]`, and back, each digit's cells as bits of a board."""

    n: int
    code_a: np.ndarray
    code_b: np.ndarray
    code_a_list: list[int]
    code_b_list: list[int]
    rank: list[int]
    """The number of each pattern (a byte), -1 for a byte with other than four 1s."""
    cells_of: tuple[list[int], ...]
    """cells_of[c][digit]: the board bits of class c holding pattern `digit`."""

    def index(self, board: Board) -> int:
        """The dense index of a board; -1 if it breaks the class rule."""
        cells = self.n * self.n
        code = self.code_a_list[board >> cells] | self.code_b_list[board & ((1 << cells) - 1)]
        index, scale = 0, 1
        for _ in self.cells_of:
            digit = self.rank[code & 255]
            if digit < 0:
                return -1
            index += digit * scale
            code >>= 8
            scale *= len(PATTERNS)
        return index

    def indices(self, boards: np.ndarray) -> np.ndarray:
        """`index` of an array of boards."""
        cells = self.n * self.n
        code = self.code_a[boards >> cells] | self.code_b[boards & ((1 << cells) - 1)]
        index, scale = np.zeros(len(boards), dtype=np.int64), 1
        valid = np.ones(len(boards), dtype=bool)
        for place in range(len(self.cells_of)):
            digit = PATTERN_RANK[(code >> (8 * place)) & 255]
            valid &= digit >= 0
            index += digit * scale
            scale *= len(PATTERNS)
        return np.where(valid, index, -1)

    def board(self, index: int) -> Board:
        board = 0
        for cells in self.cells_of:
            index, digit = divmod(index, len(PATTERNS))
            board |= cells[digit]
        return board


@cache
def numbering(n: int) -> Numbering:
    """The tables of size n (even: the dense numbering's centre digit is not handled here)."""
    if n % 2 or n > 4:
        raise ValueError(f"the board numbering is made for sizes 2 and 4, not {n}")
    cells = n * n
    matrices = np.arange(1 << cells, dtype=np.int64)
    code_a, code_b = np.zeros_like(matrices), np.zeros_like(matrices)
    cells_of = []
    for place, orbit in enumerate(dense_index(n).orbits):
        shifts = [cells - 1 - (row * n + column) for row, column in orbit]
        held = []
        for j, shift in enumerate(shifts):
            code_a |= ((matrices >> shift) & 1) << (8 * place + j)
            code_b |= ((matrices >> shift) & 1) << (8 * place + 4 + j)
            held.append((PATTERNS >> j & 1) << (cells + shift) | (PATTERNS >> (4 + j) & 1) << shift)
        cells_of.append(np.bitwise_or.reduce(held).tolist())
    return Numbering(n, code_a, code_b, code_a.tolist(), code_b.tolist(), PATTERN_RANK.tolist(), tuple(cells_of))


class SizedStorage(BoardStorage):
    """The table of one size: `nine-N.h5`, built by `ninebase build --only nine --size N`."""

    puzzle: TabledNine

    def __init__(self, puzzle: TabledNine) -> None:
        super().__init__(puzzle)
        self.state_count = puzzle.dense.count
        self.encoding = (
            f"the boards meeting the class rule, size {puzzle.size}: each class's pattern (bit j A's cell at the "
            "j-th position of its orbit from its first in reading order, bit 4 + j B's) numbered among the 70 "
            "with four 1s in increasing order, the classes as digits in base 70, the first class least significant"
        )

    def goal_states(self) -> np.ndarray:
        return np.array([self.puzzle.dense.goal], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return self.puzzle.dense.predecessors(states)

    @property
    def table_name(self) -> str:
        return f"{self.puzzle.name}-{self.puzzle.size}"

    @property
    def build_selection(self) -> str:
        return f"--only {self.puzzle.name} --size {self.puzzle.size}"

    def unsolvable_sample(self, table: TableReader, count: int, seed: int) -> tuple[list[str], int]:
        """Boards breaking the class rule, which the table leaves out: random
        boards of the size, drawn by `seed`, kept where they break it (all but
        70 of the 256 at size 2; all but 0.56% at size 4), each once, in the
        order drawn (the draws do not depend on `count`)."""
        puzzle = self.puzzle
        boards = 1 << 2 * puzzle.bits.cells
        exist = boards - int(table.attrs()["reachable_count"])
        bounded(count, "unsolvable boards")  # size 4 has 4.3 billion
        rng, found = np.random.default_rng(seed), {}
        while len(found) < min(count, exist):
            drawn = rng.integers(0, boards, size=DRAWN_AT_ONCE, dtype=np.int64)
            found.update(dict.fromkeys(drawn[puzzle.numbering.indices(drawn) < 0].tolist()))
        return [puzzle.compact(board) for board in list(found)[:count]], exist

    def stats(self, table: TableReader) -> dict[str, Any]:
        """As every table's, with "states" every board of the size, as at size 3
        (2^(2n^2)), though the table holds only the boards meeting the class rule."""
        return {**super().stats(table), "states": 1 << 2 * self.puzzle.bits.cells}


class TabledMany(BoardMany):
    """Lines in compact form read at once into table indices; a line whose
    board breaks the class rule is left to the scalar reader, which says why."""

    puzzle: TabledNine

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        boards, valid = bits(self.puzzle.size).read_rows(lines)
        indices = self.puzzle.numbering.indices(np.where(valid, boards, 0))
        return np.maximum(indices, 0), valid & (indices >= 0)


class TabledNine(NineRules, BoardPuzzle):
    """nine at size 2 or 4, exact from its table of the boards meeting the class rule."""

    roles = replace(
        BoardPuzzle.roles,
        formats=NineFormats,
        terminal=NineTerminal,
        page=NinePage,
        many=TabledMany,
        storage=SizedStorage,
    )

    def __init__(self, n: int, at_size: AtSize) -> None:
        self.take_size(n, at_size)
        self.numbering = numbering(n)
        self.dense = dense_index(n)
        super().__init__()

    def encode(self, board: Board) -> int:
        return self.numbering.index(board)

    def decode(self, index: int) -> Board:
        return self.numbering.board(index)

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        after = np.empty_like(indices)
        for move in np.unique(moves).tolist():
            chosen = moves == move
            after[chosen] = self.dense.after(indices[chosen], move)
        return after

    def distance(self, table: TableReader, board: Board) -> int | None:
        return None if self.encode(board) < 0 else super().distance(table, board)

    def solve(self, table: TableReader, board: Board) -> Solution:
        if self.encode(board) < 0:  # no table index: it breaks the class rule
            return self.unsolvable(board)
        return super().solve(table, board)
