"""verify: a table whose contents break the search invariants fails, even with
checksums written afresh, as a plausible but wrong build would leave it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from damaged_tables import copy_tables, rewrite

from ninebase import puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.tablefile import TableFile


def cli(tables: Path, *args: str, stdin: str | None = None):
    return CliRunner().invoke(main, [*args, "--tables", str(tables)], input=stdin)


@pytest.mark.slow
def test_verify_passes_on_fresh_tables(tables_dir: Path) -> None:
    result = cli(tables_dir, "verify")
    assert result.exit_code == 0, result.output
    sizes_built = [name for name in ("nine-2", "nine-4") if (tables_dir / f"{name}.h5").exists()]  # by other tests
    assert [line.split(":")[0] for line in result.output.splitlines()] == [*puzzles.tabled_names(), *sizes_built]
    assert all(": ok, " in line for line in result.output.splitlines())


@pytest.mark.parametrize(
    ("dataset", "position", "value", "message"),
    [
        ("parent", 1000, None, "lack a parent move"),
        ("distance", 1000, None, "further away"),
        ("distance", 0, 1, "distance 0 are not exactly the goals"),
    ],
)
def test_verify_catches_contents_that_break_the_invariants(
    tables_dir: Path, tmp_path: Path, dataset: str, position: int, value: int | None, message: str
) -> None:
    copy_tables(tables_dir, tmp_path, "sansu")
    with TableFile(tmp_path / "sansu.h5", "sansu", "--only sansu") as table:
        distances = table.read("search", "distance")
    index = int(np.flatnonzero(distances == 3)[0]) if position else int(np.flatnonzero(distances == 0)[0])

    def change(name: str, values: np.ndarray) -> np.ndarray:
        if name == dataset:
            values[index] = value if value is not None else (values[index] + 1) % (12 if name == "parent" else 6)
        return values

    rewrite(tmp_path / "sansu.h5", "sansu", change)
    result = cli(tmp_path, "verify", "sansu")
    assert result.exit_code == 4 and "sansu: FAILED" in result.output and message in result.output, result.output


@pytest.mark.slow
def test_verify_catches_a_wrong_cube_pattern_table(tables_dir: Path, tmp_path: Path) -> None:
    copy_tables(tables_dir, tmp_path, "cube")

    def change(name: str, values: np.ndarray) -> np.ndarray:
        if name == "pattern_distance":
            values[12345] += 1
        return values

    rewrite(tmp_path / "cube.h5", "cube", change)
    result = cli(tmp_path, "verify", "cube")
    assert result.exit_code == 4 and "dataset pattern_distance does not match" in result.output
