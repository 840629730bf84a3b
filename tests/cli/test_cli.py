"""The ninebase command through click's runner, and once as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rules import is_sansu, replay_sansu

from ninebase import lookup
from ninebase.lookup.cli import main


def run(tables_dir: Path, *args: str, stdin: str | bytes | None = None):
    return CliRunner().invoke(main, [*args, "--tables", str(tables_dir)], input=stdin)


def test_judge_sansu_prints_the_original_output(tables_dir: Path) -> None:
    result = run(tables_dir, "judge", "sansu", stdin="1 7 5\n4 2 6\n8 3 9\n")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "5" and len(lines) == 4
    final = tuple(int(d) for line in lines[1:] for d in line.split(" "))
    assert is_sansu(final) and sorted(final) == list(range(1, 10))


def test_judge_clocks_prints_the_original_output(tables_dir: Path) -> None:
    result = run(tables_dir, "judge", "clocks", stdin="9 9 12\n6 6 6\n6 3 6\n")
    assert (result.exit_code, result.output) == (0, "4 5 8 9\n")
    solved = run(tables_dir, "judge", "clocks", stdin="12 12 12\n12 12 12\n12 12 12\n")
    assert (solved.exit_code, solved.output) == (0, "\n")


def test_solve_json(tables_dir: Path) -> None:
    result = run(tables_dir, "solve", "sansu", "175426839", "--json")
    answer = json.loads(result.output)
    assert answer["puzzle"] == "sansu" and answer["distance"] == 5 and len(answer["moves"]) == 5
    assert "".join(map(str, replay_sansu((1, 7, 5, 4, 2, 6, 8, 3, 9), answer["moves"]))) == answer["final"]


def test_solve_text_draws_every_step(tables_dir: Path) -> None:
    result = run(tables_dir, "solve", "sansu", "175426839")
    assert result.exit_code == 0
    assert "5 swaps" in result.output and "1 7 5" in result.output
    clocks = run(tables_dir, "solve", "clocks", "9", "9", "12", "6", "6", "6", "6", "3", "6")
    assert "moves: 4 5 8 9" in clocks.output


def test_batch_keeps_going_after_a_bad_line(tables_dir: Path) -> None:
    result = run(
        tables_dir,
        "solve",
        "clocks",
        "--batch",
        "--json",
        stdin="9 9 12 6 6 6 6 3 6\n9 9 9\n12 12 12 12 12 12 12 12 12\n",
    )
    assert result.exit_code == 0
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert [a.get("distance") for a in answers] == [4, None, 0]
    assert "expected 9 clock values" in answers[1]["error"] and answers[1]["line"] == 2


def test_bad_input_is_one_line_and_exit_2(tables_dir: Path) -> None:
    for args, stdin in [
        (("solve", "sansu", "12345678"), None),
        (("solve", "clocks", "9", "9"), None),
        (("judge", "sansu"), "1 2 3\n4 5 6\n7 8 8\n"),
        (("judge", "clocks"), b"\xff\xfe"),
        (("judge", "clocks"), ""),
        (("solve", "eight", "123456789"), None),
        (("judge", "eight"), "1 2 3\n0 6 9\n4 7 8 9\n"),
        (("solve", "nine", "100000000", "11111101"), None),
        (("judge", "nine"), "100\n000\n000\n111\n111\n"),
    ]:
        result = run(tables_dir, *args, stdin=stdin)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.count("\n") == 1 and result.output.startswith("ninebase: error: ")
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_batch_eight_and_nine(tables_dir: Path) -> None:
    eight = run(tables_dir, "solve", "eight", "--batch", stdin="123069478\n123456780\n123456870\n12345\n")
    answers = [json.loads(line) for line in eight.output.splitlines()]
    assert [a.get("distance") for a in answers] == [5, 0, None, None]
    assert "reason" in answers[2] and "error" in answers[3]
    nine = run(tables_dir, "solve", "nine", "--batch", "--json", stdin="100000000 111111011\nbad\n")
    answers = [json.loads(line) for line in nine.output.splitlines()]
    assert answers[0]["distance"] == 5 and answers[1]["line"] == 2


def test_stats(tables_dir: Path) -> None:
    result = run(tables_dir, "stats", "sansu")
    assert result.exit_code == 0
    assert "362,880 states" in result.output and "the farthest need 5 swaps (2,592 states)" in result.output
    assert "       5        2,592  #" in result.output


def test_missing_table_is_an_error_in_the_api_and_in_a_named_directory(tmp_path: Path) -> None:
    with lookup.open_tables(tmp_path) as tables, pytest.raises(lookup.MissingTableError, match="--only clocks"):
        tables.distance("clocks", "12 12 12 12 12 12 12 12 12")
    result = run(tmp_path, "solve", "clocks", "9", "9", "12", "6", "6", "6", "6", "3", "6", "--json")
    assert result.exit_code == 4 and f"build it with: ninebase build --only clocks --tables {tmp_path}" in result.stderr
    assert not (tmp_path / "clocks.h5").exists()
    nowhere = tmp_path / "nonexistent" / "x" / "y"
    missing = CliRunner().invoke(main, ["solve", "eight", "123069478", "--tables", str(nowhere)])
    assert missing.exit_code == 4 and f"ninebase build --tables {nowhere}" in missing.stderr
    assert not (tmp_path / "nonexistent").exists()
    (tmp_path / "README.md").write_text("not a directory")
    blocked = CliRunner().invoke(main, ["solve", "eight", "123069478", "--tables", str(tmp_path / "README.md" / "sub")])
    assert blocked.exit_code == 4 and "is a file" in blocked.stderr and "ninebase build" not in blocked.stderr


def test_a_table_missing_from_the_default_directory_is_built_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NINEBASE_TABLES", raising=False)
    monkeypatch.setattr("ninebase.lookup.directory.default_tables_dir", lambda: tmp_path)
    monkeypatch.setattr("ninebase.lookup.cli.common.default_tables_dir", lambda: tmp_path)
    result = CliRunner().invoke(main, ["solve", "clocks", "9", "9", "12", "6", "6", "6", "6", "3", "6", "--json"])
    assert result.exit_code == 0, result.output
    assert "building it now" in result.stderr and json.loads(result.stdout)["moves"] == [4, 5, 8, 9]
    assert (tmp_path / "clocks.h5").is_file()
    assert "clocks: 262,144 of 262,144 states settled in" in result.stderr  # a line per stage when not a terminal


def test_build_is_idempotent(tables_dir: Path) -> None:
    before = {p.name: p.stat().st_mtime_ns for p in tables_dir.glob("*.h5")}
    result = run(tables_dir, "build")
    assert result.exit_code == 0 and "all tables present" in result.stderr
    assert {p.name: p.stat().st_mtime_ns for p in tables_dir.glob("*.h5")} == before


def test_installed_command_runs_as_a_process(tables_dir: Path) -> None:
    executable = str(Path(sys.executable).parent / "ninebase")  # installed beside this interpreter
    completed = subprocess.run(
        [executable, "judge", "clocks", "--tables", str(tables_dir)],
        input="9 9 12\n6 6 6\n6 3 6\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (completed.returncode, completed.stdout) == (0, "4 5 8 9\n")
    bad = subprocess.run(
        [executable, "solve", "sansu", "11", "--tables", str(tables_dir)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_boards_written_spaced_or_with_the_blank_drawn_answer_as_the_compact_form(tables_dir: Path) -> None:
    """Issue 35: `8 6 7 2 5 4 3 0 1` (as the original input and clocks are
    written) and `8672543_1` (the empty cell as the terminal draws it) answer
    exactly as 867254301, through the installed command; sansu takes its
    spaced form too, and a board that is genuinely wrong is named in one line."""
    executable = str(Path(sys.executable).parent / "ninebase")

    def command(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [executable, *args, "--tables", str(tables_dir)],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    eight = ["8 6 7 2 5 4 3 0 1", "8672543_1", "8 6 7 2 5 4 3 _ 1"]
    for ask in (["solve", "eight"], ["solve", "eight", "--json"], ["probe", "eight", "--json"]):
        expected = command(*ask, "867254301")
        assert expected.returncode == 0 and "867254301" in expected.stdout
        assert all(command(*ask, *written.split()).stdout == expected.stdout for written in [eight[0], eight[1]])
        assert command(*ask, eight[2]).stdout == expected.stdout
    lines = "".join(f"{written}\n" for written in ["867254301", *eight])
    answers = [
        json.loads(line) for line in command("solve", "eight", "--batch", "--json", stdin=lines).stdout.split("\n")[:-1]
    ]
    assert answers == answers[:1] * 4 and answers[0]["state"] == "867254301"
    assert command("distances", "eight", stdin=lines).stdout == "31\n" * 4
    sansu = command("solve", "sansu", "--json", *list("175426839"))
    assert sansu.stdout == command("solve", "sansu", "--json", "175426839").stdout and '"distance": 5' in sansu.stdout
    for args, message in [
        (["eight", "86725430_"], "state '86725430_': the empty cell (0 or _) appears twice (characters 8 and 9)"),
        (["eight", *list("86725430")], "expected 9 digits separated by spaces, found 8 values"),
        (["sansu", "1754268_9"], "character 8 is '_', expected one of 123456789"),
    ]:
        bad = command("solve", *args)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and message in bad.stderr, bad.stderr
