"""The commands about how many optimal solutions there are, and which:
`solutions` (every optimal solution of one instance, in order, up to a
limit) and `counts` (one count per stdin line, as `distances` gives
distances). `solve --random`, `probe` and `sample --unique` say the rest."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ninebase.lookup import Tally, encoding
from ninebase.puzzles import Puzzle, plural

from .answering import answer_stdin, one_state
from .common import (
    EXIT_BAD_INPUT,
    EXIT_STATUS_HELP,
    echo,
    fail,
    jobs_option,
    open_for,
    puzzle_argument,
    reported_errors,
    tables_option,
)
from .rule_options import RulesCommand, rule_choice

MAX_SOLUTIONS = 1_000_000
"""The most solutions one `solutions` prints (a larger --limit is refused before any work)."""


@click.command(
    short_help="Every optimal solution of one instance, in order, up to --limit.",
    epilog=EXIT_STATUS_HELP,
    cls=RulesCommand,
)
@puzzle_argument
@click.argument("state", nargs=-1)
@click.option(
    "--limit",
    type=click.IntRange(1, MAX_SOLUTIONS),
    default=100,
    show_default=True,
    help=f"Print at most this many (1 to {MAX_SOLUTIONS:,}); stderr says how many there are in all.",
)
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: a solve object per solution, with its number.")
@tables_option
def solutions(
    puzzle: Puzzle, state: tuple[str, ...], limit: int, as_json: bool, tables_dir: Path | None, **variant: Any
) -> None:
    """Print the optimal solutions of one instance in the puzzle's order of
    them (see --json's "number"), one a line as their moves, as they are
    found, at most --limit; then one line on stderr with how many there are
    in all. `ninebase solutions eight 867254301 --limit 5`."""
    with reported_errors():
        puzzle = rule_choice(puzzle, variant)
        with open_for(tables_dir) as tables:
            board = one_state(tables, puzzle, state, batch=False)
            listing = tables.listing(puzzle, board, limit)
            count = listing.count
            written = encoding.listing_json(listing, spaced=True) if as_json else encoding.listing_text(listing)
            from ninebase.lookup import stream  # as a batch writes: each chunk of lines flushed as it comes

            stream.write_all(written, sys.stdout.buffer)
            shown = min(count, limit)
        if count == 0:
            echo("ninebase: the instance is unsolvable: it has no solution", err=True)
        elif shown == count:
            echo(
                f"ninebase: {'the only optimal solution' if count == 1 else f'all {count:,} optimal solutions'}",
                err=True,
            )
        else:
            echo(f"ninebase: the first {shown:,} of {plural(count, 'optimal solution')} (--limit {limit:,})", err=True)


@click.command(
    short_help="Counts only: optimal solutions per stdin line, 0 unsolvable.", epilog=EXIT_STATUS_HELP, cls=RulesCommand
)
@puzzle_argument
@jobs_option
@tables_option
def counts(puzzle: Puzzle, jobs: int, tables_dir: Path | None, **variant: Any) -> None:
    """Read one compact state per stdin line; print how many optimal
    solutions it has, one line per input line in order (0: unsolvable). A
    line that cannot be read gets `error: line N: why` in its place; then the
    exit status is 2."""
    tally = Tally("count")
    with reported_errors(), open_for(tables_dir) as tables:
        puzzle = rule_choice(puzzle, variant)
        tables.counts(puzzle, [])  # a puzzle that counts nothing is refused now, not at the first line
        answer = lambda lines: encoding.number_text(tables.count_lines(puzzle, lines), tally)  # noqa: E731
        answer_stdin(tables, puzzle, answer, jobs, tally)
    if tally.count:
        fail(tally.summary(), EXIT_BAD_INPUT)
