"""Offline table builders: one BFS engine, one module per puzzle.

`build()` writes each puzzle's HDF5 table into a tables directory; nothing is
built at import time.
"""

from __future__ import annotations

import fcntl
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, ContextManager, Iterable, Iterator, Protocol

import numpy as np

from . import puzzles
from .engine import breadth_first
from .tablefile import PARTIAL_GLOB, TableError, TableFile, table_path, write_table

LOCK_NAME = ".ninebase-build.lock"

__all__ = ["BuildReport", "build", "is_built"]


@dataclass(frozen=True)
class BuildReport:
    """What one puzzle's build produced."""

    puzzle: str
    states: int
    reachable: int
    max_distance: int
    seconds: float
    file_bytes: int


class ProgressBar(Protocol):
    def update(self, steps: int) -> None: ...


ProgressFactory = Callable[[str, int], ContextManager[ProgressBar]]
"""Given a label and a state count, a context manager for a progress bar
(such as click.progressbar) that advances as states are settled."""


def is_built(name: str, directory: Path) -> bool:
    """Whether a table file of the current format for `name` is in place."""
    try:
        TableFile(table_path(directory, name), name).close()
    except TableError:
        return False
    return True


def build_one(name: str, directory: Path, progress: ProgressFactory | None = None) -> BuildReport:
    """Run every search of one puzzle and write its table file."""
    puzzle = puzzles.get(name)
    started = time.perf_counter()
    groups = {}
    histograms = []
    states = 0
    for group, search in puzzle.searches().items():
        label = name if group == puzzles.SINGLE_SEARCH else f"{name} {group}"
        with progress(label, search.state_count) if progress else nullcontext() as bar:
            result = breadth_first(search, bar.update if bar else None)
            if bar:  # the states never reached are settled too
                bar.update(search.state_count - result.reachable_count)
        group_attrs = {
            "state_count": search.state_count,
            "reachable_count": result.reachable_count,
            "max_distance": result.max_distance,
            "histogram": result.histogram,
        }
        groups[group] = (group_attrs, puzzle.store(group, result))
        histograms.append(result.histogram)
        states += search.state_count
    histogram = np.zeros(max(map(len, histograms)), dtype=np.int64)
    for part in histograms:
        histogram[: len(part)] += part
    attrs = {
        **puzzle.file_attrs(),
        "state_count": states,
        "reachable_count": int(histogram.sum()),
        "max_distance": len(histogram) - 1,
        "histogram": histogram,
    }
    size = write_table(table_path(directory, name), attrs, groups)
    seconds = time.perf_counter() - started
    return BuildReport(name, states, int(histogram.sum()), len(histogram) - 1, seconds, size)


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
    names: Iterable[str] | None = None,
    directory: Path | str = "tables",
    force: bool = False,
    progress: ProgressFactory | None = None,
) -> list[BuildReport]:
    """Build the named puzzles' tables (all by default) that are missing or
    outdated (or damaged), or all of them with `force`; return a report per
    table built."""
    directory = Path(directory)
    with exclusive_builder(directory):
        return [
            build_one(name, directory, progress)
            for name in (names or puzzles.NAMES)
            if force or not is_built(name, directory)
        ]
