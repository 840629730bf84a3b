"""The `ninebase` command line."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import BinaryIO, Iterator, NoReturn

import click

from build_tables.puzzles import NAMES
from build_tables.tablefile import MissingTableError, TableError

from .parsing import InputError
from .tables import Tables, query_puzzle, resolve_tables_dir

EXIT_BAD_INPUT = 2
EXIT_TABLE = 4

EXIT_STATUS_HELP = """Exit status: 0 answered; 2 bad input or usage (one line on stderr
names what is wrong and where); 4 a table is missing and cannot be built,
damaged, of another puzzle or format version, or fails verify (the message
gives the command that rebuilds it)."""

tables_option = click.option(
    "--tables",
    "tables_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Tables directory (default: $NINEBASE_TABLES, else the checkout's tables/ "
    "or ~/.local/share/ninebase/tables).",
)
puzzle_argument = click.argument("puzzle", type=click.Choice(NAMES))


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


def read_stdin() -> str:
    return decode(sys.stdin.buffer.read(), "standard input")


def decode(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{what} is not UTF-8 text (byte {error.start + 1})") from None


def progress_bar(label: str, total: int) -> click.progressbar:
    return click.progressbar(length=total, label=f"{label:<8}", file=sys.stderr, show_eta=False, width=30)


def build_missing(directory: Path, names: tuple[str, ...], force: bool = False) -> None:
    """Build tables with progress bars and print the closing summary."""
    from build_tables import build

    try:
        reports = build(names, directory, force=force, progress=progress_bar)
    except OSError as error:
        raise TableError(f"cannot build tables in {directory}: {error.strerror or error}") from None
    if not reports:
        click.echo(f"all tables present in {directory}", err=True)
        return
    click.echo(f"{'puzzle':<8} {'states':>12} {'reachable':>12} {'largest':>8} {'seconds':>8} {'size':>10}", err=True)
    for report in reports:
        click.echo(
            f"{report.puzzle:<8} {report.states:>12,} {report.reachable:>12,} {report.max_distance:>8} "
            f"{report.seconds:>8.2f} {report.file_bytes / 1024:>7.0f} KiB",
            err=True,
        )


def open_for(puzzle: str, tables_dir: Path | None) -> Tables:
    """Tables for answering `puzzle`, building its table first if it is missing."""
    tables = Tables(tables_dir)
    try:
        tables.file(puzzle)
    except MissingTableError:
        click.echo(f"ninebase: no {puzzle} table in {tables.directory}; building it now", err=True)
        build_missing(tables.directory, (puzzle,))
        tables.file(puzzle)
    return tables


@click.group(epilog=EXIT_STATUS_HELP)
@click.version_option(package_name="ninebase")
def main() -> None:
    """ninebase: exact, instant answers for five 3x3 puzzles from prebuilt tables."""


@main.command(epilog=EXIT_STATUS_HELP)
@click.option("--only", multiple=True, type=click.Choice(NAMES), help="Build only this puzzle (repeatable).")
@click.option("--force", is_flag=True, help="Rebuild even if the table is present.")
@tables_option
def build(only: tuple[str, ...], force: bool, tables_dir: Path | None) -> None:
    """Build the tables (all puzzles unless --only); present ones are kept."""
    with reported_errors():
        build_missing(resolve_tables_dir(tables_dir), only or NAMES, force)


@main.command(epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.argument("state", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--batch", is_flag=True, help="Answer one compact instance per stdin line as JSON Lines.")
@click.option("--steps/--no-steps", default=None, help="Draw the board after every move (with --json: list them).")
@click.option("--hours", type=click.Choice(["12"]), help="clocks: 12-hour dials (1..12), a move turns one hour; no table.")
@click.option("--backward", is_flag=True, help="clocks: a move may also turn its dials back, counting as one move.")
@tables_option
def solve(
    puzzle: str,
    state: tuple[str, ...],
    as_json: bool,
    batch: bool,
    steps: bool | None,
    hours: str | None,
    backward: bool,
    tables_dir: Path | None,
) -> None:
    """Solve one instance given in compact form, e.g. `ninebase solve sansu 175426839`."""
    handler = query_puzzle(puzzle)
    with reported_errors():
        if hours or backward:
            if puzzle != "clocks":
                raise InputError("--hours and --backward are options of clocks")
            from .puzzles.clocks import ClocksByAlgebra

            handler = ClocksByAlgebra(int(hours or 4), backward)
        if batch and state:
            raise InputError("--batch reads instances from stdin; give no STATE")
        if not batch and not state:
            raise InputError(f"give a {puzzle} instance, or --batch to read them from stdin")
        board = None if batch else handler.board(" ".join(state))
        with open_for(puzzle, tables_dir) if handler.needs_tables else nullcontext() as tables:
            if board is not None:
                solution = handler.solve(tables, board)
                if as_json:
                    fields = handler.step_fields(solution) if steps and solution.solvable else {}
                    click.echo(json.dumps({**solution.to_dict(), **fields}))
                else:
                    click.echo(handler.describe(solution, handler.steps_by_default if steps is None else steps))
                return
            for number, line in enumerate(read_stdin().splitlines(), 1):
                try:
                    answer = handler.solve(tables, handler.board(line.strip())).to_dict()
                except InputError as error:
                    answer = {"puzzle": puzzle, "line": number, "input": line, "error": str(error)}
                click.echo(json.dumps(answer))


@main.command(epilog=EXIT_STATUS_HELP)
@puzzle_argument
@tables_option
def judge(puzzle: str, tables_dir: Path | None) -> None:
    """Read the original problem's input on stdin; print exactly its output."""
    handler = query_puzzle(puzzle)
    with reported_errors():
        instances = handler.read_original(read_stdin())  # bad input is reported before any table is built
        with open_for(puzzle, tables_dir) as tables:
            sys.stdout.write(handler.judge(tables, instances))


@main.command(
    epilog="Exit status: 0 optimal; 1 valid but longer than the optimum; 3 invalid; "
    "2 the instance cannot be read (or usage); 4 a table problem."
)
@puzzle_argument
@click.argument("instance", type=click.File("rb"))
@click.argument("answer", type=click.File("rb"))
@tables_option
def check(puzzle: str, instance: BinaryIO, answer: BinaryIO, tables_dir: Path | None) -> None:
    """Judge ANSWER (the original output format) for INSTANCE (the original
    input format); either may be - for stdin. Prints one line starting with
    optimal, valid or invalid."""
    from .check import EXIT_STATUS, INVALID, Verdict, check as check_answer

    with reported_errors():
        instance_text = decode(instance.read(), "the instance")
        try:
            answer_text = decode(answer.read(), "the answer")
        except InputError as error:
            verdict = Verdict(INVALID, f"malformed answer: {error}")
        else:
            instances = query_puzzle(puzzle).read_original(instance_text)  # before any table is built
            with open_for(puzzle, tables_dir) as tables:
                verdict = check_answer(tables, puzzle, instances, answer_text)
        click.echo(verdict.line())
        sys.exit(EXIT_STATUS[verdict.kind])


@main.command(epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.option("--distance", type=int, help="The exact number of moves the instances need.")
@click.option("--hardest", is_flag=True, help="Instances at the largest distance there is.")
@click.option("--count", type=click.IntRange(min=1), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same instances.")
@tables_option
def sample(puzzle: str, distance: int | None, hardest: bool, count: int, seed: int, tables_dir: Path | None) -> None:
    """Print COUNT distinct instances whose optimum is exactly DISTANCE, one
    per line in compact form (ready for `solve --batch`)."""
    from .sample import sample as draw

    with reported_errors():
        if hardest == (distance is not None):
            raise InputError("give exactly one of --distance D and --hardest")
        with open_for(puzzle, tables_dir) as tables:
            instances, available = draw(tables, puzzle, distance, count, seed)
        for instance in instances:
            click.echo(instance)
        if available < count:
            click.echo(f"ninebase: only {available} instances exist at that distance", err=True)


@main.command(epilog=EXIT_STATUS_HELP)
@click.argument("puzzles", nargs=-1, type=click.Choice(NAMES))
@tables_option
def verify(puzzles: tuple[str, ...], tables_dir: Path | None) -> None:
    """Check table files (all unless named): format, checksums, and the
    search invariants themselves. One line per puzzle; exit 4 if any fails."""
    from build_tables.verify import verify as verify_table

    directory = resolve_tables_dir(tables_dir)
    failed = False
    for name in puzzles or NAMES:
        try:
            click.echo(verify_table(name, directory))
        except TableError as error:
            failed = True
            click.echo(f"{name}: FAILED: {error}")
    if failed:
        sys.exit(EXIT_TABLE)


@main.command(epilog=EXIT_STATUS_HELP)
@puzzle_argument
@tables_option
def stats(puzzle: str, tables_dir: Path | None) -> None:
    """State counts, the largest distance and the distance histogram."""
    with reported_errors():
        with open_for(puzzle, tables_dir) as tables:
            click.echo(query_puzzle(puzzle).stats(tables))
