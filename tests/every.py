"""The puzzles the generic tests run over: every puzzle known when the tests
are collected (built-in or plug-in) and the example plug-in
`tests/lights_out.py`, which is registered only while a test that asks for it
runs, so the tests that expect the built-in tables alone never see it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from lights_out import PUZZLE as PLUGIN

from ninebase import puzzles
from ninebase.lookup import Tables
from ninebase.puzzles import InputError

EVERY_PUZZLE = (*puzzles.names(), *((PLUGIN.name,) if PLUGIN.name not in puzzles.names() else ()))
"""The names the generic tests run over: every known puzzle and the example plug-in."""
BAD_LINES = ["", " ", "x", "123", "1 2 3", "0 0", "\t", "é", "\x0c", "12345678\u2028", "1 2 WWWEWWWWWW", "１２３"]
"""Lines no compact form accepts (and a few near misses)."""


@contextmanager
def registered(puzzle: puzzles.Puzzle) -> Iterator[puzzles.Puzzle]:
    """`puzzle` known by its name inside the block (left alone if it already is)."""
    known = puzzle.name in puzzles.names()
    if not known:
        puzzles.register(puzzle)
    try:
        yield puzzle
    finally:
        if not known:
            puzzles.unregister(puzzle.name)


def walked(puzzle: puzzles.Puzzle, count: int, seed: int, moves: int = 40) -> list[str]:
    """`count` instances in compact form, each `moves` random moves (fixed by `seed`) from the puzzle's
    example: random instances of a puzzle no table lists (rubiks-clock), by its rules alone."""
    rng = random.Random(seed)
    start = puzzle.board(puzzle.example())
    texts = []
    for _ in range(count):
        board = start
        for _ in range(moves):
            after = puzzle.apply(board, rng.randrange(len(puzzle.move_names)))
            board = board if after is None else after  # a move not legal there leaves it as it is
        texts.append(puzzle.compact(board))
    return texts


def hardest(tables: Tables, name: str) -> list[str]:
    """An instance at the puzzle's largest distance or, where those are too rare to draw at random without a
    table (rubiks-clock: 576 of 12^14 in the 18-move metric), one walked at random from its example."""
    puzzle = puzzles.get(name)
    try:
        return tables.sample(name, None, 1, 0)[0]
    except InputError:
        if puzzle.storage is not None:  # a table always has its farthest to give
            raise
        return walked(puzzle, 1, seed=0)


__all__ = ["BAD_LINES", "EVERY_PUZZLE", "PLUGIN", "hardest", "registered", "walked"]
