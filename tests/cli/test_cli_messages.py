"""What the command line says: whole sentences on empty input, where the
tables went, which `largest` the build means, a sampling warning only when a
count was asked for, every error naming its input once, and one rule for the
clocks variants from the command line and from Python, and probe's colours."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.build_tables import BuildReport
from ninebase.lookup.cli import main
from ninebase.lookup.cli.building import summary
from ninebase.lookup.web import create_app

BAD_STATES = {
    "sansu": ["12345", "1234567899", "12345678x"],
    "clocks": ["1 2 3", "3 3 3 3 3 3 3 3 7"],
    "eight": ["12345", "123456789"],
    "nine": ["12", "100000000 11111101"],
    "cube": ["1 2 WWW", "4 2 WWWEWWWWW", "1 2 WWWWWWWWW"],
}


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize("name", [name for name in puzzles.BUILT_IN if puzzles.get(name).formats is not None])
def test_judge_on_empty_input_says_a_whole_sentence(tables_dir: Path, name: str) -> None:
    result = run("judge", name, "--tables", str(tables_dir), stdin="")
    last_line_of_example = puzzles.get(name).formats.example().splitlines()[-1]
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert result.output.rstrip().endswith(last_line_of_example) and not result.output.rstrip().endswith("e.g.")


def test_build_says_where_it_wrote(tmp_path: Path) -> None:
    first = run("build", "--only", "nine", "--tables", str(tmp_path / "t"))
    assert first.exit_code == 0 and f"tables written to {(tmp_path / 't').resolve()}\n" in first.output
    again = run("build", "--only", "nine", "--tables", str(tmp_path / "t"))
    assert f"all tables present in {(tmp_path / 't').resolve()}" in again.output


def test_the_build_summary_gives_the_figure_stats_gives(
    tables_dir: Path, tables: lookup.Tables, tmp_path: Path
) -> None:
    shutil.copy(tables_dir / "cube.h5", tmp_path)
    shutil.copy(tables_dir / "eight.h5", tmp_path)
    searched = BuildReport("cube", 45_349_632, 11_573_604, 42, 1.0, 3_000_000)  # the boards' own farthest
    lines = summary([searched, BuildReport("eight", 3_265_920, 1_632_960, 31, 1.0, 1_000_000)], tmp_path)
    largest = {line.split()[0]: int(line.split()[3]) for line in lines[1:3]}
    assert largest == {"cube": tables.stats("cube")["max_distance"], "eight": 31} == {"cube": 37, "eight": 31}
    assert "cube: an instance is a start/pattern question; the boards searched reach 42 rolls" in lines[3]
    assert "eight:" not in lines[3]


def test_sample_warns_only_when_a_count_was_asked_for(tables_dir: Path) -> None:
    quiet = run("sample", "cube", "--hardest", "--tables", str(tables_dir))
    assert quiet.exit_code == 0 and len(quiet.output.split("\n")) == 5 and "only" not in quiet.output
    asked = run("sample", "cube", "--hardest", "--count", "10", "--tables", str(tables_dir))
    assert "only 4 instances exist at that distance" in asked.output
    assert "only" not in run("sample", "cube", "--hardest", "--count", "4", "--tables", str(tables_dir)).output
    one = run("sample", "eight", "--distance", "0", "--count", "10", "--tables", str(tables_dir))
    assert "only 9 instances exist" in one.output


@pytest.mark.parametrize(("name", "state"), [(name, state) for name, states in BAD_STATES.items() for state in states])
def test_every_error_quotes_the_input_once(tables_dir: Path, tables: lookup.Tables, name: str, state: str) -> None:
    cli = run("solve", name, *state.split(), "--tables", str(tables_dir))
    quoted = f"'{state}'"
    assert cli.exit_code == 2 and cli.output.count(quoted) == 1 and cli.output.count(state) == 1, cli.output
    with TestClient(create_app(tables)) as client:
        api = client.get(f"/api/{name}", params={"state": state}).json()["error"]
        page = client.get(f"/{name}", params={"state": state}, headers={"Accept": "application/json"}).json()["error"]
    assert api.count(quoted) == 1 and page.count(quoted) == 1, (api, page)
    with pytest.raises(lookup.InputError) as raised:
        tables.solve(name, state)
    assert state not in str(raised.value)  # the caller holds the input; the message says what is wrong in it


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_a_missing_state_asks_for_an_instance_of_the_puzzle(tables_dir: Path, name: str) -> None:
    result = run("solve", name, "--tables", str(tables_dir))
    assert result.exit_code == 2 and f"give an instance of {name} (" in result.output


def test_one_rule_for_the_clocks_variants_said_the_same_way(tables_dir: Path) -> None:
    hours = ["3"] * 9
    for rules, option in (({"hours": "5"}, ["--hours", "5"]), ({"hours": "x"}, ["--hours", "x"])):
        with pytest.raises(lookup.InputError) as raised:
            lookup.solve_variant("clocks", hours, **rules)
        cli = run("solve", "clocks", *option, *hours, "--tables", str(tables_dir))
        assert cli.exit_code == 2 and cli.output == f"ninebase: error: {raised.value}\n"


def test_probe_does_not_colour_a_move_that_keeps_the_distance_as_losing(tables_dir: Path) -> None:
    result = CliRunner().invoke(main, ["probe", "sansu", "175426839", "--tables", str(tables_dir)], color=True)
    level = [line for line in result.output.splitlines() if "+0" in line]
    assert len(level) == 4 and all("\x1b[33m" in line and "no closer" in line for line in level)
