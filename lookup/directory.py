"""Where the tables are (`default_tables_dir`, $NINEBASE_TABLES) and one
table file in that directory, opened once and read lazily (`PuzzleTable`:
the `puzzles.TableReader` every answer reads from)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from ninebase.puzzles import SINGLE_SEARCH, InputError, Puzzle

from .tablefile import MissingTableError, TableError, TableFile, build_command, file_signature, table_path

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


def check_directory(directory: Path, selection: str | None = None) -> None:
    """A missing tables directory is an error that names the build command
    (and the one for one table alone, when one is asked for: `selection` is
    what `ninebase build` is given, `--only PUZZLE` and any rule options); a
    path that cannot be a directory is one that says why."""
    if directory.is_dir():
        return
    blocker = next((parent for parent in [directory, *directory.parents] if parent.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise TableError(f"tables directory {directory} cannot exist: {blocker} is a file; name another with --tables")
    only = f" (or only this one: {build_command(selection, directory)})" if selection else ""
    raise MissingTableError(
        f"no tables directory {directory}; build the tables with: {build_command('', directory)}{only}",
        None,
        selection,
    )


def table_name(puzzle: Puzzle, so: str) -> str:
    """The name of the table `puzzle` answers from; where it has none, InputError
    saying how it is answered instead and what follows (`so`: "it has no stats")."""
    if puzzle.storage is None:
        how = "by a construction" if not puzzle.exact else "by its rules"
        raise InputError(f"{puzzle.name} under these rules is answered {how}, without a table, so {so}")
    return puzzle.storage.table_name


class PuzzleTable:
    """One table file, opened once and checked; each dataset is read,
    checked and unpacked on first use, then kept. This is the
    `puzzles.TableReader` the puzzles answer from."""

    def __init__(self, directory: Path, name: str, selection: str, encoding: str | None = None) -> None:
        """The table `name` in `directory`; `selection` builds it (`Storage.build_selection`);
        `encoding` is how its states are numbered (`Storage.encoding`: a table numbered otherwise is refused)."""
        check_directory(directory, selection)
        self.file = TableFile(table_path(directory, name), name, selection, encoding)
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

    def load(self) -> None:
        """Read and check every dataset now (a server does, before it serves)."""
        for group, datasets in self.file.layout().items():
            for dataset in datasets:
                self.array(dataset, group)

    def changed(self) -> bool:
        """Whether the file was replaced, written to or removed since it was opened."""
        try:
            return file_signature(self.file.path) != self.file.signature
        except OSError:
            return True

    def close(self) -> None:
        with self._lock:
            self.file.close()
            self._arrays.clear()
            self._derived.clear()
