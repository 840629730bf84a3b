"""The `ninebase` command line: a front end over the query API (`lookup`)
and, for `build` and `verify`, the builder."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from ninebase import puzzles
from ninebase.lookup import resolve_tables_dir
from ninebase.puzzles import Puzzle

from . import answering, process
from .common import EXIT_STATUS_HELP, EXIT_TABLE, PuzzleName, reported_errors, tables_option
from .rule_options import RulesCommand, rules_for_each
from .usage import usage_errors, write_puzzles

LAZY_COMMANDS = {"serve": "serving", "package": "packaging", "solutions": "counting", "counts": "counting"}
"""Commands whose module is imported only when the command is run or listed:
a query does not load the service's settings (1.5 ms of its start-up) or
the package writer."""


class Ninebase(click.Group):
    """The `ninebase` group: run as the process (`ninebase ...` in a shell)
    it answers signals and broken streams as `process` says; its help lists
    the puzzles, and usage errors are shown as `usage` says."""

    def __call__(self, *args: Any, **kwargs: Any) -> NoReturn:
        process.run(lambda: self.main(*args, **kwargs))

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with usage_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with usage_errors():
            return super().invoke(ctx)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY_COMMANDS and name not in self.commands:
            self.add_command(getattr(importlib.import_module(f"{__name__}.{LAZY_COMMANDS[name]}"), name))
        return super().get_command(ctx, name)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_puzzles(formatter)
        super().format_epilog(ctx, formatter)


@click.group(cls=Ninebase, epilog=EXIT_STATUS_HELP, invoke_without_command=True)
@click.version_option(package_name="ninebase")
@click.pass_context
def main(ctx: click.Context) -> None:
    """ninebase: exact, instant answers for five 3x3 puzzles from prebuilt tables."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@main.command(short_help="Build the tables (all, or --only PUZZLE).", epilog=EXIT_STATUS_HELP, cls=RulesCommand)
@click.option("--only", multiple=True, type=PuzzleName(), help="Build only this puzzle (repeatable).")
@click.option("--force", is_flag=True, help="Rebuild even if the table is present.")
@tables_option
def build(only: tuple[Puzzle, ...], force: bool, tables_dir: Path | None, **variant: Any) -> None:
    """Build the tables (all puzzles unless --only); present ones are kept.
    Rule options choose another table of a puzzle named with --only:
    `ninebase build --only nine --size 4` builds nine-4.h5 (24 million
    boards), which the plain `ninebase build` leaves out."""
    from .building import build_with_progress

    with reported_errors():
        chosen = rules_for_each(only, variant, "--only PUZZLE") or puzzles.tabled_names()
        build_with_progress(resolve_tables_dir(tables_dir), chosen, force)


@main.command(
    short_help="Check table files: checksums and search invariants.", epilog=EXIT_STATUS_HELP, cls=RulesCommand
)
@click.argument("names", nargs=-1, type=PuzzleName(), metavar="[PUZZLE]...")
@tables_option
def verify(names: tuple[Puzzle, ...], tables_dir: Path | None, **variant: Any) -> None:
    """Check table files (all unless named, nine's size tables too where
    built): format, checksums, and the search invariants themselves. One
    line per table; exit 4 if any fails. Rule options choose another table
    of the puzzles named (`ninebase verify nine --size 4`)."""
    from .building import verify_lines

    passed = True
    with reported_errors():
        for line, ok in verify_lines(rules_for_each(names, variant, "PUZZLE"), resolve_tables_dir(tables_dir)):
            click.echo(line)
            passed = passed and ok
    if not passed:
        sys.exit(EXIT_TABLE)


for command in answering.COMMANDS:
    main.add_command(command)

__all__ = ["main"]
