"""Checks a table file against the search invariants themselves, not just
its checksums: distances are exact exactly when every goal is at 0, every
other reached state has a parent move to a state one closer, no move leads
from a reached state to anything more than one further away, and the
unreached states have none of this.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from . import puzzles
from .engine import UNREACHABLE, Puzzle
from .puzzles.cube import CubeSearch, apply_sorted, compact_index, parity_rule_holds, pattern_tables
from .tablefile import TableError, TableFile, table_path

CHUNK = 1 << 20


class VerificationError(TableError):
    """A table file is readable but its contents break an invariant."""


def check_search(search: Puzzle, distance: np.ndarray, parent: np.ndarray, where: str) -> None:
    """Raise VerificationError unless `distance` and `parent` are an exact BFS of `search`."""

    def fail(what: str) -> None:
        raise VerificationError(f"{where}: {what}")

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
    if parents_confirmed != np.count_nonzero(reached):
        fail(f"{np.count_nonzero(reached) - parents_confirmed} states lack a parent move to a state one closer")


def check_counts(attrs: dict, distance: np.ndarray, where: str) -> None:
    histogram = np.bincount(distance[distance != UNREACHABLE])
    if not np.array_equal(histogram, attrs["histogram"]) or int(attrs["reachable_count"]) != histogram.sum():
        raise VerificationError(f"{where}: the stored histogram or counts do not match the distances")
    if int(attrs["max_distance"]) != histogram.size - 1 or int(attrs["state_count"]) != distance.size:
        raise VerificationError(f"{where}: the stored largest distance or state count does not match")


def cube_parents(search: CubeSearch, parent: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The stored (compact) parent moves spread over every state index, 0
    where the parity rule excludes the state, and the mask of allowed states."""
    states = np.arange(search.state_count, dtype=np.int64)
    allowed = parity_rule_holds(states, search.start)
    full = parent[compact_index(states)]
    full[~allowed] = 0
    return full, allowed


def cube_distances(search: CubeSearch, parent: np.ndarray, allowed: np.ndarray) -> np.ndarray:
    """Per state, the length of its chain of parent moves to the start,
    found by pointer doubling; UNREACHABLE where the chain never gets there
    (a move off the board, a state the parity rule excludes, or a cycle)."""
    count = search.state_count
    sink = count  # an extra state that every dead end leads to, forever
    following = np.full(count + 1, sink, dtype=np.int64)
    for move in range(len(search.move_names)):
        chosen = np.flatnonzero((parent == move) & allowed)
        target = apply_sorted(chosen, move)
        following[chosen] = np.where(target >= 0, target, sink)
    start = int(search.goal_states()[0])
    following[start] = start
    length = np.ones(count + 1, dtype=np.int64)
    length[start] = 0
    length[sink] = UNREACHABLE
    for _ in range(6):  # 2**6 steps: more than any distance
        length = np.minimum(length + length[following], UNREACHABLE)
        following = following[following]
    return np.where(following[:count] == start, length[:count], UNREACHABLE).astype(np.uint8)


def verify(name: str, directory: Path) -> str:
    """Check one puzzle's table file; return a one-line summary or raise TableError."""
    path = table_path(directory, name)
    table = TableFile(path, name)
    try:
        puzzle = puzzles.get(name)
        reachable = 0
        for group, search in puzzle.searches().items():
            where = f"{path} group {group}"
            attrs = table.group_attrs(group)
            if name == "cube":
                parent, allowed = cube_parents(search, table.read(group, "parent"))
                distance = cube_distances(search, parent, allowed)
                check_search(search, distance, parent, where)
                stored = table.read(group, "pattern_distance"), table.read(group, "pattern_witness")
                derived = pattern_tables(distance)
                if not (np.array_equal(stored[0], derived[0]) and np.array_equal(stored[1], derived[1])):
                    raise VerificationError(f"{where}: the pattern tables do not match the states' distances")
            else:
                distance = table.read(group, "distance")
                check_search(search, distance, table.read(group, "parent"), where)
            check_counts(attrs, distance, where)
            reachable += int(attrs["reachable_count"])
        return f"{name}: ok, {reachable:,} reachable states checked ({path})"
    finally:
        table.close()
