"""rubiks-clock on the command line, through the installed command in fresh
processes: every answer replayed on the tests' own model of the clock
(tests/clock_rules.py, written apart from puzzles/rubiks_clock), both
metrics, the scramble and the 18-dial form, batches with --jobs, probe,
counts, solutions, --random, sample, stats (what is known, never more), and
bad input as one line with status 2."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import clock_rules
import numpy as np
import pytest

NINEBASE = str(Path(sys.executable).parent / "ninebase")
SCRAMBLE = "UR5- DR3+ DL0+ UL4+ U2- R6+ D1- L3+ ALL5- y2 U2+ R4- D0+ L1- ALL3+"
"""Issue 37's scramble: 10 moves in the 18-move metric, 9 in the 30-move metric."""


def ninebase(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([NINEBASE, *args], input=stdin, capture_output=True, text=True, timeout=120)


def dials_of(text: str) -> np.ndarray:
    """The model's dials of a position given as a scramble or as the 18-dial form."""
    if any(c.isalpha() for c in text):
        return clock_rules.apply_scramble(text)
    return np.array([int(word) % 12 for word in text.split()], dtype=np.int64)


def solves(state: str, moves: list[str], metric: int) -> bool:
    """Whether the moves, read as a scramble from the position (first face in front), solve it on the
    model, each a move of the metric, with `y2` at most once and only between the faces' moves."""
    names = {"UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"} if metric == 18 else None
    turns = [move for move in moves if move != "y2"]
    assert not turns or (moves.count("y2") <= 1 and moves[-1:] != ["y2"] and moves[:1] != ["y2"])
    assert names is None or all(move[:-2] in names for move in turns), moves
    return not clock_rules.apply_scramble(" ".join(moves), dials_of(state)).any()


def random_texts(count: int, seed: int) -> list[str]:
    """Positions in the 18-dial form, drawn from the model."""
    rng = np.random.default_rng(seed)
    moves = clock_rules.MOVES_30
    texts = []
    for _ in range(count):
        dials = sum(int(rng.integers(12)) * moves[int(rng.integers(len(moves)))] for _ in range(14)) % 12
        texts.append(" ".join(str(value or 12) for value in dials))
    return texts


@pytest.mark.parametrize("metric", ["18", "30"])
def test_solve_answers_a_scramble_and_the_dials_alike_and_the_answer_solves(metric: str) -> None:
    by_scramble = json.loads(ninebase("solve", "rubiks-clock", "--metric", metric, SCRAMBLE, "--json").stdout)
    state = by_scramble["state"]
    assert (
        state
        == "11 1 2 11 3 8 10 6 1 10 12 1 4 12 1 11 10 2"
        == " ".join(str(v or 12) for v in clock_rules.apply_scramble(SCRAMBLE))
    )
    by_dials = json.loads(ninebase("solve", "rubiks-clock", "--metric", metric, state, "--json").stdout)
    assert by_dials == by_scramble and by_scramble["metric"] == int(metric)
    moves = by_scramble["moves"]
    assert by_scramble["distance"] == len(moves) - moves.count("y2") == {"18": 10, "30": 9}[metric]
    assert solves(state, moves, int(metric))


def test_solve_steps_draw_both_faces_and_the_pins_each_move_sets() -> None:
    done = ninebase("solve", "rubiks-clock", "UR1+ y2 ALL2+", "--steps")
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and lines[0].endswith(": 2 moves") and lines[1] == "moves: UR1- y2 ALL2-"
    assert "1: UR1-" in done.stdout and "2: y2 ALL2-" in done.stdout
    # after UR1-, seen from the front only UR is up; from the back every pin is up but the one behind UR
    pins = [line.split("|") for line in lines if "^" in line]
    # the first step's two pin rows: front UL UR, back UL UR; then front DL DR, back DL DR (start: no pins yet)
    assert pins[0][1].split()[:2] == [".", "^"] and pins[0][2].split()[:2] == [".", "^"]
    assert pins[1][1].split()[:2] == [".", "."] and pins[1][2].split()[:2] == ["^", "^"]


def test_batch_with_jobs_distances_and_counts_agree_and_every_answer_solves() -> None:
    texts = [*random_texts(40, 37), SCRAMBLE, "UR1+", "12 " * 17 + "12"]
    stdin = "\n".join(texts) + "\n"
    for metric in ("18", "30"):
        solved = ninebase("solve", "rubiks-clock", "--metric", metric, "--batch", "--jobs", "2", "--json", stdin=stdin)
        answers = [json.loads(line) for line in solved.stdout.splitlines()]
        assert solved.returncode == 0 and len(answers) == len(texts)
        for text, answer in zip(texts, answers, strict=True):
            assert answer["state"] == " ".join(str(v or 12) for v in dials_of(text))
            assert solves(text, answer["moves"], int(metric))
        distances = ninebase("distances", "rubiks-clock", "--metric", metric, stdin=stdin).stdout.split()
        assert distances == [str(answer["distance"]) for answer in answers]
        counts = ninebase("counts", "rubiks-clock", "--metric", metric, stdin=stdin).stdout.split()
        assert all(int(count) >= 1 for count in counts) and len(counts) == len(texts)
    assert answers[-2]["distance"] == 1 and answers[-1] == {**answers[-1], "distance": 0, "moves": []}


def test_every_solution_is_listed_once_and_solves() -> None:
    done = ninebase("solutions", "rubiks-clock", "--metric", "30", SCRAMBLE, "--json", "--limit", "10")
    listed = [json.loads(line) for line in done.stdout.splitlines()]
    assert [answer["number"] for answer in listed] == ["0", "1", "2", "3"] and listed[0]["count"] == "4"
    sets = {frozenset(answer["moves"]) for answer in listed}
    assert len(sets) == 4 and all(solves(answer["state"], answer["moves"], 30) for answer in listed)
    text = ninebase("solutions", "rubiks-clock", "--metric", "30", SCRAMBLE).stdout.splitlines()
    assert text == [" ".join(answer["moves"]) for answer in listed]
    drawn = {
        ninebase("solve", "rubiks-clock", "--metric", "30", SCRAMBLE, "--random", "--seed", str(s)).stdout
        for s in range(6)
    }
    again = ninebase("solve", "rubiks-clock", "--metric", "30", SCRAMBLE, "--random", "--seed", "0").stdout
    assert again in drawn and len(drawn) > 1


@pytest.mark.parametrize(("metric", "moves"), [("18", 18), ("30", 30)])
def test_probe_gives_every_move_and_amount_best_first(metric: str, moves: int) -> None:
    state = "UR1+ y2 U3-"
    probe = json.loads(ninebase("probe", "rubiks-clock", "--metric", metric, state, "--json").stdout)
    successors = probe["successors"]
    assert all(("count" in s) == (metric == "18") for s in successors)  # 30-move: counting each takes 1.6 s
    assert probe["distance"] == 2 and len(successors) == moves * 11
    assert [s["distance"] for s in successors] == sorted(s["distance"] for s in successors)
    assert {s["move"] for s in successors[:2]} == {"UR1-", "y2 U3+"} and successors[2]["distance"] == 2
    text = ninebase("probe", "rubiks-clock", "--metric", metric, state)
    assert text.returncode == 0 and len(text.stdout.splitlines()) == 10 + moves * 11, text.stderr
    for successor in successors[::7]:  # the state after each move, on the model
        face, token = (1, successor["move"][3:]) if successor["move"].startswith("y2 ") else (0, successor["move"])
        after = clock_rules.apply_scramble(("y2 " if face else "") + token, dials_of(state))
        assert successor["state"] == " ".join(str(v or 12) for v in after)


@pytest.mark.parametrize("metric", ["18", "30"])
def test_probe_rows_line_up_with_the_longest_move(metric: str) -> None:
    lines = ninebase("probe", "rubiks-clock", "--metric", metric, "UR1+ y2 U3-").stdout.splitlines()
    header = next(n for n, line in enumerate(lines) if line.startswith("move "))
    end = lines[header].index("after it") + len("after it")
    rows = lines[header + 1 :]
    assert any(len(row.split("  ")[0]) > 6 for row in rows)  # `y2 ALL2-` and longer
    for row in rows:
        move, after = re.match(r"(y2 \S+|\S+) +(\d+ moves?)", row).groups()
        assert row.index(after, len(move)) + len(after) == end, row


@pytest.mark.parametrize(
    ("state", "says"),
    [
        ("UR5- XX3+", "token 2 'XX3+'"),
        ("UR7+", "the amount 7 is not 0 to 6"),
        ("12 " * 15 + "3 12 12", "dial 16 (a back corner) reads 3"),
        ("12 " * 17, "not 17"),
    ],
)
def test_bad_input_is_one_line_and_status_2(state: str, says: str) -> None:
    for args in (("solve", "rubiks-clock", state), ("probe", "rubiks-clock", "--metric", "30", state)):
        done = ninebase(*args)
        assert done.returncode == 2 and says in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stderr
    batch = ninebase("solve", "rubiks-clock", "--batch", stdin=f"{SCRAMBLE}\n{state}\n")
    error = json.loads(batch.stdout.splitlines()[1])
    assert (error["line"], error["input"].strip()) == (2, state.strip()) and says in error["error"]


def test_what_is_not_asked_is_refused_in_one_line() -> None:
    for args in (
        ("judge", "rubiks-clock"),
        ("stats", "rubiks-clock", "--metric", "31"),
        ("sample", "rubiks-clock", "--hardest"),
    ):
        done = ninebase(*args, stdin="1\n")
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_stats_say_what_is_known_and_no_more() -> None:
    eighteen = json.loads(ninebase("stats", "rubiks-clock", "--json").stdout)
    assert eighteen["metric"] == 18 and eighteen["states"] == 12**14 == eighteen["solvable"]
    assert (eighteen["max_distance"], eighteen["at_max_distance"]) == (14, 576)  # gods_number's tests recompute it
    near = [math.comb(18, moves) * 11**moves for moves in range(4)]  # one answer each: codewords differ in 8 places
    assert sum(eighteen["histogram"]) == 12**14 and eighteen["histogram"][:4] == near
    assert "computed by ninebase" in eighteen["source"] and "576" in ninebase("stats", "rubiks-clock").stdout
    thirty = json.loads(ninebase("stats", "rubiks-clock", "--metric", "30", "--json").stdout)
    assert (thirty["max_distance"], thirty["at_max_distance"]) == (12, 39_248) and "published" in thirty["source"]
    histogram = thirty["histogram"]
    assert sum(histogram) == 12**14 and histogram[:4] == [1, 330, 51_651, 4_947_912]
    assert abs(sum(d * n for d, n in enumerate(histogram)) / 12**14 - 9.4337) < 1e-4


def test_the_stats_histogram_keeps_its_columns_for_counts_to_10_to_the_15() -> None:
    lines = ninebase("stats", "rubiks-clock", "--metric", "30").stdout.splitlines()
    header = next(n for n, line in enumerate(lines) if line.split() == ["moves", "count"])
    end = lines[header].index("count") + len("count")
    rows = lines[header + 1 :]
    assert len(rows) == 13 and max(len(row.split()[1]) for row in rows) == len("613,251,601,892,918")
    for distance, row in enumerate(rows):
        shown, count, _ = row.split(maxsplit=2)
        assert int(shown) == distance and row.index(count) + len(count) == end, row


def test_sample_draws_positions_at_the_distance_and_refuses_what_is_too_rare() -> None:
    drawn = ninebase("sample", "rubiks-clock", "--distance", "10", "--count", "5", "--seed", "4").stdout.splitlines()
    assert len(set(drawn)) == 5
    assert ninebase("distances", "rubiks-clock", stdin="\n".join(drawn) + "\n").stdout.split() == ["10"] * 5
    more = ninebase("sample", "rubiks-clock", "--distance", "10", "--count", "7", "--seed", "4").stdout.splitlines()
    assert more[:5] == drawn
    rare = ninebase("sample", "rubiks-clock", "--metric", "30", "--distance", "3")
    assert rare.returncode == 2 and "4,947,912 positions" in rare.stderr and "too rare" in rare.stderr
