"""ninebase lookups: exact answers for five 3x3 puzzles from prebuilt tables.

>>> import lookup
>>> with lookup.open_tables() as tables:
...     tables.solve("clocks", "9 9 12 6 6 6 6 3 6").moves
[4, 5, 8, 9]

The query path stands on the rules layer (`puzzles`) and the table reader
(`lookup.tablefile`) only; it never imports the builder.
"""

from __future__ import annotations

from typing import Any

import puzzles
from puzzles import Probe, Solution
from puzzles.text import InputError

from .tablefile import MissingTableError, TableError
from .tables import Tables, default_tables_dir, open_tables, resolve_tables_dir


def puzzle_names() -> tuple[str, ...]:
    """The names of the puzzles, in their usual order."""
    return puzzles.names()


def solve_clocks(state: Any, hours: int = 4, backward: bool = False) -> Solution:
    """The Clocks with 12-hour dials (`hours=12`, values 1..12, a move turns
    one hour) or the IOI dials (`hours=4`), with backward turns if asked:
    optimal by linear algebra, no table needed. Moves are numbers, negative
    for a backward turn, sorted by absolute value.

    >>> solve_clocks("1 1 1 12 12 12 12 12 12", hours=12, backward=True).moves
    [-2]
    """
    rules = puzzles.get("clocks").variant(hours, backward)
    return rules.solve(None, rules.board(state))


PUZZLES = puzzles.names()
"""The built-in puzzles' names."""

__all__ = [
    "PUZZLES",
    "InputError",
    "MissingTableError",
    "Probe",
    "Solution",
    "TableError",
    "Tables",
    "default_tables_dir",
    "open_tables",
    "puzzle_names",
    "resolve_tables_dir",
    "solve_clocks",
]
