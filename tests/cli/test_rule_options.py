"""Rule options on the command line (lookup/cli/rule_options.py): a rule option
given to a puzzle without it is refused in one line naming the puzzles that
take it, on every command that names a puzzle, through the installed
command; a plug-in's options are asked of the puzzle, like a built-in's."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from lights_out import LightsOut

from ninebase import puzzles
from ninebase.lookup.cli import main
from ninebase.puzzles import VariantOption

NINEBASE = str(Path(sys.executable).parent / "ninebase")

COMMANDS = [
    # every command that names a puzzle, with what it needs besides ({state}: the puzzle's example)
    "solve {puzzle} {state}",
    "probe {puzzle} {state}",
    "solutions {puzzle} {state}",
    "distances {puzzle}",
    "counts {puzzle}",
    "judge {puzzle}",
    "check {puzzle} {tmp}/instance {tmp}/answer",
    "sample {puzzle} --hardest",
    "stats {puzzle}",
    "verify {puzzle}",
    "build --only {puzzle}",
    "package {puzzle} {tmp}/package",
]


def offered() -> dict[str, list[str]]:
    """Every built-in rule option, with the puzzles that take it, as the puzzles declare them."""
    takers: dict[str, list[str]] = {}
    for name in puzzles.BUILT_IN:
        for option in puzzles.get(name).variant_options:
            takers.setdefault(option.name, []).append(name)
    return takers


def foreign() -> list[tuple[str, str]]:
    """Each built-in puzzle with each rule option it does not take."""
    return [(name, option) for option, takers in offered().items() for name in puzzles.BUILT_IN if name not in takers]


def value(option: str) -> list[str]:
    """A value the option takes, as its puzzle declares it (none for a flag)."""
    declared = next(o for name in offered()[option] for o in puzzles.get(name).variant_options if o.name == option)
    if declared.bounds:
        return [str(declared.bounds[0])]
    if declared.choices:
        return [declared.choices[0]]
    return ["x"] if declared.metavar else []


def refused(puzzle: str, option: str) -> str:
    takers = offered()[option]
    return f"{puzzle} has no option '--{option}' ({' and '.join(takers)} take{'s' if len(takers) == 1 else ''} it)"


def run(command: str, tmp: Path, puzzle: str, option: str) -> subprocess.CompletedProcess[str]:
    state = puzzles.get(puzzle).example()
    args = [*command.format(puzzle=puzzle, state=state, tmp=tmp).split(), f"--{option}", *value(option)]
    return subprocess.run(
        [NINEBASE, *args, "--tables", str(tmp)], input="", capture_output=True, text=True, timeout=120
    )


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2 and "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    return done.stderr.strip()


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS, ids=[command.split()[0] for command in COMMANDS])
def test_every_command_naming_a_puzzle_says_which_puzzles_take_an_option(tmp_path: Path, command: str) -> None:
    puzzle, option = foreign()[0]
    line = one_line(run(command, tmp_path, puzzle, option))
    assert line.startswith(f"ninebase: error: {refused(puzzle, option)}; see 'ninebase {command.split()[0]} --help'")
    assert not list(tmp_path.iterdir())  # nothing built, nothing written


@pytest.mark.slow
@pytest.mark.parametrize(("puzzle", "option"), foreign())
def test_each_puzzle_refuses_each_rule_option_of_the_others(tmp_path: Path, puzzle: str, option: str) -> None:
    assert refused(puzzle, option) in one_line(run("solve {puzzle} {state}", tmp_path, puzzle, option))


def test_the_option_is_checked_against_every_puzzle_named_wherever_it_stands(tmp_path: Path) -> None:
    puzzle, option = foreign()[0]
    taker = offered()[option][0]
    for args in (
        ["verify", taker, puzzle, f"--{option}", *value(option)],
        ["build", "--only", taker, "--only", puzzle, f"--{option}", *value(option)],
        ["solve", f"--{option}", *value(option), puzzle, puzzles.get(puzzle).example()],
        ["solve", "--tables", str(tmp_path), puzzle, f"--{option}", *value(option), puzzles.get(puzzle).example()],
    ):
        result = CliRunner().invoke(main, [*args, "--tables", str(tmp_path)])
        assert result.exit_code == 2 and refused(puzzle, option) in result.stderr, (args, result.output)
    assert not list(tmp_path.iterdir())


class Dimmer(LightsOut):
    """Lights Out under another name, with a rule option of its own, as a plug-in may have."""

    name = "dimmer"
    variant_options = (VariantOption("dim", "How dim the lights are.", choices=("low", "high")),)


@pytest.fixture
def plug_ins() -> Iterator[None]:
    """Lights Out and the dimmer registered, as plug-ins are."""
    for puzzle in (LightsOut(), Dimmer()):
        puzzles.register(puzzle)
    try:
        yield
    finally:
        for name in ("lights", "dimmer"):
            puzzles.unregister(name)


@pytest.mark.usefixtures("plug_ins")
@pytest.mark.parametrize("puzzle", ["eight", "lights"])
def test_a_plug_ins_option_is_asked_of_the_puzzles(tmp_path: Path, puzzle: str) -> None:
    result = CliRunner().invoke(main, ["stats", puzzle, "--dim", "low", "--tables", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{puzzle} has no option '--dim' (dimmer takes it)" in result.stderr, result.output
