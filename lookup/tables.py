"""The `Tables` object: a directory of table files, opened lazily."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

from build_tables.puzzles import SINGLE_SEARCH
from build_tables.tablefile import TableFile, table_path

from . import puzzles
from .parsing import InputError
from .solution import Solution

ENVIRONMENT_VARIABLE = "NINEBASE_TABLES"


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


def query_puzzle(name: str) -> puzzles.QueryPuzzle:
    try:
        return puzzles.get(name)
    except KeyError:
        raise InputError(f"unknown puzzle {name!r}; the puzzles are {', '.join(puzzles.NAMES)}") from None


class Tables:
    """A directory of ninebase tables. Each puzzle's file is opened, checked
    and loaded on first use, once; `close()` (or leaving a `with` block)
    releases them.

    Raises `MissingTableError` when a needed table has not been built and
    `TableError` when one is damaged; both messages give the command that
    builds the table.

    >>> with open_tables() as tables:
    ...     tables.solve("clocks", "9 9 12 6 6 6 6 3 6").moves
    [4, 5, 8, 9]
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.directory = resolve_tables_dir(path)
        self._files: dict[str, TableFile] = {}
        self._arrays: dict[tuple[str, str, str], np.ndarray] = {}
        self._handlers: dict[str, puzzles.QueryPuzzle] = {}

    def __enter__(self) -> Tables:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        for table in self._files.values():
            table.close()
        self._files.clear()
        self._arrays.clear()

    def file(self, puzzle: str) -> TableFile:
        """The checked table file of `puzzle`."""
        table = self._files.get(puzzle)
        if table is None:
            table = self._files[puzzle] = TableFile(table_path(self.directory, puzzle), puzzle)
        return table

    def array(self, puzzle: str, dataset: str, group: str = SINGLE_SEARCH) -> np.ndarray:
        """One dataset of a puzzle's table, loaded once and kept in memory."""
        key = (puzzle, group, dataset)
        array = self._arrays.get(key)
        if array is None:
            array = self._arrays[key] = self.file(puzzle).read(group, dataset)
        return array

    def handler(self, puzzle: str) -> puzzles.QueryPuzzle:
        """The query side of `puzzle` (InputError for an unknown name)."""
        handler = self._handlers.get(puzzle)
        if handler is None:
            handler = self._handlers[puzzle] = query_puzzle(puzzle)
        return handler

    def solve(self, puzzle: str, state: Any) -> Solution:
        """An optimal solution of one state in compact form (a string or a list).

        >>> with open_tables() as tables:
        ...     tables.solve("sansu", "175426839").distance
        5
        """
        handler = self.handler(puzzle)
        return handler.solve(self, handler.board(state))

    def distance(self, puzzle: str, state: Any) -> int | None:
        """The fewest moves for one state, None when it is unsolvable.

        >>> with open_tables() as tables:
        ...     tables.distance("clocks", [9, 9, 12, 6, 6, 6, 6, 3, 6])
        4
        """
        handler = self._handlers.get(puzzle) or self.handler(puzzle)
        return handler.distance(self, handler.board(state))

    def distances(self, puzzle: str, states: Any) -> np.ndarray:
        """Fewest moves for a whole batch, as an int16 array (-1: unsolvable).

        `states` is a sequence of compact strings, or a NumPy array of them,
        or an (n, 9) integer array of the nine values.

        >>> with open_tables() as tables:
        ...     tables.distances("sansu", ["175426839", "123456789"]).tolist()
        [5, 0]
        """
        return self.handler(puzzle).distances(self, states)


def open_tables(path: str | os.PathLike[str] | None = None) -> Tables:
    """Open the tables in `path` (default: $NINEBASE_TABLES, else the default directory)."""
    return Tables(path)
