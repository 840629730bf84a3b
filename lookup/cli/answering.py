"""The commands that answer questions from the tables: solve, probe, judge,
check, sample and stats."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from functools import cache, partial
from pathlib import Path
from typing import Any, BinaryIO

import click
from click.core import ParameterSource

from ninebase import puzzles
from ninebase.lookup import bulk, stream
from ninebase.lookup.check import EXIT_STATUS, INVALID, Verdict, check_answer
from ninebase.lookup.sample import sample as draw
from ninebase.lookup.tables import probe
from ninebase.puzzles import Puzzle, VariantOption, VariantSolver
from ninebase.puzzles.batch import Lines
from ninebase.puzzles.text import InputError, plural, shown

from .common import (
    EXIT_BAD_INPUT,
    EXIT_STATUS_HELP,
    decode,
    echo,
    fail,
    open_for,
    puzzle_argument,
    reported_errors,
    tables_option,
)
from .drawing import describe, describe_probe


def one_state(solver: Puzzle | VariantSolver, state: tuple[str, ...], batch: bool) -> Any:
    """The instance given on the command line; None with --batch (which reads stdin instead)."""
    if batch and state:
        raise InputError("--batch reads instances from stdin; give no STATE")
    if not batch and not state:
        raise InputError(
            f"give an instance of {solver.name} ({solver.compact_help}), or --batch to read them from stdin"
        )
    if batch:
        return None
    text = " ".join(state)
    try:
        return solver.board(text)
    except InputError as error:
        raise InputError(f"state {shown(text)}: {error}") from None


def answer_stdin(answer: Callable[[Lines], bytes]) -> None:
    """Answer stdin chunk by chunk (lookup/stream.py), each answer written as
    soon as it is ready; in order, one answer per line."""
    sys.stdout.flush()
    stream.write_all(stream.answered(stream.chunks(sys.stdin.buffer), answer), sys.stdout.buffer)


def variant_options() -> dict[str, list[tuple[str, VariantOption]]]:
    """Every rule option the known puzzles offer, by name, with the puzzles that offer it."""
    offered: dict[str, list[tuple[str, VariantOption]]] = {}
    for name in puzzles.names():
        try:
            options = puzzles.get(name).variant_options
        except InputError:  # a broken plug-in offers nothing; using it says why
            continue
        for option in options:
            offered.setdefault(option.name, []).append((name, option))
    return offered


def with_variant_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """`solve` takes every rule option a puzzle declares, as --NAME."""
    for name, offers in sorted(variant_options().items(), reverse=True):
        text = "; ".join(f"{puzzle}: {option.help}" for puzzle, option in offers)
        if any(option.choices for _, option in offers):
            values = sorted({value for _, option in offers for value in option.choices}, key=len)
            decorate = click.option(f"--{name}", "variant_" + name, metavar="|".join(values), help=text)
        else:
            decorate = click.option(f"--{name}", "variant_" + name, is_flag=True, default=None, help=text)
        command = decorate(command)
    return command


def solution_fields(solver: Puzzle | VariantSolver, solution: puzzles.Solution, steps: bool | None) -> dict[str, Any]:
    fields = solution.to_dict()
    if steps and solution.solvable:
        if isinstance(solver, Puzzle):
            fields.update(solver.step_fields(solution))
        else:
            fields["boards"] = [solver.compact(board) for board in solution.boards[1:]]
    return fields


@click.command(short_help="Solve one instance: fewest moves, the moves, the boards.", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.argument("state", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.option("--batch", is_flag=True, help="Answer one compact instance per stdin line as JSON Lines.")
@click.option("--steps/--no-steps", default=None, help="Draw the board after every move (with --json: list them).")
@with_variant_options
@tables_option
def solve(
    puzzle: Puzzle,
    state: tuple[str, ...],
    as_json: bool,
    batch: bool,
    steps: bool | None,
    tables_dir: Path | None,
    **variant: Any,
) -> None:
    """Solve one instance in compact form: `ninebase solve sansu 175426839`.
    Rule options (such as clocks' --hours and --backward) are answered
    without a table."""
    with reported_errors():
        rules = {name.removeprefix("variant_"): value for name, value in variant.items() if value is not None}
        if rules:
            solver = puzzle.variant(rules)
            board = one_state(solver, state, batch)
            if board is None:
                answer_stdin(
                    partial(bulk.each_line, solver, answer=lambda b: solution_fields(solver, solver.solve(b), steps))
                )
                return
            solution = solver.solve(board)
        else:
            board = one_state(puzzle, state, batch)
            with open_for(puzzle, tables_dir) as tables:
                table = tables.table(puzzle.name)
                if board is None:
                    if steps:
                        answer = partial(
                            bulk.each_line,
                            puzzle,
                            answer=lambda b: solution_fields(puzzle, puzzle.solve(table, b), steps),
                        )
                    else:
                        answer = partial(bulk.solve_chunk, puzzle, table)
                    answer_stdin(answer)
                    return
                solution, solver = puzzle.solve(table, board), puzzle
        if as_json:
            click.echo(json.dumps(solution_fields(solver, solution, steps)))
        else:
            echo(describe(solver, solution, solver.steps_by_default if steps is None else steps))


@click.command("probe", short_help="Every legal move with its exact distance, best first.", epilog=EXIT_STATUS_HELP)
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


@click.command(
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


@click.command(short_help="Distances only: one integer per stdin line, -1 unsolvable.", epilog=EXIT_STATUS_HELP)
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


@click.command(
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


@click.command(short_help="Instances that need exactly D moves (or the hardest).", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.option("--distance", type=int, help="The exact number of moves the instances need; -1 for unsolvable instances.")
@click.option("--hardest", is_flag=True, help="Instances at the largest distance there is.")
@click.option("--count", type=click.IntRange(min=1), default=10, show_default=True, help="How many instances.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same instances.")
@tables_option
@click.pass_context
def sample(
    ctx: click.Context,
    puzzle: Puzzle,
    distance: int | None,
    hardest: bool,
    count: int,
    seed: int,
    tables_dir: Path | None,
) -> None:
    """Print COUNT distinct instances whose optimum is exactly DISTANCE, one
    per line in compact form (ready for `solve --batch`); fewer, saying so,
    when fewer exist than a --count asked for."""
    with reported_errors():
        if hardest == (distance is not None):
            raise InputError("give exactly one of --distance D and --hardest")
        if distance is not None and distance < -1:
            raise InputError(f"--distance is {distance}; give a distance of 0 or more, or -1 for unsolvable instances")
        with open_for(puzzle, tables_dir) as tables:
            instances, available = draw(tables.table(puzzle.name), puzzle, distance, count, seed)
        for instance in instances:
            click.echo(instance)
        if available < count and ctx.get_parameter_source("count") is not ParameterSource.DEFAULT:
            verb = "exists" if available == 1 else "exist"
            click.echo(f"ninebase: only {plural(available, 'instance')} {verb} at that distance", err=True)


@click.command(short_help="Counts, the largest distance and the histogram.", epilog=EXIT_STATUS_HELP)
@puzzle_argument
@click.option("--json", "as_json", is_flag=True, help="Print the stats object (as the HTTP service does).")
@tables_option
def stats(puzzle: Puzzle, as_json: bool, tables_dir: Path | None) -> None:
    """State counts, the largest distance and the distance histogram."""
    with reported_errors(), open_for(puzzle, tables_dir) as tables:
        table = tables.table(puzzle.name)
        click.echo(json.dumps(tables.stats(puzzle.name)) if as_json else puzzle.stats_text(table))


COMMANDS = (solve, probe_command, judge, distances, check, sample, stats)
