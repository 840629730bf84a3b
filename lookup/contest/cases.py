"""Which instances a problem package's secret data holds, chosen with the
tablebase: every distance from 0 to the largest, the hardest instances,
unsolvable ones where the puzzle has them, the hardest instance of each
class the kit names (every empty cell, every start square), the kit's
format edge cases, a file as full as the format allows, and then random
instances up to the budget. The same seed gives the same choice."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ninebase.lookup import UNSOLVABLE, Tables
from ninebase.puzzles import InputError, Puzzle, plural

from .kit import Kit

HARDEST = 3
"""Instances at the largest distance (when that many exist)."""
UNSOLVABLE_CASES = 3
POOL = 400
"""Instances drawn per distance to choose from."""


@dataclass(frozen=True)
class Case:
    """One test file: what it covers (`kind`: distance, hardest, unsolvable,
    class, edge case, full file or random), its label, and its instances in
    compact form."""

    kind: str
    label: str
    instances: tuple[str, ...]

    def file_name(self, number: int) -> str:
        return f"{number:03d}-{re.sub(r'[^a-z0-9]+', '-', self.label.lower()).strip('-')}"


class Chooser:
    """Draws instances at exact distances from one puzzle's table, each at
    most once; with `unique`, only instances whose original answer is unique."""

    def __init__(self, tables: Tables, kit: Kit, seed: int, taken: list[str], unique: bool = False) -> None:
        self.kit, self.puzzle, self.seed, self.unique = kit, kit.puzzle, seed, unique
        self.tables = tables
        stats = tables.stats(self.puzzle)
        self.largest = int(stats["max_distance"])
        self.has_unsolvable = stats["solvable"] < stats["states"] and not kit.config.get("solvable_only", False)
        self.taken = set(taken)
        self.cases: list[Case] = []
        self._pools: dict[int, list[str]] = {}

    def pool(self, distance: int) -> list[str]:
        """Up to POOL instances at exactly `distance` (-1: unsolvable), fixed
        by the seed (with `unique`: drawn among the instances with one optimal
        sequence where that is what makes the answer unique, then kept if unique)."""
        if distance not in self._pools:
            by_count = self.unique and distance != UNSOLVABLE and self.puzzle.formats.unique_by_count
            try:
                drawn = self.tables.sample(self.puzzle, distance, POOL, self.seed, by_count)[0]
            except InputError:  # no instance at this distance
                drawn = []
            self._pools[distance] = [i for i in drawn if not self.unique or answer_unique(self.tables, self.puzzle, i)]
        return self._pools[distance]

    def fresh(self, distance: int, count: int) -> list[str]:
        return [instance for instance in self.pool(distance) if instance not in self.taken][:count]

    def add(self, kind: str, label: str, *instances: str) -> None:
        self.taken.update(instances)
        self.cases.append(Case(kind, label, instances))

    def required(self) -> list[Case]:
        for distance in range(self.largest + 1):
            for instance in self.fresh(distance, 1):
                self.add("distance", f"distance {distance}", instance)
        for number, instance in enumerate(self.fresh(self.largest, HARDEST - 1), 2):
            self.add("hardest", f"hardest {number}", instance)
        if self.has_unsolvable:
            for number, instance in enumerate(self.fresh(UNSOLVABLE, UNSOLVABLE_CASES), 1):
                self.add("unsolvable", f"unsolvable {number}", instance)
        for label, pattern in self.kit.cover.items():
            hardest = next(
                (i for d in range(self.largest, -1, -1) for i in self.pool(d) if pattern.search(i)),
                None,
            )
            if hardest is None:
                raise InputError(f"{self.puzzle.name}'s contest kit names a class {label!r} that no instance is in")
            if hardest not in self.taken:
                self.add("class", f"hardest {label}", hardest)
        for label, state in self.kit.config.get("edge_cases", {}).items():
            instance = self.puzzle.compact(self.puzzle.board(state))
            if instance not in self.taken and (not self.unique or answer_unique(self.tables, self.puzzle, instance)):
                self.add("edge case", label, instance)
        most = self.kit.most_instances
        if most > 1:  # the fullest file the format allows: one instance at each of the smallest distances
            full = [instance for distance in range(most) for instance in self.pool(distance)[-1:]]
            self.cases.append(Case("full file", f"{len(full)} datasets", tuple(full)))
        return self.cases

    def spare(self) -> dict[int, list[str]]:
        """Per distance, in pool order, the instances no case holds yet:
        each random case takes one, so they say how many cases there can be."""
        distances = [*range(self.largest + 1), *[UNSOLVABLE] * self.has_unsolvable]
        return {distance: self.fresh(distance, POOL) for distance in distances}

    def fill(self, count: int, spare: dict[int, list[str]]) -> None:
        """`count` more cases (at most as many as `spare` holds), each at a
        distance drawn at random, taking the first spare instance there."""
        rng = random.Random(self.seed)
        distances = list(spare)
        for number in range(1, count + 1):
            for distance in rng.sample(distances, len(distances)):
                if spare[distance]:
                    self.add("random", f"random {number}", spare[distance].pop(0))
                    break


def answer_unique(tables: Tables, puzzle: Puzzle, instance: str) -> bool:
    """Whether the original output of `instance` is the only one a judge can accept."""
    board = tables.parse(puzzle, instance)  # read once, for the count and the formats alike
    return puzzle.formats.unique(tables.table(puzzle), board.board, tables.count(puzzle, board))


def choose_cases(
    tables: Tables, kit: Kit, seed: int, budget: int, taken: list[str], unique: bool = False
) -> list[Case]:
    """`budget` secret cases: the required ones first, random ones after;
    instances in `taken` (the samples) are not drawn again; with `unique`,
    only instances whose original answer is unique. A budget out of range is
    refused before any case is written or answered."""
    chooser = Chooser(tables, kit, seed, taken, unique)
    required = len(chooser.required())
    if budget < required:
        raise InputError(
            f"--cases {budget} is too few: covering every distance, the hardest, the classes and the edge cases of "
            f"{kit.puzzle.name} takes {plural(required, 'case')}"
        )
    spare = chooser.spare()
    most = required + sum(len(instances) for instances in spare.values())
    if budget > most:
        raise InputError(
            f"--cases {budget} is too many: {kit.puzzle.name} gives at most {most:,} distinct cases "
            f"(at most {POOL} instances are drawn per distance)"
        )
    chooser.fill(budget - required, spare)
    return chooser.cases
