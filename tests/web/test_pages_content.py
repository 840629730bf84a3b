"""The explorer pages without a browser (Starlette's TestClient): what each
page says and offers for solved, unsolvable and in-between positions, the
random box, the stats chart, the rules, HTML or JSON errors by what the client
asks for, markup that a strict Content-Security-Policy allows, and a plug-in
puzzle served by the hooks' defaults."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from lights_out import PUZZLE as LIGHTS
from starlette.testclient import TestClient

from ninebase import build_tables, lookup, puzzles
from ninebase.lookup.web import create_app

EXAMPLES = {name: puzzles.get(name).example() for name in tuple(puzzles.BUILT_IN)}
BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
SOLVED = {
    "sansu": "123456789",
    "clocks": "12 12 12 12 12 12 12 12 12",
    "eight": "123406789",
    "nine": "000000000 111111111",
}
UNSOLVABLE = {"eight": "527943610", "nine": "111111111 111111111"}


class Page(HTMLParser):
    """The parts of a page the tests read: elements by id, every start tag
    with its attributes, and the text of elements by id."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: dict[str, str] = {}
        self._open: list[tuple[str, str | None]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag not in ("input", "br", "img", "meta", "link", "rect", "line", "circle"):
            self._open.append((tag, attributes.get("id")))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            opened, _ = self._open.pop()
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, element in self._open:
            if element:
                self.texts[element] = self.texts.get(element, "") + data

    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.tags if a.get("id")}

    def having(self, attribute: str) -> list[dict[str, str | None]]:
        return [a for _, a in self.tags if attribute in a]

    def text(self, element: str) -> str:
        return " ".join(self.texts.get(element, "").split())


@pytest.fixture(scope="module")
def client(tables_dir: Path) -> TestClient:
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as test_client:
        yield test_client


def page(client: TestClient, url: str, status: int = 200) -> Page:
    response = client.get(url, headers=BROWSER)
    assert response.status_code == status, response.text[:300]
    assert response.headers["content-type"].startswith("text/html")
    return Page(response.text)


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_a_puzzle_page_says_what_the_puzzle_is_and_draws_the_goal(client: TestClient, name: str) -> None:
    puzzle = puzzles.get(name)
    html = client.get(f"/{name}", params={"state": EXAMPLES[name]}, headers=BROWSER).text
    assert puzzle.page.about().split(";")[0] in html
    assert f'href="/{name}/rules"' in html
    goal = re.search(r'<figure class="goal">(.*?)<figcaption>(.*?)</figcaption>', html, re.S)
    assert goal is not None and "<svg" in goal.group(1) and goal.group(2).strip()


def test_the_eight_goal_is_named_on_the_page(client: TestClient) -> None:
    html = client.get("/eight?state=123069478", headers=BROWSER).text
    assert "Goal 123406789" in html and "where 5 belongs" in html


@pytest.mark.parametrize("name", list(SOLVED))
def test_a_solved_board_says_so_and_offers_no_move_to_play(client: TestClient, name: str) -> None:
    shown = page(client, f"/{name}?state={SOLVED[name]}")
    assert "best" not in shown.ids()
    assert shown.text("distance").startswith("0 ") and "solved" in shown.text("distance")
    moves = shown.having("data-move")
    assert moves and all(link["data-distance"] != "null" and "keep" not in link["class"] for link in moves)
    assert "playback" not in shown.ids()


@pytest.mark.parametrize("name", list(UNSOLVABLE))
def test_an_unsolvable_board_gives_its_reason_and_no_best_move(
    client: TestClient, tables: lookup.Tables, name: str
) -> None:
    shown = page(client, f"/{name}?state={UNSOLVABLE[name]}")
    assert "best" not in shown.ids()
    reason = tables.solve(name, UNSOLVABLE[name]).extra["reason"]
    assert shown.text("distance") == f"Unsolvable: {reason}"
    moves = shown.having("data-move")
    assert moves and all(m["data-distance"] == "null" and "unsolvable" in m["class"] for m in moves)


def test_the_best_move_is_offered_between_solved_and_unsolvable(client: TestClient, tables: lookup.Tables) -> None:
    for name in ("sansu", "clocks", "eight", "nine"):
        shown = page(client, f"/{name}?state={EXAMPLES[name]}")
        (best,) = [a for _, a in shown.tags if a.get("id") == "best"]
        first = tables.probe(name, EXAMPLES[name]).successors[0]
        assert parse_qs(urlparse(best["href"]).query)["state"] == [first.state]


def test_a_move_that_keeps_the_distance_is_not_a_losing_move(client: TestClient) -> None:
    shown = page(client, "/sansu?state=175426839")
    same = [m for m in shown.having("data-move") if m["data-distance"] == "5"]
    assert len(same) == 4 and all("same" in m["class"] and "lose" not in m["class"] for m in same)
    html = client.get("/sansu?state=175426839", headers=BROWSER).text
    assert "+0" not in html and "no closer" in html


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_the_random_box_starts_at_a_distance_that_exists_and_shows_the_range(
    client: TestClient, tables: lookup.Tables, name: str
) -> None:
    shown = page(client, f"/{name}")
    stats = tables.stats(name)
    if stats["max_distance"] is None:  # answered without a table, its largest distance not computed: no range
        assert "distance-wanted" not in shown.ids()
        return
    (box,) = [a for _, a in shown.tags if a.get("id") == "distance-wanted"]
    assert int(box["min"]) <= int(box["value"]) <= int(box["max"]) == stats["max_distance"]
    assert stats["histogram"][int(box["value"])] > 0
    assert f"from 0 to {stats['max_distance']}" in shown.text("distance-range")
    assert ("-1" in shown.text("distance-range")) == (stats["solvable"] < stats["states"]) == (box["min"] == "-1")
    landed = client.get(f"/{name}/random", params={"distance": box["value"]}, headers=BROWSER, follow_redirects=False)
    assert landed.status_code == 303


def test_a_distance_that_does_not_exist_keeps_the_question_and_says_why(client: TestClient) -> None:
    shown = page(client, "/sansu/random?distance=10", 400)
    assert "no sansu instance needs exactly 10 swaps" in shown.text("message") and "0 to 5" in shown.text("message")
    (box,) = [a for _, a in shown.tags if a.get("id") == "distance-wanted"]
    assert box["value"] == "10" and box["max"] == "5"
    assert "state" not in shown.ids()  # no position help beside a question about distances


def test_the_stats_chart_has_axes_and_every_count_as_text(client: TestClient, tables: lookup.Tables) -> None:
    for name in tuple(puzzles.BUILT_IN):
        histogram = tables.stats(name)["histogram"]
        html = client.get(f"/{name}/stats", headers=BROWSER).text
        html = html.split('id="histogram"', 1)[1].split("</table>", 1)[0]
        rows = re.findall(r'<tr><th scope="row">(\d+)</th>.*?<td>([\d,]+)</td></tr>', html, re.S)
        assert [(int(d), int(c.replace(",", ""))) for d, c in rows] == list(enumerate(histogram))
        ticks = re.findall(r"<text x=\"(\d+)%\"[^>]*>([\d.]+)([kMBT]?)</text>", html)
        top = float(ticks[-1][1]) * {"": 1, "k": 1e3, "M": 1e6, "B": 1e9, "T": 1e12}[ticks[-1][2]]
        assert [int(at) for at, *_ in ticks] == [0, 25, 50, 75, 100] and top >= max(histogram)
        assert all(len(number + unit) <= 4 for _, number, unit in ticks), ticks  # 10^15: 200T, not 200000000M
        assert "hover" not in html.lower()


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_the_rules_page(client: TestClient, name: str) -> None:
    shown = page(client, f"/{name}/rules")
    html = client.get(f"/{name}/rules").text
    assert "<pre>" in html and "<ul>" in html
    for move in puzzles.get(name).move_names:
        assert move in html
    assert any(a.get("href", "").startswith(f"/{name}?state=") for _, a in shown.tags)


@pytest.mark.parametrize(
    ("url", "accept", "status", "form"),
    [
        ("/nosuch", BROWSER["Accept"], 404, "html"),
        ("/nosuch", "application/json", 404, "json"),
        ("/nosuch", "*/*", 404, "json"),
        ("/nosuch", "", 404, "json"),
        ("/nosuch", "text/html;q=0.5, application/json", 404, "json"),
        ("/a/b/c", "text/html", 404, "html"),
        ("/api/nosuch", "text/html", 404, "json"),
        ("/api/eight?state=12", "text/html", 400, "json"),
        ("/api/eight/view?state=12", "text/html", 400, "json"),
        ("/eight?state=12", "text/html", 400, "html"),
        ("/eight?state=12", "application/json", 400, "json"),
        ("/eight/random?distance=x", "application/json", 400, "json"),
        ("/eight/random?distance=99", "text/html", 400, "html"),
    ],
)
def test_browsers_get_pages_programs_get_json(
    client: TestClient, url: str, accept: str, status: int, form: str
) -> None:
    response = client.get(url, headers={"Accept": accept})
    assert response.status_code == status
    if form == "json":
        assert response.headers["content-type"] == "application/json"
        body = response.json()
        assert list(body) == ["error"] and body["error"] and "\n" not in body["error"]
    else:
        assert response.headers["content-type"].startswith("text/html")
        shown = Page(response.text)
        assert shown.text("message") and "ninebase" in response.text and "{" not in shown.text("message")[:1]
        assert any(a.get("href") == "/" for _, a in shown.tags)


def test_a_wrong_method_from_a_browser_is_a_page_too(client: TestClient) -> None:
    response = client.post("/eight/stats", headers=BROWSER)
    assert response.status_code == 405 and response.headers["content-type"].startswith("text/html")


def pages_to_check() -> list[str]:
    urls = ["/", "/nosuch", "/eight?state=12", "/sansu/random?distance=10"]
    for name in tuple(puzzles.BUILT_IN):
        urls += [f"/{name}", f"/{name}/rules", f"/{name}/stats"]
    urls += [f"/{name}?state={state}" for name, state in {**SOLVED, **UNSOLVABLE}.items()]
    return urls


def test_no_page_needs_inline_script_style_or_handlers(client: TestClient) -> None:
    """What `Content-Security-Policy: default-src 'self'; script-src 'self';
    style-src 'self'; img-src 'self' data:` would refuse."""
    for url in pages_to_check():
        response = client.get(url, headers=BROWSER)
        shown = Page(response.text)
        for tag, attributes in shown.tags:
            assert tag != "script" or attributes.get("src", "").startswith("/static/"), url
            assert tag != "style", url
            assert "style" not in attributes, (url, tag)
            assert not [name for name in attributes if name.startswith("on")], (url, tag)
            for link in ("href", "src"):
                value = attributes.get(link) or ""
                assert not value.startswith(("http:", "https:", "javascript:")), (url, value)
        view = client.get(f"/api/eight/view?state={EXAMPLES['eight']}").text
        assert "style=" not in view and "<script" not in view


@pytest.mark.parametrize("name", ["sansu", "clocks", "eight", "nine"])
def test_each_move_link_names_the_cells_it_changes(client: TestClient, tables: lookup.Tables, name: str) -> None:
    puzzle = puzzles.get(name)
    board = puzzle.board(EXAMPLES[name])
    values = [puzzle.move_value(m) for m in range(len(puzzle.move_names))]
    shown = page(client, f"/{name}?state={EXAMPLES[name]}")
    links = shown.having("data-move")
    successors = tables.probe(name, EXAMPLES[name]).successors
    assert len(links) == len(successors)
    for link, successor in zip(links, successors, strict=True):
        changes = puzzle.page.move_changes(board, values.index(successor.move))
        declared = {str(cell): [change.source, change.turn] for cell, change in changes.items()}
        assert json.loads(link["data-motion"]) == declared and declared


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_the_shortest_way_is_a_frame_per_board(client: TestClient, tables: lookup.Tables, name: str) -> None:
    puzzle = puzzles.get(name)
    solution = tables.solve(name, EXAMPLES[name])
    shown = page(client, f"/{name}?state={EXAMPLES[name]}")
    frames = [a for _, a in shown.tags if "frame" in (a.get("class") or "").split()]
    assert len(frames) == solution.distance + 1 and frames[0]["data-motion"] == "{}"
    assert [f["data-frame"] for f in frames] == [str(k) for k in range(len(frames))]
    assert all(json.loads(f["data-motion"]) for f in frames[1:])
    for control in ("play", "previous", "next", "restart", "speed"):
        assert control in shown.ids()
    if puzzle.instances_are_boards:  # played by their numbers in the reported order, the frames end on a goal
        board = solution.boards[0]
        for index in solution.indices:
            board = puzzle.apply(board, index)
        assert puzzle.is_goal(board)


def test_the_index_introduces_every_puzzle(client: TestClient) -> None:
    html = client.get("/", headers=BROWSER).text
    for name in tuple(puzzles.BUILT_IN):
        assert puzzles.get(name).page.about() in html.replace("&#39;", "'")
        assert f'href="/{name}/rules"' in html


@pytest.fixture(scope="module")
def lights_client(tables_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    directory = tmp_path_factory.mktemp("with-lights")
    for table in tables_dir.glob("*.h5"):
        shutil.copy(table, directory / table.name)
    puzzles.register(LIGHTS)
    try:
        build_tables.build(["lights"], directory)
        with lookup.open_tables(directory) as tables, TestClient(create_app(tables)) as test_client:
            yield test_client
    finally:
        puzzles.unregister("lights")


def test_a_plugin_puzzle_is_served_by_the_defaults(lights_client: TestClient) -> None:
    shown = page(lights_client, "/lights?state=111111111")
    assert "Reach a goal in the fewest presses" in lights_client.get("/lights", headers=BROWSER).text
    assert len(shown.having("data-move")) == 9 and all(m["data-motion"] == "{}" for m in shown.having("data-move"))
    rules = page(lights_client, "/lights/rules")
    assert rules.tags
    assert "101010101" in lights_client.get("/lights/rules").text
    page(lights_client, "/lights/stats")
    assert "best" not in page(lights_client, "/lights?state=000000000").ids()
