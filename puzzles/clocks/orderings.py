"""Counting and numbering the orderings of a set of moves: the optimal
sequences of the Clocks, whose moves' effects do not depend on when they
are made."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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


def orderings_in_order(plan: Plan, limit: int) -> Iterator[list[int]]:
    """The first `limit` sequences that play `plan`, in the order `nth_ordering` numbers them."""
    if any(len(symbols) > 1 for symbols, times in plan if times):
        for number in range(min(limit, orderings(plan))):  # a direction still open: one by one
            yield nth_ordering(plan, number)
        return
    sequence = sorted(symbols[0] for symbols, times in plan for _ in range(times))
    for _ in range(limit):
        yield list(sequence)
        # the next permutation in lexicographic order, in place
        pivot = len(sequence) - 2
        while pivot >= 0 and sequence[pivot] >= sequence[pivot + 1]:
            pivot -= 1
        if pivot < 0:
            return
        swap = len(sequence) - 1
        while sequence[swap] <= sequence[pivot]:
            swap -= 1
        sequence[pivot], sequence[swap] = sequence[swap], sequence[pivot]
        sequence[pivot + 1 :] = reversed(sequence[pivot + 1 :])
