"""The damage matrix: every command that reads a table, on table files
damaged in many ways, either answers exactly as from the intact file or
fails with exit status 4 and one line naming the file and the rebuild
command. Never a traceback, never a wrong answer."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import lookup
from lookup.cli import main

INPUTS = {
    "sansu": ("175426839", "1 7 5\n4 2 6\n8 3 9\n", "5\n1 5 3\n4 2 6\n7 8 9\n"),
    "clocks": ("9 9 12 6 6 6 6 3 6", "9 9 12\n6 6 6\n6 3 6\n", "4 5 8 9\n"),
    "eight": ("123069478", "1 2 3\n0 6 9\n4 7 8\n", "5\nDRRUL\n"),
    "nine": ("100000000 111111011", "100\n000\n000\n111\n111\n011\n", "5\nC1\nAR\nC1\nAL\nC1\n"),
    "cube": ("2 1 RBWRWWEWW", "2 1\nR B W\nR W W\nE W W\n0 0\n", "3\n"),
}
FLIPS = {"clocks": 40, "nine": 40, "sansu": 12, "eight": 12, "cube": 4}
"""How many evenly spread offsets get a flipped byte, per puzzle (the cube's file is the slowest to check)."""


def commands(puzzle: str, directory: Path) -> list[tuple[list[str], str | None]]:
    state, original, answer = INPUTS[puzzle]
    instance = directory.parent / f"{puzzle}-instance.txt"
    instance.write_text(original)
    return [
        (["solve", puzzle, *state.split(), "--json"], None),
        (["solve", puzzle, "--batch"], f"{state}\n{state}\n"),
        (["probe", puzzle, *state.split(), "--json"], None),
        (["judge", puzzle], original),
        (["check", puzzle, str(instance), "-"], answer),
        (["stats", puzzle, "--json"], None),
        (["sample", puzzle, "--distance", "3", "--count", "2"], None),
        (["verify", puzzle], None),
    ]


def outcomes(puzzle: str, directory: Path) -> list[tuple[int, str]]:
    results = []
    for args, stdin in commands(puzzle, directory):
        result = CliRunner().invoke(main, [*args, "--tables", str(directory)], input=stdin)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        results.append((result.exit_code, result.output.replace(str(directory), "TABLES")))
    return results


def damage_cases(puzzle: str, size: int, others: Path) -> list[tuple[str, object]]:
    count = FLIPS[puzzle]
    offsets = sorted({size * k // (count + 1) for k in range(1, count + 1)} | {0, 8, 100, 300, 700, 1500, 3000})
    cases: list[tuple[str, object]] = [(f"flip at {offset}", ("flip", offset)) for offset in offsets if offset < size]
    cases += [(f"truncated to {length}", ("truncate", length)) for length in (0, 100, 2048, size // 2, size - 1)]
    cases += [("zeros", ("zeros", None)), ("another puzzle's file", ("other", others)), ("a directory", ("dir", None))]
    cases += [("an unreadable file", ("loop", None))]
    return cases


def damage(path: Path, kind: str, argument: object) -> None:
    if kind == "flip":
        with open(path, "r+b") as handle:
            handle.seek(argument)
            byte = handle.read(1)
            handle.seek(argument)
            handle.write(bytes([byte[0] ^ 0xFF]))
    elif kind == "truncate":
        with open(path, "r+b") as handle:
            handle.truncate(argument)
    elif kind == "zeros":
        path.write_bytes(bytes(path.stat().st_size))
    elif kind == "other":
        shutil.copy(argument, path)
    elif kind == "dir":
        path.unlink()
        path.mkdir()
    elif kind == "loop":  # a symbolic link to itself: no process can read it, root included
        path.unlink()
        os.symlink(path.name, path)


@pytest.mark.parametrize("puzzle", list(INPUTS))
def test_every_command_answers_exactly_or_refuses(tables_dir: Path, tmp_path: Path, puzzle: str) -> None:
    intact_dir = tmp_path / "intact"
    intact_dir.mkdir()
    shutil.copy(tables_dir / f"{puzzle}.h5", intact_dir)
    intact = outcomes(puzzle, intact_dir)
    assert all(status == 0 for status, _ in intact[:4]) and intact[-1][0] == 0
    other = tables_dir / ("nine.h5" if puzzle != "nine" else "clocks.h5")
    size = (tables_dir / f"{puzzle}.h5").stat().st_size
    refused_kinds = set()
    for label, (kind, argument) in damage_cases(puzzle, size, other):
        directory = tmp_path / label.replace(" ", "_").replace("'", "")
        directory.mkdir()
        path = directory / f"{puzzle}.h5"
        shutil.copy(tables_dir / f"{puzzle}.h5", path)
        damage(path, kind, argument)
        for (args, _), (status, output), expected in zip(
            commands(puzzle, directory), outcomes(puzzle, directory), intact, strict=True
        ):
            if (status, output) == expected:
                continue
            where = f"{label}: {' '.join(args)}"
            assert status == 4, f"{where}: exit {status}: {output}"
            lines = output.splitlines()
            assert len(lines) == 1 and f"TABLES/{puzzle}.h5" in lines[0] and "Traceback" not in output, (
                f"{where}: {output}"
            )
            assert "ninebase build --only" in lines[0], f"{where}: {output}"
            refused_kinds.add(kind)
    assert {"truncate", "zeros", "other", "dir", "loop"} <= refused_kinds


def test_the_api_raises_table_error(tables_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "nine.h5"
    shutil.copy(tables_dir / "nine.h5", path)
    size = path.stat().st_size
    with open(path, "r+b") as handle:  # the case: 39 bytes spread evenly over the file
        for k in range(1, 40):
            handle.seek(size * k // 41)
            byte = handle.read(1)
            handle.seek(size * k // 41)
            handle.write(bytes([byte[0] ^ 0xFF]))
    with lookup.open_tables(tmp_path) as tables, pytest.raises(lookup.TableError, match="rebuild it with"):
        tables.distances("nine", ["100000000 111111011"])
