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

from ninebase import puzzles
from ninebase.puzzles import Probe, Solution
from ninebase.puzzles.text import InputError

from .tablefile import MissingTableError, TableError
from .tables import Tables, default_tables_dir, open_tables, resolve_tables_dir


def puzzle_names() -> tuple[str, ...]:
    """The names of the puzzles, in their usual order."""
    return puzzles.names()


def solve_variant(puzzle: str, state: Any, **rules: Any) -> Solution:
    """An optimal solution under other rules a puzzle offers (its
    `variant_options`), answered without a table: for clocks, `hours=12`
    (12-hour dials, values 1..12, a move turns one hour) and
    `backward=True` (a move may turn back). Moves are numbers, negative for
    a backward turn, sorted by absolute value.

    >>> solve_variant("clocks", "1 1 1 12 12 12 12 12 12", hours=12, backward=True).moves
    [-2]
    """
    solver = puzzles.get(puzzle).variant(rules)
    return solver.solve(solver.board(state))


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
    "solve_variant",
]
