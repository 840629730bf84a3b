"""What every `ninebase` command shares: reading a puzzle's name, the tables
option, errors as one line and an exit status, stdin as UTF-8, and opening
the tables (building a missing one in the default directory when needed)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import click

from ninebase import puzzles
from ninebase.lookup import ENVIRONMENT_VARIABLE, MAX_SEED, TableError, Tables, default_tables_dir
from ninebase.puzzles import InputError, Puzzle

from .process import STATUS_HELP

EXIT_BAD_INPUT = 2
EXIT_TABLE = 4

TABLE_STATUS_HELP = """Exit status: 0 answered; 2 bad input or usage (one line on stderr
names what is wrong and where); 4 a table is missing, damaged, of another
puzzle or format version, or fails verify (the message gives the command
that builds it)."""
EXIT_STATUS_HELP = f"{TABLE_STATUS_HELP} {STATUS_HELP}"


class PuzzleName(click.ParamType):
    """A puzzle's name, checked against the puzzles known when the command runs."""

    name = "puzzle"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "PUZZLE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Puzzle:
        if isinstance(value, Puzzle):
            return value
        try:
            return puzzles.get(value)
        except InputError as error:
            self.fail(str(error), param, ctx)


tables_option = click.option(
    "--tables",
    "tables_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help=f"Tables directory (default: ${ENVIRONMENT_VARIABLE}, else the checkout's tables/ "
    "or ~/.local/share/ninebase/tables).",
)
puzzle_argument = click.argument("puzzle", type=PuzzleName())
MOST_JOBS = 64
jobs_option = click.option(
    "--jobs",
    type=click.IntRange(1, MOST_JOBS),
    default=1,
    show_default=True,
    help="Answer the lines in this many processes, in order: for answers that take time, such as nine's "
    "constructions from size 5 (two jobs on two cores: about 1.6x); table lookups are quick in one.",
)
SEED = click.IntRange(0, MAX_SEED)
"""A seed: any integer from 0 up (numpy's generators take no negative seed)."""


def use_colour() -> bool | None:
    """False when NO_COLOR is set or the terminal is dumb; otherwise click decides (a terminal only)."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return None


def echo(text: str, err: bool = False) -> None:
    click.echo(text, err=err, color=use_colour())


def fail(message: str, status: int) -> NoReturn:
    click.echo(f"ninebase: error: {message}", err=True)
    sys.exit(status)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn the expected failures into one line on stderr and an exit status."""
    try:
        yield
    except InputError as error:
        fail(str(error), EXIT_BAD_INPUT)
    except TableError as error:
        fail(str(error), EXIT_TABLE)


def decode(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{what} is not UTF-8 text (byte {error.start + 1})") from None


def open_for(tables_dir: Path | None) -> Tables:
    """Tables for a command. Where the user named no directory, a table
    missing from the default directory is built when it is first needed
    (saying so); a directory the user named is only ever read."""
    tables = Tables(tables_dir)
    named = tables_dir is not None or bool(os.environ.get(ENVIRONMENT_VARIABLE))
    if named or tables.directory != default_tables_dir():
        return tables

    def build(puzzle: Puzzle) -> None:
        from .building import build_with_progress  # the builder is loaded only when a table is missing

        name = puzzle.storage.table_name
        click.echo(f"ninebase: no {name} table in {tables.directory}; building it now", err=True)
        build_with_progress(tables.directory, (puzzle,))

    return Tables(tables_dir, build_missing=build)
