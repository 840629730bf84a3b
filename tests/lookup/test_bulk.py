"""The batch core (lookup/bulk.py on the puzzles' vectorised hooks), written
by the one encoder (lookup/encoding.py), against the scalar `solve` written
by `Solution.to_dict` and msgspec, the reference: the same bytes (distances,
moves, tie-breaks, fields and error objects), line for line, on random
states of every puzzle (taken from the puzzle objects themselves) with bad
lines among them."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import numpy as np
import pytest
from every import BAD_LINES, walked
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lights_out import LightsOut

from ninebase import build_tables, lookup, puzzles
from ninebase.lookup import bulk, encoding
from ninebase.lookup.stream import Lines
from ninebase.puzzles import BoardMany, InputError, Puzzle

NAMES = puzzles.names()
TABLED = [name for name in NAMES if puzzles.get(name).storage is not None]
"""The puzzles with a table: 100,000 states drawn from its whole space, and lines read at once into its keys."""


def reference(puzzle: Puzzle, table: Any, text: str, number: int) -> dict[str, Any]:
    """What `solve --batch` has always printed for one line: the scalar `solve`, or an error object."""
    try:
        return bulk.solved(puzzle, table, puzzle.board(text.strip())).to_dict()
    except InputError as error:  # docs/service.md: a bad line's "input" quotes its first 64 characters (then ...)
        quoted = text if len(text) <= 64 else f"{text[:64]}..."
        return {"puzzle": puzzle.name, "line": number, "input": quoted, "error": str(error)}


def written(answers: list[dict[str, Any]]) -> bytes:
    """The oracle's JSON Lines: each answer's dict (`Solution.to_dict`, or an error object) as msgspec writes it."""
    return b"".join(msgspec.json.encode(answer) + b"\n" for answer in answers)


def solve_text(puzzle: Puzzle, table: Any, lines: Lines) -> bytes:
    """What `solve --batch` prints for a chunk: its answers, written by the one encoder."""
    return encoding.solve_text(bulk.solve_lines(puzzle, table, lines))


def chunk(texts: list[str], first: int = 1) -> Lines:
    return Lines("".join(f"{text}\n" for text in texts).encode(), first)


@cache
def space(tables: lookup.Tables, name: str) -> tuple[int, Callable[[int], str]]:
    """How many instances to draw from, and each one's compact form: the table's whole space (unsolvable
    ones included), or (no table lists them: rubiks-clock) 2,000 walked from the example."""
    puzzle = puzzles.get(name)
    if puzzle.storage is None:
        texts = walked(puzzle, 2000, seed=len(name))
        return len(texts), texts.__getitem__
    distances, compact = puzzle.storage.sample_space(tables.table(name))
    return distances.size, compact


def random_states(tables: lookup.Tables, name: str, count: int, seed: int) -> list[str]:
    """Random instances in compact form, as the puzzle writes them."""
    size, compact = space(tables, name)
    return [compact(int(index)) for index in np.random.default_rng(seed).integers(0, size, count)]


def assert_equal_to_scalar(puzzle: Puzzle, table: Any, texts: list[str], first: int = 1) -> None:
    """Each text is sent as one line ending in \\n (so a text ending in \\r ends in \\r\\n)."""
    lines = chunk(texts, first)
    expected = [reference(puzzle, table, text.removesuffix("\r"), first + n) for n, text in enumerate(texts)]
    assert solve_text(puzzle, table, lines) == written(expected)
    distances = encoding.number_text(bulk.distance_lines(puzzle, table, lines))
    assert distances.decode().split("\n")[:-1] == list(map(distance_line, expected))


def distance_line(answer: dict[str, Any]) -> str:
    """What `ninebase distances` prints for the line of a solve or error object."""
    if "error" in answer:
        return f"error: line {answer['line']}: {answer['error']}"
    return "-1" if answer["distance"] is None else str(answer["distance"])


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_batch_answers_as_solve_does(tables: lookup.Tables, name: str, data: st.DataObject) -> None:
    puzzle, table = puzzles.get(name), tables.table(name)
    size, compact = space(tables, name)
    indices = data.draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=60))
    texts = [compact(index) for index in indices]
    for _ in range(data.draw(st.integers(0, 4))):  # bad lines and unusual spellings among them
        position = data.draw(st.integers(0, len(texts)))
        # texts[0] * 8: a line past the 64 characters a bad line quotes
        spellings = [f" {texts[0]}", f"{texts[0]} ", f"{texts[0]}\r", texts[0] * 2, texts[0] * 8]
        odd = data.draw(st.sampled_from([*BAD_LINES, *spellings]))
        texts.insert(position, odd)
    assert_equal_to_scalar(puzzle, table, texts, first=data.draw(st.integers(1, 10**6)))


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLED)
def test_100000_random_states_answer_as_solve_does(tables: lookup.Tables, name: str) -> None:
    puzzle, table = puzzles.get(name), tables.table(name)
    texts = random_states(tables, name, 100_000, seed=20)
    expected = [tables.solve(puzzle, text).to_dict() for text in texts]
    lines = chunk(texts)
    assert solve_text(puzzle, table, lines) == written(expected)


@pytest.mark.parametrize("name", NAMES)
def test_the_one_encoder_writes_the_bytes_of_to_dict_and_msgspec(tables: lookup.Tables, name: str) -> None:
    """The oracle, byte for byte, on 3,000 random states of every puzzle with
    bad lines and other spellings among them: read at once, one by one
    (`--steps`, without its boards) and drawn at random (`--random`)."""
    puzzle, table = puzzles.get(name), tables.table(name)
    texts = random_states(tables, name, 3000, seed=36)
    texts[::250] = [f" {text}" for text in texts[::250]]  # read one by one
    texts[100:100] = BAD_LINES
    assert_equal_to_scalar(puzzle, table, texts, first=7)
    few = texts[90:400]
    expected = [reference(puzzle, table, text, 97 + n) for n, text in enumerate(few)]
    assert encoding.solve_text(tables.solve_lines(name, chunk(few, 97), one_by_one=True)) == written(expected)
    drawn = [
        tables.random_solution(name, text, 5).to_dict() if "error" not in answer else answer
        for text, answer in zip(few, expected, strict=True)
    ]
    assert encoding.solve_text(tables.random_lines(name, chunk(few, 97), 5)) == written(drawn)


def test_bad_lines_in_the_middle_keep_their_place(tables: lookup.Tables) -> None:
    puzzle, table = puzzles.get("eight"), tables.table("eight")
    texts = ["123069478", "12345", "123456870", "", "1230694780", "123456780", "\xff"]
    answers = [json.loads(line) for line in solve_text(puzzle, table, chunk(texts, 41)).split(b"\n")[:-1]]
    assert [answer.get("distance", "error") for answer in answers] == [5, "error", None, "error", "error", 0, "error"]
    assert answers[1] == {
        "puzzle": "eight",
        "line": 42,
        "input": "12345",
        "error": "expected 9 digits, found 5 characters",
    }
    assert "reason" in answers[2] and answers[4]["line"] == 45
    distances = encoding.number_text(bulk.distance_lines(puzzle, table, chunk(texts, 41))).decode().split("\n")
    assert distances[:3] == ["5", "error: line 42: expected 9 digits, found 5 characters", "-1"]


def test_a_line_that_is_not_utf8_is_a_bad_line(tables: lookup.Tables) -> None:
    lines = Lines(b"175426839\n17\xff5\n987654321\n")
    answers = list(map(json.loads, solve_text(puzzles.get("sansu"), tables.table("sansu"), lines).splitlines()))
    assert [answer.get("distance") for answer in answers] == [5, None, 0]
    assert answers[1]["error"] == "the line is not UTF-8 text (byte 3)" and answers[1]["input"] == "17\ufffd5"


def test_a_clock_value_with_a_leading_zero_is_refused_by_distances_too(tables: lookup.Tables) -> None:
    with pytest.raises(InputError, match="item 1: value 1: '03' is not a clock value"):
        tables.distances("clocks", ["3 3 3 3 3 3 3 3 3", "03 3 3 3 3 3 3 3 3"])


class LinesAtOnce(BoardMany):
    """A vectorised reader of Lights Out's lines, and nothing else vectorised."""

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if lines.shape[1] < 9:
            return super().read_many(lines)
        bits = lines[:, :9].astype(np.int64) - ord("0")
        valid = ((bits == 0) | (bits == 1)).all(axis=1) & ~lines[:, 9:].any(axis=1)
        return (bits << np.arange(8, -1, -1)).sum(axis=1), valid


class ReadsLinesAtOnce(LightsOut):
    """Lights Out reading its lines all at once, and nothing else vectorised:
    the batch stands on the default hooks (one board at a time)."""

    def __init__(self) -> None:
        super().__init__()
        self.many = LinesAtOnce(self)


class QuotesAtOnce(LinesAtOnce):
    """Also reads `"` and `\\` as a 0 (as no built-in puzzle does), counting the chunks it reads."""

    reads = 0

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        QuotesAtOnce.reads += 1
        return super().read_many(np.where(np.isin(lines, np.frombuffer(b'"\\', np.uint8)), ord("0"), lines))


def test_a_line_read_at_once_that_json_escapes_is_answered_once_and_escaped(tmp_path: Path) -> None:
    """A reader that takes a line holding `"` or `\\` as it is: the chunk is
    read and answered once (it was read and answered again, as one object
    per line, to escape it), and the state's text is escaped as msgspec
    escapes it."""
    puzzle = ReadsLinesAtOnce()
    puzzle.many = QuotesAtOnce(puzzle)
    puzzles.register(puzzle)
    try:
        build_tables.build(["lights"], tmp_path)
        with lookup.open_tables(tmp_path) as tables:
            texts = ['1"0100101', "110100101", "1\\0100101", "nope"]
            answers = encoding.solve_text(tables.solve_lines(puzzle, chunk(texts)))
    finally:
        puzzles.unregister("lights")
    assert QuotesAtOnce.reads == 1
    assert [json.loads(line).get("state") for line in answers.splitlines()] == [*texts[:3], None]
    assert answers.splitlines()[2].startswith(b'{"puzzle":"lights","state":"1\\\\0100101","distance":')


def test_a_puzzle_with_only_a_fast_reader_answers_through_the_default_hooks(tmp_path: Path) -> None:
    puzzle = ReadsLinesAtOnce()
    puzzles.register(puzzle)
    try:
        build_tables.build(["lights"], tmp_path)
        with lookup.open_tables(tmp_path) as tables:
            texts = [f"{board:09b}" for board in range(512)] + BAD_LINES
            assert_equal_to_scalar(puzzle, tables.table("lights"), texts)
    finally:
        puzzles.unregister("lights")


@pytest.mark.parametrize("name", TABLED)
def test_every_compact_form_is_read_and_answered_all_at_once(tables: lookup.Tables, name: str) -> None:
    puzzle, table = puzzles.get(name), tables.table(name)
    texts = random_states(tables, name, 2000, seed=3)
    cells, plain = Lines("".join(f"{text}\n" for text in texts).encode()).matrix()
    keys, accepted = puzzle.many.read_many(cells)
    assert plain.all() and accepted.all()
    assert puzzle.many.distances_of(table, keys).tolist() == tables.distances(name, texts).tolist()
    expected = [puzzle.solve(table, puzzle.board(text)).to_dict() for text in texts]
    assert b"".join(encoding.json_lines(puzzle, cells, puzzle.many.solve_many(table, keys))) == written(expected)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=" 0123456789WBRE\t", max_size=28))
def test_the_fast_reader_takes_only_what_the_scalar_reader_writes_back(name: str, text: str) -> None:
    """A line read all at once is exactly the compact form of its instance;
    every other line goes to the scalar reader (which names what is wrong)."""
    puzzle = puzzles.get(name)
    cells, plain = Lines(f"{text}\n".encode()).matrix()
    _, accepted = puzzle.many.read_many(cells) if plain.all() else (None, np.zeros(1, dtype=bool))
    try:
        canonical = puzzle.compact(puzzle.board(text)) == text
    except InputError:
        canonical = False
    assert bool(accepted[0]) == canonical


def test_the_cube_reads_its_datasets_as_they_arrive(tables: lookup.Tables) -> None:
    """Chunks cut anywhere between lines (mid-dataset too), blank lines and odd
    spacing: the same output as the whole input read and judged at once."""
    cube, table, rng = puzzles.get("cube"), tables.table("cube"), np.random.default_rng(5)
    lines = []
    for _ in range(2000):
        pattern = rng.choice(list("WBR"), 9)
        pattern[rng.integers(9)] = "E"
        lines += [
            f"{rng.integers(1, 4)} {rng.integers(1, 4)}",
            *(" ".join(pattern[row : row + 3]) for row in (0, 3, 6)),
        ]
        lines += [""] * int(rng.integers(0, 2))
    lines[rng.integers(len(lines))] += "  "
    text = "\n".join([*lines, "0 0", "ignored"]) + "\n"
    data = text.encode()
    breaks = [position + 1 for position, byte in enumerate(data) if byte == ord("\n")]
    starts = [0, *breaks]  # where each line starts, and the end
    bounds = [0, *sorted(rng.choice(np.arange(1, len(lines)), 40, replace=False).tolist()), len(starts) - 1]
    stream, printed = cube.formats.stream(), ""
    for first, end in itertools.pairwise(bounds):  # chunks of whole lines, cut anywhere
        printed += stream.feed(Lines(data[starts[first] : starts[end]], first + 1, starts[first]), lambda: table)
        if stream.done:
            break
    printed += stream.finish(lambda: table)
    assert stream.done and printed == cube.formats.judge(table, cube.formats.read(text))


# Boards written as people write them, and numbers (issue 35) ---------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_eight_or_sansu_board_spaced_or_with_its_blank_drawn_answers_as_its_compact_form(
    tables: lookup.Tables, data: st.DataObject
) -> None:
    """Solvable and unsolvable boards alike (eight's sample space holds both):
    the same answer, distance, count and solve object, the state echoed compact."""
    name = data.draw(st.sampled_from(["eight", "sansu"]))
    compact = data.draw(st.sampled_from(random_states(tables, name, 50, data.draw(st.integers(0, 99)))))
    gap = data.draw(st.sampled_from([None, " ", "\t", "  "]))
    cells = compact.replace("0", "_") if data.draw(st.booleans()) else compact
    spelled = cells if gap is None else gap.join(cells)
    assert tables.solve(name, spelled).to_dict() == tables.solve(name, compact).to_dict()
    distance = tables.distance(name, compact)
    assert tables.distances(name, [compact, spelled]).tolist() == [-1 if distance is None else distance] * 2
    assert tables.counts(name, np.array([spelled])).tolist() == [tables.count(name, compact)]
    answers = encoding.solve_text(tables.solve_lines(name, chunk([spelled, compact])))
    assert answers == written([tables.solve(name, compact).to_dict()] * 2)


NUMERIC = {
    "sansu": ([1, 7, 5, 4, 2, 6, 8, 3, 9], "175426839", 0, "value 9 is '0', expected one of 123456789"),
    "eight": ([8, 6, 7, 2, 5, 4, 3, 0, 1], "867254301", -1, "value 9 is '-1', expected one of 0123456789 or _"),
    "clocks": ([9, 9, 12, 6, 6, 6, 6, 3, 6], "9 9 12 6 6 6 6 3 6", 5,
               "value 9: '5' is not a clock value (3, 6, 9 or 12)"),
    "nine": ([1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1], "100000000 111111011", 2,
             "value 18 (matrix B) is 2, expected 0 or 1"),
}  # fmt: skip
"""Per puzzle whose states may be given as numbers: a valid row, its compact
form, a value out of range put last, and the message naming it."""


@pytest.mark.parametrize("name", NUMERIC)
def test_numbers_answer_as_the_compact_form_and_a_bad_one_is_named_by_its_place(
    tables: lookup.Tables, name: str
) -> None:
    row, compact, wrong, message = NUMERIC[name]
    rows, bad, width = [row], [*row[:-1], wrong], len(row)
    assert puzzles.get(name).row_length == width
    expected = tables.distances(name, [compact]).tolist()
    for given_as in (np.array(rows), np.array(rows, dtype=np.uint8), rows):
        assert tables.distances(name, given_as).tolist() == expected
    assert tables.distance(name, rows[0]) == tables.distance(name, np.array(rows[0])) == expected[0]
    with pytest.raises(InputError) as raised:
        tables.distances(name, np.array([rows[0], bad]))
    assert str(raised.value) == f"item 1: {message}"
    with pytest.raises(InputError) as raised:
        tables.solve(name, bad)
    assert str(raised.value) == message
    for shape in ((1, width + 1), (1, width - 1), (width,), (1, 1, width)):
        with pytest.raises(InputError) as raised:
            tables.distances(name, np.ones(shape, dtype=np.int64))
        assert str(raised.value) == f"expected an integer array of shape (n, {width}), one state a row; got {shape}"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, np.complex128])
def test_an_array_of_numbers_that_are_not_whole_is_refused_as_such(
    tables: lookup.Tables, name: str, dtype: type
) -> None:
    with pytest.raises(InputError) as raised:
        tables.distances(name, np.ones((2, 9), dtype=dtype))
    assert str(raised.value) == f"a {np.dtype(dtype)} array: ninebase reads states as strings or whole numbers"
    with pytest.raises(InputError) as raised:
        tables.distance(name, np.ones(9, dtype=dtype))
    assert str(raised.value) == f"a {np.dtype(dtype)} array: ninebase reads states as strings or whole numbers"
    with pytest.raises(
        InputError, match=r"^item 0: value 1 is 1\.5: ninebase reads states as strings or whole numbers"
    ):
        tables.distances(name, [[1.5] * 9])


def test_the_cube_takes_no_numbers_and_says_what_it_reads(tables: lookup.Tables) -> None:
    """The cube's states hold letters: no row of numbers is one (its row length is None)."""
    assert puzzles.get("cube").row_length is None
    with pytest.raises(InputError, match=r"^item 0: expected 9 pattern letters, found 1$"):
        tables.distances("cube", np.array([[1, 2, 3]]))


def test_a_batch_of_several_chunks_answers_each_state_in_its_place(tables: lookup.Tables) -> None:
    """`distances` and `counts` read STATES_AT_ONCE states at a time: states
    read on their own (odd spacing, a line break) land in their places in
    every chunk, and a bad state is named by its place in the whole batch."""
    size = 2 * bulk.STATES_AT_ONCE + 7
    texts = random_states(tables, "clocks", size, seed=35)
    for place in (5, bulk.STATES_AT_ONCE + 1, size - 1):
        texts[place] = texts[place].replace(" ", "  ", 1)
    texts[bulk.STATES_AT_ONCE * 2 + 3] = "3 6 9 12 3 6 9 12\n3"
    expected = [tables.distance("clocks", text) for text in texts]
    assert tables.distances("clocks", texts).tolist() == [-1 if d is None else d for d in expected]
    assert tables.counts("clocks", texts).tolist() == [tables.count("clocks", text) for text in texts]
    texts[bulk.STATES_AT_ONCE + 2] = "3 6 9 12 3 6 9 12 15"
    with pytest.raises(InputError, match=rf"^item {bulk.STATES_AT_ONCE + 2}: value 9: '15' is not a clock value"):
        tables.distances("clocks", texts)
