"""nine's --size on the command line, through the installed command: the
answers of each kind of size, bad input as one line naming what is wrong and
where with a non-zero status, the tables a size needs (built when first
needed in the default directory, refused where a size has none), and the
parsers against property-based round trips."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from damaged_tables import flip_byte
from hypothesis import given, settings
from hypothesis import strategies as st
from nine_rules import matrices, names_of, operate, random_solvable, replay, solved, written

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.puzzles import InputError

NINEBASE = str(Path(sys.executable).parent / "ninebase")
NINE = puzzles.get("nine")


def ninebase(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([NINEBASE, *args], input=stdin, capture_output=True, text=True, timeout=120)


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    return done.stderr.strip()


def rows(state: str) -> str:
    n = len(matrices(state)[0])
    return "".join(f"{part[k : k + n]}\n" for part in state.split() for k in range(0, n * n, n))


NINE_BY_NINE = written(*random_solvable(9, random.Random(9)))
FOUR_BY_FOUR = written(*random_solvable(4, random.Random(4)))


@pytest.mark.slow
def test_each_kind_of_size_answers_from_the_command_line(tables_dir: Path) -> None:
    tables = ["--tables", str(tables_dir)]
    three = ninebase("solve", "nine", "--size", "3", "100000000", "111111011", "--json", *tables)
    assert three.stdout == ninebase("solve", "nine", "100000000", "111111011", "--json", *tables).stdout
    two = json.loads(ninebase("solve", "nine", "--size", "2", "1000", "1101", "--json", *tables).stdout)
    assert (two["distance"], two["count"]) == (4, "4") and solved(*replay(*matrices("1000 1101"), two["moves"]))
    nine = ninebase("solve", "nine", "--size", "9", NINE_BY_NINE, "--json", *tables)
    answer = json.loads(nine.stdout)
    assert answer["optimal"] is False and answer["bound"] == 385
    assert solved(*replay(*matrices(NINE_BY_NINE), answer["moves"]))
    drawn = ninebase("solve", "nine", "--size", "9", NINE_BY_NINE, *tables).stdout
    assert "a construction within the proven bound of 385, not proven the fewest" in drawn.splitlines()[0]
    judged = ninebase("judge", "nine", "--size", "9", *tables, stdin=rows(NINE_BY_NINE)).stdout.split()
    assert judged == [str(answer["distance"]), *answer["moves"]]
    batch = ninebase("solve", "nine", "--size", "9", "--batch", *tables, stdin=f"{NINE_BY_NINE}\n" * 3).stdout
    assert [json.loads(line) for line in batch.splitlines()] == [answer] * 3
    counted = ninebase("distances", "nine", "--size", "9", *tables, stdin=f"{NINE_BY_NINE}\n")
    assert counted.stdout == f"{answer['distance']}\n"
    probed = json.loads(ninebase("probe", "nine", "--size", "9", NINE_BY_NINE, "--json", *tables).stdout)
    states = [successor["state"] for successor in probed["successors"]]
    moves = sorted(successor["move"] for successor in probed["successors"])
    assert moves == sorted(names_of(9)) and "count" not in probed["successors"][0] and probed["optimal"] is False
    assert states == [written(*operate(*matrices(NINE_BY_NINE), move["move"])) for move in probed["successors"]]
    lengths = ninebase("distances", "nine", "--size", "9", *tables, stdin="".join(f"{s}\n" for s in states))
    assert [successor["distance"] for successor in probed["successors"]] == list(map(int, lengths.stdout.split()))


FIVE_A, FIVE_GOAL = "1" + "0" * 24, "1" * 25
BAD = [
    # (the command, stdin, status, what the one line says)
    ("solve nine --size 4 100000000 111111011", "", 2, "matrix A: 9 characters make a matrix of size 3, not of size 4"),
    ("solve nine 1110010000100111 1110010000100111", "", 2, "16 characters make a matrix of size 4, not of size 3"),
    (f"solve nine --size 5 {FIVE_GOAL} {'1' * 24}x", "", 2, "matrix B: character 25 is 'x', expected 0 or 1"),
    (f"solve nine --size 5 {FIVE_GOAL} {'1' * 23}", "", 2, "matrix B: expected 25 characters 0/1 for size 5, found 23"),
    ("judge nine --size 4", "100\n000\n000\n111\n111\n011\n", 2, "found 6 (that is a board of size 3, not of size 4)"),
    ("judge nine --size 4", "1000\n0000\n000\n" + "0000\n" + "1111\n" * 4, 2, "line 3: expected four characters 0/1"),
    ("judge nine --size 9", "", 2, "expected 18 lines of nine characters 0/1"),
    ("stats nine --size 9", "", 2, "answered by a construction, without a table, so it has no stats"),
    ("sample nine --size 12 --hardest", "", 2, "without a table, so nothing is sampled"),
    ("counts nine --size 7", "0\n", 2, "nine does not count its optimal solutions"),
    (f"solutions nine --size 5 {FIVE_A} {FIVE_GOAL}", "", 2, "does not count"),
    (f"solve nine --size 5 --random {FIVE_A} {FIVE_GOAL}", "", 2, "does not count"),
    ("build --only nine --size 9", "", 2, "without a table, so there is none to build"),
    ("verify nine --size 30", "", 2, "without a table, so there is none to verify"),
    ("build --size 4", "", 2, "--size chooses the rules of a puzzle: name the puzzle too (--only PUZZLE)"),
    ("solve clocks --size 4 3 3 3 3 3 3 3 3 3", "", 2, "clocks has no option '--size' (eight and nine take it)"),
    ("package nine {tmp}/four --size 4", "", 2, "nine under these rules has no contest kit"),
    (f"solve nine --size 4 {FOUR_BY_FOUR} --tables {{tmp}}", "", 4, "ninebase build --only nine --size 4 --tables"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("command", "stdin", "status", "said"), BAD, ids=[case[0][:40] for case in BAD])
def test_bad_input_is_one_line_naming_what_and_where(
    tmp_path: Path, command: str, stdin: str, status: int, said: str
) -> None:
    done = ninebase(*command.format(tmp=tmp_path).split(), stdin=stdin)
    line = one_line(done)
    assert done.returncode == status and line.startswith("ninebase: error: ") and said in line, line
    assert not list(tmp_path.iterdir())  # nothing built, nothing written


def test_a_missing_nine_table_is_built_when_first_needed_in_the_default_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NINEBASE_TABLES", raising=False)
    monkeypatch.setattr("ninebase.lookup.directory.default_tables_dir", lambda: tmp_path)
    monkeypatch.setattr("ninebase.lookup.cli.common.default_tables_dir", lambda: tmp_path)
    result = CliRunner().invoke(main, ["solve", "nine", "--size", "2", "1000", "1101", "--json"])
    assert result.exit_code == 0, result.output
    assert f"no nine-2 table in {tmp_path}; building it now" in result.stderr
    assert json.loads(result.stdout)["distance"] == 4 and sorted(p.name for p in tmp_path.glob("*.h5")) == ["nine-2.h5"]
    verified = CliRunner().invoke(main, ["verify", "nine", "--size", "2", "--tables", str(tmp_path)])
    assert verified.exit_code == 0 and verified.stdout.startswith("nine-2: ok, 70 reachable states checked")


def test_verify_with_no_puzzle_named_checks_the_size_tables_that_are_built(tmp_path: Path) -> None:
    built = CliRunner().invoke(main, ["build", "--only", "nine", "--size", "2", "--tables", str(tmp_path)])
    assert built.exit_code == 0, built.output
    verified = CliRunner().invoke(main, ["verify", "--tables", str(tmp_path)])  # the five plain tables are missing
    lines = verified.stdout.splitlines()
    assert verified.exit_code != 0 and [line.split(":")[0] for line in lines] == [*puzzles.tabled_names(), "nine-2"]
    assert lines[-1].startswith("nine-2: ok, 70 reachable states checked"), lines
    flip_byte(tmp_path / "nine-2.h5", "search", "distance")
    verified = CliRunner().invoke(main, ["verify", "--tables", str(tmp_path)])
    assert verified.stdout.splitlines()[-1].startswith("nine-2: FAILED: table file"), verified.stdout


def test_the_plain_build_leaves_the_4x4_table_out(tables_dir: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--tables", str(tables_dir)])  # every table of the plain build is there
    assert result.exit_code == 0 and "all tables present" in result.stderr
    assert not (tables_dir / "nine-4.h5").exists()


def test_the_9x9_package_holds_the_edge_cases_and_the_longest_constructions(tables_dir: Path, tmp_path: Path) -> None:
    """Its secret data, with no table to choose from: the kit's edge cases, then the five longest constructions
    of 2,000 boards drawn (as long as the longest twentieth of boards drawn here, at least), then random ones."""
    nine = NINE.variant({"size": 9})
    done = CliRunner().invoke(main, ["package", "nine", str(tmp_path / "nine9"), "--size", "9", "--cases", "12",
                                     "--tables", str(tables_dir)])  # fmt: skip
    assert done.exit_code == 0 and "(edge case 3, longest 5, random 4)" in done.output, done.output
    assert done.output.rstrip().endswith("the output validator judges every answer")  # any answer within 999 is right
    note = (tmp_path / "nine9" / "problem.yaml").read_text().splitlines()[0]
    assert note.startswith("# no secret answer is known to be the only one")
    refused = CliRunner().invoke(main, ["package", "nine", str(tmp_path / "ninesolo"), "--size", "9", "--unique",
                                        "--tables", str(tables_dir)])  # fmt: skip
    assert refused.exit_code == 2 and "leave out --unique" in refused.output and not (tmp_path / "ninesolo").exists()
    files = sorted((tmp_path / "nine9" / "data" / "secret").glob("*.in"))
    instances = [nine.compact(board) for path in files for board in nine.formats.read(path.read_text())]
    assert len(instances) == len(set(instances)) == 12 and "0" * 81 + " " + "1" * 81 in instances
    with lookup.open_tables(tables_dir) as tables:
        lengths = tables.distances(nine, instances).tolist()
        rng = random.Random(9)
        fresh = sorted(tables.distances(nine, [written(*random_solvable(9, rng)) for _ in range(400)]).tolist())
    longest = [length for path, length in zip(files, lengths, strict=True) if "longest" in path.name]
    assert len(longest) == 5 and min(longest) >= fresh[int(0.95 * len(fresh))] and max(lengths) <= 385


# the parsers --------------------------------------------------------------------
SIZES = st.sampled_from([2, 4, 5, 9])


@settings(max_examples=150, deadline=None)
@given(SIZES.flatmap(lambda n: st.tuples(st.just(n), st.text("01", min_size=2 * n * n, max_size=2 * n * n))))
def test_compact_and_original_forms_round_trip(sized: tuple[int, str]) -> None:
    n, cells = sized
    puzzle = NINE.variant({"size": n})
    state = f"{cells[: n * n]} {cells[n * n :]}"
    board = puzzle.board(state)
    assert puzzle.compact(board) == state and puzzle.board(list(map(int, cells))) == board
    assert puzzle.formats.read(rows(state)) == [board]
    lines = rows(state).split()
    assert puzzle.terminal.panel(board)[1:] == [f"{lines[row]} {lines[n + row]}" for row in range(n)]


@settings(max_examples=150, deadline=None)
@given(SIZES, st.text("01x 2", min_size=0, max_size=200))
def test_what_the_readers_refuse_is_one_line_naming_where(n: int, text: str) -> None:
    puzzle = NINE.variant({"size": n})
    for read in (puzzle.board, lambda t: puzzle.formats.read(t.replace(" ", "\n"))):
        try:
            read(text)
        except InputError as error:
            message = str(error)
            assert "\n" not in message and any(word in message for word in ("matrix", "line", "expected", "groups"))
