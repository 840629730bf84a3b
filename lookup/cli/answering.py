"""The commands that answer questions from the tables: solve, probe, judge,
check, sample and stats (how many optimal solutions, and which: `counting`)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any, BinaryIO

import click
from click.core import ParameterSource

from ninebase import puzzles
from ninebase.lookup import EXIT_STATUS, INVALID, Tables, Tally, Verdict, encoding
from ninebase.lookup.stream import Lines
from ninebase.puzzles import InputError, Instance, Puzzle, plural, shown

from .common import (
    EXIT_BAD_INPUT,
    EXIT_STATUS_HELP,
    SEED,
    decode,
    echo,
    fail,
    jobs_option,
    open_for,
    puzzle_argument,
    reported_errors,
    tables_option,
)
from .describing import count_lines, describe, describe_probe
from .process import STATUS_HELP, standard_input
from .rule_options import RulesCommand, rule_choice


def one_state(tables: Tables, puzzle: Puzzle, state: tuple[str, ...], batch: bool) -> Instance | None:
    """The instance given on the command line, read once; None with --batch (which reads stdin instead)."""
    if batch and state:
        raise InputError("--batch reads instances from stdin; give no STATE")
    if not batch and not state:
        raise InputError(
            f"give an instance of {puzzle.name} ({puzzle.compact_help}), or --batch to read them from stdin"
        )
    if batch:
        return None
    text = " ".join(state)
    try:
        return tables.parse(puzzle, text)
    except InputError as error:
        raise InputError(f"state {shown(text)}: {error}") from None


def answer_stdin(
    tables: Tables, puzzle: Puzzle, answer: Callable[[Lines], bytes], jobs: int = 1, tally: Tally | None = None
) -> None:
    """Answer stdin chunk by chunk (lookup/stream.py), each answer written as
    soon as it is ready; in order, one answer per line, in `jobs` processes
    (`answer` records bad lines in `tally`). The puzzle's table is opened
    first, so a missing or damaged one is refused before any input is read
    (even when none comes: a mistyped --tables is never an empty answer);
    for several jobs it is read whole first, so each process has it."""
    from ninebase.lookup import stream  # only batches stream (a one-state query does not load it)

    tables.table(puzzle)
    if jobs > 1:
        tables.load([puzzle])
    source = standard_input()
    sys.stdout.flush()
    lines = stream.JOB_LINES if jobs > 1 else stream.CHUNK_LINES
    stream.write_all(stream.answered(stream.chunks(source, lines), answer, jobs, tally), sys.stdout.buffer)


def batch_jobs(jobs: int, batch: bool) -> int:
    """--jobs, which answers --batch in parallel: refused without it."""
    if jobs > 1 and not batch:
        raise InputError(f"--jobs {jobs} answers the lines of --batch in parallel; give --batch too, or no --jobs")
    return jobs


def solve_batch(tables: Tables, puzzle: Puzzle, at_random: bool, seed: int, steps: bool) -> Callable[[Lines], bytes]:
    """How `solve --batch` answers a chunk: its answers asked of `Tables`,
    written by the one encoder; with `steps` each with the boards the
    terminal view lists."""
    more = puzzle.terminal.step_fields if steps else None

    def answer(lines: Lines) -> bytes:
        if at_random:
            return encoding.solve_text(tables.random_lines(puzzle, lines, seed), more)
        return encoding.solve_text(tables.solve_lines(puzzle, lines, one_by_one=steps), more)

    return answer


@click.command(
    short_help="Solve one instance: fewest moves, the moves, the boards.", epilog=EXIT_STATUS_HELP, cls=RulesCommand
)
@puzzle_argument
@click.argument("state", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--batch", is_flag=True, help="Answer one compact instance per stdin line as JSON Lines.")
@click.option("--steps/--no-steps", default=None, help="Draw the board after every move (with --json: list them).")
@click.option(
    "--random", "at_random", is_flag=True, help="An optimal solution drawn uniformly from all of them (see --seed)."
)
@click.option(
    "--seed", type=SEED, default=0, show_default=True, help="With --random: same seed, same solution, on any machine."
)
@jobs_option
@tables_option
def solve(
    puzzle: Puzzle,
    state: tuple[str, ...],
    as_json: bool,
    batch: bool,
    steps: bool | None,
    at_random: bool,
    seed: int,
    jobs: int,
    tables_dir: Path | None,
    **variant: Any,
) -> None:
    """Solve one instance in compact form: `ninebase solve sansu 175426839`:
    the first optimal solution in the puzzle's tie-break order, or with
    --random one drawn uniformly from all of them. Rule options choose other
    rules: clocks' --hours and --backward (answered without a table), nine's
    --size (exact from tables up to 4, a construction from 5)."""
    with reported_errors():
        if not at_random and click.get_current_context().get_parameter_source("seed") is not ParameterSource.DEFAULT:
            raise InputError("--seed fixes the draw of --random; give --random too, or no --seed")
        puzzle = rule_choice(puzzle, variant)
        with open_for(tables_dir) as tables:
            board, jobs = one_state(tables, puzzle, state, batch), batch_jobs(jobs, batch)
            if board is None:
                answer_stdin(tables, puzzle, solve_batch(tables, puzzle, at_random, seed, bool(steps)), jobs)
                return
            solution = tables.random_solution(puzzle, board, seed) if at_random else tables.solve(puzzle, board)
        if as_json:
            more = puzzle.terminal.step_fields(solution) if steps and solution.solvable else None
            click.echo(encoding.solution_line(solution, more, spaced=True), nl=False)
        else:
            view = puzzle.terminal
            echo(describe(view, solution, view.steps_by_default if steps is None else steps))


@click.command(
    "probe",
    short_help="Every legal move with its exact distance, best first.",
    cls=RulesCommand,
    epilog=EXIT_STATUS_HELP,
)
@puzzle_argument
@click.argument("state", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the probe object as JSON on one line.")
@click.option("--batch", is_flag=True, help="Probe one compact instance per stdin line, as JSON Lines.")
@jobs_option
@tables_option
def probe_command(
    puzzle: Puzzle,
    state: tuple[str, ...],
    as_json: bool,
    batch: bool,
    jobs: int,
    tables_dir: Path | None,
    **variant: Any,
) -> None:
    """Every legal move with the exact distance after it, best first:
    `ninebase probe eight 123069478`. The cube, whose compact form is a
    question rather than a board, shows the board after every optimal roll.
    Where answers come from a construction (nine at size 5 and up), each
    distance is the construction's, not proven the fewest."""
    with reported_errors():
        puzzle = rule_choice(puzzle, variant)
        with open_for(tables_dir) as tables:
            board, jobs = one_state(tables, puzzle, state, batch), batch_jobs(jobs, batch)
            if board is None:
                answer_stdin(tables, puzzle, lambda lines: encoding.probe_text(tables.probe_lines(puzzle, lines)), jobs)
                return
            probed = tables.probe(puzzle, board)
            if as_json:
                click.echo(encoding.probe_line(probed, spaced=True), nl=False)
            else:
                echo(describe_probe(puzzle.terminal, probed))


class JudgeCommand(RulesCommand):
    """`judge --help` lists every puzzle's original input format."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        formatter.write_text("The original input of each puzzle:")
        for name in puzzles.names():
            formats = puzzles.get(name).formats
            if formats is None:
                continue
            formatter.write_paragraph()
            lines = formats.help.splitlines()
            formatter.write_text(f"{name}: {lines[0]}")
            with formatter.indentation():
                for line in lines[1:]:
                    formatter.write(f"{' ' * formatter.current_indent}{line}\n")
        super().format_epilog(ctx, formatter)


@click.command(
    short_help="Original input on stdin, exactly the original output.", cls=JudgeCommand, epilog=EXIT_STATUS_HELP
)
@puzzle_argument
@tables_option
def judge(puzzle: Puzzle, tables_dir: Path | None, **variant: Any) -> None:
    """Read the original problem's input on stdin; print exactly its output,
    each answer as soon as its instance has been read."""
    with reported_errors(), ExitStack() as opened:
        from ninebase.lookup import stream

        puzzle = rule_choice(puzzle, variant)
        tables = opened.enter_context(open_for(tables_dir))
        source = standard_input()
        sys.stdout.flush()
        written = (piece.encode() for piece in tables.judge(puzzle, stream.chunks(source)))
        stream.write_all(written, sys.stdout.buffer)
        stream.drain(source)


@click.command(
    short_help="Distances only: one integer per stdin line, -1 unsolvable.", epilog=EXIT_STATUS_HELP, cls=RulesCommand
)
@puzzle_argument
@jobs_option
@tables_option
def distances(puzzle: Puzzle, jobs: int, tables_dir: Path | None, **variant: Any) -> None:
    """Read one compact state per stdin line; print its distance, one line
    per input line in order (-1: unsolvable). A line that cannot be read gets
    `error: line N: why` in its place; then the exit status is 2."""
    tally = Tally()
    with reported_errors(), open_for(tables_dir) as tables:
        puzzle = rule_choice(puzzle, variant)
        answer = lambda lines: encoding.number_text(tables.distance_lines(puzzle, lines), tally)  # noqa: E731
        answer_stdin(tables, puzzle, answer, jobs, tally)
    if tally.count:
        fail(tally.summary(), EXIT_BAD_INPUT)


class InputFile(click.File):
    """A file to read, or - for standard input (refused when it is closed)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value == "-" and sys.stdin is None:
            self.fail("- reads standard input, which is closed", param, ctx)
        return super().convert(value, param, ctx)


@click.command(
    short_help="Judge a proposed answer: optimal, valid or invalid.",
    epilog="Exit status: 0 optimal; 1 valid but longer than the optimum (where answers come from a "
    "construction, with no optimum known: valid within the original judge's limit); 3 invalid; "
    f"2 the instance cannot be read (or usage); 4 a table problem; {STATUS_HELP}",
    cls=RulesCommand,
)
@puzzle_argument
@click.argument("instance", type=InputFile("rb"))
@click.argument("answer", type=InputFile("rb"))
@tables_option
def check(puzzle: Puzzle, instance: BinaryIO, answer: BinaryIO, tables_dir: Path | None, **variant: Any) -> None:
    """Judge ANSWER (the original output format) for INSTANCE (the original
    input format); one of them may be - for stdin. Prints one line starting
    with optimal, valid or invalid."""
    with reported_errors():
        puzzle = rule_choice(puzzle, variant)
        instance_name, answer_name = getattr(instance, "name", "-"), getattr(answer, "name", "-")
        if instance_name == answer_name == "-":
            raise InputError("INSTANCE and ANSWER cannot both be read from stdin (-); give one as a file")
        where = "the instance (stdin)" if instance_name == "-" else f"the instance file {instance_name}"
        instance_text = decode(instance.read(), where)
        if not instance_text.strip():
            raise InputError(f"{where} is empty")
        if puzzle.formats is None:
            raise InputError(f"{puzzle.name} has no original input format to check answers in")
        try:
            instances = puzzle.formats.read(instance_text)  # before any table is built
        except InputError as error:
            raise InputError(f"{where}: {error}") from None
        try:
            answer_text = decode(answer.read(), "the answer")
        except InputError as error:
            verdict = Verdict(INVALID, f"malformed answer: {error}")
        else:
            with open_for(tables_dir) as tables:
                verdict = tables.check(puzzle, instances, answer_text)
        click.echo(verdict.line())
        sys.exit(EXIT_STATUS[verdict.kind])


@click.command(
    short_help="Random solvable instances, or those that need exactly D moves.",
    epilog=EXIT_STATUS_HELP,
    cls=RulesCommand,
)
@puzzle_argument
@click.option(
    "--distance",
    type=int,
    help="Only instances that need exactly this many moves (0 or more); -1 for unsolvable instances.",
)
@click.option("--hardest", is_flag=True, help="Only instances at the largest distance there is.")
@click.option(
    "--count",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="How many instances (fewer, saying so, when fewer exist).",
)
@click.option("--seed", type=SEED, default=0, show_default=True, help="Same seed, same instances.")
@click.option("--unique", is_flag=True, help="Only instances whose optimal answer is unique.")
@tables_option
@click.pass_context
def sample(
    ctx: click.Context,
    puzzle: Puzzle,
    distance: int | None,
    hardest: bool,
    count: int,
    seed: int,
    unique: bool,
    tables_dir: Path | None,
    **variant: Any,
) -> None:
    """Print COUNT distinct instances drawn uniformly at random from all the
    solvable ones, or with --distance from those whose optimum is exactly
    DISTANCE, with --hardest from those at the largest distance (with
    --unique, only those with exactly one optimal answer): one per line in
    compact form, ready for `solve --batch`. The same seed gives the same
    instances, and a larger count begins with a smaller one's; fewer, saying
    so, when fewer exist than a --count asked for."""
    with reported_errors():
        puzzle = rule_choice(puzzle, variant)
        if hardest and distance is not None:
            raise InputError("give --distance D or --hardest, not both")
        if distance is not None and distance < -1:
            raise InputError(f"--distance is {distance}; give a distance of 0 or more, or -1 for unsolvable instances")
        with open_for(tables_dir) as tables:
            if hardest or distance is not None:
                instances, available = tables.sample(puzzle, distance, count, seed, unique)
                where = " at that distance"
            else:
                instances = tables.draw(puzzle, count, seed, unique)
                available, where = len(instances), ""
        for instance in instances:
            click.echo(instance)
        if available < count and ctx.get_parameter_source("count") is not ParameterSource.DEFAULT:
            verb = "exists" if available == 1 else "exist"
            such = " with a unique optimal answer" if unique else ""
            noun = "instance" if where else "solvable instance"
            click.echo(f"ninebase: only {plural(available, noun)}{such} {verb}{where}", err=True)


@click.command(short_help="Counts, the largest distance and the histogram.", epilog=EXIT_STATUS_HELP, cls=RulesCommand)
@puzzle_argument
@click.option("--json", "as_json", is_flag=True, help="Print the stats object (as the HTTP service does).")
@tables_option
def stats(puzzle: Puzzle, as_json: bool, tables_dir: Path | None, **variant: Any) -> None:
    """State counts, the largest distance and the distance histogram; how
    many instances have a unique optimal answer at each distance, and the
    instances by their count of optimal answers."""
    with reported_errors(), open_for(tables_dir) as tables:
        puzzle = rule_choice(puzzle, variant)
        found = tables.stats(puzzle)
        if as_json:
            click.echo(json.dumps(found))
            return
        text = puzzle.terminal.stats_text(found, tables.table(puzzle))
        click.echo("\n".join([text, *count_lines(found)]) if "counts" in found else text)


COMMANDS = (solve, probe_command, judge, distances, check, sample, stats)
