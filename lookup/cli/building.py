"""`ninebase build` and `ninebase verify`: the commands that run the builder."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from ninebase import build_tables, puzzles
from ninebase.build_tables.verify import verify as verify_table
from ninebase.lookup import TableError, Tables
from ninebase.puzzles import Puzzle, plural


class StageLine:
    """Build progress for a log: one line per stage when it ends, with figures."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done = label, total, 0
        self.started = time.perf_counter()

    def __enter__(self) -> StageLine:
        return self

    def update(self, steps: int) -> None:
        self.done += steps

    def __exit__(self, error_type: type[BaseException] | None, *_exc_info: object) -> None:
        if error_type is not None:  # an interrupted stage settled nothing to report
            return
        seconds = time.perf_counter() - self.started
        click.echo(f"{self.label}: {self.done:,} of {plural(self.total, 'state')} settled in {seconds:.2f} s", err=True)


def terminal_bar(label: str, total: int) -> Any:
    """A progress bar on standard error, which is a terminal."""
    return click.progressbar(length=total, label=f"{label:<8}", file=sys.stderr, show_eta=False, width=30)


def progress_bar(label: str, total: int) -> Any:
    """A build's progress: a bar on a terminal; a line per finished stage otherwise."""
    return terminal_bar(label, total) if sys.stderr.isatty() else StageLine(label, total)


def build_with_progress(directory: Path, chosen: tuple[str | Puzzle, ...], force: bool = False) -> None:
    """Build tables (of puzzles by name, or as objects: a variant with a table
    of its own) with progress and print the closing summary, which says where they are."""
    try:
        reports = build_tables.build(chosen, directory, force=force, progress=progress_bar)
    except OSError as error:
        raise TableError(f"cannot build tables in {directory}: {error.strerror or error}") from None
    if not reports:
        click.echo(f"all tables present in {directory.resolve()}", err=True)
        return
    click.echo("\n".join(summary(reports, directory)), err=True)  # one write: Ctrl-C cannot split it


def summary(reports: list[build_tables.BuildReport], directory: Path) -> list[str]:
    """The build's table: per puzzle what was searched and, as `largest`, the
    most moves any instance needs, the figure `ninebase stats` gives. Where an
    instance is a question rather than a board (the cube), the boards searched
    reach further than any question needs; the note says so."""
    lines = [f"{'puzzle':<8} {'states':>12} {'reachable':>12} {'largest':>8} {'seconds':>8} {'size':>10}"]
    notes = []
    with Tables(directory) as tables:
        for report in reports:
            largest = tables.stats(report.rules or report.puzzle)["max_distance"]
            lines.append(
                f"{report.puzzle:<8} {report.states:>12,} {report.reachable:>12,} {largest or '-':>8} "
                f"{report.seconds:>8.2f} {report.file_bytes / 1024:>7.0f} KiB"
            )
            if largest is None:  # a search guided by tables: what was searched are the tiles' placements
                notes.append(f"{report.puzzle}: pattern tables, their states the placements of groups of tiles")
            elif largest != report.max_distance:
                puzzle = report.rules or puzzles.get(report.puzzle)
                notes.append(
                    f"{report.puzzle}: an instance is a {puzzle.instance_noun[0]}; the boards searched reach "
                    f"{plural(report.max_distance, *puzzle.unit)}"
                )
    return [
        *lines,
        "states: positions searched; reachable: those that can reach a goal; largest: the most moves an "
        "instance needs, as `ninebase stats PUZZLE` says" + "".join(f" ({note})" for note in notes),
        f"tables written to {directory.resolve()}",
    ]


def verify_lines(chosen: tuple[str | Puzzle, ...], directory: Path) -> Iterator[tuple[str, bool]]:
    """One line per puzzle (by name, or a variant with a table of its own) as
    its table is checked, and whether it passed; none chosen: every puzzle's
    table, and every variant's table that is in the directory (nine-2,
    nine-4). On a terminal, a bar per search group shows the check going
    (the cube's three take most of the time); otherwise nothing more is said."""
    if not chosen:
        variants = [variant for variant, _ in puzzles.variant_tables() if variant.storage is not None]
        built = [variant for variant in variants if (directory / f"{variant.storage.table_name}.h5").exists()]
        chosen = (*puzzles.tabled_names(), *built)
    progress = terminal_bar if sys.stderr.isatty() else None
    for puzzle in chosen:
        try:
            yield verify_table(puzzle, directory, progress), True
        except TableError as error:
            name = puzzle if isinstance(puzzle, str) else puzzle.storage.table_name
            yield f"{name}: FAILED: {error}", False
