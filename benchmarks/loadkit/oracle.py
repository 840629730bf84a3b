"""The right answers, found without the server: eight states (a few of them
unsolvable) answered by `Tables.solve` and cross-checked with
`Tables.distances`, so that every line a loaded server streams back can be
checked, not only counted."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from ninebase import lookup, puzzles

from .clients import LineCheck


class Oracle:
    """A pool of eight states with their solve objects; batches drawn from it,
    and checks of batch and distances answer lines against it."""

    def __init__(self, tables_dir: Path, pool: int = 3000, seed: int = 7) -> None:
        with lookup.open_tables(tables_dir) as tables:
            distances, compact = puzzles.get("eight").storage.sample_space(tables.table("eight"))
            rng = np.random.default_rng(seed)
            unsolvable = pool // 20
            picked = np.concatenate(
                [
                    rng.choice(np.flatnonzero(distances >= 0), size=pool - unsolvable, replace=False),
                    rng.choice(np.flatnonzero(distances < 0), size=unsolvable, replace=False),
                ]
            )
            self.states = [compact(int(index)) for index in picked]
            self.expected = {state: tables.solve("eight", state).to_dict() for state in self.states}
            by_batch = tables.distances("eight", self.states).tolist()
        self.distance = {
            state: -1 if answer["distance"] is None else answer["distance"] for state, answer in self.expected.items()
        }
        for state, distance in zip(self.states, by_batch, strict=True):
            assert self.distance[state] == distance, (state, self.expected[state], distance)
        self._seen: dict[tuple[str, bytes], bool] = {}
        self.rng = random.Random(seed)

    def batch(self, lines: int) -> tuple[list[str], bytes]:
        """A batch of `lines` states drawn from the pool, and its body."""
        states = self.rng.choices(self.states, k=lines)
        return states, ("\n".join(states) + "\n").encode()

    def checker(self, states: list[str]) -> LineCheck:
        """Checks the answer to a batch of `states`: line i is the solve object
        of state i (each distinct line parsed once)."""
        seen, expected = self._seen, self.expected

        def check(index: int, line: bytes) -> bool:
            if index >= len(states):
                return False
            key = (states[index], line)
            right = seen.get(key)
            if right is None:
                try:
                    right = json.loads(line) == expected[states[index]]
                except ValueError:
                    right = False
                seen[key] = right
            return right

        return check

    def distance_checker(self, states: list[str]) -> LineCheck:
        """Checks the answer of /api/eight/distances to `states`: line i is state i's distance, -1 unsolvable."""
        wanted = [b"%d" % self.distance[state] for state in states]
        return lambda index, line: index < len(wanted) and line == wanted[index]

    def probes(self, count: int = 300) -> dict[str, int]:
        """Paths probing `count` different solvable states, and the distance each answer must give."""
        solvable = [state for state in self.states if self.distance[state] >= 0]
        assert len(solvable) >= count, f"a pool of {len(self.states)} states has {len(solvable)} solvable ones"
        return {f"/api/eight?state={s}": self.distance[s] for s in solvable[:count]}
