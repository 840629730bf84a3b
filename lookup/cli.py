"""The `ninebase` command line."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, nullcontext
from functools import cache, partial
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

import click

import puzzles
from puzzles import Puzzle
from puzzles.batch import Lines
from puzzles.text import InputError, plural

from . import bulk, stream
from .drawing import describe, describe_probe
from .tablefile import MissingTableError, TableError
from .tables import (
    ENVIRONMENT_VARIABLE,
    Tables,
    default_tables_dir,
    probe,
    resolve_tables_dir,
)

EXIT_BAD_INPUT = 2
EXIT_TABLE = 4

EXIT_STATUS_HELP = """Exit status: 0 answered; 2 bad input or usage (one line on stderr
names what is wrong and where); 4 a table is missing, damaged, of another
puzzle or format version, or fails verify (the message gives the command
that builds it)."""


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


class StageLine:
    """Build progress for a log: one line per stage when it ends, with figures."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total, self.done = label, total, 0
        self.started = time.perf_counter()

    def __enter__(self) -> StageLine:
        return self

    def update(self, steps: int) -> None:
        self.done += steps

    def __exit__(self, *exc_info: object) -> None:
        seconds = time.perf_counter() - self.started
        click.echo(f"{self.label}: {self.done:,} of {plural(self.total, 'state')} settled in {seconds:.2f} s", err=True)


def progress_bar(label: str, total: int) -> Any:
    """A progress bar on a terminal; a line per finished stage otherwise."""
    if not sys.stderr.isatty():
        return StageLine(label, total)
    return click.progressbar(length=total, label=f"{label:<8}", file=sys.stderr, show_eta=False, width=30)


def build_tables(directory: Path, names: tuple[str, ...], force: bool = False) -> None:
    """Build tables with progress and print the closing summary."""
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
    click.echo(
        "states: positions searched; reachable: those that can reach a goal; largest: the most moves any "
        "searched position needs (`ninebase stats PUZZLE` explains each puzzle's figures)",
        err=True,
    )


def open_for(puzzle: Puzzle, tables_dir: Path | None) -> Tables:
    """Tables for answering `puzzle`. A table missing from the default
    directory is built first (saying so); a directory the user named is only
    ever read."""
    tables = Tables(tables_dir)
    try:
        tables.table(puzzle.name)
    except MissingTableError:
        named = tables_dir is not None or bool(os.environ.get(ENVIRONMENT_VARIABLE))
        if named or tables.directory != default_tables_dir():
            raise
        click.echo(f"ninebase: no {puzzle.name} table in {tables.directory}; building it now", err=True)
        build_tables(tables.directory, (puzzle.name,))
        tables.table(puzzle.name)
    return tables


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
        build_tables(resolve_tables_dir(tables_dir), names, force)


def one_state(puzzle: Puzzle, state: tuple[str, ...], batch: bool) -> Any:
    """The instance given on the command line; None with --batch (which reads stdin instead)."""
    if batch and state:
        raise InputError("--batch reads instances from stdin; give no STATE")
    if not batch and not state:
        raise InputError(f"give a {puzzle.name} instance ({puzzle.compact_help}), or --batch to read them from stdin")
    return None if batch else puzzle.board(" ".join(state))


def answer_stdin(answer: Callable[[Lines], bytes]) -> None:
    """Answer stdin chunk by chunk (lookup/stream.py), each answer written as
    soon as it is ready; in order, one answer per line."""
    sys.stdout.flush()
    stream.write_all(stream.answered(stream.chunks(sys.stdin.buffer), answer), sys.stdout.buffer)


@main.command(short_help="Solve one instance: fewest moves, the moves, the boards.", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.argument("state", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--batch", is_flag=True, help="Answer one compact instance per stdin line as JSON Lines.")
@click.option("--steps/--no-steps", default=None, help="Draw the board after every move (with --json: list them).")
@click.option(
    "--hours", type=click.Choice(["12"]), help="clocks: 12-hour dials (1..12), a move turns one hour; no table."
)
@click.option("--backward", is_flag=True, help="clocks: a move may also turn its dials back, counting as one move.")
@tables_option
def solve(
    puzzle: Puzzle,
    state: tuple[str, ...],
    as_json: bool,
    batch: bool,
    steps: bool | None,
    hours: str | None,
    backward: bool,
    tables_dir: Path | None,
) -> None:
    """Solve one instance in compact form: `ninebase solve sansu 175426839`."""
    with reported_errors():
        rules = puzzle.variant(int(hours) if hours else None, backward) if hours or backward else puzzle
        board = one_state(rules, state, batch)
        with open_for(puzzle, tables_dir) if rules.needs_tables else nullcontext() as tables:
            table = tables.table(puzzle.name) if tables else None
            if board is None:

                def answer(instance: Any) -> dict[str, Any]:
                    solution = rules.solve(table, instance)
                    fields = rules.step_fields(solution) if steps and solution.solvable else {}
                    return {**solution.to_dict(), **fields}

                answer_stdin(
                    partial(bulk.each_line, rules, answer=answer) if steps else partial(bulk.solve_chunk, rules, table)
                )
                return
            solution = rules.solve(table, board)
            if as_json:
                fields = rules.step_fields(solution) if steps and solution.solvable else {}
                click.echo(json.dumps({**solution.to_dict(), **fields}))
            else:
                echo(describe(rules, solution, rules.steps_by_default if steps is None else steps))


@main.command(short_help="Every legal move with its exact distance, best first.", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.argument("state", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the probe object as JSON on one line.")
@click.option("--batch", is_flag=True, help="Probe one compact instance per stdin line, as JSON Lines.")
@tables_option
def probe_command(puzzle: Puzzle, state: tuple[str, ...], as_json: bool, batch: bool, tables_dir: Path | None) -> None:
    """Every legal move with the exact distance after it, best first:
    `ninebase probe eight 123069478`. The cube, whose compact form is a
    question rather than a board, shows the board after every optimal roll."""
    with reported_errors():
        board = one_state(puzzle, state, batch)
        with open_for(puzzle, tables_dir) as tables:
            table = tables.table(puzzle.name)
            if board is None:
                answer_stdin(
                    partial(bulk.each_line, puzzle, answer=lambda instance: probe(puzzle, table, instance).to_dict())
                )
                return
            probed = probe(puzzle, table, board)
            if as_json:
                click.echo(json.dumps(probed.to_dict()))
            else:
                echo(describe_probe(puzzle, probed))


probe_command.name = "probe"


class JudgeCommand(click.Command):
    """`judge --help` lists every puzzle's original input format."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        formatter.write_text("The original input of each puzzle:")
        for name in puzzles.names():
            formatter.write_paragraph()
            lines = puzzles.get(name).original_help.splitlines()
            formatter.write_text(f"{name}: {lines[0]}")
            with formatter.indentation():
                for line in lines[1:]:
                    formatter.write(f"{' ' * formatter.current_indent}{line}\n")
        super().format_epilog(ctx, formatter)


@main.command(
    short_help="Original input on stdin, exactly the original output.", cls=JudgeCommand, epilog=EXIT_STATUS_HELP
)
@puzzle_argument
@tables_option
def judge(puzzle: Puzzle, tables_dir: Path | None) -> None:
    """Read the original problem's input on stdin; print exactly its output,
    each answer as soon as its instance has been read."""
    with reported_errors(), ExitStack() as opened:
        table = cache(lambda: opened.enter_context(open_for(puzzle, tables_dir)).table(puzzle.name))
        sys.stdout.flush()
        stream.write_all(bulk.judge(puzzle, stream.chunks(sys.stdin.buffer), table), sys.stdout.buffer)
        stream.drain(sys.stdin.buffer)


@main.command(short_help="Distances only: one integer per stdin line, -1 unsolvable.", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@tables_option
def distances(puzzle: Puzzle, tables_dir: Path | None) -> None:
    """Read one compact state per stdin line; print its distance, one line
    per input line in order (-1: unsolvable). A line that cannot be read gets
    `error: line N: why` in its place; then the exit status is 2."""
    tally = bulk.Tally()
    with reported_errors(), open_for(puzzle, tables_dir) as tables:
        answer_stdin(partial(bulk.distances_chunk, puzzle, tables.table(puzzle.name), tally=tally))
    if tally.count:
        fail(tally.summary(), EXIT_BAD_INPUT)


@main.command(
    short_help="Judge a proposed answer: optimal, valid or invalid.",
    epilog="Exit status: 0 optimal; 1 valid but longer than the optimum; 3 invalid; "
    "2 the instance cannot be read (or usage); 4 a table problem.",
)
@puzzle_argument
@click.argument("instance", type=click.File("rb"))
@click.argument("answer", type=click.File("rb"))
@tables_option
def check(puzzle: Puzzle, instance: BinaryIO, answer: BinaryIO, tables_dir: Path | None) -> None:
    """Judge ANSWER (the original output format) for INSTANCE (the original
    input format); one of them may be - for stdin. Prints one line starting
    with optimal, valid or invalid."""
    from .check import EXIT_STATUS, INVALID, Verdict
    from .check import check as check_answer

    with reported_errors():
        instance_name, answer_name = getattr(instance, "name", "-"), getattr(answer, "name", "-")
        if instance_name == answer_name == "-":
            raise InputError("INSTANCE and ANSWER cannot both be read from stdin (-); give one as a file")
        where = "the instance (stdin)" if instance_name == "-" else f"the instance file {instance_name}"
        instance_text = decode(instance.read(), where)
        if not instance_text.strip():
            raise InputError(f"{where} is empty")
        try:
            instances = puzzle.read_original(instance_text)  # before any table is built
        except InputError as error:
            raise InputError(f"{where}: {error}") from None
        try:
            answer_text = decode(answer.read(), "the answer")
        except InputError as error:
            verdict = Verdict(INVALID, f"malformed answer: {error}")
        else:
            with open_for(puzzle, tables_dir) as tables:
                verdict = check_answer(tables.table(puzzle.name), puzzle, instances, answer_text)
        click.echo(verdict.line())
        sys.exit(EXIT_STATUS[verdict.kind])


@main.command(short_help="Instances that need exactly D moves (or the hardest).", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.option("--distance", type=int, help="The exact number of moves the instances need; -1 for unsolvable instances.")
@click.option("--hardest", is_flag=True, help="Instances at the largest distance there is.")
@click.option("--count", type=click.IntRange(min=1), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same instances.")
@tables_option
def sample(puzzle: Puzzle, distance: int | None, hardest: bool, count: int, seed: int, tables_dir: Path | None) -> None:
    """Print COUNT distinct instances whose optimum is exactly DISTANCE, one
    per line in compact form (ready for `solve --batch`)."""
    from .sample import sample as draw

    with reported_errors():
        if hardest == (distance is not None):
            raise InputError("give exactly one of --distance D and --hardest")
        if distance is not None and distance < -1:
            raise InputError(f"--distance is {distance}; give a distance of 0 or more, or -1 for unsolvable instances")
        with open_for(puzzle, tables_dir) as tables:
            instances, available = draw(tables.table(puzzle.name), puzzle, distance, count, seed)
        for instance in instances:
            click.echo(instance)
        if available < count:
            click.echo(f"ninebase: only {plural(available, 'instance')} exist at that distance", err=True)


@main.command(short_help="Check table files: checksums and search invariants.", epilog=EXIT_STATUS_HELP)
@click.argument("names", nargs=-1, type=PuzzleName(), metavar="[PUZZLE]...")
@tables_option
def verify(names: tuple[Puzzle, ...], tables_dir: Path | None) -> None:
    """Check table files (all unless named): format, checksums, and the
    search invariants themselves. One line per puzzle; exit 4 if any fails."""
    from build_tables.verify import verify as verify_table

    directory = resolve_tables_dir(tables_dir)
    failed = False
    for name in [puzzle.name for puzzle in names] or puzzles.names():
        try:
            click.echo(verify_table(name, directory))
        except TableError as error:
            failed = True
            click.echo(f"{name}: FAILED: {error}")
    if failed:
        sys.exit(EXIT_TABLE)


@main.command(short_help="Counts, the largest distance and the histogram.", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.option("--json", "as_json", is_flag=True, help="Print the stats object (as the HTTP service does).")
@tables_option
def stats(puzzle: Puzzle, as_json: bool, tables_dir: Path | None) -> None:
    """State counts, the largest distance and the distance histogram."""
    with reported_errors(), open_for(puzzle, tables_dir) as tables:
        table = tables.table(puzzle.name)
        click.echo(json.dumps(tables.stats(puzzle.name)) if as_json else puzzle.stats_text(table))


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

        from .service import create_app
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
        target: Any = "lookup.service:app_from_environment"
        uvicorn.run(target, factory=True, host=host, port=port, workers=workers, log_level="warning")
    else:
        uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=10)
