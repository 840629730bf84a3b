"""The rules layer: one module per puzzle, and the registry that names them.

The builder (`build_tables`) and the query layer (`lookup`) both stand on
this package; it imports neither. A puzzle's module is loaded on first use.

To add a puzzle, write one module with a `Puzzle` subclass (see
`puzzles.base`) and add one line to `_MODULES`; a puzzle defined elsewhere
(a plug-in, a test) is added at run time with `register`.
"""

from __future__ import annotations

import importlib

from .base import (
    SINGLE_SEARCH,
    UNREACHABLE,
    BoardPuzzle,
    Probe,
    ProposedAnswer,
    Puzzle,
    Solution,
    Successor,
)
from .text import InputError

_MODULES = {
    "sansu": "puzzles.sansu",
    "clocks": "puzzles.clocks",
    "eight": "puzzles.eight",
    "nine": "puzzles.nine",
    "cube": "puzzles.cube",
}
"""Every built-in puzzle's name and the module whose `PUZZLE` it is."""

_loaded: dict[str, Puzzle] = {}


def names() -> tuple[str, ...]:
    """The names of every known puzzle, built-in ones first."""
    return tuple(_MODULES) + tuple(name for name in _loaded if name not in _MODULES)


def get(name: str) -> Puzzle:
    """The puzzle called `name`; InputError naming the known puzzles otherwise."""
    puzzle = _loaded.get(name)
    if puzzle is None:
        if name not in _MODULES:
            raise InputError(f"unknown puzzle {name!r}; the puzzles are {', '.join(names())}")
        puzzle = _loaded[name] = importlib.import_module(_MODULES[name]).PUZZLE
    return puzzle


def register(puzzle: Puzzle) -> None:
    """Make a puzzle defined outside this package known by its name."""
    if puzzle.name in _MODULES:
        raise ValueError(f"{puzzle.name!r} is a built-in puzzle")
    _loaded[puzzle.name] = puzzle


def unregister(name: str) -> None:
    """Forget a puzzle added with `register`."""
    if name in _MODULES:
        raise ValueError(f"{name!r} is a built-in puzzle")
    _loaded.pop(name, None)


__all__ = [
    "SINGLE_SEARCH",
    "UNREACHABLE",
    "BoardPuzzle",
    "InputError",
    "Probe",
    "ProposedAnswer",
    "Puzzle",
    "Solution",
    "Successor",
    "get",
    "names",
    "register",
    "unregister",
]
