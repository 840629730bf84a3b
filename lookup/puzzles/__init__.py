"""The query side of each puzzle, by name; each module is loaded on first use."""

from __future__ import annotations

import importlib

from build_tables.puzzles import NAMES

from .base import QueryPuzzle

__all__ = ["NAMES", "QueryPuzzle", "get"]


_loaded: dict[str, QueryPuzzle] = {}


def get(name: str) -> QueryPuzzle:
    """The query handler of puzzle `name`; KeyError for an unknown name."""
    handler = _loaded.get(name)
    if handler is None:
        if name not in NAMES:
            raise KeyError(name)
        handler = _loaded[name] = importlib.import_module(f"{__name__}.{name}").QUERY
    return handler
