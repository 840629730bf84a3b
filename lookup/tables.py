"""The `Tables` object: a directory of table files, opened lazily."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from ninebase import puzzles
from ninebase.puzzles import SINGLE_SEARCH, Probe, Puzzle, Solution, Successor
from ninebase.puzzles.text import InputError

from .tablefile import (
    MissingTableError,
    TableError,
    TableFile,
    build_command,
    table_path,
)

ENVIRONMENT_VARIABLE = "NINEBASE_TABLES"
T = TypeVar("T")


def default_tables_dir() -> Path:
    """`tables/` of the source checkout this package runs from; otherwise
    (an installed package) `$XDG_DATA_HOME/ninebase/tables`, by default
    `~/.local/share/ninebase/tables`."""
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / "tables").is_dir():
        return checkout / "tables"
    data_home = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data_home) / "ninebase" / "tables"


def resolve_tables_dir(path: str | os.PathLike[str] | None = None) -> Path:
    """The tables directory: `path` if given, else $NINEBASE_TABLES, else the default."""
    if path is not None:
        return Path(path)
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE])
    return default_tables_dir()


def check_directory(directory: Path, puzzle: str | None = None) -> None:
    """A missing tables directory is an error that names the build command
    (and the one for `puzzle` alone, when one puzzle is asked for); a path
    that cannot be a directory is one that says why."""
    if directory.is_dir():
        return
    blocker = next((parent for parent in [directory, *directory.parents] if parent.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise TableError(f"tables directory {directory} cannot exist: {blocker} is a file; name another with --tables")
    only = f" (or only this one: {build_command(puzzle, directory)})" if puzzle else ""
    raise MissingTableError(
        f"no tables directory {directory}; build the tables with: ninebase build --tables {directory}{only}"
    )


class PuzzleTable:
    """One puzzle's table file, opened once and checked; each dataset is
    read, checked and unpacked on first use, then kept. This is the
    `puzzles.storage.TableReader` the puzzles answer from."""

    def __init__(self, directory: Path, puzzle: str) -> None:
        check_directory(directory, puzzle)
        self.file = TableFile(table_path(directory, puzzle), puzzle)
        self._arrays: dict[tuple[str, str], np.ndarray] = {}
        self._derived: dict[str, Any] = {}
        self._lock = threading.Lock()

    def array(self, dataset: str, group: str = SINGLE_SEARCH) -> np.ndarray:
        array = self._arrays.get((dataset, group))
        if array is None:
            with self._lock:  # one thread reads a dataset; the others wait for it
                array = self._arrays.get((dataset, group))
                if array is None:
                    array = self.file.read(group, dataset)
                    array.setflags(write=False)
                    self._arrays[(dataset, group)] = array
        return array

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """A value computed from this table once and then kept (the stats, the
        sample space): a table never changes while it is open."""
        if key not in self._derived:
            self._derived.setdefault(key, compute())  # two threads may both compute; one result is kept
        return self._derived[key]

    def kept(self, key: str) -> Any | None:
        return self._derived.get(key)

    def attrs(self, group: str | None = None) -> Mapping[str, Any]:
        if group is None:
            return self.file.attrs
        with self._lock:
            return self.file.group_attrs(group)

    def close(self) -> None:
        with self._lock:
            self.file.close()
            self._arrays.clear()
            self._derived.clear()


class Tables:
    """A directory of ninebase tables. Each puzzle's file is opened, checked
    and loaded on first use, once; `close()` (or leaving a `with` block)
    releases them.

    One `Tables` may be shared by many threads: files and datasets are loaded
    under a lock, once, and are read-only afterwards, so concurrent queries
    see the same arrays and the same answers.

    Raises `InputError` for a malformed state or an unknown puzzle,
    `MissingTableError` when a needed table has not been built and
    `TableError` when one is damaged; the last two messages give the command
    that builds the table.

    >>> with open_tables() as tables:
    ...     tables.solve("clocks", "9 9 12 6 6 6 6 3 6").moves
    [4, 5, 8, 9]
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.directory = resolve_tables_dir(path)
        self._tables: dict[str, PuzzleTable] = {}
        self._lock = threading.Lock()

    def __enter__(self) -> Tables:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        with self._lock:
            for table in self._tables.values():
                table.close()
            self._tables.clear()

    def table(self, puzzle: str) -> PuzzleTable:
        """The opened, checked table of `puzzle`."""
        table = self._tables.get(puzzle)
        if table is None:
            with self._lock:
                table = self._tables.get(puzzle)
                if table is None:
                    puzzles.get(puzzle)  # an unknown name is bad input, not a missing table
                    table = self._tables[puzzle] = PuzzleTable(self.directory, puzzle)
        return table

    def solve(self, puzzle: str, state: Any) -> Solution:
        """An optimal solution of one state in compact form (a string or a list).

        >>> with open_tables() as tables:
        ...     tables.solve("sansu", "175426839").distance
        5
        """
        rules = puzzles.get(puzzle)
        return rules.solve(self.table(puzzle), rules.board(state))

    def distance(self, puzzle: str, state: Any) -> int | None:
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
        rules = puzzles.get(puzzle)
        return rules.distance(self.table(puzzle), rules.board(state))

    def distances(self, puzzle: str, states: Any) -> np.ndarray:
        """Fewest moves for a whole batch, as an int16 array: -1 where a state
        is unsolvable (where `distance` gives None for one state).

        `states` is a sequence of compact strings, or a NumPy array of them,
        or an (n, 9) integer array of the nine values. An empty batch gives
        an empty array.

        >>> with open_tables() as tables:
        ...     tables.distances("sansu", ["175426839", "123456789"]).tolist()
        [5, 0]
        """
        rules = puzzles.get(puzzle)
        if len(states) == 0:
            return np.zeros(0, dtype=np.int16)
        return rules.distances(self.table(puzzle), states)

    def probe(self, puzzle: str, state: Any) -> Probe:
        """The tablebase view of one state: its solution and every legal move
        with the exact distance after it, best first.

        >>> with open_tables() as tables:
        ...     probe = tables.probe("eight", "123069478")
        ...     probe.distance, [(s.move, s.distance) for s in probe.successors]
        (5, [('D', 4), ('U', 6), ('R', 6)])
        """
        rules = puzzles.get(puzzle)
        return probe(rules, self.table(puzzle), rules.board(state))

    def stats(self, puzzle: str) -> dict[str, Any]:
        """States, solvable states, the largest distance and the histogram.

        >>> with open_tables() as tables:
        ...     tables.stats("eight")["max_distance"]
        31
        """
        rules, table = puzzles.get(puzzle), self.table(puzzle)
        return table.derived("stats", lambda: rules.stats(table))


def probe(rules: Puzzle, table: PuzzleTable, board: Any) -> Probe:
    """`Tables.probe` for a puzzle and its table."""
    solution = rules.solve(table, board)
    moves = rules.successors(board)
    successors = None
    if moves is not None:
        order = []
        for position, (move, after) in enumerate(moves):
            distance = rules.distance(table, after)
            successor = Successor(rules.move_value(move), rules.compact(after), distance)
            order.append(((distance is None, distance or 0, position), successor))
        successors = [successor for _, successor in sorted(order, key=lambda pair: pair[0])]
    return Probe(solution, rules.unit[1], successors, rules.probe_fields(solution))


def open_tables(path: str | os.PathLike[str] | None = None) -> Tables:
    """Open the tables in `path` (default: $NINEBASE_TABLES, else the default directory)."""
    return Tables(path)


__all__ = ["InputError", "Tables", "default_tables_dir", "open_tables", "resolve_tables_dir"]
