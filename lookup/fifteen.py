"""The 4x4 pattern tables (eight at size 4) read from `eight-4.h5`, each
dataset's checksum checked as every table's is: a damaged file is a
TableError naming the command that rebuilds it, never an answer.

Not yet behind `Tables` (issue 36 reshapes that door): the engine's own
entrance until `eight --size 4` is wired into the front ends.
"""

from __future__ import annotations

from pathlib import Path

from ninebase.puzzles.eight import fifteen

from .tablefile import TableFile, table_path


def load(directory: Path) -> fifteen.Tables:
    """Every group's table (`fifteen.GROUPS`) from the tables directory."""
    path = table_path(Path(directory), fifteen.TABLE_NAME)
    with TableFile(path, fifteen.TABLE_NAME, fifteen.BUILD_SELECTION) as table:
        return {homes: table.read(fifteen.group_name(homes), "distances") for homes in fifteen.GROUPS}
