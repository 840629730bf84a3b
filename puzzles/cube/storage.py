"""The cube's tables: three searches (one per kind of start square, the
others by symmetry), and per start the fewest rolls to each pattern, the
state that attains it and the parent move of every state, 2 bits each."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ..roles import Storage
from ..storage import UNREACHABLE, Packed, TableReader, width_for
from .batch import distances_of
from .board import (
    CANONICAL_STARTS,
    PATTERNS,
    STARTS,
    TURNS,
    CubeSearch,
    compact_index,
    parity_rule_holds,
    pattern_tables,
)
from .symmetry import SYMMETRIES, all_instances


class CubeStorage(Storage):
    encoding = (
        "per start: ((e*3^8 + sum top[k]*3^k) << 8) | sum turn[k]*2^k over cubes k in reading order; "
        "parent stored at compact index (last turn bit dropped); patterns e*3^8 + sum top[k]*3^k"
    )

    def searches(self) -> dict[str, CubeSearch]:
        return {group: CubeSearch(cell) for group, cell in CANONICAL_STARTS.items()}

    def store(
        self, group: str, distance: np.ndarray, parent: np.ndarray, count: np.ndarray | None = None
    ) -> dict[str, Packed]:
        """Per start: the fewest rolls to each pattern, which of the pattern's
        256 states attains it (the lowest index), and the parent move of every
        parity-allowed state (2 bits each); where counted, each pattern's
        optimal roll sequences (over its states at its fewest rolls), and per
        state its own and its distance (to walk an optimal path back from
        any state, and tell which of a pattern's states end one)."""
        reachable = np.flatnonzero(distance != UNREACHABLE)
        if not parity_rule_holds(reachable, CANONICAL_STARTS[group]).all():
            raise ValueError("a reached state breaks the parity rule: the compact index would collide")
        compact = compact_index(reachable)
        compact_parent = np.zeros(PATTERNS * TURNS // 2, dtype=np.uint8)
        compact_parent[compact] = parent[reachable]
        pattern_distance, witness = pattern_tables(distance)
        kept = {
            "pattern_distance": Packed(pattern_distance),
            "pattern_witness": Packed(witness),
            "parent": Packed(compact_parent, 2),
        }
        if count is not None:
            fewest = distance.reshape(PATTERNS, TURNS) == pattern_distance[:, None]
            pattern_count = np.where(fewest, count.reshape(PATTERNS, TURNS), 0).sum(axis=1, dtype=np.uint64)
            compact_count = np.zeros(PATTERNS * TURNS // 2, dtype=np.uint64)
            compact_count[compact] = count[reachable]
            compact_distance = np.full(PATTERNS * TURNS // 2, UNREACHABLE, dtype=np.uint8)
            compact_distance[compact] = distance[reachable]
            kept["pattern_count"] = Packed(pattern_count, width_for(int(pattern_count.max())))
            kept["count"] = Packed(compact_count, width_for(int(compact_count.max())))
            kept["distance"] = Packed(compact_distance)
        return kept

    def stored_search(self, group: str, datasets: Mapping[str, np.ndarray]) -> tuple[None, np.ndarray]:
        """The parent moves spread over every state index (0 where the parity
        rule excludes the state); the distances are not stored."""
        start = CANONICAL_STARTS[group]
        parent = np.empty(PATTERNS * TURNS, dtype=np.uint8)
        chunk = 1 << 22
        for first in range(0, parent.size, chunk):
            states = np.arange(first, min(first + chunk, parent.size), dtype=np.int64)
            spread = datasets["parent"][compact_index(states)]
            spread[~parity_rule_holds(states, start)] = 0
            parent[first : first + chunk] = spread
        return None, parent

    def stats(self, table: TableReader) -> dict[str, Any]:
        """Over all 9 x 59,049 (start, pattern) questions."""
        every = np.concatenate([table.array("pattern_distance", SYMMETRIES[start].group) for start in range(STARTS)])
        histogram = np.bincount(every[every != UNREACHABLE])
        return {
            "puzzle": self.puzzle.name,
            "states": STARTS * PATTERNS,
            "solvable": int(histogram.sum()),
            "max_distance": int(histogram.size - 1),
            "histogram": histogram.tolist(),
        }

    def sample_space(self, table: TableReader) -> tuple[np.ndarray, Callable[[int], str]]:
        """Every question by its key (start * PATTERNS + pattern), which is its place in `all_instances`."""
        distances = distances_of(table, np.arange(STARTS * PATTERNS, dtype=np.int64)).astype(np.int64)
        instances = all_instances()
        return distances, lambda index: str(instances[index])
