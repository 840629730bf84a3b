"""puzzles/rubiks_clock/notation.py: scrambles and the compact form read as the tests' model reads them;
bad input refused in one line that names what and where."""

from __future__ import annotations

import random

import clock_rules
import numpy as np
import pytest

from ninebase.puzzles.rubiks_clock import engine, notation

NAMES = ["UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"]


def wca_scramble(rng: random.Random) -> str:
    """A scramble as the WCA scrambler writes one: nine front moves, y2, five back moves, amounts -5..6."""

    def token(name: str) -> str:
        turn = rng.randrange(12) - 5
        return f"{name}{abs(turn)}{'+' if turn >= 0 else '-'}"

    return " ".join([*map(token, NAMES), "y2", *map(token, NAMES[4:])])


def test_scrambles_are_read_as_the_tests_model_applies_them() -> None:
    rng = random.Random(37)
    for _ in range(300):
        scramble = wca_scramble(rng)
        assert (notation.read_position(scramble) == clock_rules.apply_scramble(scramble)).all(), scramble


def test_the_compact_form_is_the_dials_written_1_to_12() -> None:
    rng = random.Random(5)
    for _ in range(100):
        dials = clock_rules.apply_scramble(wca_scramble(rng))
        text = notation.write_dials(dials)
        assert all(1 <= int(word) <= 12 for word in text.split())
        assert (notation.read_position(text) == dials).all()
    assert notation.write_dials(np.zeros(18, dtype=int)) == " ".join(["12"] * 18)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("UR5- DR3+ XX2+", "token 3 'XX2+'"),
        ("UR7+", "amount 7"),
        ("UR5- y2 U6+ R12-", "token 4 'R12-'"),
        ("UR5", "token 1 'UR5'"),
        (" ".join(["12"] * 17), "18 dials"),
        (" ".join(["12"] * 8 + ["3"] + ["12"] * 9), "dial 16"),
        (" ".join(["12"] * 17 + ["0"]), "dial 18 '0'"),
        ("", "empty"),
    ],
)
def test_bad_input_is_one_line_naming_what_and_where(text: str, named: str) -> None:
    with pytest.raises(notation.ClockInputError) as caught:
        engine.dials_of(text)
    message = str(caught.value)
    assert named in message and "\n" not in message
    assert isinstance(caught.value, ValueError)


def test_an_unknown_metric_is_refused() -> None:
    with pytest.raises(notation.ClockInputError, match="18 or 30"):
        engine.distance("UR1+", 24)


def test_answers_read_as_a_scramble_from_the_position_solve_it() -> None:
    rng = random.Random(8)
    for _ in range(40):
        scramble = wca_scramble(rng)
        dials = clock_rules.apply_scramble(scramble)
        for metric in (18, 30):
            answer = engine.solve(scramble, metric)
            tokens = answer.moves
            assert tokens.count("y2") <= 1 and len(tokens) - tokens.count("y2") == answer.distance
            assert not clock_rules.apply_scramble(" ".join(tokens), dials).any(), (scramble, tokens)
            assert all(token == "y2" or int(token[-2]) <= 6 for token in tokens)
