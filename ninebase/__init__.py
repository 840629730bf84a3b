"""ninebase: exact, instant answers for five 3x3 puzzles from prebuilt tables.

>>> import ninebase
>>> with ninebase.open_tables() as tables:
...     tables.solve("clocks", "9 9 12 6 6 6 6 3 6").moves
[4, 5, 8, 9]

The one import package of the distribution. Its parts: `ninebase.puzzles`
(the rules, the repository's `puzzles/`), `ninebase.lookup` (the query
layer and its front ends, `lookup/`) and `ninebase.build_tables` (the
offline builder, `build_tables/`). This module is the public Python API;
`python -m ninebase` is the command line. The API is loaded on first use,
so that `import ninebase` loads neither numpy nor h5py and the command can
take charge of Ctrl-C before they load (`ninebase/__main__.py`).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not loaded: the command sets its Ctrl-C handler sooner

if TYPE_CHECKING:
    from .lookup import (
        InputError,
        Instance,
        MissingTableError,
        Probe,
        Solution,
        TableError,
        Tables,
        default_tables_dir,
        open_tables,
        puzzle_names,
        resolve_tables_dir,
        solve_variant,
    )

__all__ = [
    "InputError",
    "Instance",
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


def __getattr__(name: str) -> object:
    if name in __all__:
        from . import lookup

        return getattr(lookup, name)
    raise AttributeError(f"module 'ninebase' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
