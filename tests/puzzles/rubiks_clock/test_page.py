"""puzzles/rubiks_clock/page.py: the drawing read back as a person reads it
(tests/clock_drawing.py) shows the dials the tests' model gives a scramble,
the pins each move sets up or down on each face, dial links that turn a dial
and its geared corner, and moves whose hands turn as far as their tokens say."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs, urlparse

import clock_drawing
import clock_rules
import numpy as np
import pytest
from markup import Element, parse_html

from ninebase import puzzles

NAMES = ["UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"]


def scramble(rng: random.Random) -> str:
    """A WCA-style scramble: the front's nine moves, y2, the back's five, amounts 0 to 6 either way."""

    def token(name: str) -> str:
        return f"{name}{rng.randrange(7)}{rng.choice('+-')}"

    return " ".join([*map(token, NAMES), "y2", *map(token, NAMES[4:])])


def drawn(svg: str) -> Element:
    (drawing,) = parse_html(svg).find_all("svg")
    return drawing


@pytest.fixture(params=[18, 30], ids=["metric18", "metric30"])
def clock(request: pytest.FixtureRequest) -> puzzles.Puzzle:
    return puzzles.get("rubiks-clock").variant({"metric": str(request.param)})


def test_the_drawing_shows_the_dials_the_model_gives_a_scramble() -> None:
    puzzle = puzzles.get("rubiks-clock")
    rng = random.Random(37)
    for _ in range(40):
        text = scramble(rng)
        board = puzzle.parse(text)
        for svg in (puzzle.page.svg(board), puzzle.page.still(board)):
            drawing = drawn(svg)
            assert clock_drawing.hands(drawing) == clock_rules.apply_scramble(text).tolist(), text
            assert clock_drawing.pins(drawing) == [dict.fromkeys(clock_rules.PIN_PLACES)] * 2  # no move set them


def test_every_dial_of_a_position_is_a_link_that_turns_it_and_its_geared_corner(clock: puzzles.Puzzle) -> None:
    text = scramble(random.Random(3))
    dials = clock_rules.apply_scramble(text)
    drawing = drawn(clock.page.svg(clock.parse(text)))
    assert drawing.attrs["role"] == "group" and drawing.attrs["aria-label"]
    for dial in range(18):
        (link,) = drawing.one("g", data_cell=str(dial + 1)).find_all("a")
        query = parse_qs(urlparse(link.attrs["href"] or "").query)
        assert query.pop("state") == [clock_drawing.written(clock_drawing.turned(dials, dial))]
        assert query == ({} if clock.metric == 18 else {"metric": ["30"]})  # the page's rules carried
        partner = clock_drawing.geared(dial)
        moved = {dial + 1: [dial + 1, 30], **({} if partner is None else {partner + 1: [partner + 1, -30]})}
        assert json.loads(link.attrs["data-motion"] or "") == {str(cell): turn for cell, turn in moved.items()}
        said = link.attrs["aria-label"] or ""
        assert "o'clock" in said and ("geared" in said) == (partner is not None)


def test_a_board_to_look_at_or_after_a_move_has_no_link() -> None:
    puzzle = puzzles.get("rubiks-clock")
    board = puzzle.parse(puzzle.example())
    assert not drawn(puzzle.page.still(board)).find_all("a")
    assert not drawn(puzzle.page.svg(puzzle.apply(board, 0))).find_all("a")
    goal, caption = puzzle.page.goal(puzzle.solve(None, board))
    assert clock_drawing.hands(drawn(puzzle.page.still(goal))) == [0] * 18 and "12" in caption


def test_each_move_shows_the_pins_it_sets_and_turns_what_the_model_turns(clock: puzzles.Puzzle) -> None:
    text = scramble(random.Random(11))
    board = clock.parse(text)
    dials = clock_rules.apply_scramble(text)
    assert len(clock.move_names) == 11 * clock.metric
    for move, token in enumerate(clock.move_names):
        after = clock.apply(board, move)
        drawing = drawn(clock.page.svg(after))
        assert clock_drawing.pins(drawing) == clock_drawing.pins_set_by(token), token
        model = clock_rules.apply_scramble(token, dials)
        assert clock_drawing.hands(drawing) == model.tolist(), token
        changes = clock.page.move_changes(board, move)
        face, up = clock_drawing.token_pins(token)
        effect = clock_rules.turn(face, tuple(up))
        assert sorted(changes) == [dial + 1 for dial in np.flatnonzero(effect)], token
        hours = clock_drawing.signed_hours(token)
        for cell, change in changes.items():
            assert change.source == cell
            assert change.turn == 30 * (hours if effect[cell - 1] == 1 else -hours), token
