"""The `ninebase` command line: a front end over the query API (`lookup`)
and, for `build` and `verify`, the builder."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

import puzzles
from lookup.tables import ENVIRONMENT_VARIABLE, Tables, resolve_tables_dir
from puzzles import Puzzle

from . import answering
from .building import build_with_progress, verify_lines
from .common import EXIT_BAD_INPUT, EXIT_STATUS_HELP, EXIT_TABLE, PuzzleName, fail, reported_errors, tables_option


@click.group(epilog=EXIT_STATUS_HELP, invoke_without_command=True)
@click.version_option(package_name="ninebase")
@click.pass_context
def main(ctx: click.Context) -> None:
    """ninebase: exact, instant answers for five 3x3 puzzles from prebuilt tables."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@main.command(short_help="Build the tables (all, or --only PUZZLE).", epilog=EXIT_STATUS_HELP)
@click.option("--only", multiple=True, type=PuzzleName(), help="Build only this puzzle (repeatable).")
@click.option("--force", is_flag=True, help="Rebuild even if the table is present.")
@tables_option
def build(only: tuple[Puzzle, ...], force: bool, tables_dir: Path | None) -> None:
    """Build the tables (all puzzles unless --only); present ones are kept."""
    with reported_errors():
        names = tuple(puzzle.name for puzzle in only) or puzzles.names()
        build_with_progress(resolve_tables_dir(tables_dir), names, force)


@main.command(short_help="Check table files: checksums and search invariants.", epilog=EXIT_STATUS_HELP)
@click.argument("names", nargs=-1, type=PuzzleName(), metavar="[PUZZLE]...")
@tables_option
def verify(names: tuple[Puzzle, ...], tables_dir: Path | None) -> None:
    """Check table files (all unless named): format, checksums, and the
    search invariants themselves. One line per puzzle; exit 4 if any fails."""
    lines, passed = verify_lines(tuple(puzzle.name for puzzle in names), resolve_tables_dir(tables_dir))
    for line in lines:
        click.echo(line)
    if not passed:
        sys.exit(EXIT_TABLE)


@main.command(short_help="Serve the tables over HTTP (JSON API, explorer page).", epilog=EXIT_STATUS_HELP)
@tables_option
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback unless you say so)."
)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option(
    "--cache",
    type=click.IntRange(min=0),
    default=65_536,
    show_default=True,
    help="Probe answers kept per process (0: none).",
)
def serve(tables_dir: Path | None, host: str, port: int, workers: int, cache: int) -> None:
    """Serve the tables over HTTP (JSON API and explorer page) until interrupted.
    Needs the serve extra: pip install 'ninebase[serve]'."""
    try:
        import uvicorn

        from lookup.web import create_app
    except ImportError as error:
        fail(f"serve needs the serve extra ({error.name} is missing): pip install 'ninebase[serve]'", EXIT_BAD_INPUT)
    directory = resolve_tables_dir(tables_dir)
    with reported_errors():
        tables = Tables(directory)
        app = create_app(tables, cache)  # refuses to start on a missing or damaged table
    click.echo(f"ninebase: serving {directory} at http://{host}:{port}/ (Ctrl-C stops)", err=True)
    if workers > 1:
        tables.close()
        os.environ[ENVIRONMENT_VARIABLE] = str(directory.resolve())
        os.environ["NINEBASE_CACHE"] = str(cache)
        target: Any = "lookup.web:app_from_environment"
        uvicorn.run(target, factory=True, host=host, port=port, workers=workers, log_level="warning")
    else:
        uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=10)


for command in answering.COMMANDS:
    main.add_command(command)

__all__ = ["main"]
