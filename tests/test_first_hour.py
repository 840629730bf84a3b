"""What a new user trips over in the first hour: each item has a test that could fail."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from every import EVERY_PUZZLE, PLUGIN, registered

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main

ROOT = Path(__file__).resolve().parent.parent
JUDGED = [name for name in EVERY_PUZZLE if name == PLUGIN.name or puzzles.get(name).formats is not None]
"""The puzzles with an original input format for judge to read (rubiks-clock has none)."""


def run(tables_dir: Path, *args: str, stdin: str | None = None, color: bool = False, env: dict | None = None):
    return CliRunner().invoke(main, [*args, "--tables", str(tables_dir)], input=stdin, color=color, env=env)


def test_bare_ninebase_prints_help_with_status_0() -> None:
    result = CliRunner().invoke(main, [])
    assert result.exit_code == 0 and "Commands:" in result.output


def test_the_command_list_does_not_cut_sentences() -> None:
    listing = CliRunner().invoke(main, ["--help"]).output
    commands = listing.split("Commands:")[1].split("Exit status")[0]
    assert "..." not in commands and re.search(r"\n  solve +Solve one instance", commands)


def test_judge_help_shows_every_input_format() -> None:
    with registered(PLUGIN):
        text = CliRunner().invoke(main, ["judge", "--help"]).output
        for name in [name for name in puzzles.names() if puzzles.get(name).formats is not None]:
            assert f"\n{name}: " in text
            assert all(f"  {line}\n" in text for line in puzzles.get(name).formats.example().splitlines()), name
    assert "separated by spaces" in text and "with no spaces" in text


def test_unspaced_sansu_rows_get_a_message_that_says_why(tables_dir: Path) -> None:
    result = run(tables_dir, "judge", "sansu", stdin="175\n426\n839\n")
    assert result.exit_code == 2 and "separated by spaces" in result.output


def test_no_color_and_dumb_terminals_get_plain_text(tables_dir: Path) -> None:
    args = ("solve", "cube", "2", "1", "RBWRWWEWW", "--steps")
    assert "\x1b[" in run(tables_dir, *args, color=True).output
    assert "\x1b[" not in run(tables_dir, *args, color=True, env={"NO_COLOR": "1"}).output
    assert "\x1b[" not in run(tables_dir, *args, color=True, env={"TERM": "dumb", "NO_COLOR": ""}).output


def test_a_just_moved_cube_keeps_its_face_colour(tables_dir: Path) -> None:
    output = run(tables_dir, "solve", "cube", "2", "1", "RBWRWWEWW", "--steps", color=True).output
    highlighted = [
        (re.findall(r"\d+", escapes), letter) for escapes, letter in re.findall(r"((?:\x1b\[[0-9;]+m)+)([WBR])", output)
    ]
    underlined = [(codes, letter) for codes, letter in highlighted if "4" in codes]
    assert underlined  # the cubes that moved are marked...
    colour = {"W": "37", "B": "34", "R": "31"}
    assert all(colour[letter] in codes for codes, letter in underlined)  # ...in their own colour


def test_check_refuses_two_stdins_and_bad_instance_files(tables_dir: Path, tmp_path: Path) -> None:
    both = run(tables_dir, "check", "cube", "-", "-", stdin="1 2\nW W W\nE W W\nW W W\n0 0\n")
    assert both.exit_code == 2 and "both" in both.output
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = run(tables_dir, "check", "eight", str(empty), "-", stdin="5\nDRRUL\n")
    assert result.exit_code == 2 and str(empty) in result.output and "empty" in result.output
    bad = tmp_path / "bad.txt"
    bad.write_text("1 2 3\n4 5 6\n")
    result = run(tables_dir, "check", "eight", str(bad), "-", stdin="5\nDRRUL\n")
    assert result.exit_code == 2 and str(bad) in result.output and "expected 3 lines" in result.output


@pytest.mark.parametrize("puzzle", JUDGED, indirect=True)
def test_every_judge_rejects_empty_input(tables_dir: Path, puzzle: puzzles.Puzzle) -> None:
    result = run(tables_dir, "judge", puzzle.name, stdin="")
    assert result.exit_code == 2 and "empty" in result.output and result.output.count("\n") == 1


def test_unsolvable_sampling(tables_dir: Path) -> None:
    eight = run(tables_dir, "sample", "eight", "--distance", "-1", "--count", "3")
    boards = eight.stdout.split()
    with lookup.open_tables(tables_dir) as tables:
        assert eight.exit_code == 0 and tables.distances("eight", boards).tolist() == [-1, -1, -1]
    none = run(tables_dir, "sample", "clocks", "--distance", "-1")
    assert none.exit_code == 2 and "every clocks instance is solvable" in none.output
    below = run(tables_dir, "sample", "nine", "--distance", "-2")
    assert below.exit_code == 2 and "-1 for unsolvable" in below.output
    assert "-1 for unsolvable" in " ".join(CliRunner().invoke(main, ["sample", "--help"]).output.split())


def test_cube_batch_steps_keep_the_patterns(tables_dir: Path) -> None:
    result = run(tables_dir, "solve", "cube", "--batch", "--steps", stdin="2 1 RBWRWWEWW\n")
    assert json.loads(result.output)["patterns"][-1] == "RBWRWWEWW"


def test_an_empty_batch_gives_an_empty_array(every_tables: lookup.Tables) -> None:
    with registered(PLUGIN):
        for puzzle in puzzles.names():
            assert every_tables.distances(puzzle, []).shape == (0,)
            assert every_tables.distances(puzzle, np.array([], dtype=str)).shape == (0,)


def test_plurals(tables_dir: Path) -> None:
    one = run(tables_dir, "solve", "eight", "123456708").output  # one move from its goal
    assert "1 move" in one and "1 moves" not in one
    unsolvable = run(tables_dir, "solve", "eight", "123456870").output
    assert "(1 inversion)" in unsolvable
    hardest = run(tables_dir, "sample", "eight", "--hardest", "--count", "100").output
    assert "only 16 instances exist" in hardest
    stats = run(tables_dir, "stats", "eight").output
    assert "(16 states)" in stats
    cube = run(tables_dir, "solve", "cube", "1").output
    assert "found 1 value" in cube and "1 values" not in cube


def test_the_reference_examples_are_what_judge_prints(tables_dir: Path) -> None:
    text = (ROOT / "docs" / "puzzles.md").read_text()
    sections = {section.split()[0]: section for section in re.split(r"^## ", text, flags=re.M)[1:]}
    assert sections and set(sections) <= set(puzzles.names())  # a section for each puzzle it documents
    for name in puzzles.names():
        if name not in sections or puzzles.get(name).formats is None:  # rubiks-clock: no original format
            continue
        block = sections[name].split("input            output\n", 1)[1].split("```", 1)[0]
        original = "".join(line[:17].rstrip() + "\n" for line in block.splitlines() if line[:17].strip())
        expected = "".join(line[17:] + "\n" for line in block.splitlines() if line[17:].strip())
        result = run(tables_dir, "judge", name, stdin=original)
        assert result.exit_code == 0 and result.output.replace("\n\n", "\n") == expected, name
