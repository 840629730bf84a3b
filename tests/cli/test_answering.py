"""check, sample, stats, probe and --steps: the commands for setters, judges
and teachers, through click's runner; sample with no distance for every
puzzle, its --unique, its refusals and its help."""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path

import counted_readings
import pytest
from click.testing import CliRunner
from every import EVERY_PUZZLE, PLUGIN, registered

from ninebase import lookup, puzzles
from ninebase.lookup.check import OPTIMAL, check_answer
from ninebase.lookup.cli import main
from ninebase.puzzles import Puzzle

TABLED = [name for name in EVERY_PUZZLE if name == PLUGIN.name or puzzles.get(name).storage is not None]
"""The puzzles with a table's stats (rubiks-clock's, what is known of it: test_cli_rubiks_clock.py)."""
JUDGED = [name for name in TABLED if name == PLUGIN.name or puzzles.get(name).formats is not None]
"""The puzzles with a table and an original format for judge to write."""
INPUTS = {
    "sansu": "1 7 5\n4 2 6\n8 3 9\n",
    "clocks": "9 9 12\n6 6 6\n6 3 6\n",
    "eight": "1 2 3\n0 6 9\n4 7 8\n",
    "nine": "100\n000\n000\n111\n111\n011\n",
    "cube": "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n0 0\n",
}


def run(tables_dir: Path, *args: str, stdin: str | None = None, color: bool = False):
    return CliRunner().invoke(main, [*args, "--tables", str(tables_dir)], input=stdin, color=color)


def check(tables_dir: Path, tmp_path: Path, puzzle: str, instance: str, answer: str):
    path = tmp_path / "instance.txt"
    path.write_text(instance)
    return run(tables_dir, "check", puzzle, str(path), "-", stdin=answer)


@pytest.mark.parametrize(
    ("puzzle", "answer", "status", "start"),
    [
        ("sansu", "5\n1 5 3\n4 2 6\n7 8 9\n", 0, "optimal: 5 swaps"),
        ("sansu", "7\n1 5 3\n4 2 6\n7 8 9\n", 1, "valid: 7 swaps, 2 more than the optimum of 5"),
        ("sansu", "6\n1 5 3\n4 2 6\n7 8 9\n", 3, "invalid: 153426789 cannot be reached in exactly 6 swaps"),
        ("sansu", "5\n1 7 5\n4 2 6\n8 3 9\n", 3, "invalid: the tile 175426839 is not a sansu"),
        ("sansu", "five\n", 3, "invalid: malformed answer"),
        ("clocks", "4 5 8 9\n", 0, "optimal: 4 moves"),
        ("clocks", "1 1 1 1 4 5 8 9\n", 1, "valid: 8 moves, 4 more"),
        ("clocks", "4 5 8\n", 3, "invalid: the 3 moves do not reach the goal"),
        ("clocks", "4 5 8 10\n", 3, "invalid: move 4 is '10'"),
        ("eight", "5\nDRRUL\n", 0, "optimal: 5 moves"),
        ("eight", "7\nDRRULLR\n", 1, "valid: 7 moves, 2 more"),
        ("eight", "5\nURRUL\n", 3, "invalid: move 4 (U) is illegal here"),
        ("eight", "4\nDRRUL\n", 3, "invalid: wrong count"),
        ("eight", "-1\n\n", 3, "invalid: the answer says unsolvable, but 5 moves suffice"),
        (
            "nine",
            "9\nBL\nBL\nBL\nAL\nC1\nAL\nC1\nAR\nC1\n",
            1,
            "valid: 9 operations, 4 more than the optimum of 5; within the original judge's limit of 81",
        ),
        (
            "nine",
            "85\n" + "AL\nAR\n" * 40 + "C1\nAR\nC1\nAL\nC1\n",
            1,
            "valid: 85 operations, 80 more than the optimum of 5; over the original judge's limit of 81",
        ),
        ("nine", "1\nC4\n", 3, "invalid: move 1 is 'C4'"),
        ("cube", "0\n3\n", 0, "optimal: all 2 answers"),
        ("cube", "0\n4\n", 3, "invalid: dataset 2: answer 4"),
        ("cube", "0\n", 3, "invalid: wrong count: 1 answer for 2 datasets"),
    ],
)
def test_check_verdicts(tables_dir: Path, tmp_path: Path, puzzle: str, answer: str, status: int, start: str) -> None:
    result = check(tables_dir, tmp_path, puzzle, INPUTS[puzzle], answer)
    assert (result.exit_code, result.output.startswith(start)) == (status, True), result.output
    assert result.output.count("\n") == 1


def test_check_unsolvable_eight(tables_dir: Path, tmp_path: Path) -> None:
    result = check(tables_dir, tmp_path, "eight", "1 2 3\n4 5 6\n8 7 0\n", "-1\n\n")
    assert result.exit_code == 0 and result.output.startswith("optimal: unsolvable")


def test_check_unreadable_instance_is_exit_2(tables_dir: Path, tmp_path: Path) -> None:
    result = check(tables_dir, tmp_path, "sansu", "1 7 5\n4 2 6\n", "5\n1 5 3\n4 2 6\n7 8 9\n")
    assert result.exit_code == 2 and "expected 3 lines" in result.output


@pytest.mark.parametrize("puzzle", JUDGED, indirect=True)
def test_sampled_instances_have_the_distance_and_judge_output_checks_optimal(
    every_table_dir: Path, every_tables: lookup.Tables, tmp_path: Path, puzzle: Puzzle
) -> None:
    name = puzzle.name
    histogram = every_tables.stats(name)["histogram"]
    distance = max(d for d, count in enumerate(histogram) if count >= 8)  # the farthest with a choice of instances
    sampling = ("sample", name, "--distance", str(distance), "--count", "4", "--seed")
    first, again, other = (run(every_table_dir, *sampling, seed) for seed in ("7", "7", "8"))
    instances = first.stdout.splitlines()
    assert first.exit_code == 0 and len(set(instances)) == 4 and first.stdout == again.stdout != other.stdout
    answers = [
        json.loads(line)
        for line in run(every_table_dir, "solve", name, "--batch", stdin=first.stdout).stdout.splitlines()
    ]
    assert [a["distance"] for a in answers] == [distance] * 4
    table = every_tables.table(name)
    for instance in instances:  # the solver's own original output checks as optimal
        board = puzzle.board(instance)
        verdict = check_answer(puzzle, table, [board], puzzle.formats.judge(table, [board]))
        assert verdict.kind == OPTIMAL, (instance, verdict.line())
    original = puzzle.formats.example()  # and so through the commands, from the original input
    judged = run(every_table_dir, "judge", name, stdin=original)
    assert judged.exit_code == 0 and judged.stdout
    checked = check(every_table_dir, tmp_path, name, original, judged.stdout)
    assert checked.exit_code == 0 and checked.output.startswith("optimal: "), checked.output


@pytest.mark.parametrize("puzzle", TABLED, indirect=True)
def test_stats_command(every_table_dir: Path, every_tables: lookup.Tables, puzzle: Puzzle) -> None:
    stats = every_tables.stats(puzzle.name)
    as_json = run(every_table_dir, "stats", puzzle.name, "--json")
    assert as_json.exit_code == 0 and json.loads(as_json.output) == stats
    text = run(every_table_dir, "stats", puzzle.name)
    assert text.exit_code == 0 and text.output.startswith(f"{puzzle.name}: ")
    body = puzzle.terminal.stats_text(stats, every_tables.table(puzzle.name)) + "\n"
    assert text.output.startswith(body)
    histogram, unique = stats["histogram"], stats["unique"]
    rows = text.output[len(body) :].splitlines()
    for distance, instances in enumerate(histogram):  # the unique answers at each distance, as the stats say
        assert any(row.startswith(f"{distance:>8} {instances:>12,} {unique[distance]:>12,} ") for row in rows)


def test_sample_hardest_and_missing_distances(tables_dir: Path) -> None:
    hardest = run(tables_dir, "sample", "eight", "--hardest", "--count", "100")
    assert len(hardest.stdout.splitlines()) == 16 and "only 16 instances" in hardest.stderr
    assert "867254301" in hardest.stdout.splitlines()
    missing = run(tables_dir, "sample", "clocks", "--distance", "28")
    assert missing.exit_code == 2 and "the distances run from 0 to 27" in missing.output
    cube = run(tables_dir, "sample", "cube", "--hardest", "--count", "9")
    assert cube.stdout.splitlines() and all(
        line.split()[:2] in (["2", "1"], ["1", "2"], ["3", "2"], ["2", "3"]) for line in cube.stdout.splitlines()
    )


PLAIN_SAMPLES = [
    *([name] for name in TABLED),
    ["nine", "--size", "2"],
    ["rubiks-clock"],
    ["rubiks-clock", "--metric", "30"],
    ["clocks", "--hours", "12", "--backward"],
    ["nine", "--size", "7"],
]
"""Every puzzle with a table, and drawn without one (the 15-puzzle's and 9x9 nine's: their own tests)."""


@pytest.mark.parametrize("asked", PLAIN_SAMPLES, ids=" ".join)
def test_sample_with_no_distance_draws_solvable_instances_ready_for_the_batch(
    every_table_dir: Path, asked: list[str]
) -> None:
    with registered(PLUGIN) if asked == [PLUGIN.name] else nullcontext():
        first, again, fewer, other = (
            run(every_table_dir, "sample", *asked, "--count", count, "--seed", seed)
            for count, seed in (("6", "3"), ("6", "3"), ("4", "3"), ("6", "4"))
        )
        solved = run(every_table_dir, "solve", *asked, "--batch", "--json", stdin=first.stdout)
    instances = first.stdout.splitlines()
    assert first.exit_code == 0 and first.stderr == "" and len(set(instances)) == 6
    assert first.stdout == again.stdout != other.stdout and fewer.stdout.splitlines() == instances[:4]
    answers = [json.loads(line) for line in solved.stdout.splitlines()]
    assert [answer["state"] for answer in answers] == instances
    assert all(isinstance(answer["distance"], int) for answer in answers), answers


def test_sample_unique_with_no_distance_and_fewer_than_asked(tables_dir: Path, tables: lookup.Tables) -> None:
    unique = run(tables_dir, "sample", "clocks", "--unique", "--count", "40")
    instances = unique.stdout.splitlines()
    assert unique.exit_code == 0 and len(set(instances)) == 28 == sum(tables.stats("clocks")["unique"])
    assert unique.stderr == "ninebase: only 28 solvable instances with a unique optimal answer exist\n"
    assert run(tables_dir, "counts", "clocks", stdin=unique.stdout).stdout.split() == ["1"] * 28
    every = run(tables_dir, "sample", "nine", "--count", "10000")
    assert len(every.stdout.splitlines()) == 9800 and "only 9,800 solvable instances exist" in every.stderr
    assert run(tables_dir, "sample", "eight", "--unique").stdout.count("\n") == 10  # the default count: no notice


@pytest.mark.parametrize(
    ("asked", "refusal"),
    [
        (["eight", "--distance", "5", "--hardest"], "give --distance D or --hardest, not both"),
        (["rubiks-clock", "--unique"], "rubiks-clock under these rules is answered by its rules, without a table, so"),
        (["nine", "--size", "9", "--unique"], "nine under these rules is answered by a construction, without a table"),
        (["eight", "--size", "4", "--unique"], "eight under these rules has tables that guide its search"),
        (["rubiks-clock", "--count", "1000001"], "count is 1,000,001: at most 1,000,000 rubiks-clock positions"),
        (["nine", "--size", "64", "--count", "99999"], "count is 99,999: at most 16,382 64x64 boards are drawn"),
        (["eight", "--size", "4", "--count", str(10**30)], "at most 1,000,000 boards are drawn at once"),
        (["sansu", "--count", "0"], "--count"),
        (["sansu", "--seed", "-1"], "--seed"),
    ],
)
def test_sample_with_no_distance_refuses_in_one_line(tables_dir: Path, asked: list[str], refusal: str) -> None:
    refused = run(tables_dir, "sample", *asked)
    assert refused.exit_code == 2 and refused.stdout == "" and refused.stderr.count("\n") == 1
    assert refusal in refused.stderr and "Traceback" not in refused.stderr


def test_sample_help_says_a_plain_sample_is_drawn_uniformly(tables_dir: Path) -> None:
    shown = " ".join(run(tables_dir, "sample", "--help").stdout.split())
    assert "drawn uniformly at random from all the solvable ones" in shown
    assert "or with --distance from those whose optimum is exactly DISTANCE" in shown
    assert (
        "Random solvable instances, or those that need exactly D moves." in CliRunner().invoke(main, ["--help"]).stdout
    )


def test_steps_draw_every_board_plain_when_piped_and_coloured_on_a_terminal(tables_dir: Path) -> None:
    plain = run(tables_dir, "solve", "cube", "2", "1", "RBWRWWEWW", "--steps")
    assert "\x1b[" not in plain.output and "3: D" in plain.output
    assert all(
        len(line) <= 80 for line in run(tables_dir, "solve", "eight", "867254301", "--steps").output.splitlines()
    )
    coloured = run(tables_dir, "solve", "cube", "2", "1", "RBWRWWEWW", "--steps", color=True)
    assert "\x1b[34" in coloured.output and "\x1b[31" in coloured.output  # blue and red faces
    jsoned = json.loads(run(tables_dir, "solve", "eight", "123069478", "--steps", "--json").output)
    assert jsoned["boards"][-1] == "123406789" and len(jsoned["boards"]) == 5


def test_probe_command(tables_dir: Path) -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["probe", "eight", "123069478", "--tables", str(tables_dir)])
    assert text.exit_code == 0 and "5 moves" in text.output and "\x1b[" not in text.output
    rows = [line.split() for line in text.output.splitlines() if line[:1] in ("U", "D", "L", "R")]
    assert [
        row[:5] for row in rows
    ] == [  # the move, the distance after it, the optimal solutions from there, the change
        ["D", "4", "moves", "1", "-1"],
        ["U", "6", "moves", "1", "+1"],
        ["R", "6", "moves", "1", "+1"],
    ]
    coloured = runner.invoke(main, ["probe", "eight", "123069478", "--tables", str(tables_dir)], color=True)
    assert "\x1b[32m" in coloured.output  # the move that keeps the optimum in green
    as_json = runner.invoke(
        main, ["probe", "clocks", "9", "9", "12", "6", "6", "6", "6", "3", "6", "--json", "--tables", str(tables_dir)]
    )
    probe = json.loads(as_json.output)
    assert as_json.output.count("\n") == 1 and probe["distance"] == 4 and len(probe["successors"]) == 9
    batch = runner.invoke(
        main, ["probe", "nine", "--batch", "--tables", str(tables_dir)], input="100000000 111111011\nbad\n"
    )
    lines = [json.loads(line) for line in batch.output.splitlines()]
    assert lines[0]["successors"][0]["distance"] == 4 and lines[1]["line"] == 2 and "error" in lines[1]
    cube = runner.invoke(main, ["probe", "cube", "2", "1", "RBWRWWEWW", "--tables", str(tables_dir)])
    assert cube.exit_code == 0 and "3: D" in cube.output and "RBW BWR WBR" in cube.output
    bad = runner.invoke(main, ["probe", "sansu", "12345", "--tables", str(tables_dir)])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1


@pytest.mark.parametrize(
    "command",
    [["distances", "eight"], ["solve", "eight", "--batch"], ["probe", "nine", "--batch"], ["counts", "sansu"]],
)
def test_a_batch_with_no_input_still_refuses_a_tables_directory_that_is_not_there(
    tmp_path: Path, command: list[str]
) -> None:
    missing = tmp_path / "no-such-directory"
    result = CliRunner().invoke(main, [*command, "--tables", str(missing)], input="")
    lines = result.stderr.splitlines()
    assert (result.exit_code, result.stdout, len(lines)) == (4, "", 1), result.stderr
    assert f"no tables directory {missing}" in lines[0] and "ninebase build" in lines[0]


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--seed", "3"], "--seed fixes the draw of --random; give --random too, or no --seed"),
        (["--random", "--seed", str(2**63)], f"{2**63} is not in the range 0<=x<=9223372036854775807"),
    ],
)
def test_a_seed_is_for_random_and_within_its_range(tables_dir: Path, arguments: list[str], said: str) -> None:
    result = CliRunner().invoke(
        main, ["solve", "nine", "100000000", "111111011", *arguments, "--tables", str(tables_dir)]
    )
    lines = result.stderr.splitlines()
    assert (result.exit_code, result.stdout, len(lines)) == (2, "", 1) and said in lines[0], result.stderr


READ_ONCE = {"eight": "1 2 3 0 6 9 4 7 8", "clocks": "9 9 12 6 6 6 6 3 6"}
"""A state of each kind of board (a tuple, an int), given in a form the fast readers leave to `parse`."""


@pytest.mark.parametrize("name", list(READ_ONCE))
@pytest.mark.parametrize(
    "options", [("solve",), ("solve", "--json"), ("probe",), ("probe", "--json"), ("solutions", "--json")]
)
def test_solve_and_probe_read_their_state_once_and_write_it_once(
    tables_dir: Path, tables: lookup.Tables, tmp_path: Path, name: str, options: tuple[str, ...]
) -> None:
    """The command reads its state into an instance once and answers that:
    one `parse`, and one `compact` per board of the answer (a drawing's own
    panels apart); on main it read the state twice and wrote it twice
    (`solutions` too)."""
    state = READ_ONCE[name]
    command, *rest = options
    run, readings = counted_readings.command(
        tmp_path / "log", command, name, *state.split(), *rest, "--tables", str(tables_dir)
    )
    assert run.returncode == 0, run.stderr
    assert readings.parsed == [state]
    assert readings.twice() == []
    assert tables.solve(name, state).state in readings.written


@pytest.mark.parametrize("command", ["solve", "probe"])
def test_batch_reads_each_line_once(tables_dir: Path, tmp_path: Path, command: str) -> None:
    """--batch: a line is read once at most (solve reads lines in compact form
    many at once, without `parse`), a bad one too; each board is written once."""
    lines = ["1 2 3 0 6 9 4 7 8", "2 3 0 4 5 6 7 8 9", "123405786", "not a board"]  # each its own empty digit
    run, readings = counted_readings.command(
        tmp_path / "log", command, "eight", "--batch", "--tables", str(tables_dir), stdin="\n".join(lines) + "\n"
    )
    assert run.returncode == 0, run.stderr
    assert {lines[0], lines[1], lines[3]} <= set(readings.parsed) <= set(lines)  # solve reads line 3 at once
    assert readings.twice() == []
    assert {json.loads(line)["state"] for line in run.stdout.splitlines()[:2]} <= set(readings.written)


@pytest.mark.parametrize("name", ["eight", "cube"])
def test_stats_are_worked_out_once_and_the_view_shows_that_answer(
    tables_dir: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """`stats` hands the terminal view the answer `Tables.stats` worked out;
    the view does not work it out again from the table (it did: 2 calls)."""
    storage = type(puzzles.get(name).storage)
    worked_out = []
    original = storage.stats

    def counted(self: object, table: object) -> dict:
        worked_out.append(table)
        return original(self, table)

    monkeypatch.setattr(storage, "stats", counted)
    with lookup.open_tables(tables_dir) as fresh:  # the session's tables keep what they worked out
        text = run(tables_dir, "stats", name)
        assert text.exit_code == 0 and text.output.startswith(f"{name}: ")
        assert len(worked_out) == 1
        assert text.output.startswith(puzzles.get(name).terminal.stats_text(fresh.stats(name), fresh.table(name)))
