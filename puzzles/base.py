"""What a puzzle is, for every other part of ninebase.

A puzzle is one object (one module each) that owns everything about it:
how a state is read, written and numbered, its moves and goals, why a board
can be unsolvable, its original input and output formats, how it is drawn,
the unit of its distance, and what the builder stores for it. The builder,
the query layer, the CLI and the HTTP service ask the puzzle through the
hooks below and never test which puzzle they hold.

Two kinds share this interface: a `BoardPuzzle` (sansu, clocks, eight,
nine) is one search over its boards, answered by following stored parent
moves; the cube overrides the hooks for its questions (a start square and a
target pattern), answered through board symmetry and pattern tables.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, Protocol

import numpy as np

from .batch import PADDING, Answers, OriginalStream, WholeInput, follow_parents
from .text import InputError, all_valid, as_text, content_lines, plural, shown

UNREACHABLE = 255
"""Stored distance of a state from which no goal can be reached."""

SINGLE_SEARCH = "search"
"""Group name of the one search of a puzzle that needs only one."""

NO_GOAL = "no goal can be reached from this board"
"""The reason of an unsolvable board when the puzzle knows no better one."""


@dataclass(frozen=True)
class Packed:
    """An array of small unsigned values stored `bits` (1, 2, 4 or 8) per value."""

    values: np.ndarray
    bits: int = 8


def bits_for(move_count: int) -> int:
    """Smallest packing width (2, 4 or 8 bits) that holds a move index."""
    for bits in (2, 4):
        if move_count <= 1 << bits:
            return bits
    return 8


class Search(Protocol):
    """One breadth-first search, as the builder's engine runs it."""

    name: str
    state_count: int
    move_names: Sequence[str]

    def goal_states(self) -> np.ndarray:
        """The indices of all goal states."""
        ...

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        """For each move m (in move order), the states t with m(t) in `states`.

        Entry i of the m-th array is the state that move m takes to
        ``states[i]``, or -1 where there is none. `states` comes sorted
        ascending.
        """
        ...


class TableReader(Protocol):
    """Read access to one puzzle's table file, as the query layer gives it."""

    def array(self, dataset: str, group: str = SINGLE_SEARCH) -> np.ndarray:
        """One dataset, unpacked and checked, kept in memory once loaded."""
        ...

    def attrs(self, group: str | None = None) -> Mapping[str, Any]:
        """The attributes of the file (group None) or of one group."""
        ...


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
    boards: list[Any] = field(repr=False)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def solvable(self) -> bool:
        return self.distance is not None

    def to_dict(self) -> dict[str, Any]:
        """The JSON answer pinned in puzzles.md."""
        return {
            "puzzle": self.puzzle,
            "state": self.state,
            "distance": self.distance,
            "moves": self.moves,
            **self.extra,
        }


@dataclass(frozen=True)
class Successor:
    """One legal move, the compact state it leads to and that state's exact distance."""

    move: Any
    state: str
    distance: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "state": self.state, "distance": self.distance}


@dataclass(frozen=True)
class Probe:
    """The tablebase view of a position: its solution, the unit of its
    distance, and every legal move with the exact distance after it, best
    first (None for the cube, whose compact form is a question, not a board)."""

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


def grid(cells: Sequence[str], columns: int = 3) -> list[str]:
    """Rows of a board whose cells are given in reading order."""
    return [" ".join(cells[row : row + columns]) for row in range(0, len(cells), columns)]


def histogram_lines(counts: Sequence[int], label: str, width: int = 40) -> list[str]:
    """One line per distance: the count and a bar scaled to the largest count."""
    widest = max(counts)
    lines = [f"{label:>8} {'count':>12}"]
    for distance, count in enumerate(counts):
        bar = "#" * max(1 if count else 0, round(width * count / widest))
        lines.append(f"{distance:>8} {count:>12,}  {bar}")
    return lines


def svg(width: int, height: int, body: str, label: str) -> str:
    """An inline SVG drawing with a text alternative for screen readers."""
    return (
        f'<svg class="board" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
        f'xmlns="http://www.w3.org/2000/svg">{body}</svg>'
    )


def cells_svg(labels: Sequence[str], fills: Sequence[str], left: int = 0, size: int = 60) -> str:
    """A 3x3 grid of labelled squares (reading order), `left` pixels from the edge."""
    parts = []
    for cell, (label, fill) in enumerate(zip(labels, fills, strict=True)):
        x, y = left + cell % 3 * size, cell // 3 * size
        parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{size - 4}" height="{size - 4}" rx="6" fill="{fill}"/>')
        if label:
            parts.append(
                f'<text x="{x + size / 2}" y="{y + size / 2}" dy="0.35em" text-anchor="middle" '
                f'font-size="{size * 0.45:.0f}">{escape(label)}</text>'
            )
    return "".join(parts)


def read_integer(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{what} is {shown(text)}, not a whole number") from None


class Puzzle(ABC):
    """Everything other code may ask of a puzzle. Subclasses set the class
    attributes and implement the abstract hooks; the others have defaults
    that suit most puzzles."""

    name: str
    unit: tuple[str, str] = ("move", "moves")
    """What a distance counts, singular and plural."""
    move_names: tuple[str, ...]
    """Every move's name, in the puzzle's move order (which breaks ties)."""
    encoding: str
    """How a state is numbered in the table, in words (stored in the file)."""
    compact_help: str
    """The compact form, in words, with an example."""
    original_help: str
    """The original problem's input format, in words, with an example."""
    separator = " "
    """Joins the parts of a state given as a list into the compact form."""
    needs_tables = True
    steps_by_default = False
    original_answer_limit: int | None = None
    """The original judge's cap on an answer's length, if it has one."""

    # Reading and writing states -------------------------------------------
    @abstractmethod
    def parse(self, text: str) -> Any:
        """The instance in compact form (raises InputError)."""

    @abstractmethod
    def compact(self, board: Any) -> str:
        """The compact form of an instance."""

    def board(self, state: Any) -> Any:
        """The instance of a state given in compact form, as a string or a list."""
        if type(state) is str:  # the common case, kept short: it is on every query's path
            return self.parse(state.strip())
        return self.parse(as_text(state, self.separator).strip())

    def encode_each(self, states: Any, encode: Callable[[Any], int]) -> np.ndarray:
        """`encode` applied to each parsed state of a batch (for the slower input forms)."""
        values = np.empty(len(states), dtype=np.int64)
        for position, state in enumerate(states):
            try:
                values[position] = encode(self.board(state))
            except InputError as error:
                raise InputError(f"item {position}: {error}") from None
        return values

    # The table: what the builder searches and stores, and verify reads back
    @abstractmethod
    def searches(self) -> Mapping[str, Search]:
        """The searches whose results make up this puzzle's table file, by group name."""

    def distance_groups(self) -> tuple[str, ...]:
        """The groups whose distances make up the puzzle's histogram and counts."""
        return tuple(self.searches())

    def store(self, group: str, distance: np.ndarray, parent: np.ndarray) -> dict[str, Packed]:
        """The datasets kept from one search."""
        return {"distance": Packed(distance), "parent": Packed(parent, bits_for(len(self.move_names)))}

    def stored_search(self, group: str, datasets: Mapping[str, np.ndarray]) -> tuple[np.ndarray | None, np.ndarray]:
        """Inverse of `store` for verify: per state of the search, its
        distance (None where only the parents are stored) and parent move."""
        return datasets["distance"], datasets["parent"]

    def file_attrs(self) -> dict[str, Any]:
        return {"puzzle": self.name, "encoding": self.encoding, "move_names": list(self.move_names)}

    # Answers from the table -------------------------------------------------
    @abstractmethod
    def distance(self, table: TableReader, board: Any) -> int | None:
        """Fewest moves, None when unsolvable."""

    @abstractmethod
    def distances(self, table: TableReader, states: Any) -> np.ndarray:
        """Fewest moves for a batch of compact states, as int16 (-1 when unsolvable)."""

    @abstractmethod
    def solve(self, table: TableReader, board: Any) -> Solution:
        """An optimal solution."""

    def successors(self, board: Any) -> list[tuple[int, Any]] | None:
        """Every legal move (its index) with the board it leads to, in move
        order; None where the compact form is not a board (the cube)."""
        result = []
        for move in range(len(self.move_names)):
            after = self.apply(board, move)
            if after is not None:
                result.append((move, after))
        return result

    def probe_fields(self, solution: Solution) -> dict[str, Any]:
        """Further fields of the probe object."""
        return {}

    def step_fields(self, solution: Solution) -> dict[str, Any]:
        """JSON fields that show every step, for `solve --steps --json`."""
        return {"boards": [self.compact(board) for board in solution.boards[1:]]}

    def stats(self, table: TableReader) -> dict[str, Any]:
        """The stats object of service.md: states, solvable, max_distance, histogram."""
        attrs = table.attrs()
        return {
            "puzzle": self.name,
            "states": int(attrs["state_count"]),
            "solvable": int(attrs["reachable_count"]),
            "max_distance": int(attrs["max_distance"]),
            "histogram": [int(count) for count in attrs["histogram"]],
        }

    def stats_text(self, table: TableReader) -> str:
        """The stats for people: counts, the largest distance and the histogram."""
        stats = self.stats(table)
        counts = stats["histogram"]
        return "\n".join(
            [
                f"{self.name}: {plural(stats['states'], 'state')}, {stats['solvable']:,} of them can reach a goal; "
                f"the farthest need {plural(stats['max_distance'], *self.unit)} ({plural(counts[-1], 'state')})",
                *histogram_lines(counts, self.unit[1]),
            ]
        )

    def sample_space(self, table: TableReader) -> tuple[np.ndarray, Callable[[int], str]]:
        """Every instance's distance (-1: unsolvable) and a way to write instance i in compact form."""
        distances = table.array("distance").astype(np.int64)
        distances[distances == UNREACHABLE] = -1
        return distances, lambda index: self.compact(self.decode(index))

    def variant(self, hours: int | None, backward: bool) -> Puzzle:
        """The rules with other dials or backward moves, if the puzzle has such variants."""
        raise InputError(f"{self.name} has no --hours or --backward variant")

    # Moves ------------------------------------------------------------------
    @abstractmethod
    def encode(self, board: Any) -> int:
        """The board's index in the table."""

    @abstractmethod
    def decode(self, index: int) -> Any:
        """The board of an index."""

    @abstractmethod
    def apply(self, board: Any, move: int) -> Any | None:
        """The board after `move` (an index into move_names); None if illegal there."""

    def move_value(self, move: int) -> Any:
        """A move as it appears in JSON."""
        return self.move_names[move]

    def move_label(self, value: Any) -> str:
        """A move's JSON value written for people."""
        return str(value)

    def ordered(self, moves: list[Any]) -> list[Any]:
        """The moves in the order they are reported (clocks sorts them)."""
        return moves

    def unsolvable_reason(self, board: Any) -> str | None:
        """Why `board` can never reach a goal, decided from the board alone
        (an invariant of the moves); None if it can."""
        return None

    # The original problem's formats ----------------------------------------
    @abstractmethod
    def read_original(self, text: str) -> list[Any]:
        """The instances of the original problem's input (raises InputError)."""

    @abstractmethod
    def original_output(self, solution: Solution) -> str:
        """The original output for one solution."""

    def original_count(self, distance: int | None) -> int:
        """The count the original output gives for an instance at `distance`."""
        return -1 if distance is None else distance

    def judge(self, table: TableReader, instances: list[Any]) -> str:
        """The original problem's output for the instances of its input."""
        return "".join(self.original_output(self.solve(table, instance)) for instance in instances)

    @abstractmethod
    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        """The answers in the original output format for `count` instances (raises InputError)."""

    def reachable_reason(self, table: TableReader, board: Any, answer: ProposedAnswer) -> str | None:
        """For a format that names the board reached rather than the moves:
        why `answer` is impossible from `board`; None if it is possible."""
        raise NotImplementedError

    # Drawing ----------------------------------------------------------------
    @abstractmethod
    def panel(self, board: Any) -> list[str]:
        """A board drawn as a few lines of text."""

    def token_colour(self, token: str) -> str | None:
        """The terminal colour of a token of the drawing (None: plain)."""
        return None

    def heading(self, solution: Solution) -> str:
        """The head of a solution written for people."""
        return f"{self.name} {solution.state}"

    goal_caption = "goal"
    """What the last board of a solution is called in drawings."""

    @abstractmethod
    def svg(self, board: Any) -> str:
        """The board drawn as it really looks, as inline SVG (for the explorer page)."""

    def board_caption(self, board: Any) -> str:
        """What the drawn board is, where the drawing alone would not say (the cube's start)."""
        return ""

    def example(self) -> str:
        """A compact state to show first: the compact form's own example."""
        return self.compact_help.rsplit("e.g. ", 1)[1]

    # Many instances at once (lookup.bulk) -------------------------------------
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Keys (int64, for `solve_many` and `distances_of`) of the rows of an
        (n, width) uint8 array of lines, and which rows were read. Rows hold
        printable ASCII, zero-padded, with no space at either end. Read only a
        row written exactly as `compact` writes its instance (the answers echo
        it as their state); every other row is read one by one with `board`,
        which names what is wrong. By default no row is read here."""
        return np.zeros(len(lines), dtype=np.int64), np.zeros(len(lines), dtype=bool)

    def distances_of(self, table: TableReader, keys: np.ndarray) -> np.ndarray:
        """Fewest moves for keys from `read_many`, as int16 (-1 when unsolvable)."""
        raise NotImplementedError(f"{self.name} reads no lines all at once (read_many)")

    def solve_many(self, table: TableReader, keys: np.ndarray) -> Answers:
        """`solve` for keys from `read_many`, all at once: the same moves,
        tie-breaks and fields for each key."""
        raise NotImplementedError(f"{self.name} reads no lines all at once (read_many)")

    def original_stream(self) -> OriginalStream:
        """A reader of the original input as it arrives, which answers each
        instance once it is complete; by default the input is kept until it
        ends, then read and judged (an input of one instance)."""
        return WholeInput(self)


class BoardPuzzle(Puzzle):
    """A puzzle of one search over its boards: the table holds every
    board's distance and parent move, and a solution follows the parents.
    Subclasses give the rules (`goal_states`, vectorised `predecessors`,
    scalar `apply`, `is_goal`) and the formats."""

    state_count: int

    def searches(self) -> Mapping[str, Search]:
        return {SINGLE_SEARCH: self}

    @abstractmethod
    def goal_states(self) -> np.ndarray:
        """The indices of all goal boards."""

    @abstractmethod
    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        """See `Search.predecessors`."""

    @abstractmethod
    def is_goal(self, board: Any) -> bool:
        """Whether the board is solved."""

    @abstractmethod
    def indices(self, states: Any) -> np.ndarray:
        """Table indices of a batch of states (vectorised; raises InputError naming the item)."""

    @abstractmethod
    def parse_original_board(self, lines: list[tuple[int, str]]) -> Any:
        """The one board of the original input's non-blank lines."""

    def read_original(self, text: str) -> list[Any]:
        return [self.parse_original_board(content_lines(text))]

    def extra(self, boards: list[Any]) -> dict[str, Any]:
        """Further JSON fields of a solved instance."""
        return {}

    def distance(self, table: TableReader, board: Any) -> int | None:
        distance = table.array("distance").item(self.encode(board))
        return None if distance == UNREACHABLE else distance

    def distances(self, table: TableReader, states: Any) -> np.ndarray:
        distance = table.array("distance")[self.indices(states)].astype(np.int16)
        distance[distance == UNREACHABLE] = -1
        return distance

    def solve(self, table: TableReader, board: Any) -> Solution:
        distance_table = table.array("distance")
        parent = table.array("parent")
        index = self.encode(board)
        distance = distance_table.item(index)
        if distance == UNREACHABLE:
            reason = self.unsolvable_reason(board) or NO_GOAL
            return Solution(self.name, self.compact(board), None, [], [board], {"reason": reason})
        boards = [board]
        moves = []
        for _ in range(distance):
            move = parent.item(index)
            board = self.apply(board, move)
            index = self.encode(board)
            moves.append(move)
            boards.append(board)
        return Solution(
            self.name,
            self.compact(boards[0]),
            distance,
            self.ordered([self.move_value(m) for m in moves]),
            boards,
            self.extra(boards),
        )

    def parse_move(self, text: str) -> int | None:
        """The index of a move written as in the original output; None if there is no such move."""
        return self.move_names.index(text) if text in self.move_names else None

    def valid_indices(self, states: Any, valid: np.ndarray, indices: np.ndarray) -> np.ndarray:
        """`indices` when the vectorised reader accepted every item; otherwise
        the batch read item by item (which names the first bad item)."""
        if all_valid(valid, states, self.board):
            return indices
        return self.encode_each(states, self.encode)

    # Many boards at once: the hooks the vectorised solve stands on ----------------
    def distances_of(self, table: TableReader, keys: np.ndarray) -> np.ndarray:
        distance = table.array("distance")[keys].astype(np.int16)
        distance[distance == UNREACHABLE] = -1
        return distance

    def solve_many(self, table: TableReader, keys: np.ndarray) -> Answers:
        """Follows the parent moves of every solvable board at once."""
        distance = self.distances_of(table, keys)
        solvable = distance >= 0
        first = keys[solvable]
        moves, last = follow_parents(table.array("parent").__getitem__, first, distance[solvable], self.advance)
        reasons = self.unsolvable_reasons(keys[~solvable])
        return Answers(distance, self.ordered_many(moves), self.extra_many(first, last), {"reason": reasons})

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The index after move `moves[i]` from board `indices[i]`, for every i
        (-1 where the move is illegal): `apply` for many boards. By default
        one board at a time."""
        pairs = zip(indices.tolist(), moves.tolist(), strict=True)
        after = [self.apply(self.decode(index), move) for index, move in pairs]
        return np.array([-1 if board is None else self.encode(board) for board in after], dtype=np.int64)

    def ordered_many(self, moves: np.ndarray) -> np.ndarray:
        """`ordered` for rows of move indices (each row's moves, then PADDING).
        By default the rows as they are, or, if the puzzle reorders its moves,
        its `ordered` row by row."""
        if type(self).ordered is Puzzle.ordered:
            return moves
        values = [self.move_value(move) for move in range(len(self.move_names))]
        result = moves.copy()
        for row in result:
            count = int(np.count_nonzero(row != PADDING))
            row[:count] = [values.index(value) for value in self.ordered([values[m] for m in row[:count]])]
        return result

    def extra_many(self, first: np.ndarray, last: np.ndarray) -> dict[str, list[Any]]:
        """`extra` for many solutions, from the index of each one's first and
        last board (`extra` must look at no other board): one list per field.
        By default `extra` one solution at a time."""
        if type(self).extra is BoardPuzzle.extra:
            return {}
        columns: dict[str, list[Any]] = {}
        for start, end in zip(first.tolist(), last.tolist(), strict=True):
            for name, value in self.extra([self.decode(start), self.decode(end)]).items():
                columns.setdefault(name, []).append(value)
        return columns

    def unsolvable_reasons(self, indices: np.ndarray) -> list[str]:
        """The reason of each unsolvable board (as `solve` gives it). By default one board at a time."""
        return [self.unsolvable_reason(self.decode(index)) or NO_GOAL for index in indices.tolist()]
