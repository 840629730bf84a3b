"""`ninebase package`: a problem package for contest systems (the writer is
`lookup.contest`, loaded only when the command runs)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import click

from ninebase.puzzles import Puzzle, plural

from .common import EXIT_STATUS_HELP, SEED, open_for, puzzle_argument, reported_errors, tables_option
from .rule_options import RulesCommand, rule_choice

DEFAULT_CASES = 100


@click.command(short_help="Write a problem package for contest systems.", epilog=EXIT_STATUS_HELP, cls=RulesCommand)
@puzzle_argument
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--seed", type=SEED, default=0, show_default=True, help="Same seed, same test data.")
@click.option(
    "--cases",
    type=click.IntRange(min=1),
    default=DEFAULT_CASES,
    show_default=True,
    help="Secret test files: the required coverage first, random instances after.",
)
@click.option("--zip", "zip_", is_flag=True, help="Also write DIRECTORY.zip, ready for a DOMjudge upload.")
@click.option("--scoring", is_flag=True, help="Score answers as the original did (sansu: 0 to 10 points per test).")
@click.option(
    "--unique", is_flag=True, help="Only secret cases whose answer is unique (a plain comparison judges them)."
)
@tables_option
def package(
    puzzle: Puzzle,
    directory: Path,
    seed: int,
    cases: int,
    zip_: bool,
    scoring: bool,
    unique: bool,
    tables_dir: Path | None,
    **variant: Any,
) -> None:
    """Write a complete problem package for PUZZLE into DIRECTORY (new or
    empty): problem.yaml, the statement, sample and secret test data chosen
    with the tablebase, validators that need neither ninebase nor tables,
    and example submissions. `verifyproblem DIRECTORY` (problemtools) checks it.
    `ninebase package nine DIR --size 9` writes the story's 9x9 problem (within
    999 operations), its test data drawn at random and answered by the construction."""
    from ninebase.lookup.contest import check_target, write_package, zip_path

    with reported_errors():
        puzzle = rule_choice(puzzle, variant)
        check_target(puzzle, directory, zip_, scoring, unique)  # before any table is opened or built
        with open_for(tables_dir) as tables:
            written = write_package(tables, puzzle, directory, seed, cases, zip_, scoring, unique)
    kinds = Counter(case.kind for case in written.cases)
    summary = ", ".join(f"{kind} {count}" for kind, count in kinds.items())
    click.echo(
        f"{directory}: {plural(written.samples, 'sample file')} and {plural(len(written.cases), 'secret case')} "
        f"({summary}), {plural(len(written.files), 'file')}; {unique_summary(written.unique, len(written.cases))}"
        + (f"; {zip_path(directory)}" if zip_ else "")
    )


def unique_summary(unique: int | None, cases: int) -> str:
    """How many secret cases a plain comparison of outputs can judge."""
    if unique is None:
        return "the output validator judges every answer"
    if unique == cases:
        return f"all {cases} have a unique answer"
    return f"{unique} of {cases} have a unique answer (the others need the output validator)"
