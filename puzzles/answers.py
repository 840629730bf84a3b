"""The answer objects every puzzle returns: a solution, the probe view with
its successors, and an answer read back from the original output format."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, overload


@dataclass(frozen=True)
class Solution:
    """An optimal answer: `distance` moves (None when unsolvable) and the moves.

    `boards` holds the position before the first move and after every move,
    in the puzzle's own board representation; `extra` holds the puzzle's
    further JSON fields (sansu's `final`, an unsolvable board's `reason`, ...).
    """

    puzzle: str
    state: str
    distance: int | None
    moves: list[Any]
    boards: Sequence[Any] = field(repr=False)
    extra: dict[str, Any] = field(default_factory=dict)
    count: int | None = None
    """How many optimal move sequences the state has (this is one of them), where known."""
    indices: list[int] | None = field(default=None, repr=False, compare=False)
    """The moves as the puzzle's own move numbers (indices into its `move_names`;
    `moves` holds their JSON values, written at the edge): what a front end
    plays them by. Every puzzle's solvable answer has them; None where not known."""

    @property
    def solvable(self) -> bool:
        return self.distance is not None

    def to_dict(self) -> dict[str, Any]:
        """The JSON answer pinned in puzzles.md."""
        answer = {"puzzle": self.puzzle, "state": self.state, "distance": self.distance, "moves": self.moves}
        if self.count is not None:
            answer["count"] = str(self.count)  # a string: clocks' counts pass 2**53, where JSON numbers lose digits
        return {**answer, **self.extra}


class Replay(Sequence[Any]):
    """The boards of a solution known by its first and last board and its
    moves: the boards between are worked out (by applying the moves) only
    if something asks for them, so an answer that shows only the ends of
    its path does not pay for the rest."""

    def __init__(self, first: Any, last: Any, moves: list[int], apply: Callable[[Any, int], Any]) -> None:
        """`last` may be None: then it too is worked out when asked for."""
        self._ends, self._moves, self._apply = (first, last), moves, apply
        self._boards: list[Any] | None = None

    def _all(self) -> list[Any]:
        if self._boards is None:
            boards = [self._ends[0]]
            for move in self._moves:
                boards.append(self._apply(boards[-1], move))
            self._boards = boards
        return self._boards

    def __len__(self) -> int:
        return len(self._moves) + 1

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if (index == -1 or index == len(self._moves)) and self._ends[1] is not None:
            return self._ends[1]
        if index == 0 or index == -len(self):
            return self._ends[0]
        return self._all()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # equal to a list, so unhashable like one


@dataclass(frozen=True)
class Successor:
    """One legal move, the compact state it leads to, that state's exact distance and its optimal move sequences."""

    move: Any
    state: str
    distance: int | None
    count: int | None = None
    """The optimal move sequences from the state the move leads to, where known."""
    index: int | None = None
    """The move's index into the puzzle's `move_names` (`move` is its JSON value), where known:
    what a front end plays it by."""

    def to_dict(self) -> dict[str, Any]:
        answer = {"move": self.move, "state": self.state, "distance": self.distance}
        if self.count is not None:
            answer["count"] = str(self.count)
        return answer


@dataclass(frozen=True)
class Probe:
    """The tablebase view of a position: its solution, the unit of its
    distance, and every legal move with the exact distance after it, best
    first (None where the compact form is a question, not a board)."""

    solution: Solution
    unit: str
    successors: list[Successor] | None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def distance(self) -> int | None:
        return self.solution.distance

    @property
    def solvable(self) -> bool:
        return self.solution.solvable

    def to_dict(self) -> dict[str, Any]:
        """The probe object pinned in service.md."""
        answer = {**self.solution.to_dict(), "unit": self.unit, "solvable": self.solvable}
        if self.successors is not None:
            answer["successors"] = [successor.to_dict() for successor in self.successors]
        return {**answer, **self.extra}


@dataclass(frozen=True)
class ProposedAnswer:
    """One answer read from the original output format, for `ninebase check`:
    the count it states (None if the format has none), the moves it lists
    (None if the format lists none) and the board it claims to reach."""

    count: int | None
    moves: list[str] | None = None
    final: Any = None


class Change(NamedTuple):
    """What one move does to one cell of a drawing (cells are the `data-cell`
    numbers of the puzzle's `svg`), so the page can light the cell and
    animate it: where its content comes from and how far it turns."""

    source: int
    """The cell whose content moves here; the cell itself when it stays."""
    turn: int = 0
    """Degrees the content turns on the way, clockwise (negative: the other way)."""
