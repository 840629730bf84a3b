"""The query side of a puzzle: formats, drawing and answering from its table."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import numpy as np

from build_tables.engine import UNREACHABLE
from build_tables.puzzles import TablePuzzle

from ..drawing import highlight_changes, histogram, side_by_side
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
    """What the CLI and the API need of every puzzle: its formats, its
    answers from the tables, and its drawing."""

    rules: TablePuzzle
    separator = " "
    """Joins the parts of a state given as a list into the compact form."""
    move_noun = ("move", "moves")
    steps_by_default = False
    needs_tables = True

    @property
    def name(self) -> str:
        return self.rules.name

    @abstractmethod
    def parse(self, text: str) -> Any:
        """The instance in compact form (raises InputError)."""

    @abstractmethod
    def compact(self, board: Any) -> str:
        """The compact form of an instance."""

    @abstractmethod
    def read_original(self, text: str) -> list[Any]:
        """The instances of the original problem's input (raises InputError)."""

    @abstractmethod
    def judge(self, tables: Tables, instances: list[Any]) -> str:
        """The original problem's output for the instances of its input."""

    @abstractmethod
    def distance(self, tables: Tables, board: Any) -> int | None:
        """Fewest moves, None when unsolvable."""

    @abstractmethod
    def distances(self, tables: Tables, states: Any) -> np.ndarray:
        """Fewest moves for a batch, -1 when unsolvable."""

    @abstractmethod
    def solve(self, tables: Tables, board: Any) -> Solution:
        """An optimal solution."""

    @abstractmethod
    def panel(self, board: Any) -> list[str]:
        """A board drawn as a few lines of text."""

    def stats(self, tables: Tables) -> str:
        """State counts, the largest distance and the distance histogram."""
        attrs = tables.file(self.name).attrs
        counts = [int(count) for count in attrs["histogram"]]
        return "\n".join([
            f"{self.name}: {int(attrs['state_count']):,} states, {int(attrs['reachable_count']):,} reachable, "
            f"largest distance {int(attrs['max_distance'])} ({counts[-1]:,} states)",
            *histogram(counts),
        ])

    def board(self, state: Any) -> Any:
        """The instance of a state given in compact form, as a string or a list."""
        if type(state) is str:  # the common case, kept short: it is on every query's path
            return self.parse(state.strip())
        return self.parse(as_text(state, self.separator).strip())

    def step_fields(self, solution: Solution) -> dict[str, Any]:
        """JSON fields that show every step, for `solve --steps --json`."""
        return {"boards": [self.compact(board) for board in solution.boards[1:]]}

    def move_label(self, move: Any) -> str:
        return str(move)

    def encode_each(self, states: Any, encode: Any) -> np.ndarray:
        """`encode` applied to each parsed state of a batch (for the slower input forms)."""
        values = np.empty(len(states), dtype=np.int64)
        for position, state in enumerate(states):
            try:
                values[position] = encode(self.board(state))
            except InputError as error:
                raise InputError(f"item {position}: {error}") from None
        return values

    def describe(self, solution: Solution, steps: bool, target: str = "goal") -> str:
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
            [f"{i}: {self.move_label(m)}" for i, m in enumerate(solution.moves, 1)] if steps else [target]
        )
        if not solution.distance:
            shown, captions = shown[:1], [f"start (already the {target})"]
        panels = highlight_changes([self.panel(b) for b in shown], self.colour) if steps else [self.panel(b) for b in shown]
        lines += ["", side_by_side(panels, captions)]
        return "\n".join(lines)

    def colour(self, token: str) -> str:
        """A board's token styled for a terminal (the cube colours its faces)."""
        return token


class GoalQuery(QueryPuzzle):
    """A puzzle with one table over its states, answered by following parent
    moves from the state to a goal. Subclasses add the formats
    (`parse_original_board`, `original_output`) and the batch encoder
    (`indices`)."""

    def read_original(self, text: str) -> list[Any]:
        return [self.parse_original_board(content_lines(text))]

    @abstractmethod
    def parse_original_board(self, lines: list[tuple[int, str]]) -> Any:
        """The one board of the original input's non-blank lines."""

    @abstractmethod
    def original_output(self, solution: Solution) -> str:
        """The original output for one solution."""

    @abstractmethod
    def indices(self, states: Any) -> np.ndarray:
        """Table indices of a batch of states (vectorised)."""

    def judge(self, tables: Tables, instances: list[Any]) -> str:
        return "".join(self.original_output(self.solve(tables, board)) for board in instances)

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

    def ordered(self, moves: list[Any]) -> list[Any]:
        """The moves in the order they are reported (clocks sorts them)."""
        return moves

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
            move = parent.item(index)
            board = rules.apply(board, move)
            index = rules.encode(board)
            moves.append(move)
            boards.append(board)
        return Solution(
            self.name, self.compact(boards[0]), distance, self.ordered([self.move_value(m) for m in moves]),
            boards, self.extra(boards),
        )
