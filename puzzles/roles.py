"""The roles a puzzle plays beside its rules, one object each, by who asks.

A `Puzzle` (contract.py) holds the rules; what other code needs beyond the
rules sits in role objects the puzzle carries as attributes, each built
with its puzzle: `formats` (the original problem's input and output, for
judge, check and the contest packages), `terminal` (drawing for the CLI),
`page` (drawing and explaining for the explorer page), `many` (many
instances at once, for bulk answers), `storage` (what the builder
searches and stores, and what a table holds) and `counting` (how many
optimal solutions, the n-th, all of them in order). `formats`, `storage`
and `counting` may be None: a puzzle without an original format, one
answered without a table, one whose solutions are not counted. The others
have defaults that work for any puzzle.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from .answers import Change, Probe, ProposedAnswer, Solution
from .batch import MAX_WIDTH, AnswerColumns, OriginalStream, WholeInput
from .drawing import histogram_lines, svg
from .paths import CHUNK_ROWS, MOVE_DTYPE
from .storage import Packed, PatternSearch, Search, TableReader, bits_for, width_for
from .text import plural


class PuzzleCore(Protocol):
    """What a role may ask of the puzzle it is built with: the rules core of
    `contract.Puzzle` (its words, compact form and answers), never another
    role (a consumer hands a role what another knows). A role of one puzzle
    types `puzzle` as that puzzle's class; the roles here need only this,
    so this module does not import the contract, which imports it."""

    name: str
    unit: tuple[str, str]
    move_names: tuple[str, ...]
    compact_help: str

    def compact(self, board: Any) -> str: ...

    def solve(self, table: TableReader | None, board: Any) -> Solution: ...


class Role:
    """A part of a puzzle for one kind of consumer, built with its puzzle."""

    required: tuple[str, ...] = ()
    """Attributes a subclass must set (checked when the puzzle is registered)."""

    def __init__(self, puzzle: PuzzleCore) -> None:
        self.puzzle = puzzle


class OriginalFormats(Role, ABC):
    """The original problem's input and output formats (judge, check, contest)."""

    required = ("help",)
    help: str
    """The input format in words, ending with an example after `e.g.` and a line break."""
    answer_limit: int | None = None
    """The original judge's cap on an answer's length, if it has one."""
    unique_by_count = True
    """Whether an answer is the only one a judge accepts exactly when its
    instance has one optimal move sequence (`unique`'s default); False for a
    format whose output says less than the moves (the fewest moves alone,
    the moves sorted, the tile reached), which gives its own `unique`."""
    kit: str | None = "contest"
    """The folder beside the puzzle's package that holds its contest kit (None: it has none)."""

    @abstractmethod
    def read(self, text: str) -> list[Any]:
        """The instances of an original input (raises InputError)."""

    @abstractmethod
    def output(self, solution: Solution) -> str:
        """The original output for one solution."""

    @abstractmethod
    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        """The answers in the original output format for `count` instances (raises InputError)."""

    def example(self) -> str:
        """The input format's own example, as a file holds it."""
        return self.help.rsplit("e.g.\n", 1)[1] + "\n"

    def format(self) -> str:
        """The input format in words, without its example."""
        return self.help.rsplit(", e.g.", 1)[0]

    def count(self, distance: int | None) -> int:
        """The count the original output gives for an instance at `distance`."""
        return -1 if distance is None else distance

    def judge(self, table: TableReader | None, instances: list[Any]) -> str:
        """The original output for the instances of an original input."""
        return "".join(self.output(self.puzzle.solve(table, instance)) for instance in instances)

    def unique(self, table: TableReader | None, board: Any, count: int) -> bool:
        """Whether the original output of an instance with `count` optimal
        move sequences is the only one a judge can accept (then a plain
        comparison judges it). By default when there is at most one sequence
        (none: the output says it is unsolvable)."""
        return count <= 1

    def reachable_reason(self, table: TableReader | None, board: Any, answer: ProposedAnswer) -> str | None:
        """For a format that names the board reached rather than the moves:
        why `answer` is impossible from `board`; None if it is possible."""
        raise NotImplementedError(f"{self.puzzle.name} answers list their moves")

    def stream(self) -> OriginalStream:
        """A reader of the input as it arrives, answering each instance once
        it is complete; by default the input is kept until it ends, then read
        and judged."""
        return WholeInput(self)


class TerminalView(Role):
    """How the CLI draws a puzzle: text panels, colours, headings. By default
    a board is its compact form on one line."""

    steps_by_default = False
    """Whether `solve` draws every step unless told otherwise."""
    goal_caption = "goal"
    """What the last board of a solution is called in drawings."""

    def panel(self, board: Any) -> list[str]:
        """A board drawn as a few lines of text."""
        return [self.puzzle.compact(board)]

    def token_colour(self, token: str) -> str | None:
        """The terminal colour of a token of a panel (None: plain)."""
        return None

    def heading(self, solution: Solution) -> str:
        """The head of a solution written for people."""
        return f"{self.puzzle.name} {solution.state}"

    def step_fields(self, solution: Solution) -> dict[str, Any]:
        """JSON fields that show every step, for `solve --steps --json`."""
        return {"boards": [self.puzzle.compact(board) for board in solution.boards[1:]]}

    def probe_panels(self, probe: Probe) -> tuple[str, list[list[str]]] | None:
        """Where instances are not boards: a legend and one text panel per
        board of the solution, shown by `probe`; None to show the board."""
        return None

    def stats_text(self, stats: Mapping[str, Any], table: TableReader) -> str:
        """The stats for people: counts, the largest distance and the histogram,
        from `stats` (what `Tables.stats` answered; by default all that is
        shown); `table` for a view that shows more of it."""
        puzzle = self.puzzle
        counts = stats["histogram"]
        return "\n".join(
            [
                f"{puzzle.name}: {plural(stats['states'], 'state')}, {stats['solvable']:,} of them can reach a goal; "
                f"the farthest need {plural(stats['max_distance'], *puzzle.unit)} ({plural(counts[-1], 'state')})",
                *histogram_lines(counts, puzzle.unit[1]),
            ]
        )


class PageView(Role):
    """How the explorer page draws and explains a puzzle. By default a board
    is drawn as its compact form and the words come from the puzzle's own."""

    large = False
    """Whether a board needs the page's whole width (the moves are listed below it)."""
    replayable = False
    """Whether every move only carries cells' contents (their `fill`) elsewhere,
    the same way on every board, as `move_changes` says: the page then plays a
    long solution on one drawing in the browser instead of drawing each step."""

    def svg(self, board: Any) -> str:
        """The board as inline SVG; cells numbered `data-cell` (see `drawing.cell_group`)."""
        text = self.puzzle.compact(board)
        body = f'<text x="10" y="30" font-size="20" font-family="monospace">{text}</text>'
        return svg(max(200, 14 * len(text) + 20), 45, body, f"{self.puzzle.name} {text}")

    def still(self, board: Any) -> str:
        """A board drawn to be looked at, never played on (the goal beside a
        position, the rules' example): `svg` by default; a puzzle of large
        boards may draw it with fewer elements."""
        return self.svg(board)

    def board_caption(self, board: Any) -> str:
        """What the drawn board is, where the drawing alone would not say (the cube's start)."""
        return ""

    def page_panel(self, instance: Any, distances: Callable[[list[Any]], list[int | None]]) -> str:
        """Further HTML beside the board (the cube's pattern editor); links
        relative, `?state=...`. `distances` answers the fewest moves of other
        boards (None: unsolvable), as the page's `Tables` answers them."""
        return ""

    def about(self) -> str:
        """Two or three sentences on what the puzzle is, what a move does and
        what counts as solved, shown above every position."""
        puzzle = self.puzzle
        return f"Reach a goal in the fewest {puzzle.unit[1]}; a position is written as {puzzle.compact_help}."

    def rules(self, formats: OriginalFormats | None) -> str:
        """The full rules as plain text: blocks separated by blank lines, a
        block of `- ` lines a list, a block indented four spaces a verbatim
        example. By default the `rules.txt` beside the puzzle's code when it is
        a package, else what its words and its original `formats` (the
        puzzle's, given by the page) say."""
        from importlib import resources  # only the rules page reads files (a query's start-up does not pay)

        puzzle = self.puzzle
        module = sys.modules[type(puzzle).__module__]
        if hasattr(module, "__path__") and (text := resources.files(module).joinpath("rules.txt")).is_file():
            return text.read_text(encoding="utf-8")
        parts = [
            self.about(),
            f"Moves, in the order that breaks ties: {', '.join(puzzle.move_names)}.",
            f"A position is written as {puzzle.compact_help}.",
        ]
        if formats is not None:
            example = formats.example().rstrip("\n").replace("\n", "\n    ")
            parts.append(f"The original input: {formats.format()}, for example:\n\n    {example}")
        return "\n\n".join(parts) + "\n"

    def goal(self, solution: Solution) -> tuple[Any, str] | None:
        """The goal to draw beside a position (a board as `svg` draws them, and
        a caption); by default the board the optimal solution ends on. None
        where no goal can be shown."""
        return (solution.boards[-1], "goal") if solution.solvable else None

    def move_changes(self, board: Any, move: int) -> dict[int, Change]:
        """What `move` does to the drawing of `board`, by `data-cell`: where
        each changed cell's content comes from and how far it turns. By default
        nothing is declared: nothing is lit and the next board simply appears."""
        return {}


class ManyAtOnce(Role):
    """Many instances at once (bulk answers, `Tables.distances`): lines in
    compact form read into keys together, answered column by column.

    By default no line is read at once: every line is read by the puzzle's
    scalar reader and answered alone, which is right for any puzzle and
    slow for many lines. Override all three hooks together."""

    widest = MAX_WIDTH
    """The longest line `read_many` is shown (a longer one is read alone)."""

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Keys (int64, for `solve_many` and `distances_of`; a row of them
        per line where one number is too few) of the rows of an (n, width)
        uint8 array of lines, and which rows were read. Rows hold
        printable ASCII, zero-padded, with no space at either end. Read only a
        row written exactly as `compact` writes its instance (the answers echo
        it as their state); every other row is read alone by the scalar reader,
        which names what is wrong."""
        return np.zeros(len(lines), dtype=np.int64), np.zeros(len(lines), dtype=bool)

    def distances_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        """Fewest moves for keys from `read_many`, as int16 (-1 when unsolvable)."""
        raise NotImplementedError(f"{self.puzzle.name} reads no line at once")

    def solve_many(self, table: TableReader | None, keys: np.ndarray) -> AnswerColumns:
        """`solve` for keys from `read_many`, all at once: the same moves,
        tie-breaks and fields for each key."""
        raise NotImplementedError(f"{self.puzzle.name} reads no line at once")


class Storage(Role, ABC):
    """What the builder searches and stores for a puzzle, and what its table
    holds: the searches, the datasets kept of each, the stats and the space
    `sample` draws from."""

    required = ("encoding",)
    encoding: str
    """How a state is numbered in the table, in words (stored in the file)."""
    holds_every_instance = True
    """Whether the table holds every instance's distance (its histogram, the
    sample space); False for a search guided by tables (the 15-puzzle's
    pattern tables), whose `stats` say what is known instead and whose
    `sample_space` raises InputError saying so."""

    @property
    def table_name(self) -> str:
        """The name of the table file the puzzle answers from (`NAME.h5`)."""
        return self.puzzle.name

    @property
    def build_selection(self) -> str:
        """What `ninebase build` is given to build this table: `--only NAME`, and the rule options that choose it."""
        return f"--only {self.puzzle.name}"

    @abstractmethod
    def searches(self) -> Mapping[str, Search | PatternSearch]:
        """The searches whose results make up the table file, by group name
        (a `PatternSearch` for each pattern table of a search guided by tables)."""

    def distance_groups(self) -> tuple[str, ...]:
        """The groups whose distances make up the puzzle's histogram and state counts."""
        return tuple(self.searches())

    def counted_groups(self) -> tuple[str, ...]:
        """The groups whose states' optimal move sequences are counted when
        built (and checked by verify): by default those of the distances."""
        return self.distance_groups()

    def store(
        self, group: str, distance: np.ndarray, parent: np.ndarray, count: np.ndarray | None = None
    ) -> dict[str, Packed]:
        """The datasets kept from one search (`count` where it is counted)."""
        kept = {"distance": Packed(distance), "parent": Packed(parent, bits_for(len(self.puzzle.move_names)))}
        if count is not None:
            kept["count"] = Packed(count, width_for(int(count.max(initial=0))))
        return kept

    def stored_search(self, group: str, datasets: Mapping[str, np.ndarray]) -> tuple[np.ndarray | None, np.ndarray]:
        """Inverse of `store` for verify: per state of the search, its
        distance (None where only the parents are stored) and parent move."""
        return datasets["distance"], datasets["parent"]

    def file_attrs(self) -> dict[str, Any]:
        return {"puzzle": self.table_name, "encoding": self.encoding, "move_names": list(self.puzzle.move_names)}

    def stats(self, table: TableReader) -> dict[str, Any]:
        """The stats object of service.md: states, solvable, max_distance, histogram."""
        attrs = table.attrs()
        return {
            "puzzle": self.puzzle.name,
            "states": int(attrs["state_count"]),
            "solvable": int(attrs["reachable_count"]),
            "max_distance": int(attrs["max_distance"]),
            "histogram": [int(count) for count in attrs["histogram"]],
        }

    @abstractmethod
    def sample_space(self, table: TableReader) -> tuple[np.ndarray, Callable[[int], str]]:
        """Every instance's distance (-1: unsolvable) and a way to write instance i in compact form."""

    def distance_sample(self, table: TableReader, distance: int, count: int, seed: int) -> tuple[list[str], int] | None:
        """`count` distinct instances at exactly `distance` (0 or more) drawn
        by `seed`, where the table holds no sample space to read them from (a
        search guided by tables draws and searches them), and `count` (how
        many exist is not known there: no front end may say fewer exist);
        InputError where they are too rare to draw. None (the default) where
        the sample space holds them."""
        return None

    def unsolvable_sample(self, table: TableReader, count: int, seed: int) -> tuple[list[str], int] | None:
        """Up to `count` distinct unsolvable instances drawn by `seed`, and how
        many exist, where the table leaves them out of its sample space; None
        (the default) where the sample space holds them."""
        return None


class Counting(Role, ABC):
    """How many optimal move sequences an instance has, and each of them by
    its number: the n-th in an order the puzzle documents (`order`), so that
    n = 0, 1, ... lists them all and a random n draws one uniformly."""

    order: str = "in the order of their moves, the first move first (moves in the puzzle's move order)"
    """How the optimal solutions are numbered, in words."""
    beyond_64_bits = False
    """Whether a count may pass 2**64 (then `counts_of` gives Python ints)."""
    with_every_answer = True
    """Whether every solve and probe answer carries its count (kept in a
    table, or quick to work out); False where a count costs a search of its
    own (the 15-puzzle's whole last iteration): only counts, solutions and
    the n-th solution ask for it."""

    @abstractmethod
    def count(self, table: TableReader | None, board: Any) -> int:
        """The number of optimal move sequences (0 where unsolvable)."""

    def counts_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        """`count` for keys from `many.read_many` (0 where a key is
        unsolvable, as `count` says): uint64, or Python ints (dtype object)
        where `beyond_64_bits`. Needed only where `many` reads lines at once."""
        raise NotImplementedError(f"{self.puzzle.name} reads no line at once")

    @abstractmethod
    def nth(self, table: TableReader | None, board: Any, number: int) -> list[int]:
        """The moves (indices into move_names, in the order played) of
        optimal solution `number`, 0 <= number < count."""

    def own_extra(self, board: Any, chunk: np.ndarray) -> list[dict[str, Any]] | None:
        """The further JSON fields (`Solution.extra`) of each solution in
        `chunk` (rows of move indices played from `board`), where a
        solution's own moves decide them (sansu's final tile: optimal ways
        may end on different sansus); None where every optimal solution has
        the fields of the board's own answer (the default)."""
        return None

    def solution_chunks(self, table: TableReader | None, board: Any, limit: int) -> Iterator[np.ndarray]:
        """The first `limit` optimal solutions of a solvable board in their
        order (see `nth`), in chunks: arrays of shape (k, distance) of move
        indices (`paths.MOVE_DTYPE`), a row per solution. By default one `nth`
        at a time; a puzzle may walk its graph of optimal moves (`paths`)."""
        total = min(limit, self.count(table, board))
        for first in range(0, total, CHUNK_ROWS):
            numbers = range(first, min(total, first + CHUNK_ROWS))
            yield np.array([self.nth(table, board, number) for number in numbers], dtype=MOVE_DTYPE)


@dataclass(frozen=True)
class Roles:
    """The class of each role a puzzle plays, declared as the puzzle class's
    data (`Puzzle.roles`), as a python-chess variant declares its table
    suffixes: every puzzle object builds its own role objects from them, so
    a plug-in names its roles and wires none. None: the puzzle does not play
    the role (no original format, answered without a table, counts nothing)."""

    formats: type[OriginalFormats] | None = None
    terminal: type[TerminalView] = TerminalView
    page: type[PageView] = PageView
    many: type[ManyAtOnce] = ManyAtOnce
    storage: type[Storage] | None = None
    counting: type[Counting] | None = None


ROLES: dict[str, tuple[type[Role], bool]] = {
    "formats": (OriginalFormats, True),
    "terminal": (TerminalView, False),
    "page": (PageView, False),
    "many": (ManyAtOnce, False),
    "storage": (Storage, True),
    "counting": (Counting, True),
}
"""Every role attribute of a puzzle: the class its object must be, and whether it may be None."""
