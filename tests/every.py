"""The puzzles the generic tests run over: every puzzle known when the tests
are collected (built-in or plug-in) and the example plug-in
`tests/lights_out.py`, which is registered only while a test that asks for it
runs, so the tests that expect the built-in tables alone never see it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from lights_out import PUZZLE as PLUGIN

from ninebase import puzzles

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


__all__ = ["BAD_LINES", "EVERY_PUZZLE", "PLUGIN", "registered"]
