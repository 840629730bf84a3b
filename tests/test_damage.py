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
from every import EVERY_PUZZLE, PLUGIN

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.puzzles import Puzzle

FLIP_BUDGET_BYTES = 2_500_000
"""Flipped bytes per file: checking a damaged file costs about what reading it
does, so a file of S bytes gets this many bytes over S flips (4 to 40), spread
evenly over the whole file: 40 in the small tables, 4 in the cube's."""


def flip_count(size: int) -> int:
    return max(4, min(40, FLIP_BUDGET_BYTES // size))


def inputs(puzzle: Puzzle, tables: lookup.Tables) -> tuple[str, str, str, int]:
    """The puzzle's own example in compact form and as the original input, the
    answer judge gives for that input from the intact table, and a distance to sample."""
    original = puzzle.formats.example()
    answer = puzzle.formats.judge(tables.table(puzzle.name), puzzle.formats.read(original))
    return puzzle.example(), original, answer, min(3, tables.stats(puzzle.name)["max_distance"])


def commands(puzzle: str, directory: Path, given: tuple[str, str, str, int]) -> list[tuple[list[str], str | None]]:
    state, original, answer, distance = given
    instance = directory.parent / f"{puzzle}-instance.txt"
    instance.write_text(original)
    return [
        (["solve", puzzle, *state.split(), "--json"], None),
        (["solve", puzzle, "--batch"], f"{state}\n{state}\n"),
        (["probe", puzzle, *state.split(), "--json"], None),
        (["judge", puzzle], original),
        (["check", puzzle, str(instance), "-"], answer),
        (["stats", puzzle, "--json"], None),
        (["sample", puzzle, "--distance", str(distance), "--count", "2"], None),
        (["verify", puzzle], None),
    ]


def outcomes(puzzle: str, directory: Path, given: tuple[str, str, str, int]) -> list[tuple[int, str]]:
    results = []
    for args, stdin in commands(puzzle, directory, given):
        result = CliRunner().invoke(main, [*args, "--tables", str(directory)], input=stdin)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        results.append((result.exit_code, result.output.replace(str(directory), "TABLES")))
    return results


def damage_cases(size: int, others: Path) -> list[tuple[str, object]]:
    count = flip_count(size)
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


TABLED = [name for name in EVERY_PUZZLE if name == PLUGIN.name or puzzles.get(name).storage is not None]
"""The puzzles with a table file to damage (rubiks-clock has none)."""
DAMAGE_GROUPS = {"flips": ({"flip"}, set()), "cuts": ({"truncate"}, {"truncate"})}
DAMAGE_GROUPS["the rest"] = ({"zeros", "other", "dir", "loop"}, {"zeros", "other", "dir", "loop"})
"""The damage cases in three groups, each a test of its own (so the test
processes share a puzzle's, the cube's taking minutes): the kinds of damage
in it, and those of them that must be refused at least once (a flipped byte
may land where the answers do not read)."""


@pytest.mark.slow
@pytest.mark.parametrize("group", DAMAGE_GROUPS)
@pytest.mark.parametrize("puzzle", TABLED, indirect=True)
def test_every_command_answers_exactly_or_refuses(
    every_table_dir: Path, every_tables: lookup.Tables, tmp_path: Path, puzzle: Puzzle, group: str
) -> None:
    kinds, refused = DAMAGE_GROUPS[group]
    name = puzzle.name
    given = inputs(puzzle, every_tables)
    table = every_table_dir / f"{name}.h5"
    intact_dir = tmp_path / "intact"
    intact_dir.mkdir()
    shutil.copy(table, intact_dir)
    intact = outcomes(name, intact_dir, given)
    assert [status for status, _ in intact] == [0] * len(intact), intact
    other = min((path for path in every_table_dir.glob("*.h5") if path != table), key=lambda path: path.stat().st_size)
    refused_kinds = set()
    for label, (kind, argument) in damage_cases(table.stat().st_size, other):
        if kind not in kinds:
            continue
        directory = tmp_path / label.replace(" ", "_").replace("'", "")
        directory.mkdir()
        path = directory / f"{name}.h5"
        shutil.copy(table, path)
        damage(path, kind, argument)
        for (args, _), (status, output), expected in zip(
            commands(name, directory, given), outcomes(name, directory, given), intact, strict=True
        ):
            if (status, output) == expected:
                continue
            where = f"{label}: {' '.join(args)}"
            assert status == 4, f"{where}: exit {status}: {output}"
            lines = output.splitlines()
            assert len(lines) == 1 and f"TABLES/{name}.h5" in lines[0] and "Traceback" not in output, (
                f"{where}: {output}"
            )
            assert "ninebase build --only" in lines[0], f"{where}: {output}"
            refused_kinds.add(kind)
    assert refused <= refused_kinds


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
