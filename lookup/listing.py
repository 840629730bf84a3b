"""Every optimal solution of one state, in order, from the puzzle's chunks
of move indices (`Counting.solution_chunks`): as the chunks themselves, as
`Solution` objects, or written straight into lines of move names or of
JSON, a chunk at a time; and one solution by its number, or drawn by a seed."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ninebase.puzzles import InputError, Puzzle, Solution
from ninebase.puzzles.answers import Replay
from ninebase.puzzles.storage import TableReader

from . import bulk
from .bulk import move_values


def checked_limit(limit: int) -> int:
    """`limit`, where it asks for at least one solution; InputError otherwise."""
    if limit < 1:
        raise InputError(f"limit is {limit}; give at least 1 (the first solutions in order)")
    return limit


def move_chunks(rules: Puzzle, table: TableReader | None, board: Any, limit: int) -> tuple[int, Iterator[np.ndarray]]:
    """`Tables.solution_moves` for a puzzle, its table and a board (`limit` checked there, first)."""
    count = bulk.count_of(rules, table, board)
    return count, rules.counting.solution_chunks(table, board, limit) if count else iter(())


@dataclass(frozen=True)
class Listing:
    """A state's optimal solutions: its own (`solve`'s) answer, whose fields
    every listed solution shares, and how many there are."""

    rules: Puzzle
    first: Solution
    count: int
    chunks: Iterator[np.ndarray]

    @classmethod
    def of(cls, rules: Puzzle, table: TableReader | None, board: Any, limit: int) -> Listing:
        count, chunks = move_chunks(rules, table, board, limit)
        return cls(rules, rules.solve(table, board), count, chunks)

    def solutions(self) -> Iterator[Solution]:
        """A `Solution` per row of the chunks, its boards played only when asked for."""
        values, whole = value_array(self.rules), self.rules.moves_written_whole
        first, apply = self.first, self.rules.apply
        start, fields = first.boards[0], (first.puzzle, first.state, first.distance)
        extra, count = first.extra, self.count
        for chunk in self.chunks:
            extras = self.rules.counting.own_extra(start, chunk) or [extra] * len(chunk)
            for moves, shown, own in zip(chunk.tolist(), values[chunk].tolist(), extras, strict=True):
                if whole:
                    shown = self.rules.written_moves(moves)
                yield Solution(*fields, shown, Replay(start, None, moves, apply), own, count, moves)


def played(rules: Puzzle, moves: list[int], count: int, first: Solution) -> Solution:
    """The solution that plays `moves` (indices), in that order, from the
    first board of the puzzle's own solution `first` (whose further fields it
    keeps): one of `count`. Its boards are played only when asked for."""
    values, start = move_values(rules), first.boards[0]
    shown = rules.written_moves(moves) if rules.moves_written_whole else [values[move] for move in moves]
    own = rules.counting.own_extra(start, np.array([moves], dtype=np.int64).reshape(1, len(moves)))
    return Solution(
        first.puzzle,
        first.state,
        first.distance,
        shown,
        Replay(start, None, moves, rules.apply),
        first.extra if own is None else own[0],
        count,
        moves,
    )


def value_array(rules: Puzzle) -> np.ndarray:
    """Each move's JSON value by index: as ints or strings where all are
    (`tolist` of a chunk's values is quickest from those), else as objects (a value may be a list)."""
    values = move_values(rules)
    kinds = set(map(type, values))
    if kinds == {int} or kinds == {str}:
        return np.array(values)
    array = np.empty(len(values), dtype=object)
    for move, value in enumerate(values):
        array[move] = value
    return array


def random_solution(rules: Puzzle, table: TableReader | None, board: Any, seed: int) -> Solution:
    """`Tables.random_solution` for a puzzle, its table and a board."""
    first = rules.solve(table, board)
    if not first.solvable:
        return replace(first, count=0)
    counting = rules.counting
    count = counting.count(table, board)
    return played(rules, counting.nth(table, board, draw(seed, first.state, count)), count, first)


def draw(seed: int, state: str, count: int) -> int:
    """A number below `count`, uniformly, fixed by `seed` and the state on
    every machine: the first of the integers read from SHAKE-256 of
    "SEED STATE ATTEMPT" (as many bits as count - 1 has) that is below count."""
    import hashlib  # not at the top: `import ninebase` stays quick

    bits = (count - 1).bit_length()
    for attempt in itertools.count():
        stream = hashlib.shake_256(f"{seed} {state} {attempt}".encode()).digest((bits + 7) // 8)
        number = int.from_bytes(stream, "big") >> (-bits % 8)
        if number < count:
            return number
    raise AssertionError("unreachable")
