"""Counting and numbering the orderings of a set of moves: the optimal
sequences of the Clocks, whose moves' effects do not depend on when they
are made."""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

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
    and choosing one of a move's two directions fixes the move's direction."""
    remaining = [(list(symbols), times) for symbols, times in plan]
    sequence: list[int] = []
    while any(times for _, times in remaining):
        for symbol in sorted({symbol for symbols, times in remaining if times for symbol in symbols}):
            move = next(m for m, (symbols, times) in enumerate(remaining) if times and symbol in symbols)
            symbols, times = remaining[move]
            remaining[move] = ([symbol], times - 1)
            ways = orderings([(tuple(s), t) for s, t in remaining])
            if number < ways:
                sequence.append(symbol)
                break
            number -= ways
            remaining[move] = (symbols, times)
    return sequence
