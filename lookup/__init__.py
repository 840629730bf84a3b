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
]
