"""The secret data of a puzzle answered without a table (nine at size 9,
by its construction): no distances to cover, nothing to sample. So the
kit's edge cases, then the instances whose answers are the longest among
many drawn at random (the hardest for the jury's own method), then random
instances up to the budget, each drawn by the puzzle's original formats
(`draw`). The same seed gives the same choice."""

from __future__ import annotations

import numpy as np

from ninebase.lookup import Tables
from ninebase.puzzles import InputError

from .cases import Case
from .kit import Kit

POOL = 2000
"""Instances drawn to find the longest answers among."""
LONGEST = 5
MOST_CASES = 10_000
"""The most secret cases drawn (random instances are many more: this only bounds the work)."""


def drawn_cases(tables: Tables, kit: Kit, seed: int, budget: int, taken: list[str]) -> list[Case]:
    """`budget` secret cases: the edge cases and the longest answers first,
    random instances after; instances in `taken` (the samples) are not drawn again."""
    puzzle = kit.puzzle
    if budget > MOST_CASES:
        raise InputError(
            f"--cases {budget} is too many: {puzzle.name} under these rules gives at most {MOST_CASES:,} cases "
            "(its instances are drawn at random)"
        )
    seen, cases = set(taken), []

    def add(kind: str, label: str, instance: str) -> None:
        if instance not in seen:
            seen.add(instance)
            cases.append(Case(kind, label, (instance,)))

    for label, state in kit.config.get("edge_cases", {}).items():
        add("edge case", label, puzzle.compact(puzzle.board(state)))
    drawn = tables.draw(puzzle, POOL + budget, seed)
    lengths = tables.distances(puzzle, drawn[:POOL])
    for number, index in enumerate(np.argsort(-lengths, kind="stable")[:LONGEST].tolist(), 1):
        add("longest", f"longest answer {number}", drawn[index])
    required = len(cases)
    if budget < required:
        raise InputError(
            f"--cases {budget} is too few: covering the edge cases and the longest answers of {puzzle.name} under "
            f"these rules takes {required} cases"
        )
    for number, instance in enumerate(drawn[POOL:], 1):
        if len(cases) == budget:
            break
        add("random", f"random {number}", instance)
    return cases
