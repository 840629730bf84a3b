"""The one breadth-first search engine behind every table.

A search (`puzzles.storage.Search`) describes its states as integers
0..state_count-1 and says, for a batch of states, which states lead *into*
them by each move (its `predecessors`). The engine then runs a multi-source BFS backwards from the
goal states, level by level, with NumPy over whole frontiers, and records for
every state its distance to the nearest goal and the move that takes it one
step closer; asked to, it also counts every state's optimal move sequences
(a goal has one; any other state as many as its moves one step closer lead
to, added up), which `count_paths` works out again from the distances alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ninebase.puzzles.storage import UNREACHABLE, Search

MAX_DISTANCE = UNREACHABLE - 1


class CountOverflow(OverflowError):
    """A state has 2**64 or more optimal move sequences: too many to store."""


@dataclass
class SearchResult:
    """Per-state distance and parent move, the distance histogram and, if counted, the optimal move sequences."""

    distance: np.ndarray
    """uint8 per state: fewest moves to a goal, UNREACHABLE where none."""
    parent: np.ndarray
    """uint8 per state: the lowest-numbered move that leads one step closer
    to a goal; 0 for goals and unreachable states."""
    histogram: np.ndarray
    """int64: histogram[d] states at distance d."""
    count: np.ndarray | None = None
    """uint64 per state, where counted: its optimal move sequences (1 for a goal, 0 where unreachable)."""

    @property
    def reachable_count(self) -> int:
        return int(self.histogram.sum())

    @property
    def max_distance(self) -> int:
        return len(self.histogram) - 1


ProgressCallback = Callable[[int], None]


def breadth_first(puzzle: Search, progress: ProgressCallback | None = None, counting: bool = False) -> SearchResult:
    """Search backwards from all goals of `puzzle` at once.

    `progress`, if given, is called after each level with the number of states
    newly reached. Processing the moves in order, and only claiming states not
    yet reached, makes each parent the lowest-numbered move that works: the
    result is the same on every machine. With `counting`, each state's
    optimal move sequences are counted too (raises CountOverflow past 2**64).
    """
    distance = np.full(puzzle.state_count, UNREACHABLE, dtype=np.uint8)
    parent = np.zeros(puzzle.state_count, dtype=np.uint8)
    count = np.zeros(puzzle.state_count, dtype=np.uint64) if counting else None
    frontier = np.unique(np.asarray(puzzle.goal_states(), dtype=np.int64))
    distance[frontier] = 0
    if count is not None:
        count[frontier] = 1
    counts = [frontier.size]
    if progress:
        progress(frontier.size)
    level = 0
    while frontier.size:
        if level == MAX_DISTANCE:
            raise OverflowError(f"{puzzle.name}: distances exceed {MAX_DISTANCE}")
        for move, before in enumerate(puzzle.predecessors(frontier)):
            legal = before >= 0
            states = before[legal]
            fresh = states[distance[states] == UNREACHABLE]
            distance[fresh] = level + 1
            parent[fresh] = move
            if count is not None:
                _add_counts(puzzle, count, states, frontier[legal], distance[states] == level + 1)
        level += 1
        frontier = np.flatnonzero(distance == level)
        if frontier.size:
            counts.append(frontier.size)
            if progress:
                progress(frontier.size)
    return SearchResult(distance, parent, np.array(counts, dtype=np.int64), count)


def count_paths(search: Search, distance: np.ndarray, progress: ProgressCallback | None = None) -> np.ndarray:
    """Every state's optimal move sequences, from the distances alone (what
    `breadth_first` counts; verify checks the stored counts against it).
    `progress`, if given, is called with each level's states."""
    count = np.zeros(search.state_count, dtype=np.uint64)
    frontier = np.flatnonzero(distance == 0)
    count[frontier] = 1
    level = 0
    while frontier.size:
        if progress:
            progress(frontier.size)
        for before in search.predecessors(frontier):
            legal = before >= 0
            states = before[legal]
            _add_counts(search, count, states, frontier[legal], distance[states] == level + 1)
        level += 1
        frontier = np.flatnonzero(distance == level)
    return count


def _add_counts(search: Search, count: np.ndarray, states: np.ndarray, after: np.ndarray, closer: np.ndarray) -> None:
    """Add the counts of the states `after` to those of `states`, one move
    before them, where that move takes them one step closer (`closer`). A move
    is one-to-one, so no state appears twice among `states`."""
    target, added = states[closer], count[after[closer]]
    total = count[target] + added
    if (total < added).any():
        raise CountOverflow(f"{search.name}: a state has 2**64 or more optimal move sequences")
    count[target] = total
