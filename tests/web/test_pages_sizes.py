"""The explorer at every size of nine, and under other rules, without a
browser: what a page says of an exact answer (2x2) and of a construction
(9x9, 64x64), every link carrying the rules and leading to the board the
simulator (nine_rules.py) works out, the way played from the page's own data
replayed to the goal, counting shown only where there is any, the rules form,
random positions of the chosen size, and markup a strict
Content-Security-Policy allows."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs, urlparse

import pytest
from markup import Element, parse_html
from nine_rules import (
    documented_bound,
    matrices,
    meets_the_class_rule,
    operate,
    random_solvable,
    replay,
    solved,
    written,
)
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
NINE = puzzles.get("nine")


@pytest.fixture(scope="module")
def client(tables: lookup.Tables) -> TestClient:
    with TestClient(create_app(tables)) as test_client:
        yield test_client


def shown(client: TestClient, url: str, status: int = 200) -> Element:
    answer = client.get(url, headers=BROWSER)
    assert answer.status_code == status, answer.text[:300]
    return parse_html(answer.text)


def query(href: str) -> dict[str, list[str]]:
    return parse_qs(urlparse(href).query)


def check_links(root: Element, state: str, size: str) -> None:
    """Every move link carries the size and leads to the board the move makes, as the rules say."""
    a, b = matrices(state)
    links = root.find_all("a", data_move=True)
    assert len(links) == 4 + int(size)
    for link in links:
        asked = query(link.attrs["href"])
        assert asked["size"] == [size] and asked["state"] == [written(*operate(a, b, link.attrs["data-move"]))]
    share = root.one("a", class_="share")
    assert query(share.attrs["href"]) == {"state": [state], "size": [size]}


def test_a_construction_says_so_and_plays_from_its_moves(client: TestClient, tables: lookup.Tables) -> None:
    state = written(*random_solvable(9, random.Random(9)))
    root = shown(client, f"/nine?size=9&state={state.replace(' ', '_')}")
    solution = tables.solve(NINE.variant({"size": 9}), state)
    status = root.by_id("distance").text
    assert status.startswith(f"{solution.distance} operations to the goal by a construction, not proven the fewest")
    assert f"never more than {documented_bound(9)}" in status
    assert root.by_id("position").attrs["data-rules"] == "size=9"
    check_links(root, state, "9")
    playback = root.by_id("playback")
    moves = json.loads(playback.attrs["data-replay"])
    assert solved(*replay(*matrices(state), moves)) and len(moves) == solution.distance
    assert playback.one("details", class_="sequence").text.endswith(" ".join(moves))
    assert not playback.has(class_="frame") and playback.by_id("seek").attrs["max"] == str(len(moves))
    assert "not proven the fewest" in playback.text and "optimal way" not in root.text
    assert not [link for link in root.find_all("a") if "/stats" in link.attrs.get("href", "")]  # no table, no stats
    form = root.by_id("rules-form")
    size = form.one("input", name="size")
    assert (size.attrs["value"], size.attrs["min"], size.attrs["max"]) == ("9", "2", "64")
    state_form = root.by_id("state-form")
    assert state_form.one("textarea", id="state").text == state
    assert state_form.one("input", type="hidden", name="size").attrs["value"] == "9"
    random_form = [form for form in root.find_all("form") if form.attrs.get("action") == "/nine/random"]
    assert len(random_form) == 1 and not random_form[0].has("input", name="distance")


def test_an_exact_size_shows_its_frames_and_counts(client: TestClient, tables: lookup.Tables) -> None:
    state = "1000 1101"
    root = shown(client, f"/nine?size=2&state={state.replace(' ', '+')}")
    solution = tables.solve(NINE.variant({"size": 2}), state)
    assert root.by_id("distance").text == f"{solution.distance} operations to the goal"
    check_links(root, state, "2")
    frames = root.find_all("li", class_="frame")
    assert len(frames) == solution.distance + 1 and "data-replay" not in root.by_id("playback").attrs
    labels = [frame.attrs["data-label"] for frame in frames[1:]]
    assert solved(*replay(*matrices(state), labels))
    assert f"One of {solution.count} optimal ways" in root.by_id("playback").text
    assert query(root.by_id("another-way").attrs["href"])["size"] == ["2"]
    stats = [link for link in root.find_all("a") if "/stats" in link.attrs.get("href", "")]
    assert [link.attrs["href"] for link in stats] == ["/nine/stats?size=2"]
    random_form = next(form for form in root.find_all("form") if form.attrs.get("action") == "/nine/random")
    assert random_form.has("input", name="distance") and random_form.one("input", name="size").attrs["value"] == "2"


def test_size_3_is_the_contest_board_itself(client: TestClient) -> None:
    plain, sized = (client.get(url, headers=BROWSER).text for url in ("/nine", "/nine?size=3"))
    assert plain == sized and 'data-rules=""' in plain


@pytest.mark.parametrize("n", [5, 9, 30, 64])
def test_a_random_position_has_the_chosen_size(client: TestClient, n: int) -> None:
    answer = client.get(f"/nine/random?size={n}", headers=BROWSER, follow_redirects=False)
    assert answer.status_code == 303
    asked = query(answer.headers["location"])
    assert asked["size"] == [str(n)] and meets_the_class_rule(*matrices(asked["state"][0]))
    assert len(matrices(asked["state"][0])[0]) == n


def test_a_random_position_at_a_distance_where_there_is_a_table(client: TestClient, tables: lookup.Tables) -> None:
    answer = client.get("/nine/random?size=2&distance=5", headers=BROWSER, follow_redirects=False)
    state = query(answer.headers["location"])["state"][0]
    assert tables.distance(NINE.variant({"size": 2}), state) == 5
    refused = client.get("/nine/random?size=9&distance=5", headers=BROWSER)
    assert refused.status_code == 400 and "without a table" in refused.text


def test_the_rules_and_the_list_of_puzzles_speak_of_sizes(client: TestClient) -> None:
    rules = shown(client, "/nine/rules?size=9")
    assert "This page shows the 9x9 version" in rules.text and f"than {documented_bound(9)} operations" in rules.text
    assert rules.by_id("rules-form").one("input", name="size").attrs["value"] == "9"
    index = shown(client, "/")
    assert "Every size from 2x2 to 64x64" in index.text and "Other rules: size (2 to 64)" in index.text
    assert "hours (4 or 12), backward (true or false)" in index.text


def test_a_bad_size_is_a_page_that_says_why_and_offers_the_rules(client: TestClient) -> None:
    root = shown(client, "/nine?size=99", 400)
    assert root.by_id("message").text == "size is '99': give a whole number from 2 to 64"
    assert root.by_id("rules-form").one("input", name="size").attrs["value"] == "3"
    wrong = shown(client, "/nine?size=9&state=100000000+111111011", 400)
    assert "9 characters make a matrix of size 3, not of size 9" in wrong.by_id("message").text
    assert wrong.one("input", type="hidden", name="size").attrs["value"] == "9"


def test_other_rules_of_clocks_on_the_page(client: TestClient) -> None:
    root = shown(client, "/clocks?hours=12&backward=true&state=11+1+12+6+6+6+6+3+6")
    assert root.by_id("position").attrs["data-rules"] == "backward=true&hours=12"
    form = root.by_id("rules-form")
    assert form.one("option", selected=True).text == "12" and "checked" in form.one("input", name="backward").attrs
    for link in root.find_all("a", data_move=True):
        assert query(link.attrs["href"])["hours"] == ["12"] and query(link.attrs["href"])["backward"] == ["true"]


@pytest.mark.slow
def test_a_64x64_page_is_sent_gzipped_and_holds_no_inline_script_or_style(client: TestClient) -> None:
    state = written(*random_solvable(64, random.Random(5)))
    url = f"/nine?size=64&state={state.replace(' ', '_')}"
    squeezed = client.get(url, headers={**BROWSER, "Accept-Encoding": "gzip"})
    raw = client.get(url, headers={**BROWSER, "Accept-Encoding": "identity"})
    assert squeezed.headers["content-encoding"] == "gzip" and "content-encoding" not in raw.headers
    assert int(squeezed.headers["content-length"]) < len(raw.content) // 5 and squeezed.text == raw.text
    root = parse_html(raw.text)
    for element in root.iter():
        assert element.tag != "script" or element.attrs.get("src", "").startswith("/static/")
        assert element.tag != "style" and "style" not in element.attrs
        assert not [name for name in element.attrs if name.startswith("on")]
    cells = [element for element in root.by_id("position").iter() if "data-cell" in element.attrs]
    board = root.one(class_="board-frame")
    assert len(board.find_all("rect", data_cell=True)) == 2 * 64 * 64 and len(cells) == 2 * 64 * 64
    moves = json.loads(root.by_id("playback").attrs["data-replay"])
    assert solved(*replay(*matrices(state), moves))
