"""`BoardPuzzle`: the default `Puzzle` of one search over its boards. The
table holds every board's distance and parent move; one solution follows
the parents from its board, many follow them together (`puzzles.batch`).
Its roles: `BoardStorage` (the one search, which the builder runs),
`BoardMany` (boards read and answered many at once), `BoardFormats` (an
original input of one board) and `BoardCounting` (the optimal solutions:
their count kept in the table, the n-th found along the optimal moves).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from typing import Any

import numpy as np

from .answers import Replay, Solution
from .batch import AnswerColumns, follow_parents, row_texts
from .contract import NO_GOAL, Puzzle
from .paths import TableGraph, path_chunks
from .roles import Counting, ManyAtOnce, OriginalFormats, Roles, Storage
from .storage import SINGLE_SEARCH, UNREACHABLE, Search, TableReader
from .text import InputError, content_lines

PATH = "path steps"
"""The key under which `BoardPuzzle.prepare` keeps its table of path steps."""
PATH_CHUNK = 1 << 20
MOVE_BITS = 8


class BoardStorage(Storage, ABC):
    """The one search over a board puzzle's boards, whose table holds each
    board's distance and parent move at its index (the puzzle's `encode`):
    this role is itself the `Search` the builder runs. A subclass gives how
    many indices there are (`state_count`), how they number boards
    (`encoding`), the goals and the vectorised `predecessors`, which only
    the builder and verify ask; the puzzle keeps what its answers use
    (`encode`, `decode`, `advance`)."""

    required = ("encoding", "state_count")
    puzzle: BoardPuzzle
    state_count: int
    """How many indices the table holds (every board's is below it)."""

    @property
    def name(self) -> str:
        """The search's name in the builder's messages: the puzzle's."""
        return self.puzzle.name

    @property
    def move_names(self) -> tuple[str, ...]:
        """The search's moves: the puzzle's, in its order."""
        return self.puzzle.move_names

    @abstractmethod
    def goal_states(self) -> np.ndarray:
        """The indices of all goal boards."""

    @abstractmethod
    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        """See `Search.predecessors`."""

    def searches(self) -> Mapping[str, Search]:
        return {SINGLE_SEARCH: self}

    def sample_space(self, table: TableReader) -> tuple[np.ndarray, Callable[[int], str]]:
        distances = table.array("distance").astype(np.int64)
        distances[distances == UNREACHABLE] = -1
        return distances, lambda index: self.puzzle.compact(self.puzzle.decode(index))


class BoardMany(ManyAtOnce):
    """Boards many at once: a key is a board's index, and solutions follow
    the parent moves of every board together. By default a line is read by
    the puzzle's own `parse` (and kept only if written as `compact` writes
    it); a puzzle with many lines to read overrides `read_many` with a
    vectorised reader."""

    puzzle: BoardPuzzle

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        puzzle = self.puzzle
        keys, valid = np.zeros(len(lines), dtype=np.int64), np.zeros(len(lines), dtype=bool)
        for row, text in enumerate(row_texts(lines)):
            try:
                board = puzzle.parse(text)
            except InputError:
                continue
            if puzzle.compact(board) == text:
                keys[row], valid[row] = puzzle.encode(board), True
        return keys, valid

    def distances_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        distance = table.array("distance")[keys].astype(np.int16)
        distance[distance == UNREACHABLE] = -1
        return distance

    def solve_many(self, table: TableReader | None, keys: np.ndarray) -> AnswerColumns:
        """Follows the parent moves of every solvable board at once."""
        puzzle = self.puzzle
        distance = self.distances_of(table, keys)
        solvable = distance >= 0
        first = keys[solvable]
        moves, last = follow_parents(table.array("parent").__getitem__, first, distance[solvable], puzzle.advance)
        reasons = self.unsolvable_reasons(keys[~solvable])
        moves = np.sort(moves, axis=1) if puzzle.moves_sorted else moves  # PADDING sorts last
        return AnswerColumns(distance, moves, puzzle.extras(first, last), {"reason": reasons})

    def unsolvable_reasons(self, indices: np.ndarray) -> list[str]:
        """The reason of each unsolvable board (as `solve` gives it). By default one board at a time."""
        puzzle = self.puzzle
        return [puzzle.unsolvable_reason(puzzle.decode(index)) or NO_GOAL for index in indices.tolist()]


class BoardFormats(OriginalFormats):
    """An original input that holds one board."""

    @abstractmethod
    def read_board(self, lines: list[tuple[int, str]]) -> Any:
        """The one board of the original input's non-blank lines (numbered from 1)."""

    def read(self, text: str) -> list[Any]:
        return [self.read_board(content_lines(text))]


class BoardCounting(Counting):
    """Each board's optimal move sequences, kept in the table (`count`); the
    n-th solution goes down the moves in move order, passing over the
    solutions that start with an earlier optimal move by their counts."""

    puzzle: BoardPuzzle

    def count(self, table: TableReader | None, board: Any) -> int:
        return int(table.array("count").item(self.puzzle.encode(board)))

    def counts_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        return table.array("count")[keys].astype(np.uint64)

    def nth(self, table: TableReader | None, board: Any, number: int) -> list[int]:
        puzzle = self.puzzle
        distance, count = table.array("distance"), table.array("count")
        index = puzzle.encode(board)
        moves: list[int] = []
        for closer in range(distance.item(index) - 1, -1, -1):
            for move, after in puzzle.successors(board) or []:
                following = puzzle.encode(after)
                if distance.item(following) != closer:
                    continue
                ways = count.item(following)
                if number < ways:
                    board, index = after, following
                    moves.append(move)
                    break
                number -= ways
        return moves

    def own_extra(self, board: Any, chunk: np.ndarray) -> list[dict[str, Any]] | None:
        """`extra` from each solution's own last board, found by `advance`
        a column of moves at a time (eight's goal and sansu's final tile)."""
        puzzle = self.puzzle
        if not puzzle.extra_fields:
            return None
        first = np.full(len(chunk), puzzle.encode(board), dtype=np.int64)
        last = first
        for moves in chunk.T:
            last = puzzle.advance(last, moves.astype(np.int64))
        columns = puzzle.extras(first, last)
        return [dict(zip(columns, values, strict=True)) for values in zip(*columns.values(), strict=True)]

    def solution_chunks(self, table: TableReader | None, board: Any, limit: int) -> Iterator[np.ndarray]:
        """Every optimal solution in order: `BoardPuzzle.optimal_moves`."""
        return self.puzzle.optimal_moves(table, board, limit)


class BoardPuzzle(Puzzle):
    """A puzzle of one search over its boards: the table holds every
    board's distance and parent move, and a solution follows the parents.
    Subclasses give the rules (`parse`, `compact`, `apply`, `is_goal`) and
    the boards' indices in the table (`encode`, `decode`: by default a board
    is its own index), and declare their storage, a `BoardStorage` that is
    the search the builder runs (`goal_states`, vectorised `predecessors`)."""

    moves_sorted = False
    """Whether a solution lists its moves sorted by index rather than in the
    order played (clocks: its moves commute, and its original output lists
    them ascending)."""
    extra_fields: tuple[str, ...] = ()
    """The further JSON fields each solution carries (`extra`, `extras`):
    eight's goal, sansu's final tile; none by default."""

    roles = Roles(many=BoardMany, storage=BoardStorage, counting=BoardCounting)

    # The boards' indices -------------------------------------------------------------
    def encode(self, board: Any) -> int:
        """The board's index in the table (below `storage.state_count`); by
        default the board itself, where boards are whole numbers."""
        return board

    def decode(self, index: int) -> Any:
        """The board of an index; by default the index itself."""
        return index

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The index after move `moves[i]` from board `indices[i]`, for every i
        (-1 where the move is illegal): `apply` for many boards. By default
        one board at a time."""
        pairs = zip(indices.tolist(), moves.tolist(), strict=True)
        after = [self.apply(self.decode(index), move) for index, move in pairs]
        return np.array([-1 if board is None else self.encode(board) for board in after], dtype=np.int64)

    # Answers --------------------------------------------------------------------
    @cached_property
    def move_values(self) -> tuple[Any, ...]:
        """`move_value` of every move, by index."""
        return tuple(self.move_value(move) for move in range(len(self.move_names)))

    def extra(self, boards: list[Any]) -> dict[str, Any]:
        """Further JSON fields of a solved instance (those of `extra_fields`), from its first and last board only."""
        return {}

    def extras(self, first: np.ndarray, last: np.ndarray) -> dict[str, list[Any]]:
        """`extra` for many solutions (`solve_many`, and each optimal
        solution's own in `Counting.own_extra`), from the index of each one's
        first and last board: one list per field. By default `extra` one
        solution at a time, where the puzzle declares `extra_fields`."""
        if not self.extra_fields:
            return {}
        columns: dict[str, list[Any]] = {}
        for start, end in zip(first.tolist(), last.tolist(), strict=True):
            for name, value in self.extra([self.decode(start), self.decode(end)]).items():
                columns.setdefault(name, []).append(value)
        return columns

    def optimal_moves(self, table: TableReader, board: Any, limit: int) -> Iterator[np.ndarray]:
        """The first `limit` optimal solutions of a solvable board in move
        order (see `Counting.solution_chunks`): a walk down the optimal moves
        (`paths`), many boards a step at a time with `advance`."""
        distance = table.array("distance")
        start = self.encode(board)
        moves = range(len(self.move_names))
        graph = TableGraph(self.advance, moves, distance, table.array("count"))
        return path_chunks(graph, [start], distance.item(start), limit)

    def distance(self, table: TableReader, board: Any) -> int | None:  # always a table: one search stored
        distance = table.array("distance").item(self.encode(board))
        return None if distance == UNREACHABLE else distance

    def solve(self, table: TableReader, board: Any) -> Solution:
        distance_table = table.array("distance")
        parent = table.array("parent")
        index = self.encode(board)
        distance = distance_table.item(index)
        if distance == UNREACHABLE:
            reason = self.unsolvable_reason(board) or NO_GOAL
            return Solution(self.name, self.compact(board), None, [], [board], {"reason": reason})
        path = table.kept(PATH)
        if path is None:
            boards = [board]
            moves = []
            for _ in range(distance):
                move = parent.item(index)
                boards.append(self.apply(boards[-1], move))
                index = self.encode(boards[-1])
                moves.append(move)
        else:  # prepared: the path is lookups, and the boards between are left for whoever asks
            moves = []
            mask = (1 << MOVE_BITS) - 1
            for _ in range(distance):
                step = path[index]
                moves.append(step & mask)
                index = step >> MOVE_BITS
            boards = Replay(board, self.goal_board(index), moves, self.apply)
        values, indices = self.move_values, sorted(moves) if self.moves_sorted else moves
        return Solution(
            self.name,
            self.compact(board),
            distance,
            [values[m] for m in indices],
            boards,
            self.extra(boards),
            indices=indices,
        )

    def prepare(self, table: TableReader) -> None:
        """Works out, for every board, its parent move and the index that
        move leads to, in one number (eight: 0.23 s and 13 MB), so that
        `solve` follows a path by lookups instead of applying and encoding
        each move (and decodes only the goal it reaches, once per goal)."""
        table.derived(PATH, lambda: memoryview(self.path_steps(table)))  # indexing a memoryview is quicker

    def path_steps(self, table: TableReader) -> np.ndarray:
        """See `prepare`: index after the parent move << MOVE_BITS | the move (0 where there is none)."""
        distance, parent = table.array("distance"), table.array("parent")
        wide = (distance.size << MOVE_BITS) >= 2**32
        result = np.zeros(distance.size, dtype=np.uint64 if wide else np.uint32)
        for start in range(0, distance.size, PATH_CHUNK):
            indices = np.arange(start, min(start + PATH_CHUNK, distance.size))
            steps = distance[indices]
            walking = indices[(steps != UNREACHABLE) & (steps > 0)]
            moves = parent[walking]
            result[walking] = self.advance(walking, moves).astype(result.dtype) << MOVE_BITS | moves
        return result

    def goal_board(self, index: int) -> Any:
        """The board of a goal index, decoded once."""
        board = self._goal_boards.get(index)
        if board is None:
            board = self._goal_boards.setdefault(index, self.decode(index))
        return board

    @cached_property
    def _goal_boards(self) -> dict[int, Any]:
        return {}
