"""The `Tables` object: a directory of table files, opened lazily, and the
one door through which every front end asks for answers: one instance or
many, chunks of lines, the original formats, samples, stats, the build's
ETag and whether a file changed on disk. It gives answers (objects, NumPy
arrays, iterators of them), never bytes: the front ends write them through
`encoding`, the one encoder."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ninebase import puzzles
from ninebase.puzzles import Counting, InputError, Instance, Probe, Puzzle, Solution, Successor

from . import bulk
from .bulk import SolvedLines
from .check import Verdict, check_answer
from .directory import PuzzleTable, resolve_tables_dir, table_name
from .sample import count_stats, draw, sample
from .stream import Lines
from .tablefile import MissingTableError

if TYPE_CHECKING:  # the listing loads when solutions are first listed: the API loads 0.6 ms quicker
    from .listing import Listing

MAX_SEED = 2**63 - 1
"""The largest seed (from 0) that fixes a random draw, on every front end alike."""


class Tables:
    """A directory of ninebase tables, and the door to every answer from them.

    Every method takes a puzzle as a `Puzzle` object or by name (a name is
    resolved once, `resolve`); a puzzle under other rules (`Puzzle.variant`)
    is asked the same way, and one without storage opens no table. A state
    is an `Instance` (`parse`: read once, answered as it is) or compact text
    (a string or a list of values, read by each call). Each
    table file is opened, checked and loaded on first use, once; `close()`
    (or leaving a `with` block) releases them.

    One `Tables` may be shared by many threads: files and datasets are loaded
    under a lock, once, and are read-only afterwards, so concurrent queries
    see the same arrays and the same answers.

    :raises InputError: a malformed state or an unknown puzzle.
    :raises MissingTableError: a needed table has not been built.
    :raises TableError: a table is damaged. The last two messages give the
        command that builds the table.

    >>> with open_tables() as tables:
    ...     board = tables.parse("eight", "1 2 3 0 6 9 4 7 8")
    ...     board, tables.solve("eight", board).moves, tables.distance("eight", board)
    (Instance('eight', '123069478'), ['D', 'R', 'R', 'U', 'L'], 5)
    """

    def __init__(
        self, path: str | os.PathLike[str] | None = None, build_missing: Callable[[Puzzle], None] | None = None
    ) -> None:
        """The tables in `path` (default: $NINEBASE_TABLES, else the default
        directory). `build_missing`, if given, is called with a puzzle whose
        table file is missing when it is first needed, to build it (the CLI
        does so in the default directory); otherwise a missing table raises."""
        self.directory = resolve_tables_dir(path)
        self.build_missing = build_missing
        self._tables: dict[str, PuzzleTable] = {}
        self._lock = threading.Lock()

    def __enter__(self) -> Tables:
        return self

    def __exit__(self, *_exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        with self._lock:
            for table in self._tables.values():
                table.close()
            self._tables.clear()

    @staticmethod
    def resolve(puzzle: Puzzle | str) -> Puzzle:
        """The puzzle object of a name (InputError for an unknown one), or the object itself."""
        return puzzle if isinstance(puzzle, Puzzle) else puzzles.get(puzzle)

    def table(self, puzzle: Puzzle | str) -> PuzzleTable | None:
        """The opened, checked table `puzzle` answers from; None where it has no storage."""
        rules = self.resolve(puzzle)
        if rules.storage is None:
            return None
        name = rules.storage.table_name
        table = self._tables.get(name)
        if table is None:
            with self._lock:
                table = self._tables.get(name)
                if table is None:
                    table = self._tables[name] = self._open(rules, name)
        return table

    def _open(self, rules: Puzzle, name: str) -> PuzzleTable:
        selection, encoding = rules.storage.build_selection, rules.storage.encoding
        try:
            return PuzzleTable(self.directory, name, selection, encoding)
        except MissingTableError:
            if self.build_missing is None:
                raise
        self.build_missing(rules)
        return PuzzleTable(self.directory, name, selection, encoding)

    # One instance ----------------------------------------------------------------
    def parse(self, puzzle: Puzzle | str, state: Any) -> Instance:
        """The instance of a state in compact form (a string or a list of
        values), read once: every method answers it without reading it again.
        Its `board` is the puzzle's own representation; `str()` gives its
        compact form.

        :raises InputError: the state cannot be read (the message says why).

        >>> with open_tables() as tables:
        ...     board = tables.parse("clocks", [9, 9, 12, 6, 6, 6, 6, 3, 6])
        ...     str(board), tables.count("clocks", board)
        ('9 9 12 6 6 6 6 3 6', 24)
        """
        rules = self.resolve(puzzle)
        return Instance(rules, board_of(rules, state))

    def solve(self, puzzle: Puzzle | str, state: Any) -> Solution:
        """An optimal solution of one state: an `Instance` or compact text (a string or a list).

        >>> with open_tables() as tables:
        ...     tables.solve("sansu", "175426839").distance
        5
        """
        rules = self.resolve(puzzle)
        board = board_of(rules, state)
        return bulk.solved(rules, self.table(rules), board)

    def distance(self, puzzle: Puzzle | str, state: Any) -> int | None:
        """The fewest moves for one state; None when it is unsolvable (as
        `distance` is null in the JSON answers). `distances` marks an
        unsolvable state -1 instead, since its int16 array has no None.

        >>> with open_tables() as tables:
        ...     tables.distance("clocks", [9, 9, 12, 6, 6, 6, 6, 3, 6])
        4
        >>> with open_tables() as tables:  # an eight board that cannot reach its goal
        ...     tables.distance("eight", "123456870"), tables.distances("eight", ["123456870"]).tolist()
        (None, [-1])
        """
        rules = self.resolve(puzzle)
        board = board_of(rules, state)
        return rules.distance(self.table(rules), board)

    def probe(self, puzzle: Puzzle | str, state: Any) -> Probe:
        """The tablebase view of one state: its solution and every legal move
        with the exact distance after it, best first.

        >>> with open_tables() as tables:
        ...     probe = tables.probe("eight", "123069478")
        ...     probe.distance, [(s.move, s.distance) for s in probe.successors]
        (5, [('D', 4), ('U', 6), ('R', 6)])
        """
        rules = self.resolve(puzzle)
        board = board_of(rules, state)
        return probe(rules, self.table(rules), board)

    # Many instances --------------------------------------------------------------
    def distances(self, puzzle: Puzzle | str, states: Any) -> np.ndarray:
        """Fewest moves for a whole batch, as an int16 array: -1 where a state
        is unsolvable (where `distance` gives None for one state).

        `states` is a sequence of compact strings, or a NumPy array of them,
        or an (n, 9) integer array of the nine values. An empty batch gives
        an empty array.

        >>> with open_tables() as tables:
        ...     tables.distances("sansu", ["175426839", "123456789"]).tolist()
        [5, 0]
        """
        rules = self.resolve(puzzle)
        if len(states) == 0:
            return np.zeros(0, dtype=np.int16)
        return bulk.distances(rules, self.table(rules), states)

    def solve_lines(self, puzzle: Puzzle | str, lines: Lines, one_by_one: bool = False) -> SolvedLines:
        """The solve answer of every line of a chunk (or its error object):
        the lines in compact form read and answered at once, the others one
        by one; with `one_by_one` every line on its own, as a `Solution`
        whose boards can be played (`--steps`). `encoding.solve_text` writes them."""
        rules = self.resolve(puzzle)
        table = self.table(rules)
        if one_by_one:
            return bulk.one_by_one(rules, lines, lambda board: bulk.solved(rules, table, board))
        return bulk.solve_lines(rules, table, lines)

    def distance_lines(self, puzzle: Puzzle | str, lines: Lines) -> bulk.NumberedLines:
        """The distance of every line of a chunk (-1: unsolvable), or its error object."""
        rules = self.resolve(puzzle)
        return bulk.distance_lines(rules, self.table(rules), lines)

    def probe_lines(self, puzzle: Puzzle | str, lines: Lines) -> list[bulk.LineAnswer[Probe]]:
        """The probe of every line of a chunk (or its error object), in order, one line at a time."""
        rules = self.resolve(puzzle)
        table = self.table(rules)
        return list(bulk.each_line(rules, lines, lambda board: probe(rules, table, board)).values())

    # How many optimal solutions, and which ------------------------------------------
    def count(self, puzzle: Puzzle | str, state: Any) -> int:
        """How many optimal move sequences a state has (0 when unsolvable).

        >>> with open_tables() as tables:
        ...     tables.count("clocks", "9 9 12 6 6 6 6 3 6")  # the orderings of moves 4, 5, 8 and 9
        24
        """
        rules, _ = self.resolve_counting(puzzle)
        board = board_of(rules, state)
        return bulk.count_of(rules, self.table(rules), board)

    def counts(self, puzzle: Puzzle | str, states: Any) -> np.ndarray:
        """`count` for a whole batch (as `distances` takes it): uint64, or
        Python ints (dtype object) for a puzzle whose counts may not fit (clocks)."""
        rules, _ = self.resolve_counting(puzzle)
        if len(states) == 0:
            return np.zeros(0, dtype=np.uint64)
        return bulk.counts(rules, self.table(rules), states)

    def count_lines(self, puzzle: Puzzle | str, lines: Lines) -> bulk.NumberedLines:
        """The count of every line of a chunk (0: unsolvable), or its error object."""
        rules, _ = self.resolve_counting(puzzle)
        return bulk.count_lines(rules, self.table(rules), lines)

    def solution(self, puzzle: Puzzle | str, state: Any, number: int) -> Solution:
        """Optimal solution `number` (from 0) of a state, in the puzzle's order
        of its optimal solutions (`counting.order`); its moves in the order
        they are played.

        :raises InputError: `number` is not below the state's count.
        """
        rules, counting = self.resolve_counting(puzzle)
        board = board_of(rules, state)
        table = self.table(rules)
        first = rules.solve(table, board)
        count = counting.count(table, board) if first.solvable else 0
        if not 0 <= number < count:
            raise InputError(
                f"there is no optimal solution {number}: the state has {count:,}, numbered from 0"
                if count
                else f"the state has no solution: {first.extra.get('reason', 'it is unsolvable')}"
            )
        from .listing import played

        return played(rules, counting.nth(table, board, number), count, first)

    def random_solution(self, puzzle: Puzzle | str, state: Any, seed: int = 0) -> Solution:
        """An optimal solution drawn uniformly from all of a state's, by its
        number: the same `seed` draws the same on every machine (`draw`). An
        unsolvable state's answer says why, as `solve`'s does."""
        rules, _ = self.resolve_counting(puzzle)
        from .listing import random_solution

        return random_solution(rules, self.table(rules), board_of(rules, state), checked_seed(seed))

    def random_lines(self, puzzle: Puzzle | str, lines: Lines, seed: int = 0) -> SolvedLines:
        """`random_solution` for each line of a chunk (or its error object), one line at a time."""
        rules, _ = self.resolve_counting(puzzle)
        from .listing import random_solution

        table, seed = self.table(rules), checked_seed(seed)
        return bulk.one_by_one(rules, lines, lambda board: random_solution(rules, table, board, seed))

    def solution_moves(self, puzzle: Puzzle | str, state: Any, limit: int) -> tuple[int, Iterator[np.ndarray]]:
        """How many optimal solutions a state has, and the first `limit` of
        them in the puzzle's order (`counting.order`) as they are found, in
        chunks: arrays of shape (k, distance) of move indices (uint8; into
        `move_names`, `move_value` gives a move's value), a row per solution.

        :raises InputError: `limit` is below 1, the state cannot be read, or the puzzle counts no solutions.
        """
        from .listing import checked_limit, move_chunks

        checked_limit(limit)
        rules, _ = self.resolve_counting(puzzle)
        board = board_of(rules, state)
        return move_chunks(rules, self.table(rules), board, limit)

    def solutions(self, puzzle: Puzzle | str, state: Any, limit: int) -> tuple[int, Iterator[Solution]]:
        """`solution_moves` as `Solution` objects, one per solution (`listing`
        gives them as chunks of move indices, which `encoding` writes as lines).

        :raises InputError: as `solution_moves`.
        """
        listing = self.listing(puzzle, state, limit)
        return listing.count, listing.solutions()

    def listing(self, puzzle: Puzzle | str, state: Any, limit: int) -> Listing:
        """The first `limit` optimal solutions of a state, with its own answer:
        `solution_moves` with what lines of them need (`encoding.listing_text`
        and `listing_json` write them).

        :raises InputError: as `solution_moves`.
        """
        from .listing import Listing, checked_limit

        checked_limit(limit)
        rules, _ = self.resolve_counting(puzzle)
        board = board_of(rules, state)
        return Listing.of(rules, self.table(rules), board, limit)

    def resolve_counting(self, puzzle: Puzzle | str) -> tuple[Puzzle, Counting]:
        """The puzzle (as `resolve`) and its `counting` role; InputError saying
        why where it counts none (a front end asks before reading a batch)."""
        rules = self.resolve(puzzle)
        if rules.counting is None:
            built = (
                ""
                if rules.exact
                else " (under these rules its answers come from a construction, not proven the fewest)"
            )
            raise InputError(f"{rules.name} does not count its optimal solutions{built}")
        return rules, rules.counting

    # The original formats ----------------------------------------------------------
    def judge(self, puzzle: Puzzle | str, chunks: Iterable[Lines]) -> Iterator[str]:
        """The original output for the original input, as it arrives; the
        table is opened once there is something to answer, so bad input is
        reported before a missing table."""
        rules = self.resolve(puzzle)
        return bulk.judge(rules, lambda: self.table(rules), chunks)

    def check(self, puzzle: Puzzle | str, instances: list[Any], answer: str) -> Verdict:
        """The verdict on an answer in the original output format for the
        instances of an original input (`puzzle.formats.read`)."""
        rules = self.resolve(puzzle)
        return check_answer(rules, self.table(rules), instances, answer)

    # The whole table -----------------------------------------------------------------
    def stats(self, puzzle: Puzzle | str) -> dict[str, Any]:
        """States, solvable states, the largest distance and the histogram;
        where the puzzle counts its optimal answers, per distance how many
        instances have a unique one, and how many have 1, 2-3, 4-7, ... of them.

        >>> with open_tables() as tables:
        ...     tables.stats("eight")["max_distance"]
        31
        """
        rules = self.resolve(puzzle)
        if rules.storage is None and (known := rules.known_stats()) is not None:
            return known
        table_name(rules, "it has no stats")
        storage, table = rules.storage, self.table(rules)
        if rules.counting is None or not storage.holds_every_instance:
            return table.derived("stats", lambda: storage.stats(table))
        return table.derived("stats", lambda: {**storage.stats(table), **count_stats(rules, table)})

    def sample(
        self, puzzle: Puzzle | str, distance: int | None, count: int, seed: int, unique: bool = False
    ) -> tuple[list[str], int]:
        """Up to `count` distinct instances (random, fixed by `seed`) whose
        fewest moves are exactly `distance` (None: the largest there is; -1:
        unsolvable instances), with `unique` only those with exactly one
        optimal answer, and how many such instances exist (a puzzle without a
        table draws them at random: how many it drew). A larger `count`
        with the same seed begins with the instances of a smaller one."""
        rules = self.resolve(puzzle)
        if rules.storage is None and (drawn := rules.drawn_sample(distance, count, checked_seed(seed), unique)):
            return drawn
        table_name(rules, "nothing is sampled")
        table = self.table(rules)
        return sample(rules, table, distance, count, checked_seed(seed), unique)

    def draw(self, puzzle: Puzzle | str, count: int, seed: int, unique: bool = False) -> list[str]:
        """Up to `count` distinct instances drawn uniformly at random among the
        puzzle's solvable ones (with `unique`, among those with exactly one
        optimal answer, where a table counts them), in compact form, in an
        order `seed` alone fixes: a larger `count` with the same seed begins
        with the instances of a smaller one. Fewer only where fewer exist. A
        table of every instance is read (the sample space `sample` reads);
        otherwise the puzzle draws them itself (`Puzzle.draw`: rubiks-clock's
        12^14 positions, the 15-puzzle's solvable boards of every goal, nine's
        boards from 5x5, clocks under other rules), at most a million at once.

        >>> with open_tables() as tables:
        ...     tables.draw("eight", 3, seed=1), tables.draw("eight", 2, seed=1)
        (['347028169', '647083921', '824501963'], ['347028169', '647083921'])
        """
        rules, seed = self.resolve(puzzle), checked_seed(seed)
        if count < 1:
            raise InputError(f"count is {count}; give 1 or more")
        if not unique and (drawn := rules.draw(count, seed)) is not None:
            return drawn
        so = "no table counts its optimal answers" if unique else "nothing is drawn"
        table_name(rules, so)
        if not rules.storage.holds_every_instance:  # refused before its table is opened (or built)
            raise InputError(
                f"{rules.name} under these rules has tables that guide its search, not one of every instance, so {so}"
            )
        return draw(rules, self.table(rules), count, seed, unique)

    # Serving -------------------------------------------------------------------------
    def load(self, chosen: Iterable[Puzzle | str]) -> str:
        """Open the table of every puzzle named (or given: a variant with a
        table of its own) and read every dataset (checksums checked), so a
        missing or damaged table is found before anything is answered; return
        the ETag that names this build of those tables."""
        import hashlib

        digest = hashlib.sha256()
        for puzzle in chosen:
            table = self.table(puzzle)
            if table is not None:
                table.load()
                name = table_name(self.resolve(puzzle), "")
                digest.update(f"{name}:{table.file.attributes_checksum};".encode())
        return f'"{digest.hexdigest()[:32]}"'

    def prepare(self, puzzle: Puzzle | str) -> None:
        """Make every later answer of `puzzle` quicker (`Puzzle.prepare`)."""
        rules = self.resolve(puzzle)
        table = self.table(rules)
        if table is not None:
            rules.prepare(table)

    def changed(self, names: Iterable[str]) -> dict[str, Path]:
        """The named puzzles whose table file changed on disk since it was opened, and the file of each."""
        return {name: table.file.path for name in names if (table := self.table(name)) is not None and table.changed()}


def board_of(rules: Puzzle, state: Any) -> Any:
    """The board of a state for `rules`: an `Instance`'s own, read no more
    (read again from its text only where it was read under other rules of
    the same name, say an equal variant built twice), or compact text read."""
    if not isinstance(state, Instance):
        return rules.board(state)
    if state.puzzle is rules:
        return state.board
    if state.puzzle.name != rules.name:
        raise InputError(f"the instance is one of {state.puzzle.name}, not of {rules.name}")
    return rules.board(state.text)


def probe(rules: Puzzle, table: PuzzleTable | None, board: Any) -> Probe:
    """`Tables.probe` for a puzzle, its table and a board."""
    solution = bulk.solved(rules, table, board)
    counting = rules.counting
    counted = counting if counting is not None and counting.with_every_answer and rules.probe_counts else None
    moves = rules.successors(board)
    successors = None
    if moves is not None:
        order = []
        distances = rules.board_distances(table, [after for _, after in moves])
        for position, ((move, after), distance) in enumerate(zip(moves, distances, strict=True)):
            ways = None if counted is None else 0 if distance is None else counted.count(table, after)
            successor = Successor(rules.move_value(move), rules.compact(after), distance, ways, move)
            order.append(((distance is None, distance or 0, position), successor))
        successors = [successor for _, successor in sorted(order, key=lambda pair: pair[0])]
    return Probe(solution, rules.unit[1], successors, rules.probe_fields(solution))


def checked_seed(seed: int) -> int:
    """`seed`, where it is one (0 to MAX_SEED); InputError otherwise."""
    if not 0 <= seed <= MAX_SEED:
        raise InputError(f"seed is {seed}; give a whole number from 0 to {MAX_SEED:,}")
    return seed


def open_tables(path: str | os.PathLike[str] | None = None) -> Tables:
    """Open the tables in `path` (default: $NINEBASE_TABLES, else the default directory)."""
    return Tables(path)


__all__ = ["MAX_SEED", "InputError", "Tables", "checked_seed", "open_tables", "probe"]
