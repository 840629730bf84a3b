"""Every command ninebase prints for the user to run (`build_command` of
lookup/tablefile.py, the one writer of them) runs as printed: collected
from solve, verify, serve's start and Python's MissingTableError and
TableError, for every table (each puzzle's, nine's sizes 2 and 4) missing,
damaged and of another format version, and for the directory; each names
exactly its table, and is run in bash in a directory whose name needs
quoting, after which the table answers. The cube's and nine-4's are parsed,
not run (15 s and 10-20 s to build): their command is the same
`Storage.build_selection` through the same writer as the others'."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import h5py
import pytest

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.cli.rule_options import PREFIX, rules_for_each
from ninebase.lookup.tablefile import FORMAT_VERSION
from ninebase.lookup.web import check_tables
from ninebase.puzzles import Puzzle

BIN = Path(sys.executable).parent
ENV = {"PATH": f"{BIN}{os.pathsep}/usr/bin:/bin", "HOME": "/nonexistent", "NO_COLOR": "1"}
COMMAND = re.compile(r"ninebase build(?: (?:'[^']*'|[^\s;(),'&]+))*")
"""A build command inside a message: words, or a quoted path, up to the punctuation around it."""
NOT_RUN = {"cube", "nine-4", "eight-4"}
"""Tables whose commands are parsed, not run, for the time their builds take."""


@dataclass(frozen=True)
class Table:
    name: str
    puzzle: Puzzle
    flags: tuple[str, ...]
    """The rule options that choose it on the command line, as its puzzle declares them."""


def every_table() -> list[Table]:
    """Each puzzle's own table, then each table a rule option's value chooses (nine's sizes 2 and 4)."""
    found = [Table(name, puzzles.get(name), ()) for name in puzzles.BUILT_IN if puzzles.get(name).storage is not None]
    for name in puzzles.BUILT_IN:
        for option in puzzles.get(name).variant_options:
            for value in option.tables:
                variant = puzzles.get(name).variant({option.name: value})
                found.append(Table(variant.storage.table_name, variant, (f"--{option.name}", value)))
    return found


def ninebase(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ninebase", *args], env=ENV, capture_output=True, text=True, timeout=120)


def printed(source: str, text: str) -> str:
    """The one build command a message gives."""
    found = COMMAND.findall(text)
    assert len(found) == 1, (source, text)
    return found[0]


def said(table: Table, directory: Path) -> dict[str, str]:
    """The command each place that can print one gives for `table` in `directory`, by place."""
    state = table.puzzle.example().split()
    solve = ninebase("solve", table.puzzle.name, *table.flags, *state, "--tables", str(directory))
    verify = ninebase("verify", table.puzzle.name, *table.flags, "--tables", str(directory))
    assert solve.returncode == verify.returncode == 4, (solve.stderr, verify.stdout)
    with lookup.open_tables(directory) as opened, pytest.raises(lookup.TableError) as python:
        opened.solve(table.puzzle, " ".join(state))
    messages = {"solve": solve.stderr, "verify": verify.stdout, "Python": str(python.value)}
    return {source: printed(source, text) for source, text in messages.items()}


def selected(command: str, directory: Path, force: bool) -> list[str]:
    """The tables a printed command builds, as `ninebase build` reads it; every plain one for none named."""
    words = shlex.split(command)
    assert words[:2] == ["ninebase", "build"], command
    context = main.get_command(None, "build").make_context("build", words[2:])  # type: ignore[union-attr]
    params = context.params
    assert params["force"] is force and params["tables_dir"] == directory, command
    chosen = rules_for_each(params["only"], {k: v for k, v in params.items() if k.startswith(PREFIX)}, "--only")
    return [puzzle.storage.table_name for puzzle in chosen] or list(puzzles.names())


def runs_and_answers(command: str, directory: Path, tables: list[Table]) -> None:
    """`command` run as printed succeeds, and then each of `tables` answers."""
    done = subprocess.run(["bash", "-c", command], env=ENV, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, (command, done.stderr)
    with lookup.open_tables(directory) as opened:
        for table in tables:
            assert opened.solve(table.puzzle, table.puzzle.example()).distance is not None, table.name


def damaged(path: Path, source: Path) -> None:
    shutil.copy(source, path)
    with open(path, "r+b") as handle:
        handle.truncate(source.stat().st_size // 2)


def of_another_version(path: Path, source: Path) -> None:
    shutil.copy(source, path)
    with h5py.File(path, "r+") as h5:
        h5.attrs["format_version"] = FORMAT_VERSION + 1


TABLES = every_table()


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLES, ids=[table.name for table in TABLES])
def test_every_command_given_for_a_table_runs_as_printed(tables_dir: Path, tmp_path: Path, table: Table) -> None:
    directory = tmp_path / "my tables"  # a name a shell must be given quoted
    directory.mkdir()
    path = directory / f"{table.name}.h5"
    source = tables_dir / f"{table.name}.h5"
    if not source.exists():  # nine-4 is not among the session's tables: another table's file in its place
        source = tables_dir / "nine-2.h5"
    for case, spoil in (("missing", None), ("damaged", damaged), ("of another version", of_another_version)):
        path.unlink(missing_ok=True)
        if spoil is not None:
            spoil(path, source)
        commands = said(table, directory)
        assert len(set(commands.values())) == 1, (case, commands)  # one command, whoever prints it
        command = commands["solve"]
        assert selected(command, directory, force=spoil is not None) == [table.name], (case, command)
        if table.name not in NOT_RUN:
            runs_and_answers(command, directory, [table])


@pytest.mark.slow
def test_every_command_given_for_the_directory_runs_as_printed(tables_dir: Path, tmp_path: Path) -> None:
    eight = next(table for table in TABLES if table.name == "eight")
    plain = [table for table in TABLES if table.name in puzzles.BUILT_IN]
    directory = tmp_path / "my tables"
    solve = ninebase("solve", "eight", *eight.puzzle.example().split(), "--tables", str(directory))
    serve = ninebase("serve", "--tables", str(directory))
    assert solve.returncode == serve.returncode == 4, (solve.stderr, serve.stderr)
    every, only = COMMAND.findall(solve.stderr)
    assert printed("serve", serve.stderr) == every and selected(every, directory, False) == list(puzzles.names())
    assert selected(only, directory, False) == ["eight"]
    directory.mkdir()
    runs_and_answers(only, directory, [eight])
    for table in plain:  # the slow ones already there, as the command leaves them: it builds what is missing
        if table.name not in ("sansu", "eight"):
            (directory / f"{table.name}.h5").symlink_to(tables_dir / f"{table.name}.h5")
    (directory / "eight.h5").unlink()
    serve = ninebase("serve", "--tables", str(directory))  # a required table missing stops it, naming the command
    assert serve.returncode == 4 and printed("serve", serve.stderr) == every, serve.stderr
    runs_and_answers(every, directory, plain)
    with lookup.open_tables(directory) as opened:
        optional = check_tables(opened).start_lines(directory, "http://127.0.0.1:8000/")
    sizes = COMMAND.findall(optional[-1])
    chosen = [table for table in TABLES if table.flags]  # the tables rule options choose, none built here
    assert [selected(command, directory, False) for command in sizes] == [[table.name] for table in chosen]
    for command, table in zip(sizes, chosen, strict=True):
        if table.name not in NOT_RUN:
            runs_and_answers(command, directory, [table])
