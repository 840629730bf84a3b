"""The rubiks-clock explorer page without a browser (Starlette's TestClient),
read back as a person reads it (tests/clock_drawing.py) and checked against
the tests' model (clock_rules.py), not the engine: the position drawn, the
distance and the number of optimal ways (a brute force over the 18-move
metric's kernel), the shortest way played frame by frame with each move's
pins and the dials it turns, every move's link and the distance after it,
dial links that work without the script, and the 30-move metric chosen."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs, urlencode, urljoin, urlparse

import clock_drawing
import clock_rules
import numpy as np
import pytest
from markup import Element, parse_html
from starlette.testclient import TestClient

from ninebase import lookup
from ninebase.lookup.web import create_app

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
NAMES = ["UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"]
EXAMPLE = "UR5- DR3+ DL0+ UL4+ U2- R6+ D1- L3+ ALL5- y2 U2+ R4- D0+ L1- ALL3+"
"""Issue 37's scramble."""
NOT_WCA = "URDL3+ y2 DRUL5-"
"""Two moves of the 30-move metric that WCA's nine do not name, one a face."""


def scramble(rng: random.Random) -> str:
    """A WCA-style scramble: the front's nine moves, y2, the back's five, amounts 0 to 6 either way."""
    tokens = [f"{name}{rng.randrange(7)}{rng.choice('+-')}" for name in NAMES]
    return " ".join([*tokens, "y2", *(f"{name}{rng.randrange(7)}{rng.choice('+-')}" for name in NAMES[4:])])


@pytest.fixture(scope="module")
def client(tables: lookup.Tables) -> TestClient:
    with TestClient(create_app(tables)) as test_client:
        yield test_client


def shown(client: TestClient, url: str, status: int = 200) -> Element:
    answer = client.get(url, headers=BROWSER)
    assert answer.status_code == status, answer.text[:300]
    return parse_html(answer.text)


def board(page: Element) -> Element:
    (drawing,) = page.one("figure", class_="board-frame").find_all("svg")
    return drawing


def fewest_18(dials: np.ndarray) -> tuple[int, int]:
    """The fewest moves in the 18-move metric and how many answers (sets of moves) reach it, by brute force."""
    weights = clock_rules.kernel_weights_18(dials)
    return int(weights.min()), int(np.count_nonzero(weights == weights.min()))


def check_frames(page: Element, dials: np.ndarray) -> np.ndarray:
    """Each frame shows the dials the model reaches by the moves named so far, with the pins the last move
    set, and names the dials it turned; the dials of the last frame are returned."""
    frames = page.find_all("li", class_="frame")
    assert clock_drawing.hands(frames[0]) == dials.tolist() and frames[0].attrs["data-motion"] == "{}"
    for frame in frames[1:]:
        token = frame.attrs["data-label"] or ""
        before, dials = dials, clock_rules.apply_scramble(token, dials)
        assert clock_drawing.hands(frame) == dials.tolist(), token
        assert clock_drawing.pins(frame) == clock_drawing.pins_set_by(token), token
        motion = json.loads(frame.attrs["data-motion"] or "")
        assert sorted(map(int, motion)) == [dial + 1 for dial in np.flatnonzero(dials != before)], token
    return dials


@pytest.mark.parametrize("seed", [None, 1, 2])
def test_the_page_plays_the_fewest_moves_as_the_model_replays_them(client: TestClient, seed: int | None) -> None:
    text = EXAMPLE if seed is None else scramble(random.Random(seed))
    dials = clock_rules.apply_scramble(text)
    distance, ways = fewest_18(dials)
    page = shown(client, f"/rubiks-clock?{urlencode({'state': text})}")
    assert page.one(class_="position-grid").attrs["data-state"] == clock_drawing.written(dials)
    assert clock_drawing.hands(board(page)) == dials.tolist()
    assert page.by_id("distance").text == f"{distance} moves to the goal"
    frames = page.find_all("li", class_="frame")
    assert len(frames) == distance + 1 and page.by_id("playback-title").text.endswith(f"{distance} moves")
    assert not check_frames(page, dials).any()
    said = page.one("p", class_="ways").text
    assert said == "The only optimal way." if ways == 1 else said.startswith(f"One of {ways:,} optimal ways")
    if ways > 1:  # another optimal way, drawn at random, plays to the goal as well
        other = shown(client, page.by_id("another-way").attrs["href"] or "")
        assert len(other.find_all("li", class_="frame")) == distance + 1
        assert not check_frames(other, dials).any()


def test_every_move_leads_where_the_model_turns_with_the_distance_after_it(client: TestClient) -> None:
    text = scramble(random.Random(5))
    dials = clock_rules.apply_scramble(text)
    distance, _ = fewest_18(dials)
    page = shown(client, f"/rubiks-clock?state={clock_drawing.written(dials).replace(' ', '+')}")
    links = page.find_all("a", data_move=True)
    assert len(links) == 18 * 11 and len({link.attrs["data-move"] for link in links}) == 18 * 11
    after = []
    for link in links:
        token = link.attrs["data-move"] or ""
        reached = clock_rules.apply_scramble(token, dials)
        assert parse_qs(urlparse(link.attrs["href"] or "").query) == {"state": [clock_drawing.written(reached)]}
        fewest, _ = fewest_18(reached)
        assert link.attrs["data-distance"] == str(fewest), token
        assert ("keep" in (link.attrs["class"] or "")) == (fewest < distance), token
        assert sorted(map(int, json.loads(link.attrs["data-motion"] or ""))) == [
            dial + 1 for dial in np.flatnonzero(reached != dials)
        ]
        after.append(fewest)
    assert after == sorted(after) and after[0] == distance - 1  # best first
    best = page.by_id("best")
    assert best.attrs["href"] == links[0].attrs["href"] and links[0].attrs["data-move"] in best.text


def test_a_dial_link_turns_the_dial_without_the_script(client: TestClient) -> None:
    dials = clock_rules.apply_scramble(scramble(random.Random(8)))
    url = f"/rubiks-clock?state={clock_drawing.written(dials).replace(' ', '+')}"
    page = shown(client, url)
    for dial in (0, 4, 11):  # a front corner, the front's centre, a back corner
        (link,) = board(page).one("g", data_cell=str(dial + 1)).find_all("a")
        turned = shown(client, urljoin(url, link.attrs["href"] or ""))
        expected = clock_drawing.turned(dials, dial)
        assert turned.one(class_="position-grid").attrs["data-state"] == clock_drawing.written(expected)
        assert clock_drawing.hands(board(turned)) == expected.tolist()


def test_the_30_move_metric_is_chosen_and_carried(client: TestClient) -> None:
    dials = clock_rules.apply_scramble(NOT_WCA)
    one_away = clock_rules.key(clock_rules.layers(clock_rules.MOVES_30, 1)[1])
    assert clock_rules.key(dials) not in one_away and dials.any()  # two moves away in the 30-move metric
    page = shown(client, f"/rubiks-clock?metric=30&state={clock_drawing.written(dials).replace(' ', '+')}")
    assert page.one("select", id="rule-metric").one("option", selected=True).text == "30"
    assert page.by_id("distance").text == "2 moves to the goal"
    assert not check_frames(page, dials).any()
    links = page.find_all("a", data_move=True)
    assert len(links) == 30 * 11
    for link in links:
        asked = parse_qs(urlparse(link.attrs["href"] or "").query)
        reached = clock_rules.apply_scramble(link.attrs["data-move"] or "", dials)
        assert asked == {"state": [clock_drawing.written(reached)], "metric": ["30"]}
    for dial in board(page).find_all("a"):
        assert parse_qs(urlparse(dial.attrs["href"] or "").query)["metric"] == ["30"]


@pytest.mark.parametrize(
    ("state", "said"),
    [
        ("UR7+", "token 1 'UR7+': the amount 7 is not 0 to 6"),
        ("UR5- XX3+", "token 2 'XX3+'"),
        (" ".join(["12"] * 17), "not 17"),
        ("1 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12", "a back corner reads 12 minus the front one"),
    ],
)
def test_a_position_that_cannot_be_read_is_said_in_one_line(client: TestClient, state: str, said: str) -> None:
    answer = client.get("/rubiks-clock", params={"state": state}, headers=BROWSER)
    assert answer.status_code == 400
    page = parse_html(answer.text)
    message = page.by_id("message").text
    assert said in message and "\n" not in message and "Traceback" not in answer.text
    assert page.by_id("state").attrs["value"] == state


def test_the_stats_page_says_what_is_known_and_no_more(client: TestClient, tables: lookup.Tables) -> None:
    page = shown(client, "/rubiks-clock/stats")
    assert page.by_id("gods-number").text == "14" and "computed by ninebase" in page.one("p", class_="source").text
    assert len(page.by_id("histogram").one("tbody").find_all("tr")) == 15
    assert "too rare" in page.by_id("no-hardest").text and not page.has("a", class_="hardest")  # 576 of 12^14
    published = shown(client, "/rubiks-clock/stats?metric=30")
    assert published.by_id("gods-number").text == "12" and "published" in published.one("p", class_="source").text
    rows = published.by_id("histogram").one("tbody").find_all("tr")
    assert [int(row.find_all("td")[-1].text.replace(",", "")) for row in rows][:4] == [1, 330, 51651, 4947912]
    assert int(rows[12].find_all("td")[-1].text.replace(",", "")) == 39248 and len(rows) == 13
    assert "too rare" in published.by_id("no-hardest").text  # 39,248 of 12^14: none drawn, and none made up


def test_the_30_move_metric_offers_random_positions_at_a_distance(client: TestClient) -> None:
    page = shown(client, "/rubiks-clock?metric=30")
    box = page.by_id("distance-wanted")
    assert (box.attrs["min"], box.attrs["max"]) == ("0", "12")
    landed = client.get("/rubiks-clock/random?distance=9&metric=30", headers=BROWSER, follow_redirects=False)
    assert landed.status_code == 303
    asked = parse_qs(urlparse(landed.headers["location"]).query)
    assert asked["metric"] == ["30"]
    assert shown(client, landed.headers["location"]).by_id("distance").text == "9 moves to the goal"
    eighteen = shown(client, "/rubiks-clock").by_id("distance-wanted")  # 18 moves: up to the computed 14
    assert (eighteen.attrs["min"], eighteen.attrs["max"]) == ("0", "14")
