"""Counting and numbering the orderings of a set of moves: the optimal
sequences of the Clocks, whose moves' effects do not depend on when they
are made."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import factorial

import numpy as np

from ..paths import WAYS_CEILING, MoveGraph, path_chunks

_FACTORIALS = np.array([float(factorial(n)) for n in range(171)])
"""n! as floats: ways on are compared with small numbers, exact where they are small."""
Plan = list[tuple[tuple[int, ...], int]]
"""Per move: the move indices it may be played as (two where both of its
directions cost the same; either, but one for all its turns) and how many times."""


def orderings(plan: Sequence[tuple[Sequence[int], int]]) -> int:
    """How many sequences play `plan`: per move the symbols it may be played
    as (two where both directions cost the same) and how many times."""
    total = sum(times for _, times in plan)
    count = factorial(total)
    for symbols, times in plan:
        count = count // factorial(times) * len(symbols) if times else count
    return count


def nth_ordering(plan: Plan, number: int) -> list[int]:
    """Sequence `number` (from 0) of those that play `plan`, in the order of
    their symbols: at each place the symbols are tried in ascending order,
    and choosing one of a move's two directions fixes the move's direction.

    The sequences that start with a move's symbol are the orderings left
    times that move's share of the places left (halved while the move's
    direction is still open), so each place costs a few multiplications."""
    left = [times for _, times in plan]
    open_moves = [len(symbols) > 1 for symbols, _ in plan]
    played_as = [symbols[0] for symbols, _ in plan]
    by_symbol = sorted((symbol, move) for move, (symbols, _) in enumerate(plan) for symbol in symbols)
    places, ways = sum(left), orderings(plan)
    sequence: list[int] = []
    while places:
        for symbol, move in by_symbol:
            if not left[move] or (not open_moves[move] and played_as[move] != symbol):
                continue
            starting = ways * left[move] // (places * (2 if open_moves[move] else 1))
            if number < starting:
                sequence.append(symbol)
                left[move] -= 1
                open_moves[move], played_as[move] = False, symbol
                places, ways = places - 1, starting
                break
            number -= starting
    return sequence


class PlanGraph(MoveGraph):
    """The sequences that play a plan as paths (`paths`), numbered as
    `nth_ordering` numbers them. A node is what is left of the plan: per
    move, its turns left and the symbol it is played as (0: either, while
    both directions are open), as digits of one integer."""

    def __init__(self, plan: Plan) -> None:
        self.radix = 3 * (max((times for _, times in plan), default=0) + 1)
        self.places = self.radix ** np.arange(len(plan), dtype=np.int64)
        self.symbols = sorted(
            (symbol, move, way) for move, (symbols, _) in enumerate(plan) for way, symbol in enumerate(symbols)
        )
        self.start = sum(
            (times * 3 + (len(symbols) == 1)) * int(place)
            for (symbols, times), place in zip(plan, self.places, strict=True)
        )
        self.length = sum(times for _, times in plan)

    def digits(self, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per node and move: the turns left, and the symbol played as (0: either, 1: first, 2: second)."""
        digits = nodes[:, None] // self.places % self.radix
        return digits // 3, digits % 3

    def onward(self, nodes: np.ndarray, left: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        turns, played_as = self.digits(nodes)
        moves = [move for _, move, _ in self.symbols]
        chosen = np.array([way + 1 for _, _, way in self.symbols])
        allowed = (turns[:, moves] > 0) & ((played_as[:, moves] == 0) | (played_as[:, moves] == chosen))
        places = self.places[moves]
        after = nodes[:, None] - 3 * places + (chosen - played_as[:, moves]) * places
        positions, symbols = np.nonzero(allowed)
        return positions, np.array([symbol for symbol, _, _ in self.symbols])[symbols], after[positions, symbols]

    def ways(self, nodes: np.ndarray, left: int) -> np.ndarray:
        turns, played_as = self.digits(nodes)
        open_moves = ((played_as == 0) & (turns > 0)).sum(axis=1)
        ways = _FACTORIALS[turns.sum(axis=1)] / _FACTORIALS[turns].prod(axis=1) * 2.0**open_moves
        return np.rint(np.minimum(ways, WAYS_CEILING)).astype(np.int64)


def plan_chunks(plan: Plan, limit: int) -> Iterator[np.ndarray]:
    """The first `limit` sequences that play `plan`, in the order `nth_ordering` numbers them, in chunks (`paths`)."""
    graph = PlanGraph(plan)
    return path_chunks(graph, [graph.start], graph.length, limit)
