"""The `ninebase` command line: a front end over the query API (`lookup`)
and, for `build` and `verify`, the builder."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from ninebase import puzzles
from ninebase.lookup import Tables, check_directory, resolve_tables_dir
from ninebase.lookup.web.settings import DEFAULT_SETTINGS as DEFAULTS
from ninebase.lookup.web.settings import Settings, bounds
from ninebase.puzzles import Puzzle

from . import answering, counting, process
from .common import (
    EXIT_BAD_INPUT,
    EXIT_STATUS_HELP,
    EXIT_TABLE,
    TABLE_STATUS_HELP,
    PuzzleName,
    fail,
    reported_errors,
    tables_option,
)
from .packaging import package
from .rules import RulesCommand, rules_for_each
from .usage import usage_errors, write_puzzles

EXIT_ADDRESS = 5
EXIT_CUT = 6
SERVE_EXIT_HELP = f"""{TABLE_STATUS_HELP} 5 the address cannot be used (the port is busy,
or the host is not this machine's). Stopped by SIGTERM or Ctrl-C: 0 every
answer was finished; 6 the grace period ran out first (stderr says how many
answers were cut short)."""


class Seconds(click.FloatRange):
    """A number of seconds within a range; not NaN, which every comparison lets through."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if math.isnan(seconds):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


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
        chosen = rules_for_each(only, variant, "--only PUZZLE") or puzzles.names()
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

    with reported_errors():
        chosen = rules_for_each(names, variant, "PUZZLE")
        lines, passed = verify_lines(chosen, resolve_tables_dir(tables_dir))
    for line in lines:
        click.echo(line)
    if not passed:
        sys.exit(EXIT_TABLE)


@main.command(short_help="Serve the tables over HTTP (JSON API, explorer page).", epilog=SERVE_EXIT_HELP)
@tables_option
@click.option(
    "--host", default=DEFAULTS.host, show_default=True, help="Address to listen on (loopback unless you say so)."
)
@click.option(
    "--port", type=click.IntRange(*map(int, bounds("port"))), default=DEFAULTS.port, show_default=True,
    help="Port to listen on.",
)  # fmt: skip
@click.option(
    "--workers",
    type=click.IntRange(*map(int, bounds("workers"))),
    default=DEFAULTS.workers,
    show_default=True,
    help="Worker processes, each with the tables in memory; more than the machine has cores only adds memory.",
)
@click.option(
    "--cache",
    type=click.IntRange(min=0),
    default=DEFAULTS.cache,
    show_default=True,
    help="Probe answers kept per worker (0: none).",
)
@click.option(
    "--header-timeout",
    type=Seconds(*bounds("header_timeout")),
    default=DEFAULTS.header_timeout,
    show_default=True,
    help="Seconds a client has to send a request's headers; also how long an idle connection is kept.",
)
@click.option(
    "--max-connections",
    type=click.IntRange(min=1),
    default=DEFAULTS.max_connections,
    show_default=True,
    help="Connections each worker holds at once (at most what the open-files limit allows); more wait in the backlog.",
)
@click.option(
    "--grace",
    type=click.IntRange(*map(int, bounds("grace"))),
    default=DEFAULTS.grace,
    show_default=True,
    help="Seconds requests in flight may take to finish after SIGTERM or Ctrl-C.",
)
def serve(
    tables_dir: Path | None,
    host: str,
    port: int,
    workers: int,
    cache: int,
    header_timeout: float,
    max_connections: int,
    grace: int,
) -> None:
    """Serve the tables over HTTP (JSON API and explorer page) until
    SIGTERM or Ctrl-C; requests in flight then finish first (within --grace),
    new ones are answered 503 with Retry-After. The workers stop with this
    process, however it ends. Needs the serve extra: pip install
    'ninebase[serve]'."""
    try:
        from ninebase.lookup.web import check_tables
        from ninebase.lookup.web.server import AddressError, check_address
        from ninebase.lookup.web.server import serve as run_server
    except ImportError as error:
        fail(f"serve needs the serve extra ({error.name} is missing): pip install 'ninebase[serve]'", EXIT_BAD_INPUT)
    directory = resolve_tables_dir(tables_dir)
    with reported_errors(), Tables(directory) as tables:
        check_directory(directory)  # every puzzle is served: no one puzzle to name
        served = check_tables(tables)  # a missing or damaged table stops the service before it starts
    try:
        check_address(host, port)
    except AddressError as error:
        fail(str(error), EXIT_ADDRESS)  # one line: the notes below are for a server that starts
    for note in served.notes(directory):  # a variant's table not built (nine-4) is answered 503 with its build command
        click.echo(f"ninebase: {note}", err=True)
    click.echo(f"ninebase: serving {directory} at http://{host}:{port}/ (Ctrl-C stops)", err=True)
    settings = Settings(
        host=host,
        port=port,
        workers=workers,
        cache=cache,
        header_timeout=header_timeout,
        max_connections=max_connections,
        grace=grace,
    )
    cut = run_server(directory, settings)
    if cut:
        fail(
            f"stopped, but the {grace} s grace period ran out before {cut:,} answer{'s' if cut > 1 else ''} "
            "could be finished (the log above says which); give them longer with --grace",
            EXIT_CUT,
        )


for command in (*answering.COMMANDS, *counting.COMMANDS, package):
    main.add_command(command)

__all__ = ["main"]
