"""The query package's own functions (lookup/__init__.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ninebase import lookup, puzzles


def test_solve_variant_closes_the_tables_it_opens(tables_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its table files are closed when it returns, not when the collector
    happens to free them (nine at size 2 is answered from a table of its own)."""
    closed: list[Path] = []
    close = lookup.Tables.close

    def counted(tables: lookup.Tables) -> None:
        closed.append(tables.directory)
        close(tables)

    monkeypatch.setenv(lookup.ENVIRONMENT_VARIABLE, str(tables_dir))
    monkeypatch.setattr(lookup.Tables, "close", counted)
    solution = lookup.solve_variant("nine", "1000 1101", size=2)
    with lookup.open_tables(tables_dir) as tables:
        assert solution.to_dict() == tables.solve(puzzles.get("nine").variant({"size": 2}), "1000 1101").to_dict()
    assert closed == [tables_dir, tables_dir]  # solve_variant's, then the one above
