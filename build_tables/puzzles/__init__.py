"""The puzzles ninebase knows, by name; each module is loaded on first use."""

from __future__ import annotations

import importlib

from .base import SINGLE_SEARCH, TablePuzzle

NAMES = ("sansu", "clocks", "eight", "nine", "cube")


def get(name: str) -> TablePuzzle:
    """The puzzle definition called `name` (one of NAMES)."""
    if name not in NAMES:
        raise KeyError(name)
    return importlib.import_module(f"{__name__}.{name}").PUZZLE
