"""Help that teaches and usage errors that say one thing: the puzzles, each
with an example state, listed by `ninebase --help`, `solve --help`, `probe
--help` and after a missing or unknown puzzle; every other usage error (a
number out of range, an unknown option) is one line."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import click

from ninebase import puzzles
from ninebase.puzzles import InputError

from .common import PuzzleName

PUZZLES_HEADING = "The puzzles, each with an example state:"


def puzzle_examples() -> list[tuple[str, str]]:
    """Every puzzle known now (plug-ins included) with its own example
    state; a plug-in that cannot be loaded is listed with the reason."""
    examples = []
    for name in puzzles.names():
        try:
            examples.append((name, puzzles.get(name).example()))
        except InputError as error:
            examples.append((name, f"(cannot be loaded: {error})"))
    return examples


def puzzle_lines() -> list[str]:
    examples = puzzle_examples()
    width = max(len(name) for name, _ in examples)
    return [f"  {name:<{width}}  {example}" for name, example in examples]


def write_puzzles(formatter: click.HelpFormatter) -> None:
    formatter.write_paragraph()
    formatter.write_text(PUZZLES_HEADING)
    for line in puzzle_lines():
        formatter.write(f"{' ' * formatter.current_indent}{line}\n")


class ListsPuzzles(click.Command):
    """A command whose help lists the puzzles (before the exit statuses)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_puzzles(formatter)
        super().format_epilog(ctx, formatter)


class PuzzleUsageError(click.UsageError):
    """A missing or unknown puzzle: the usage line, the error, and the
    puzzles with an example state each."""

    def show(self, file: IO[Any] | None = None) -> None:
        super().show(file)
        click.echo("\n" + PUZZLES_HEADING + "\n" + "\n".join(puzzle_lines()), file=file, err=True)


class OneLineUsageError(click.UsageError):
    """Any other usage error, on one line, naming the help to read."""

    def show(self, file: IO[Any] | None = None) -> None:
        message = self.format_message().rstrip(".")
        if message[:2].istitle():  # "Invalid value ..." reads on after "error:" in lower case
            message = message[0].lower() + message[1:]
        command = self.ctx.command_path if self.ctx else "ninebase"
        click.echo(f"ninebase: error: {message}; see '{command} --help'", file=file, err=True)


@contextmanager
def usage_errors() -> Iterator[None]:
    """Click's usage errors, shown as ninebase shows them."""
    try:
        yield
    except (PuzzleUsageError, OneLineUsageError):
        raise
    except click.UsageError as error:
        param = getattr(error, "param", None)
        shown = PuzzleUsageError if param is not None and isinstance(param.type, PuzzleName) else OneLineUsageError
        raise shown(said(error), error.ctx) from None


def said(error: click.UsageError) -> str:
    """A usage error's message, with click's guesses at what was meant (an
    unknown option or command) in words of ours: click's end in a question
    mark, which reads badly before the "; see ..." of the one line."""
    guesses = getattr(error, "possibilities", None)
    if not guesses:
        return error.format_message()
    return f"{error.message.rstrip('.')} (perhaps {' or '.join(repr(guess) for guess in sorted(guesses))})"
