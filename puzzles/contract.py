"""The `Puzzle` contract: every hook other code may ask of a puzzle.

A puzzle is one object (one package each) that owns everything about it, and
the builder, the query layer, the CLI and the web pages ask it through the
hooks below, grouped by concern, instead of testing which puzzle they hold.
`BoardPuzzle` is the default for puzzles of one search over their boards,
answered by following stored parent moves; the cube overrides the hooks for
its questions (a start square and a target pattern).
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from functools import cached_property
from importlib import resources
from typing import Any

import numpy as np

from .answers import Change, Probe, ProposedAnswer, Solution
from .batch import Answers, OriginalStream, WholeInput
from .drawing import histogram_lines
from .storage import UNREACHABLE, Packed, Search, TableReader, bits_for
from .text import InputError, as_text, plural
from .variants import VariantOption, VariantSolver

NO_GOAL = "no goal can be reached from this board"
"""The reason of an unsolvable board when the puzzle knows no better one."""


class Puzzle(ABC):
    """Subclasses set the class attributes and implement the abstract hooks;
    the others have defaults that suit most puzzles."""

    # Words -------------------------------------------------------------------
    name: str
    unit: tuple[str, str] = ("move", "moves")
    """What a distance counts, singular and plural."""
    instance_noun: tuple[str, str] = ("state", "states")
    """What one instance of the compact form is called, singular and plural."""
    move_names: tuple[str, ...]
    """Every move's name, in the puzzle's move order (which breaks ties)."""
    encoding: str
    """How a state is numbered in the table, in words (stored in the file)."""
    compact_help: str
    """The compact form, in words, ending with an example after `e.g. `."""
    original_help: str
    """The original problem's input format, in words, with an example."""
    separator = " "
    """Joins the parts of a state given as a list into the compact form."""
    instances_are_boards = True
    """False where an instance is a question (a start and a target) rather than
    a board: it has no successors, and its solution's boards are what is shown."""
    steps_by_default = False
    original_answer_limit: int | None = None
    """The original judge's cap on an answer's length, if it has one."""
    variant_options: tuple[VariantOption, ...] = ()

    # Reading and writing states ------------------------------------------------
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

    def example(self) -> str:
        """A compact state to show first: the compact form's own example."""
        return self.compact_help.rsplit("e.g. ", 1)[1]

    def original_example(self) -> str:
        """The original input format's own example, as a file holds it."""
        return self.original_help.rsplit("e.g.\n", 1)[1] + "\n"

    def original_format(self) -> str:
        """The original input format in words, without its example."""
        return self.original_help.rsplit(", e.g.", 1)[0]

    def encode_each(self, states: Any, encode: Callable[[Any], int]) -> np.ndarray:
        """`encode` applied to each parsed state of a batch (for the slower input forms)."""
        values = np.empty(len(states), dtype=np.int64)
        for position, state in enumerate(states):
            try:
                values[position] = encode(self.board(state))
            except InputError as error:
                raise InputError(f"item {position}: {error}") from None
        return values

    # The table: what the builder searches and stores, and verify reads back -----
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

    # Answers from the table ----------------------------------------------------
    @abstractmethod
    def distance(self, table: TableReader, board: Any) -> int | None:
        """Fewest moves, None when unsolvable."""

    @abstractmethod
    def distances(self, table: TableReader, states: Any) -> np.ndarray:
        """Fewest moves for a batch of compact states, as int16 (-1 when unsolvable)."""

    @abstractmethod
    def solve(self, table: TableReader, board: Any) -> Solution:
        """An optimal solution."""

    def prepare(self, table: TableReader) -> None:
        """Work done once per open table so that every later answer is
        quicker (a server does it before it serves; a one-off query does
        not wait for it). By default nothing."""
        return None

    def successors(self, board: Any) -> list[tuple[int, Any]] | None:
        """Every legal move (its index) with the board it leads to, in move
        order; None where instances are not boards."""
        if not self.instances_are_boards:
            return None
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

    def variant(self, options: Mapping[str, Any]) -> VariantSolver:
        """A solver for the rules that `options` (named in `variant_options`) choose."""
        raise InputError(f"{self.name} has no other rules to choose")

    # Moves and goals -----------------------------------------------------------
    @abstractmethod
    def encode(self, board: Any) -> int:
        """The board's index in the table."""

    @abstractmethod
    def decode(self, index: int) -> Any:
        """The board of an index."""

    @abstractmethod
    def apply(self, board: Any, move: int) -> Any | None:
        """The board after `move` (an index into move_names); None if illegal there."""

    @abstractmethod
    def is_goal(self, board: Any) -> bool:
        """Whether a board (as `apply` gives them) is solved."""

    def move_value(self, move: int) -> Any:
        """A move as it appears in JSON."""
        return self.move_names[move]

    @cached_property
    def move_values(self) -> tuple[Any, ...]:
        """`move_value` of every move, by index."""
        return tuple(self.move_value(move) for move in range(len(self.move_names)))

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

    # The original problem's formats --------------------------------------------
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
        raise NotImplementedError(f"{self.name} answers list their moves")

    # Drawing -----------------------------------------------------------------
    goal_caption = "goal"
    """What the last board of a solution is called in drawings."""

    @abstractmethod
    def panel(self, board: Any) -> list[str]:
        """A board drawn as a few lines of text."""

    def token_colour(self, token: str) -> str | None:
        """The terminal colour of a token of the drawing (None: plain)."""
        return None

    def heading(self, solution: Solution) -> str:
        """The head of a solution written for people."""
        return f"{self.name} {solution.state}"

    def probe_panels(self, probe: Probe) -> tuple[str, list[list[str]]] | None:
        """Where instances are not boards: a legend and one text panel per
        board of the solution, shown by `probe`; None to show the board."""
        return None

    @abstractmethod
    def svg(self, board: Any) -> str:
        """The board drawn as it really looks, as inline SVG (for the explorer page)."""

    def board_caption(self, board: Any) -> str:
        """What the drawn board is, where the drawing alone would not say (the cube's start)."""
        return ""

    def page_panel(self, table: TableReader, instance: Any) -> str:
        """Further HTML the explorer page shows beside the board (the cube's
        pattern editor); its links are relative, `?state=...`."""
        return ""

    # Explaining the puzzle to someone who has never met it (the explorer page) ------
    def about(self) -> str:
        """Two or three sentences on what the puzzle is, what a move does and
        what counts as solved, shown above every position."""
        return f"Reach a goal in the fewest {self.unit[1]}; a position is written as {self.compact_help}."

    def rules(self) -> str:
        """The full rules, shown at /{name}/rules, as plain text: blocks
        separated by blank lines, a block of `- ` lines a list, a block
        indented four spaces a verbatim example. By default the `rules.txt`
        beside the puzzle's code when it is a package, else what its words say."""
        module = sys.modules[type(self).__module__]
        if hasattr(module, "__path__") and (text := resources.files(module).joinpath("rules.txt")).is_file():
            return text.read_text(encoding="utf-8")
        example = self.original_example().rstrip("\n").replace("\n", "\n    ")
        return (
            f"{self.about()}\n\nMoves, in the order that breaks ties: {', '.join(self.move_names)}.\n\n"
            f"A position is written as {self.compact_help}.\n\nThe original input: "
            f"{self.original_format()}, for example:\n\n    {example}\n"
        )

    def goal(self, solution: Solution) -> tuple[Any, str] | None:
        """The goal to draw beside a position, as a board (as `svg` draws
        them) and a caption; by default the board the optimal solution ends
        on. None where no goal can be shown (unsolvable, goal unknown)."""
        return (solution.boards[-1], self.goal_caption) if solution.solvable else None

    def move_changes(self, board: Any, move: int) -> dict[int, Change]:
        """What `move` does to the drawing of `board` (as `apply` takes it),
        by cell: the `data-cell` numbers of `svg`. The page lights these
        cells when the move is hovered or focused, and animates them (each
        slides from its source and turns) when it is played. By default
        nothing is declared: nothing is lit and the next board simply appears."""
        return {}

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
