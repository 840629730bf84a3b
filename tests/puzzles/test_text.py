"""Parsers: round trips and rejection of malformed input (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ninebase.lookup import InputError
from ninebase.puzzles import get

sansu = get("sansu")
clocks = get("clocks")

tiles = st.permutations(range(9)).map(tuple)  # sansu boards hold digit - 1
dial_sets = st.integers(0, 4**9 - 1)  # clocks boards are their base-4 index


@given(tiles)
def test_sansu_compact_round_trip(tile: tuple[int, ...]) -> None:
    assert sansu.parse(sansu.compact(tile)) == tile


@given(tiles, st.sampled_from(["\n", "\r\n"]), st.sampled_from([" ", "  ", "\t"]))
def test_sansu_original_round_trip(tile: tuple[int, ...], newline: str, gap: str) -> None:
    text = newline.join(gap.join(str(d + 1) for d in tile[r : r + 3]) for r in (0, 3, 6)) + newline
    assert sansu.formats.read(text) == [tile]


@given(dial_sets)
def test_clocks_compact_round_trip(dials: int) -> None:
    assert clocks.parse(clocks.compact(dials)) == dials


@given(dial_sets)
def test_clocks_original_round_trip(dials: int) -> None:
    hours = clocks.compact(dials).split()
    text = "\n".join(" ".join(hours[r : r + 3]) for r in (0, 3, 6)) + "\n"
    assert clocks.formats.read(text) == [dials]


@given(st.text(max_size=12))
def test_sansu_compact_accepts_exactly_the_permutations(text: str) -> None:
    valid = sorted(text) == list("123456789")
    try:
        assert sansu.parse(text) == tuple(int(d) - 1 for d in text) and valid
    except InputError as error:
        assert not valid and "\n" not in str(error)


@given(st.lists(st.sampled_from(["3", "6", "9", "12", "0", "15", "x", "-3", "03", "", "1 2"]), max_size=11))
def test_clocks_compact_rejects_anything_but_nine_dial_values(tokens: list[str]) -> None:
    text = " ".join(tokens)
    valid = len(text.split()) == 9 and all(t in ("3", "6", "9", "12") for t in text.split())
    try:
        clocks.parse(text)
        assert valid
    except InputError as error:
        assert not valid and "\n" not in str(error)


@settings(max_examples=200)
@given(st.text(alphabet="123456789 \n\tx0", max_size=40))
def test_original_readers_answer_or_raise_input_error(text: str) -> None:
    for puzzle in (sansu, clocks):
        try:
            boards = puzzle.formats.read(text)
        except InputError as error:
            assert str(error) and "\n" not in str(error)
        else:
            assert len(boards) == 1


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("17542683", "expected 9 digits"),
        ("1754268399", "expected 9 digits"),
        ("175426833", "appears twice"),
        ("17542683a", "character 9"),
        ("075426839", "character 1"),
    ],
)
def test_sansu_errors_name_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        sansu.parse(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1 7 5\n4 2 6\n", "expected 3 lines"),
        ("1 7 5\n4 2 6 1\n8 3 9\n", "line 2: expected 3 values"),
        ("1 7 5\n4 2 6\n8 3 x\n", "line 3: 'x' is not a digit"),
        ("1 7 5\n4 2 6\n8 3 5\n", "appears twice"),
    ],
)
def test_sansu_original_errors_name_the_line(text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        sansu.formats.read(text)


def test_clocks_error_names_the_value() -> None:
    with pytest.raises(InputError, match="line 2: '7' is not a clock value"):
        clocks.formats.read("9 9 12\n6 7 6\n6 3 6\n")


eight = get("eight")
nine = get("nine")

eight_boards = st.integers(1, 9).flatmap(
    lambda missing: st.permutations([0 if d == missing else d for d in range(1, 10)]).map(tuple)
)


@given(eight_boards)
def test_eight_round_trips(digits: tuple[int, ...]) -> None:
    text = "".join(map(str, digits))
    assert eight.compact(eight.parse(text)) == text
    original = "\n".join(" ".join(text[r : r + 3]) for r in (0, 3, 6))
    assert eight.formats.read(original) == [eight.parse(text)]


@given(st.integers(0, (1 << 18) - 1))
def test_nine_round_trips(board: int) -> None:
    assert nine.parse(nine.compact(board)) == board
    cells = f"{board:018b}"
    assert nine.formats.read("\n".join(cells[r : r + 3] for r in range(0, 18, 3)) + "\n") == [board]


@settings(max_examples=300)
@given(st.text(alphabet="0123456789 x", max_size=12))
def test_eight_accepts_exactly_boards_with_one_empty_cell(text: str) -> None:
    valid = len(text) == 9 and "0" in text and len(set(text)) == 9 and set(text) <= set("0123456789")
    try:
        assert eight.compact(eight.parse(text)) == text and valid
    except InputError as error:
        assert not valid and "\n" not in str(error)


@settings(max_examples=300)
@given(st.text(alphabet="01 2\n", max_size=24))
def test_nine_accepts_exactly_two_groups_of_nine_bits(text: str) -> None:
    parts = text.split()
    valid = len(parts) == 2 and all(len(p) == 9 and set(p) <= {"0", "1"} for p in parts)
    try:
        nine.parse(text)
        assert valid
    except InputError as error:
        assert not valid and "\n" not in str(error)


@pytest.mark.parametrize(
    ("puzzle", "text", "fragment"),
    [
        ("eight", "12306947", "expected 9 digits"),
        ("eight", "123069477", "appears twice"),
        ("eight", "123456789", "no empty cell"),
        ("eight", "1230694x8", "character 8"),
        ("nine", "100000000", "found 1 group"),
        ("nine", "10000000 111111011", "matrix A: expected 9 characters"),
        ("nine", "100000000 111111012", "matrix B"),
    ],
)
def test_eight_and_nine_errors_name_the_problem(puzzle: str, text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        get(puzzle).parse(text)


@pytest.mark.parametrize(
    ("puzzle", "text", "fragment"),
    [
        ("eight", "1 2 3\n0 6 9\n4 7\n", "line 3: expected 3 values"),
        ("eight", "1 2 3\n0 6 9\n4 7 0\n", "appears twice"),
        ("nine", "100\n000\n000\n111\n111\n", "expected 6 lines"),
        ("nine", "100\n000\n000\n111\n1a1\n011\n", "line 5: expected three characters"),
        ("nine", "100\n0000\n000\n111\n111\n011\n", "line 2"),
    ],
)
def test_eight_and_nine_original_errors_name_the_line(puzzle: str, text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        get(puzzle).formats.read(text)


def test_nine_batch_of_cell_arrays_names_the_bad_matrix(tables) -> None:
    import numpy as np

    cells = np.array([[1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1], [0] * 17 + [2]])
    with pytest.raises(InputError, match=r"item 1: value 18 \(matrix B\) is 2, expected 0 or 1"):
        tables.distances("nine", cells)
    assert tables.distances("nine", cells[:1]).tolist() == [5]
    assert tables.distance("nine", [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1]) == 5


# Eight and sansu boards as people write them (issue 35) ---------------------------
eight = get("eight")
eight_boards = st.tuples(st.integers(1, 9), st.permutations(range(9)).map(tuple))  # (missing digit, permutation)


def written(compact: str, blank: bool, spaced: str | None) -> str:
    """A compact board with its empty cell drawn `_` (blank), and its cells separated by `spaced`."""
    cells = compact.replace("0", "_") if blank else compact
    return spaced.join(cells) if spaced is not None else cells


@given(eight_boards, st.booleans(), st.sampled_from([None, " ", "  ", "\t"]))
def test_eight_reads_a_board_spaced_or_with_its_blank_drawn(board: tuple, blank: bool, spaced: str | None) -> None:
    compact = eight.compact(board)
    assert eight.board(written(compact, blank, spaced)) == eight.parse(compact) == board
    assert eight.board(f" {written(compact, blank, spaced)} ") == board


@given(tiles, st.sampled_from([" ", "  ", "\t"]))
def test_sansu_reads_a_tile_spaced_as_its_original_input_is(tile: tuple[int, ...], gap: str) -> None:
    assert sansu.board(gap.join(sansu.compact(tile))) == tile


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("eight", "8 6 7 2 5 4 3 0", "expected 9 digits separated by spaces, found 8 values"),
        ("eight", "8 6 7 2 5 4 3 0 1 9", "expected 9 digits separated by spaces, found 10 values"),
        ("eight", "8 6 7 2 5 4 3 0 10", "value 9 is '10', expected one of 0123456789 or _"),
        ("eight", "8 6 7 2 5 4 3 x 1", "value 8 is 'x', expected one of 0123456789 or _"),
        ("eight", "86725430_", "the empty cell (0 or _) appears twice (characters 8 and 9)"),
        ("eight", "_ 6 7 2 5 4 3 _ 1", "the empty cell (0 or _) appears twice (values 1 and 8)"),
        ("eight", "8 6 7 2 5 4 3 8 1", "digit 8 appears twice (values 1 and 8)"),
        ("eight", "8672543x1", "character 8 is 'x', expected one of 0123456789 or _"),
        ("eight", "123456789", "no empty cell: one digit must be 0 (or _)"),
        ("eight", "867 254 301", "expected 9 digits separated by spaces, found 3 values"),
        ("sansu", "1754268_9", "character 8 is '_', expected one of 123456789"),
        ("sansu", "1 7 5 4 2 6 8 _ 9", "value 8 is '_', expected one of 123456789"),
        ("sansu", "1 7 5 4 2 6 8 3", "expected 9 digits separated by spaces, found 8 values"),
    ],
)
def test_a_board_that_is_genuinely_wrong_is_named_where(name: str, text: str, message: str) -> None:
    with pytest.raises(InputError) as raised:
        get(name).board(text)
    assert str(raised.value) == message
