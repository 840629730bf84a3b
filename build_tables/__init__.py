"""The offline table builder: runs each puzzle's searches with the one BFS
engine and writes its HDF5 table.

`build()` writes each puzzle's table into a tables directory; nothing is
built at import time. The puzzles' rules come from the `puzzles` package;
the query layer (`lookup`) never imports this package.
"""

from __future__ import annotations

import fcntl
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from ninebase import puzzles
from ninebase.lookup.directory import table_name
from ninebase.lookup.tablefile import TableError, TableFile, table_path
from ninebase.puzzles import SINGLE_SEARCH, Puzzle, Search
from ninebase.puzzles.storage import UNREACHABLE, PatternSearch

from .engine import SearchResult, breadth_first
from .pattern_tables import all_pattern_tables
from .writer import PARTIAL_GLOB, write_table

LOCK_NAME = ".ninebase-build.lock"

__all__ = ["BuildReport", "build", "is_built"]


@dataclass(frozen=True)
class BuildReport:
    """What one puzzle's build produced: `puzzle` names its table (`nine-4`
    for nine at size 4), `rules` is the puzzle it was built for where that
    is not simply the puzzle of that name."""

    puzzle: str
    states: int
    reachable: int
    max_distance: int
    seconds: float
    file_bytes: int
    rules: Puzzle | None = None


class ProgressBar(Protocol):
    def update(self, steps: int) -> None: ...


ProgressFactory = Callable[[str, int], AbstractContextManager[ProgressBar]]
"""Given a label and a state count, a context manager for a progress bar
(such as click.progressbar) that advances as states are settled."""


def table_of(puzzle: Puzzle | str) -> tuple[Puzzle, str]:
    """A puzzle (given by name, or as an object: a variant with a table of its
    own) and the name of its table; InputError where it has no table."""
    rules = puzzle if isinstance(puzzle, Puzzle) else puzzles.get(puzzle)
    return rules, table_name(rules, "there is none to build")


def is_built(puzzle: Puzzle | str, directory: Path) -> bool:
    """Whether a table file of the current format for `puzzle` is in place
    (its attributes checked; `verify` checks the rest)."""
    rules, name = table_of(puzzle)
    storage = rules.storage  # table_of refused a puzzle without one
    try:
        TableFile(table_path(directory, name), name, storage.build_selection, storage.encoding).close()  # type: ignore[union-attr]
    except TableError:
        return False
    return True


def build_one(puzzle: Puzzle | str, directory: Path, progress: ProgressFactory | None = None) -> BuildReport:
    """Run every search of one puzzle (by name, or a variant with a table) and write its table file."""
    puzzle, name = table_of(puzzle)
    started = time.perf_counter()
    groups = {}
    counted = []
    searches = puzzle.storage.searches()
    patterns = pattern_results(name, searches, progress)
    for group, search in searches.items():
        label = name if group == SINGLE_SEARCH else f"{name} {group}"
        counting = group in puzzle.storage.counted_groups()
        if isinstance(search, PatternSearch):
            result = patterns[group]
        else:
            with progress(label, search.state_count) if progress else nullcontext() as bar:
                result = breadth_first(search, bar.update if bar else None, counting)
                if bar:  # the states never reached are settled too
                    bar.update(search.state_count - result.reachable_count)
        group_attrs = {
            "state_count": search.state_count,
            "reachable_count": result.reachable_count,
            "max_distance": result.max_distance,
            "histogram": result.histogram,
        }
        groups[group] = (group_attrs, puzzle.storage.store(group, result.distance, result.parent, result.count))
        if group in puzzle.storage.distance_groups():
            counted.append(group_attrs)
    histogram = np.zeros(max((len(attrs["histogram"]) for attrs in counted), default=0), dtype=np.int64)
    for attrs in counted:
        histogram[: len(attrs["histogram"])] += attrs["histogram"]
    states = sum(attrs["state_count"] for attrs in counted)
    attrs = {
        **puzzle.storage.file_attrs(),
        "state_count": states,
        "reachable_count": int(histogram.sum()),
        "max_distance": len(histogram) - 1,
        "histogram": histogram,
    }
    size = write_table(table_path(directory, name), attrs, groups)
    seconds = time.perf_counter() - started
    rules = None if puzzle.name == name else puzzle
    return BuildReport(name, states, int(histogram.sum()), len(histogram) - 1, seconds, size, rules)


def pattern_results(
    name: str, searches: Mapping[str, Search | PatternSearch], progress: ProgressFactory | None
) -> dict[str, SearchResult]:
    """The results of the pattern tables among a puzzle's searches (a search
    guided by tables: no parent moves, nothing counted), built at once on
    the cores there are (`all_pattern_tables`), one progress line for them all."""
    patterns = {group: search for group, search in searches.items() if isinstance(search, PatternSearch)}
    if not patterns:
        return {}
    total = sum(search.state_count for search in patterns.values())
    with progress(f"{name} patterns", total) if progress else nullcontext() as bar:
        tables = all_pattern_tables([search.homes for search in patterns.values()], bar.update if bar else None)
    results = {}
    for group, distance in zip(patterns, tables, strict=True):
        histogram = np.bincount(distance[distance != UNREACHABLE]).astype(np.int64)
        results[group] = SearchResult(distance, np.zeros(0, dtype=np.uint8), histogram)
    return results


@contextmanager
def exclusive_builder(directory: Path) -> Iterator[None]:
    """Hold the directory's build lock: a second build waits for the first,
    then finds its tables in place. Files left by a build that was killed
    (`.*.partial`, never read as tables) are removed once the lock is held."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / LOCK_NAME, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            for leftover in directory.glob(PARTIAL_GLOB):
                leftover.unlink(missing_ok=True)
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(
    names: Iterable[str | Puzzle] | None = None,
    directory: Path | str = "tables",
    force: bool = False,
    progress: ProgressFactory | None = None,
) -> list[BuildReport]:
    """Build the tables (every puzzle's by default) of the puzzles named, or
    given as objects (a variant with a table of its own: nine at size 4),
    that are missing or outdated (or damaged), or all of them with `force`;
    return a report per table built."""
    directory = Path(directory)
    chosen = [table_of(puzzle)[0] for puzzle in (names or puzzles.tabled_names())]
    with exclusive_builder(directory):
        return [build_one(puzzle, directory, progress) for puzzle in chosen if force or not is_built(puzzle, directory)]
