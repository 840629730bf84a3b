"""The `Puzzle` contract: a puzzle's rules, and the roles it carries.

A puzzle is one object (one package each) that owns its rules: its words,
how an instance is written, its moves and goals, why a board can never be
solved, and how an answer is found (from a table, or without one). What
other code needs beyond the rules sits beside them in role objects
(roles.py), one per kind of consumer: the original formats, the terminal
view, the page view, many at once, storage and counting. The builder, the query
layer and the front ends ask these instead of testing which puzzle they
hold. `BoardPuzzle` is the default for puzzles of one search over their
boards, answered by following stored parent moves.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .answers import Solution
from .roles import ROLES, Counting, ManyAtOnce, OriginalFormats, PageView, Role, Roles, Storage, TerminalView
from .storage import TableReader
from .text import InputError, as_text
from .variants import VariantOption

NO_GOAL = "no goal can be reached from this board"
"""The reason of an unsolvable board when the puzzle knows no better one."""


class Puzzle(ABC):
    """Subclasses set the words and implement the abstract hooks, and
    declare their roles' classes as class data (`roles`); this `__init__`
    builds one object of each for the puzzle (a subclass that sets
    attributes its roles read when built sets them before calling it)."""

    # Words -------------------------------------------------------------------
    name: str
    unit: tuple[str, str] = ("move", "moves")
    """What a distance counts, singular and plural."""
    instance_noun: tuple[str, str] = ("state", "states")
    """What one instance of the compact form is called, singular and plural."""
    move_names: tuple[str, ...]
    """Every move's name, in the puzzle's move order (which breaks ties)."""
    compact_help: str
    """The compact form, in words, ending with an example after `e.g. `."""
    separator = " "
    """Joins the parts of a state given as a list into the compact form."""
    row_length: int | None = None
    """Where a state may be given as whole numbers (a list, or a row of an
    (n, row_length) integer array): how many. `board` reads them (by default
    written with spaces between, through `parse`), naming a bad one by its
    place; the bulk reader refuses an array of another width as a whole.
    None: states are given as text (an integer array's rows are joined by
    `separator`)."""
    instances_are_boards = True
    """False where an instance is a question (a start and a target) rather than
    a board: it has no successors, and its solution's boards are what is shown."""
    variant_options: tuple[VariantOption, ...] = ()
    """Other rules the puzzle offers (`variant`), each an option of `solve`."""
    exact = True
    """Whether `distance` is always the fewest moves; False where answers come
    from a construction (valid, within a proven bound, not proven optimal)."""

    # Roles -------------------------------------------------------------------
    roles: ClassVar[Roles] = Roles()
    """The class of each role (by default a plain terminal and page view,
    nothing read at once, no original format, no table, no counting)."""
    formats: OriginalFormats | None
    terminal: TerminalView
    page: PageView
    many: ManyAtOnce
    storage: Storage | None
    """None where the puzzle answers without a table."""
    counting: Counting | None

    def __init__(self) -> None:
        roles = self.roles
        self.formats = None if roles.formats is None else roles.formats(self)
        self.terminal = roles.terminal(self)
        self.page = roles.page(self)
        self.many = roles.many(self)
        self.storage = None if roles.storage is None else roles.storage(self)
        self.counting = None if roles.counting is None else roles.counting(self)

    # Reading and writing instances ----------------------------------------------
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
        return self.parse(as_text(state, " " if self.row_length else self.separator).strip())

    def example(self) -> str:
        """A compact state to show first: the compact form's own example."""
        return self.compact_help.rsplit("e.g. ", 1)[1]

    # Moves and goals -----------------------------------------------------------
    @abstractmethod
    def apply(self, board: Any, move: int) -> Any | None:
        """The board after `move` (an index into move_names); None if illegal there."""

    @abstractmethod
    def is_goal(self, board: Any) -> bool:
        """Whether a board (as `apply` gives them) is solved."""

    def successors(self, board: Any) -> list[tuple[int, Any]] | None:
        """Every legal move (its index) with the board it leads to, in move
        order; None where an instance is a question rather than a board."""
        if not self.instances_are_boards:
            return None
        result = []
        for move in range(len(self.move_names)):
            after = self.apply(board, move)
            if after is not None:
                result.append((move, after))
        return result

    def move_value(self, move: int) -> Any:
        """A move as it appears in JSON."""
        return self.move_names[move]

    probe_counts = True
    """Whether a probe counts the optimal solutions after each move where the
    puzzle counts them (False where that is too slow for one answer:
    rubiks-clock's 30-move metric, 9 ms a position, 330 moves)."""
    moves_written_whole = False
    """Whether a solution's JSON moves are written from all its moves together
    (`written_moves`) rather than as one value per move: rubiks-clock writes
    `y2` between the front's moves and the back's."""

    def written_moves(self, moves: Sequence[int]) -> list[Any]:
        """A solution's JSON moves from its moves (indices, in the order
        played); by default each move's value, as the bulk writers write them
        unless `moves_written_whole`."""
        return [self.move_value(move) for move in moves]

    def move_label(self, value: Any) -> str:
        """A move's JSON value written for people."""
        return str(value)

    def unsolvable_reason(self, board: Any) -> str | None:
        """Why `board` can never reach a goal, decided from the board alone
        (an invariant of the moves); None if it can."""
        return None

    # Answers -------------------------------------------------------------------
    @abstractmethod
    def distance(self, table: TableReader | None, board: Any) -> int | None:
        """Fewest moves, None when unsolvable. `table` is the puzzle's table
        (`storage.table_name`), None when it has no storage."""

    def board_distances(self, table: TableReader | None, boards: Sequence[Any]) -> list[int | None]:
        """`distance` of each of a few boards (a probe's successors): one by
        one, unless the puzzle answers them quicker together."""
        return [self.distance(table, board) for board in boards]

    @abstractmethod
    def solve(self, table: TableReader | None, board: Any) -> Solution:
        """An optimal solution (`table` as for `distance`), with its moves'
        numbers (`Solution.indices`), which the page plays."""

    def prepare(self, table: TableReader) -> None:
        """Work done once per open table so that every later answer is
        quicker (a server does it before it serves; a one-off query does
        not wait for it). By default nothing."""
        return None

    def probe_fields(self, solution: Solution) -> dict[str, Any]:
        """Further fields of the probe object."""
        return {}

    def known_stats(self) -> dict[str, Any] | None:
        """Where the puzzle is answered without a table: what is known of all
        its instances (`Tables.stats`; figures published or computed, never
        more); None (the default): nothing, and `stats` is refused."""
        return None

    def drawn_sample(self, distance: int | None, count: int, seed: int, unique: bool) -> tuple[list[str], int] | None:
        """Where the puzzle is answered without a table: `Tables.sample` drawn
        from random instances rather than read from a table (the count is of
        those drawn, not of all that exist); None (the default): nothing is
        sampled."""
        return None

    def draw(self, count: int, seed: int) -> list[str] | None:
        """Where no table lists every instance (none, or one that only guides
        a search): `count` distinct solvable instances in compact form, drawn
        uniformly at random among all of them, the first of an order `seed`
        alone fixes (so a larger count begins with a smaller one's), bounded
        in number (`draws.bounded`); fewer only where fewer exist, none at
        once for a count of 0 (so `draw(0, 0) is not None` asks whether the
        puzzle draws). None (the default): `Tables.draw` reads them from the
        table's sample space, or draws nothing."""
        return None

    def variant(self, options: Mapping[str, Any]) -> Puzzle:
        """The puzzle under the other rules `options` choose (named in
        `variant_options`): a puzzle of its own, with the same name."""
        raise InputError(f"{self.name} has no other rules to choose")


REQUIRED = ("name", "move_names", "compact_help")
"""Words every puzzle must set."""


def missing_parts(puzzle: Any) -> list[str]:
    """What keeps `puzzle` from being used, one phrase each: not a `Puzzle`,
    a word it does not set, a role that is missing or of the wrong kind, a
    role's own word it does not set. Empty when nothing is missing."""
    if not isinstance(puzzle, Puzzle):
        return [f"it is a {type(puzzle).__name__}, not a Puzzle"]
    missing = [f"it sets no {word}" for word in REQUIRED if not hasattr(puzzle, word)]
    for attribute, (kind, optional) in ROLES.items():
        role = getattr(puzzle, attribute, None)
        if role is None:
            if not optional:
                missing.append(f"it has no {attribute} role (call Puzzle.__init__)")
            continue
        if not isinstance(role, kind):
            missing.append(f"its {attribute} is a {type(role).__name__}, not a {kind.__name__}")
            continue
        missing += [f"its {attribute} sets no {word}" for word in kind.required if not hasattr(role, word)]
    return missing


__all__ = ["NO_GOAL", "Puzzle", "Role", "Roles", "missing_parts"]
