"""ninebase lookups: exact answers for five 3x3 puzzles from prebuilt tables.

>>> import lookup
>>> with lookup.open_tables() as tables:
...     tables.solve("clocks", "9 9 12 6 6 6 6 3 6").moves
[4, 5, 8, 9]
"""

from build_tables.puzzles import NAMES as PUZZLES
from build_tables.tablefile import MissingTableError, TableError

from .parsing import InputError
from .solution import Solution
from .tables import Tables, default_tables_dir, open_tables, resolve_tables_dir



def solve_clocks(state: object, hours: int = 4, backward: bool = False) -> Solution:
    """The Clocks with 12-hour dials (`hours=12`, values 1..12, a move turns
    one hour) or the IOI dials (`hours=4`), with backward turns if asked:
    optimal by linear algebra, no table needed. Moves are numbers, negative
    for a backward turn, sorted by absolute value.

    >>> solve_clocks("1 1 1 12 12 12 12 12 12", hours=12, backward=True).moves
    [-2]
    """
    from .puzzles.clocks import ClocksByAlgebra

    if hours not in (4, 12):
        raise InputError(f"hours must be 4 (the IOI dials) or 12, not {hours}")
    rules = ClocksByAlgebra(hours, backward)
    return rules.solve(None, rules.board(state))


__all__ = [
    "PUZZLES",
    "InputError",
    "MissingTableError",
    "Solution",
    "TableError",
    "Tables",
    "default_tables_dir",
    "open_tables",
    "resolve_tables_dir",
    "solve_clocks",
]
