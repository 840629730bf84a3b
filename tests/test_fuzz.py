"""Random and adversarial input to every parser, judge and --batch: always an
answer or one clear error line with exit status 2, never a traceback or a hang."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ninebase.lookup import InputError
from ninebase.lookup.cli import main
from ninebase.puzzles import BUILT_IN, get

NAMES = tuple(BUILT_IN)

NEAR_MISSES = [
    "1",
    "0",
    "9",
    "12",
    "3",
    "6",
    "10",
    "-3",
    "00",
    "W",
    "B",
    "R",
    "E",
    "w",
    "Ｗ",
    "x",
    "0 0",
    "1 2",
    "100",
    "011",
    "111111111",
    "123456789",
    "123069478",
    "1 2 WWWEWWWWW",
    "２",
    "",
    " ",
    "\t",
    "\r",
    "é",
]
tokens = st.sampled_from(NEAR_MISSES)
lines = st.lists(tokens, max_size=12).map(" ".join)
documents = st.one_of(
    st.text(max_size=200),
    st.lists(lines, max_size=12).map("\n".join),
    st.binary(max_size=200),
)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def as_input(document: str | bytes) -> bytes:
    return document if isinstance(document, bytes) else document.encode("utf-8", "surrogatepass")


def assert_clean(result) -> None:
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 2:  # judge cube prints the answers before a bad dataset first
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("ninebase: error: ")


@pytest.mark.parametrize("puzzle", NAMES)
@FUZZ
@given(document=documents)
def test_judge_answers_or_refuses_cleanly(tables_dir: Path, puzzle: str, document: str | bytes) -> None:
    result = CliRunner().invoke(main, ["judge", puzzle, "--tables", str(tables_dir)], input=as_input(document))
    assert_clean(result)


@pytest.mark.parametrize("puzzle", NAMES)
@FUZZ
@given(document=documents)
def test_batch_answers_every_line(tables_dir: Path, puzzle: str, document: str | bytes) -> None:
    result = CliRunner().invoke(
        main, ["solve", puzzle, "--batch", "--tables", str(tables_dir)], input=as_input(document)
    )
    assert_clean(result)
    if result.exit_code == 0:  # one answer per line: lines end at \n only, and a line that is not UTF-8 is a bad line
        answers = [json.loads(line) for line in result.stdout.split("\n")[:-1]]
        data = as_input(document)
        assert len(answers) == len(data.split(b"\n")) - (data.endswith(b"\n") or not data)
        assert all(("error" in a) != ("distance" in a) for a in answers)


@pytest.mark.parametrize("puzzle", NAMES)
@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(max_size=40), lines))
def test_compact_parsers_raise_only_input_errors(puzzle: str, text: str) -> None:
    try:
        get(puzzle).board(text)
    except InputError as error:
        assert str(error) and "\n" not in str(error)


@pytest.mark.parametrize("puzzle", NAMES)
def test_huge_input_is_refused_quickly(tables_dir: Path, puzzle: str) -> None:
    result = CliRunner().invoke(main, ["judge", puzzle, "--tables", str(tables_dir)], input="1 2 3\n" * 200_000)
    assert_clean(result)
    assert result.exit_code == 2


def test_huge_batch_is_answered_line_by_line(tables_dir: Path) -> None:
    result = CliRunner().invoke(
        main, ["solve", "sansu", "--batch", "--tables", str(tables_dir)], input="175426839\nxyz\n" * 5000
    )
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 10_000
