"""The one breadth-first search engine behind every table.

A search (`puzzles.storage.Search`) describes its states as integers
0..state_count-1 and says, for a batch of states, which states lead *into*
them by each move (its `predecessors`). The engine then runs a multi-source BFS backwards from the
goal states, level by level, with NumPy over whole frontiers, and records for
every state its distance to the nearest goal and the move that takes it one
step closer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ninebase.puzzles.storage import UNREACHABLE, Search

MAX_DISTANCE = UNREACHABLE - 1


@dataclass
class SearchResult:
    """Per-state distance and parent move, and the distance histogram."""

    distance: np.ndarray
    """uint8 per state: fewest moves to a goal, UNREACHABLE where none."""
    parent: np.ndarray
    """uint8 per state: the lowest-numbered move that leads one step closer
    to a goal; 0 for goals and unreachable states."""
    histogram: np.ndarray
    """int64: histogram[d] states at distance d."""

    @property
    def reachable_count(self) -> int:
        return int(self.histogram.sum())

    @property
    def max_distance(self) -> int:
        return len(self.histogram) - 1


ProgressCallback = Callable[[int], None]


def breadth_first(puzzle: Search, progress: ProgressCallback | None = None) -> SearchResult:
    """Search backwards from all goals of `puzzle` at once.

    `progress`, if given, is called after each level with the number of states
    newly reached. Processing the moves in order, and only claiming states not
    yet reached, makes each parent the lowest-numbered move that works: the
    result is the same on every machine.
    """
    distance = np.full(puzzle.state_count, UNREACHABLE, dtype=np.uint8)
    parent = np.zeros(puzzle.state_count, dtype=np.uint8)
    frontier = np.unique(np.asarray(puzzle.goal_states(), dtype=np.int64))
    distance[frontier] = 0
    counts = [frontier.size]
    if progress:
        progress(frontier.size)
    level = 0
    while frontier.size:
        if level == MAX_DISTANCE:
            raise OverflowError(f"{puzzle.name}: distances exceed {MAX_DISTANCE}")
        for move, states in enumerate(puzzle.predecessors(frontier)):
            states = states[states >= 0]
            states = states[distance[states] == UNREACHABLE]
            distance[states] = level + 1
            parent[states] = move
        level += 1
        frontier = np.flatnonzero(distance == level)
        if frontier.size:
            counts.append(frontier.size)
            if progress:
                progress(frontier.size)
    return SearchResult(distance, parent, np.array(counts, dtype=np.int64))
