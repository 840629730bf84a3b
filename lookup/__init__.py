"""The query layer: exact answers from prebuilt tables, through `Tables`.

>>> from ninebase import lookup
>>> with lookup.open_tables() as tables:
...     tables.solve("clocks", "9 9 12 6 6 6 6 3 6").moves
[4, 5, 8, 9]

`Tables` is the one door every front end asks (the CLI, the HTTP service,
the contest packages); the query path stands on the rules (`ninebase.puzzles`)
and the table reader (`tablefile`) only, and never imports the builder.
"""

from __future__ import annotations

from typing import Any

from ninebase import puzzles
from ninebase.puzzles import InputError, Instance, Probe, Solution

from .check import EXIT_STATUS, INVALID, OPTIMAL, VALID, Verdict
from .directory import ENVIRONMENT_VARIABLE, check_directory, default_tables_dir, resolve_tables_dir
from .sample import UNSOLVABLE
from .stream import Tally
from .tablefile import MissingTableError, TableError, build_command
from .tables import MAX_SEED, Tables, open_tables


def puzzle_names() -> tuple[str, ...]:
    """The names of the puzzles, in their usual order."""
    return puzzles.names()


def solve_variant(puzzle: str, state: Any, **rules: Any) -> Solution:
    """A solution under other rules a puzzle offers (its `variant_options`):
    for clocks, `hours=12` (12-hour dials, values 1..12, a move turns one
    hour) and `backward=True` (a move may turn back), answered without a
    table (moves are numbers, negative for a backward turn, sorted by
    absolute value); for nine, `size=N` (2 to 64): exact from the tables of
    sizes 2 to 4 (in the default directory), from 5 a construction within a
    proven bound (`"optimal": false`). The same as
    `Tables().solve(puzzles.get(puzzle).variant(rules), state)`.

    >>> solve_variant("clocks", "1 1 1 12 12 12 12 12 12", hours=12, backward=True).moves
    [-2]
    """
    with Tables() as tables:
        return tables.solve(puzzles.get(puzzle).variant(rules), state)


__all__ = [
    "ENVIRONMENT_VARIABLE",
    "EXIT_STATUS",
    "INVALID",
    "MAX_SEED",
    "OPTIMAL",
    "UNSOLVABLE",
    "VALID",
    "InputError",
    "Instance",
    "MissingTableError",
    "Probe",
    "Solution",
    "TableError",
    "Tables",
    "Tally",
    "Verdict",
    "build_command",
    "check_directory",
    "default_tables_dir",
    "open_tables",
    "puzzle_names",
    "resolve_tables_dir",
    "solve_variant",
]
