"""Checks a table file against the search invariants themselves, not just
its checksums: distances are exact exactly when every goal is at 0, every
other reached state has a parent move to a state one closer, no move leads
from a reached state to anything more than one further away, and the
unreached states have none of this. Then every stored dataset must be what
the puzzle would store for those distances and parents, and every stored
count what they add up to (the optimal move sequences of each state: 1 for a
goal, the sum over its moves one step closer otherwise): a file whose
content changed cannot pass.

Where a puzzle stores only parent moves (the cube), the distances are
derived from them first, by a breadth-first walk down the parent moves from
the goals, so the check needs no more memory than the build.

Given a progress factory (as `build` takes), each search group gets a bar of
four times its states: the distances read (or derived), the moves checked,
the counts worked out again, the datasets compared, each advanced as it goes
where it goes in steps (levels, chunks of states).
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import Any

import numpy as np

from ninebase import puzzles
from ninebase.lookup.directory import table_name
from ninebase.lookup.tablefile import TableError, TableFile, build_command, flat_message, table_path
from ninebase.puzzles import SINGLE_SEARCH
from ninebase.puzzles.contract import Puzzle
from ninebase.puzzles.storage import UNREACHABLE, Packed, PatternSearch, Search

from . import ProgressBar, ProgressFactory, pattern_results
from .engine import ProgressCallback, SearchResult, count_paths

CHUNK = 1 << 20
STAGES = 4
"""A group's progress bar counts its states once per stage: distances, moves, counts, datasets."""


class VerificationError(TableError):
    """A table file is readable but its contents break an invariant."""


class Stages:
    """A group's progress bar (or none), advanced within a stage as it goes
    and to the stage's end when it ends, so that the bar is full at the end
    whatever the steps added up to (states never reached take no step)."""

    def __init__(self, bar: ProgressBar | None, states: int) -> None:
        self.bar, self.states, self.done, self.ended = bar, states, 0, 0

    def advance(self, steps: int) -> None:
        self.done += steps
        if self.bar:
            self.bar.update(steps)

    def end_stage(self) -> None:
        self.ended += 1
        self.advance(self.ended * self.states - self.done)


def check_search(
    search: Search, distance: np.ndarray, parent: np.ndarray, where: str, progress: ProgressCallback | None = None
) -> None:
    """Raise VerificationError unless `distance` and `parent` are an exact BFS
    of `search`; `progress`, if given, is called with each chunk's states."""

    def fail(what: str) -> None:
        raise VerificationError(f"{where}: {what}")

    if distance.size != search.state_count or parent.size != search.state_count:
        fail(f"holds {distance.size} distances and {parent.size} parents for {search.state_count} states")
    goals = np.unique(np.asarray(search.goal_states(), dtype=np.int64))
    if (distance[goals] != 0).any() or np.count_nonzero(distance == 0) != goals.size:
        fail("the states at distance 0 are not exactly the goals")
    reached = (distance != UNREACHABLE) & (distance != 0)
    if (parent[~reached] != 0).any():
        fail("a goal or an unreachable state has a parent move")
    parents_confirmed = 0
    for first in range(0, search.state_count, CHUNK):
        states = np.arange(first, min(first + CHUNK, search.state_count), dtype=np.int64)
        for move, before in enumerate(search.predecessors(states)):
            legal = before >= 0
            after_distance = distance[states[legal]].astype(np.int64)
            before_distance = distance[before[legal]].astype(np.int64)
            # A move into a reached state must start at most one step further out.
            if ((after_distance != UNREACHABLE) & (before_distance > after_distance + 1)).any():
                fail(f"move {search.move_names[move]} reaches a state from one more than a step further away")
            # Each state is the start of exactly one (move, result) pair per move.
            parents_confirmed += np.count_nonzero(
                (parent[before[legal]] == move) & reached[before[legal]] & (after_distance == before_distance - 1)
            )
        if progress:
            progress(states.size)
    if parents_confirmed != np.count_nonzero(reached):
        fail(f"{np.count_nonzero(reached) - parents_confirmed} states lack a parent move to a state one closer")


def distances_from_parents(search: Search, parent: np.ndarray, progress: ProgressCallback | None = None) -> np.ndarray:
    """Per state, how many parent moves lead from it to a goal: a BFS from the
    goals that reaches a state only through its own parent move. States whose
    parent moves never reach a goal stay UNREACHABLE. `progress`, if given,
    is called with each level's states."""
    distance = np.full(search.state_count, UNREACHABLE, dtype=np.uint8)
    frontier = np.unique(np.asarray(search.goal_states(), dtype=np.int64))
    distance[frontier] = 0
    level = 0
    while frontier.size and level < UNREACHABLE - 1:
        if progress:
            progress(frontier.size)
        for move, before in enumerate(search.predecessors(frontier)):
            before = before[before >= 0]
            before = before[(parent[before] == move) & (distance[before] == UNREACHABLE)]
            distance[before] = level + 1
        level += 1
        frontier = np.flatnonzero(distance == level)
    return distance


def check_histogram(attrs: dict[str, Any], histogram: np.ndarray, state_count: int, where: str) -> None:
    """The stored histogram and counts must be those of the distances."""
    stored = np.asarray(attrs["histogram"])
    if not np.array_equal(histogram, stored) or int(attrs["reachable_count"]) != histogram.sum():
        raise VerificationError(f"{where}: the stored histogram or counts do not match the distances")
    if int(attrs["max_distance"]) != histogram.size - 1 or int(attrs["state_count"]) != state_count:
        raise VerificationError(f"{where}: the stored largest distance or state count does not match")


def verify(puzzle: Puzzle | str, directory: Path, progress: ProgressFactory | None = None) -> str:
    """Check one puzzle's table file (a puzzle by name, or a variant with a
    table of its own), with a progress bar per search group if `progress`
    makes them; return a one-line summary or raise TableError."""
    rules = puzzle if isinstance(puzzle, Puzzle) else puzzles.get(puzzle)
    name = table_name(rules, "there is none to verify")
    path = table_path(directory, name)
    selection = rules.storage.build_selection  # type: ignore[union-attr]  # table_name said it has a table
    rebuild = f"; rebuild it with: {build_command(selection, directory, True)}"
    try:
        return _verify(rules, path, progress)
    except VerificationError as error:  # readable, but not what a build writes
        raise VerificationError(f"{error}{rebuild}", name, selection) from None
    except TableError:  # unreadable: the message names the command already
        raise
    except Exception as error:  # contents so wrong that a check itself cannot run
        raise VerificationError(
            f"{path}: cannot be checked ({flat_message(error)}){rebuild}", name, selection
        ) from None


def _verify(puzzle: Puzzle, path: Path, progress: ProgressFactory | None) -> str:
    name = puzzle.storage.table_name
    with TableFile(path, name, puzzle.storage.build_selection) as table:
        expected = puzzle.storage.file_attrs()
        for key, value in expected.items():
            if np.asarray(table.attrs.get(key)).tolist() != value:
                raise VerificationError(f"{path}: the attribute {key!r} is not this puzzle's")
        searches = puzzle.storage.searches()
        layout = table.layout()
        if sorted(layout) != sorted(searches):
            raise VerificationError(f"{path}: holds the groups {sorted(layout)}, expected {sorted(searches)}")
        total = np.zeros(0, dtype=np.int64)
        states = 0
        rebuilt = pattern_results(name, searches, progress)  # a pattern table is built again, all of them at once
        for group, search in searches.items():
            label = name if group == SINGLE_SEARCH else f"{name} {group}"
            with progress(label, STAGES * search.state_count) if progress else nullcontext() as bar:
                stages = Stages(bar, search.state_count)
                distance = check_group(puzzle, table, group, search, layout[group], stages, rebuilt.get(group))
            histogram = np.bincount(distance[distance != UNREACHABLE])
            check_histogram(table.group_attrs(group), histogram, search.state_count, f"{path} group {group}")
            if group in puzzle.storage.distance_groups():
                size = max(total.size, histogram.size)
                total = np.pad(total, (0, size - total.size)) + np.pad(histogram, (0, size - histogram.size))
                states += search.state_count
        check_histogram(table.attrs, total, states, str(path))
        return f"{name}: ok, {int(total.sum()):,} reachable states checked ({path})"


def check_group(
    puzzle: Puzzle,
    table: TableFile,
    group: str,
    search: Search | PatternSearch,
    datasets: list[str],
    stages: Stages,
    rebuilt: SearchResult | None = None,
) -> np.ndarray:
    """Check one search group of a table against the search and the puzzle's
    storage; return its distances (raise VerificationError where it fails).
    A pattern table is compared with the same table `rebuilt`: its 0-1
    search has no parent moves to check invariants by."""
    where = f"{table.path} group {group}"
    stored = {dataset: table.read_packed(group, dataset) for dataset in datasets}
    if isinstance(search, PatternSearch):
        if rebuilt is None:
            raise ValueError(f"the pattern table {group} was not built again to compare")
        distance = rebuilt.distance
        for _ in range(STAGES - 1):
            stages.end_stage()
        compared(where, stored, puzzle.storage.store(group, distance, np.zeros(0, dtype=np.uint8)), stages)
        return distance
    distance, parent = puzzle.storage.stored_search(group, {key: packed.values for key, packed in stored.items()})
    if distance is None:
        distance = distances_from_parents(search, parent, stages.advance)
    stages.end_stage()
    check_search(search, distance, parent, where, stages.advance)
    stages.end_stage()
    count = count_paths(search, distance, stages.advance) if group in puzzle.storage.counted_groups() else None
    stages.end_stage()
    compared(where, stored, puzzle.storage.store(group, distance, parent, count), stages)
    return distance


def compared(where: str, stored: dict[str, Packed], rebuilt: dict[str, Packed], stages: Stages) -> np.ndarray:
    """The datasets stored must be those rebuilt, bit for bit; return the
    first one's values (a pattern table's distances)."""
    if sorted(rebuilt) != sorted(stored):
        raise VerificationError(f"{where}: holds the datasets {sorted(stored)}, expected {sorted(rebuilt)}")
    for dataset, packed in rebuilt.items():
        if packed.bits != stored[dataset].bits or not np.array_equal(packed.values, stored[dataset].values):
            raise VerificationError(f"{where}: dataset {dataset} does not match the distances and counts")
    stages.end_stage()
    return next(iter(stored.values())).values
