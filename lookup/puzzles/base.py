"""The query side of a puzzle: formats, drawing and answering from its table."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import numpy as np

from build_tables.engine import UNREACHABLE
from build_tables.puzzles import TablePuzzle

from ..drawing import side_by_side
from ..parsing import InputError, content_lines
from ..solution import Solution

if TYPE_CHECKING:
    from ..tables import Tables


def as_text(state: Any, separator: str) -> str:
    """A state given as a string, or as a sequence of its parts, as text."""
    if isinstance(state, str):
        return state
    if isinstance(state, (int, np.integer)):
        return str(state)
    if isinstance(state, np.ndarray):
        state = state.tolist()
    if isinstance(state, (list, tuple)):
        return separator.join(str(part) for part in state)
    raise InputError(f"cannot read a state from a {type(state).__name__}")


class QueryPuzzle(ABC):
    """A goal-directed puzzle answered by following parent moves to a goal.

    Subclasses give the formats (`parse`, `compact`, `read_original`,
    `original_output`), the drawing (`panel`) and the batch encoder
    (`indices`).
    """

    rules: TablePuzzle
    separator = " "
    """Joins the parts of a state given as a list into the compact form."""
    move_noun = ("move", "moves")
    steps_by_default = False

    @property
    def name(self) -> str:
        return self.rules.name

    # formats -----------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str) -> Any:
        """The board of one instance in the compact form."""

    @abstractmethod
    def compact(self, board: Any) -> str:
        """See the class docstring."""

    def read_original(self, text: str) -> list[Any]:
        """The boards of the original problem's input."""
        return [self.parse_original_board(content_lines(text))]

    @abstractmethod
    def parse_original_board(self, lines: list[tuple[int, str]]) -> Any:
        """See the class docstring."""

    @abstractmethod
    def original_output(self, solution: Solution) -> str:
        """See the class docstring."""

    def board(self, state: Any) -> Any:
        """The board of a state given in compact form, as a string or a list."""
        return self.parse(as_text(state, self.separator).strip())

    def move_value(self, move: int) -> Any:
        """A move as it appears in JSON."""
        return self.rules.move_names[move]

    def extra(self, boards: list[Any]) -> dict[str, Any]:
        """Further JSON fields of a solved instance."""
        return {}

    def unsolvable_reason(self, board: Any) -> str | None:
        """Why `board` can never reach a goal, decided from the board alone
        (an invariant of the moves); None if it can."""
        return None

    @abstractmethod
    def panel(self, board: Any) -> list[str]:
        """The board drawn as a few lines of text."""

    @abstractmethod
    def indices(self, states: Any) -> np.ndarray:
        """Table indices of a batch of states (vectorised)."""

    def encode_each(self, states: Any) -> np.ndarray:
        """Table indices of a batch, one state at a time (for the slower input forms)."""
        indices = np.empty(len(states), dtype=np.int64)
        for position, state in enumerate(states):
            try:
                indices[position] = self.rules.encode(self.board(state))
            except InputError as error:
                raise InputError(f"item {position}: {error}") from None
        return indices

    # answers -----------------------------------------------------------------
    def distance(self, tables: Tables, board: Any) -> int | None:
        distance = tables.array(self.name, "distance").item(self.rules.encode(board))
        return None if distance == UNREACHABLE else distance

    def distances(self, tables: Tables, states: Any) -> np.ndarray:
        distance = tables.array(self.name, "distance")[self.indices(states)].astype(np.int16)
        distance[distance == UNREACHABLE] = -1
        return distance

    def solve(self, tables: Tables, board: Any) -> Solution:
        rules = self.rules
        distance_table = tables.array(self.name, "distance")
        parent = tables.array(self.name, "parent")
        reason = self.unsolvable_reason(board)
        index = rules.encode(board)
        distance = distance_table.item(index)
        if reason is not None or distance == UNREACHABLE:
            reason = reason or "no goal can be reached from this board"
            return Solution(self.name, self.compact(board), None, [], [board], {"reason": reason})
        boards = [board]
        moves = []
        for _ in range(distance):
            move = int(parent[index])
            board = rules.apply(board, move)
            index = rules.encode(board)
            moves.append(move)
            boards.append(board)
        return Solution(
            self.name, self.compact(boards[0]), distance, self.ordered([self.move_value(m) for m in moves]),
            boards, self.extra(boards),
        )

    def ordered(self, moves: list[Any]) -> list[Any]:
        """The moves in the order they are reported (clocks sorts them)."""
        return moves

    def describe(self, solution: Solution, steps: bool) -> str:
        """A solution drawn for a person."""
        if not solution.solvable:
            reason = solution.extra["reason"]
            return "\n".join([f"{self.name} {solution.state}: unsolvable", reason, "", *self.panel(solution.boards[0])])
        count = f"{solution.distance} {self.move_noun[solution.distance != 1]}"
        lines = [f"{self.name} {solution.state}: {count}"]
        if solution.distance:
            lines.append(f"{self.move_noun[1]}: " + " ".join(self.move_label(m) for m in solution.moves))
        shown = solution.boards if steps else [solution.boards[0], solution.boards[-1]]
        captions = ["start"] + (
            [f"{i}: {self.move_label(m)}" for i, m in enumerate(solution.moves, 1)] if steps else ["goal"]
        )
        if not solution.distance:
            shown, captions = shown[:1], ["start (already a goal)"]
        lines += ["", side_by_side([self.panel(b) for b in shown], captions)]
        return "\n".join(lines)

    def move_label(self, move: Any) -> str:
        return str(move)

