"""lookup/__init__.py: `solve_variant`, the one call that opens tables of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from ninebase import lookup
from ninebase.lookup.directory import PuzzleTable


def test_solve_variant_closes_the_tables_it_opens(tables_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each call opens a `Tables` (nine's size 2 reads its own table file) and closes it before it returns."""
    opened, closed = [], []
    open_table, close_table = PuzzleTable.__init__, PuzzleTable.close

    def recorded_open(table: PuzzleTable, *args: object) -> None:
        open_table(table, *args)
        opened.append(table)

    def recorded_close(table: PuzzleTable) -> None:
        closed.append(table)
        close_table(table)

    monkeypatch.setattr(PuzzleTable, "__init__", recorded_open)
    monkeypatch.setattr(PuzzleTable, "close", recorded_close)
    monkeypatch.setenv("NINEBASE_TABLES", str(tables_dir))
    for _ in range(2):
        assert lookup.solve_variant("nine", "1000 1101", size=2).distance is not None
    assert len(opened) == 2 and closed == opened
