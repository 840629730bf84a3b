"""The explorer pages without a browser: every page route (the index, a
position, the view fragment the script fetches, stats, a random position,
the errors) through Starlette's TestClient, for every registered puzzle and
the example plug-in, each figure shown checked against the tables. The
service opens every known puzzle's table, so it serves a directory holding
all of them, the plug-in's included."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import numpy as np
import pytest
from every import EVERY_PUZZLE, PLUGIN, registered
from markup import Element, parse_html
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app
from ninebase.puzzles import InputError, Puzzle

every_puzzle = pytest.mark.parametrize("name", EVERY_PUZZLE)
MALFORMED = ("x", "1 2 3")
"""States no puzzle reads."""


@pytest.fixture(scope="module", autouse=True)
def plugin() -> Iterator[None]:
    with registered(PLUGIN):
        yield


@pytest.fixture(scope="module")
def client(every_table_dir: Path) -> Iterator[TestClient]:
    with lookup.open_tables(every_table_dir) as served, TestClient(create_app(served)) as test_client:
        yield test_client


def html(client: TestClient, url: str, params: dict | None = None, status: int = 200) -> Element:
    """A page as a browser asks for it, checked for its status and type and that its tags nest, as a tree."""
    response = client.get(url, params=params, headers={"Accept": "text/html"})
    assert response.status_code == status, (url, params, response.text[:300])
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    return parse_html(response.text)


def json_error(client: TestClient, url: str, params: dict | None, status: int) -> str:
    response = client.get(url, params=params)
    assert response.status_code == status and response.headers["content-type"] == "application/json"
    (message,) = response.json().values()
    return message


def state_of(href: str, path: str) -> str:
    """The state a link leads to, checking that it leads to `path` (relative links: any path)."""
    parts = urlsplit(href)
    assert parts.path in (path, ""), href
    return parse_qs(parts.query)["state"][0]


@cache
def sample_space(tables: lookup.Tables, name: str) -> tuple[np.ndarray, Callable[[int], str]]:
    """Instances by index with their distances: a table's, or, for a puzzle answered without one
    (rubiks-clock), a few drawn at the example's distance and the goal its solution ends on."""
    puzzle = puzzles.get(name)
    if puzzle.storage is not None:
        return puzzle.storage.sample_space(tables.table(name))
    example = tables.solve(name, puzzle.example())
    drawn, _ = tables.sample(name, example.distance, 8, 0)
    states = [*drawn, puzzle.compact(example.boards[-1])]
    return np.array([example.distance] * len(drawn) + [0]), states.__getitem__


def some_states(tables: lookup.Tables, name: str, count: int = 4, seed: int = 0) -> list[str]:
    """The example, random instances, an unsolvable one where there are any, and a solved one."""
    distances, compact = sample_space(tables, name)
    rng = np.random.default_rng(seed)
    chosen = rng.integers(distances.size, size=count).tolist()
    for wanted in (distances < 0, distances == 0):
        if wanted.any():
            chosen.append(int(rng.choice(np.flatnonzero(wanted))))
    return [puzzles.get(name).example(), *(compact(index) for index in chosen)]


def distance_text(puzzle: Puzzle, distance: int) -> str:
    words = f"{distance} {puzzle.unit[0] if distance == 1 else puzzle.unit[1]}"
    return words + (" — solved: this is a goal" if distance == 0 else " to the goal")


def move_links(root: Element) -> list[Element]:
    return root.find_all("a", data_move=True, data_distance=True)


def check_position(puzzle: Puzzle, tables: lookup.Tables, root: Element, state: str) -> None:
    """What the page (or its fragment) `root` shows of `state`, against the tables."""
    probe = tables.probe(puzzle.name, state)
    grid = root.one(class_="position-grid")
    assert grid.attrs["data-state"] == probe.solution.state
    shown = root.by_id("distance").text
    if probe.solvable:
        assert shown == distance_text(puzzle, probe.distance)
    else:
        assert shown == f"Unsolvable: {probe.solution.extra['reason']}"
    drawing = root.one(class_="board-frame").one("svg")
    assert drawing.attrs["aria-label"] and drawing.attrs["role"] == ("group" if drawing.has("a") else "img")
    links = move_links(root)
    if puzzle.instances_are_boards:
        successors = probe.successors
        assert len(links) == len(puzzle.successors(puzzle.board(state)))
        assert [(a.attrs["data-move"], a.attrs["data-distance"]) for a in links] == [
            (
                s.move if isinstance(s.move, str) else json.dumps(s.move),
                "null" if s.distance is None else str(s.distance),
            )
            for s in successors
        ]
        after = [state_of(a.attrs["href"], f"/{puzzle.name}") for a in links]
        assert after == [s.state for s in successors]
        stored = tables.distances(puzzle.name, after).tolist() if after else []
        assert [None if d == -1 else d for d in stored] == [s.distance for s in successors]
        assert [a.one(class_="label").text for a in links] == [puzzle.move_label(s.move) for s in successors]
        if probe.solvable and probe.distance:
            best = root.by_id("best")
            assert state_of(best.attrs["href"], f"/{puzzle.name}") == successors[0].state
            assert tables.distance(puzzle.name, successors[0].state) == probe.distance - 1
    else:
        assert links == [] and not root.has(id="best")
    steps = root.find_all("li", class_="step")
    assert len(steps) == (probe.distance or 0)
    if steps:
        assert root.by_id("playback").has("li", class_="step")
        assert [s.one(class_="caption").text for s in steps] == [
            f"{n}. {puzzle.move_label(puzzle.move_value(m))}" for n, m in enumerate(probe.solution.indices or [], 1)
        ]  # by the moves' numbers: rubiks-clock's moves also write y2 between the faces


# The index -------------------------------------------------------------------------
def test_the_index_lists_every_puzzle_with_its_example_and_stats(client: TestClient) -> None:
    root = html(client, "/")
    names = puzzles.names()
    assert PLUGIN.name in names
    listed = root.one("ul", class_="puzzles").find_all("li")
    assert len(listed) == len(names)
    for name, item in zip(names, listed, strict=True):
        first, *others = item.find_all("a")
        assert urlsplit(first.attrs["href"]).path == f"/{name}" and first.text == name
        assert state_of(first.attrs["href"], f"/{name}") == puzzles.get(name).example()
        assert {a.attrs["href"] for a in others} >= {f"/{name}/stats", f"/{name}/rules"}
    assert [a.attrs["href"] for a in root.one("nav").find_all("a")] == [f"/{name}" for name in names]


# A position --------------------------------------------------------------------------
@every_puzzle
def test_a_position_shows_its_distance_and_every_move(
    client: TestClient, every_tables: lookup.Tables, name: str
) -> None:
    puzzle = puzzles.get(name)
    for state in some_states(every_tables, name):
        root = html(client, f"/{name}", {"state": state})
        check_position(puzzle, every_tables, root, state)
        assert root.by_id("state").attrs["value"] == state
        assert root.one("section", id="position").attrs["data-puzzle"] == name


@every_puzzle
def test_a_state_may_be_spelled_with_underscores_and_defaults_to_the_example(client: TestClient, name: str) -> None:
    puzzle = puzzles.get(name)
    example = puzzle.example()
    plain = html(client, f"/{name}").one(class_="position-grid").attrs["data-state"]
    spelled = html(client, f"/{name}", {"state": example.replace(" ", "_")}).one(class_="position-grid")
    assert plain == spelled.attrs["data-state"] == example


@pytest.mark.parametrize("written", ["8672543_1", "8_6_7_2_5_4_3_0_1", "8 6 7 2 5 4 3 _ 1"])
def test_an_eight_board_may_be_spaced_or_show_its_blank_as_underscore(client: TestClient, written: str) -> None:
    """The page and the view it fetches show the board in compact form, whichever way it was written."""
    page = html(client, "/eight", {"state": written}).one(class_="position-grid")
    view = client.get("/api/eight/view", params={"state": written})
    assert page.attrs["data-state"] == "867254301" and view.status_code == 200
    assert 'data-state="867254301"' in view.text


@pytest.mark.parametrize("name", [n for n in EVERY_PUZZLE if n != "cube"])
def test_a_solved_position_offers_no_best_move(client: TestClient, every_tables: lookup.Tables, name: str) -> None:
    distances, compact = sample_space(every_tables, name)
    solved = compact(int(np.flatnonzero(distances == 0)[0]))
    root = html(client, f"/{name}", {"state": solved})
    assert "solved" in root.by_id("distance").text and move_links(root)
    assert not root.has(id="best")


# The view fragment ----------------------------------------------------------------------
@every_puzzle
def test_the_view_fragment_is_the_position_part_of_the_page(
    client: TestClient, every_tables: lookup.Tables, name: str
) -> None:
    puzzle = puzzles.get(name)
    for state in some_states(every_tables, name, count=2, seed=1):
        response = client.get(f"/api/{name}/view", params={"state": state})
        assert response.status_code == 200 and response.headers["content-type"] == "text/html; charset=utf-8"
        fragment = parse_html(response.text)
        assert not fragment.has("html") and not fragment.has("body") and not fragment.has("form")
        check_position(puzzle, every_tables, fragment, state)
        page = html(client, f"/{name}", {"state": state}).one("section", id="position")
        assert [a.attrs for a in fragment.find_all("a")] == [a.attrs for a in page.find_all("a")]


@every_puzzle
def test_the_view_of_a_malformed_state_is_a_json_400(client: TestClient, name: str) -> None:
    puzzle = puzzles.get(name)
    for state in MALFORMED:
        with pytest.raises(InputError) as raised:
            puzzle.board(state)
        message = json_error(client, f"/api/{name}/view", {"state": state}, 400)
        assert message == f"state {state!r}: {raised.value}; expected {puzzle.compact_help}"
    missing = json_error(client, f"/api/{name}/view", {"state": ""}, 400)  # as /api/{puzzle} says it
    assert missing == f"give the state as ?state=..., {puzzle.compact_help}"


# Errors ------------------------------------------------------------------------------
@every_puzzle
def test_a_malformed_state_is_a_400_page_that_says_why(client: TestClient, name: str) -> None:
    puzzle = puzzles.get(name)
    for state in (*MALFORMED, puzzle.example()[:-1]):
        with pytest.raises(InputError) as raised:
            puzzle.board(state)
        root = html(client, f"/{name}", {"state": state}, status=400)
        assert root.by_id("message").text == " ".join(str(raised.value).split())
        assert root.by_id("state").attrs["value"] == state
        assert " ".join(puzzle.compact_help.split()) in root.one("main").text
        assert not root.has(class_="position-grid")


@pytest.mark.parametrize(
    "url", ["/chess", "/chess?state=1", "/chess/stats", "/chess/random?distance=1", "/api/chess/view?state=1"]
)
def test_an_unknown_puzzle_is_a_404(client: TestClient, url: str) -> None:
    message = json_error(client, url, None, 404)
    assert message.startswith("no puzzle 'chess'; the puzzles are ") and message.endswith(", ".join(puzzles.names()))


# Stats and random positions ----------------------------------------------------------
@every_puzzle
def test_stats_show_gods_number_the_histogram_and_the_hardest(
    client: TestClient, every_tables: lookup.Tables, name: str
) -> None:
    stats = every_tables.stats(name)
    root = html(client, f"/{name}/stats")
    assert root.by_id("gods-number").text == str(stats["max_distance"])
    rows = root.by_id("histogram").one("tbody").find_all("tr")
    assert [(row.one("th").text, row.find_all("td")[-1].text) for row in rows] == [
        (str(d), f"{count:,}") for d, count in enumerate(stats["histogram"])
    ]
    assert [len(row.find_all("rect", class_="bar")) for row in rows] == [1] * len(stats["histogram"])
    if puzzles.get(name).storage is None:  # the whole known, not tabled (rubiks-clock): the farthest too rare to draw
        assert not root.has("a", class_="hardest") and "too rare" in root.by_id("no-hardest").text
        return
    unique = root.by_id("unique").one("tbody").find_all("tr")  # at each distance, the unique optimal ways
    pairs = enumerate(zip(stats["unique"], stats["histogram"], strict=True))
    assert [(row.one("th").text, row.find_all("td")[-1].text) for row in unique] == [
        (str(d), f"{ways:,} of {count:,}") for d, (ways, count) in pairs
    ]
    buckets = [row.find_all("td")[-1].text for row in root.by_id("counts").one("tbody").find_all("tr")]
    assert buckets == [f"{bucket['instances']:,}" for bucket in stats["counts"]]
    assert sum(bucket["instances"] for bucket in stats["counts"]) == stats["solvable"]
    hardest = [state_of(a.attrs["href"], f"/{name}") for a in root.find_all("a", class_="hardest")]
    assert len(hardest) == min(6, stats["histogram"][-1]) == len(set(hardest))
    assert every_tables.distances(name, hardest).tolist() == [stats["max_distance"]] * len(hardest)


@every_puzzle
def test_a_random_position_at_a_distance(client: TestClient, every_tables: lookup.Tables, name: str) -> None:
    stats = every_tables.stats(name)
    largest = stats["max_distance"]
    if puzzles.get(name).storage is None:  # drawn by rejection (rubiks-clock): a common distance, not the rare ends
        wanted = {every_tables.distance(name, puzzles.get(name).example())}
        refused = ["x", "-1", "0", str(largest), str(largest + 1)]
    else:
        wanted = {0, largest // 2, largest} | ({-1} if stats["solvable"] < stats["states"] else set())
        refused = ["x", str(largest + 1)] + ([] if -1 in wanted else ["-1"])
    for distance in sorted(wanted):
        response = client.get(f"/{name}/random", params={"distance": distance}, follow_redirects=False)
        assert response.status_code == 303, response.text[:300]
        state = state_of(response.headers["location"], f"/{name}")
        assert every_tables.distance(name, state) == (None if distance == -1 else distance)
        followed = html(client, response.headers["location"])
        assert followed.one(class_="position-grid").attrs["data-state"] == state
    for distance in refused:
        root = html(client, f"/{name}/random", {"distance": distance}, status=400)
        assert distance in root.by_id("message").text


@every_puzzle
def test_a_random_position_with_no_distance_is_any_solvable_one_and_offered(
    client: TestClient, every_tables: lookup.Tables, name: str
) -> None:
    """A blank distance, as the box sends when emptied, or none, as the button
    sends: a position drawn uniformly from the solvable ones, for every puzzle."""
    landed = set()
    for params in ({}, {"distance": ""}, {"distance": " "}) * 2:
        response = client.get(f"/{name}/random", params=params, follow_redirects=False)
        assert response.status_code == 303, response.text[:300]
        landed.add(state_of(response.headers["location"], f"/{name}"))
    assert len(landed) > 1 and (every_tables.distances(name, sorted(landed)) >= 0).all()
    page = html(client, f"/{name}")
    forms = [form for form in page.find_all("form") if form.attrs.get("action") == f"/{name}/random"]
    assert [form.has("input", name="distance") for form in forms][-1:] == [False]  # the button, after any box
    assert "drawn uniformly from all that can be solved" in forms[-1].text


@pytest.mark.parametrize(
    ("name", "rules"),
    [("nine", {"size": "9"}), ("clocks", {"hours": "12", "backward": "true"}), ("rubiks-clock", {"metric": "30"})],
)
def test_a_random_position_with_no_distance_under_other_rules(client: TestClient, name: str, rules: dict) -> None:
    response = client.get(f"/{name}/random", params=rules, follow_redirects=False)
    assert response.status_code == 303
    location = response.headers["location"]
    chosen = {key: values for key, values in parse_qs(urlsplit(location).query).items() if key != "state"}
    assert chosen == {key: [value] for key, value in rules.items()}
    page = html(client, location)
    assert page.one(class_="position-grid").attrs["data-state"] == state_of(location, f"/{name}")


# The cube's pattern editor -------------------------------------------------------------
NEXT_COLOUR = {"W": "B", "B": "R", "R": "W"}


def test_the_cube_page_has_the_pattern_editor(client: TestClient, every_tables: lookup.Tables) -> None:
    for state in some_states(every_tables, "cube", count=3, seed=2):
        x, y, pattern = state.split()
        root = html(client, "/cube", {"state": state})
        editor = root.by_id("pattern")
        squares = [child for child in editor.children if isinstance(child, Element)]
        assert [s.attrs["data-square"] for s in squares] == [str(n) for n in range(1, 10)]
        assert "".join(s.attrs["data-letter"] for s in squares) == pattern
        for number, square in enumerate(squares, 1):
            letter = pattern[number - 1]
            if letter == "E":
                assert square.tag == "span" and "href" not in square.attrs
                continue
            recoloured = f"{x} {y} {pattern[: number - 1]}{NEXT_COLOUR[letter]}{pattern[number:]}"
            assert square.tag == "a" and state_of(square.attrs["href"], "") == recoloured
            after = every_tables.distance("cube", recoloured)
            assert square.one("small").text == ("—" if after is None else str(after))
            cells = list(pattern)
            cells[pattern.index("E")], cells[number - 1] = letter, "E"
            assert square.attrs["data-state-empty"] == f"{x} {y} {''.join(cells)}"
        starts = root.find_all("a", class_="start")
        assert [state_of(a.attrs["href"], "") for a in starts] == [
            f"{column} {row} {pattern}" for row in (1, 2, 3) for column in (1, 2, 3)
        ]
        assert [a.attrs.get("aria-current") for a in starts].count("true") == 1
        assert root.one("a", class_="start", aria_current="true").text == f"{x},{y}"
        caption = root.one(class_="board-frame").one("figcaption").text
        assert caption.startswith(f"The start, the empty square at ({x}, {y})")


# The example plug-in ---------------------------------------------------------------------
def press(lights: str, cell: int) -> str:
    """Lights Out, written here: toggle cell 1..9 and its orthogonal neighbours."""
    row, column = divmod(cell - 1, 3)
    toggled = [int(c) for c in lights]
    for r, c in ((row, column), (row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if 0 <= r < 3 and 0 <= c < 3:
            toggled[r * 3 + c] ^= 1
    return "".join(map(str, toggled))


def test_the_plug_in_has_its_pages(client: TestClient, every_tables: lookup.Tables) -> None:
    root = html(client, "/lights", {"state": "111111111"})
    moves = {a.attrs["data-move"]: state_of(a.attrs["href"], "/lights") for a in move_links(root)}
    assert moves == {str(cell): press("111111111", cell) for cell in range(1, 10)}
    assert root.by_id("distance").text.endswith("presses to the goal") and root.has(id="best")
    assert len(root.one(class_="board-frame").find_all("rect")) == 9
    assert html(client, "/lights/stats").by_id("gods-number").text == str(every_tables.stats("lights")["max_distance"])
    assert html(client, "/").one("nav").has("a", href="/lights")


def test_the_static_files_are_served(client: TestClient) -> None:
    script = client.get("/static/explorer.js")
    style = client.get("/static/style.css")
    assert script.status_code == style.status_code == 200
    assert "javascript" in script.headers["content-type"] and style.headers["content-type"].startswith("text/css")


def test_the_index_heading_counts_the_puzzles_it_lists(client: TestClient) -> None:
    response = client.get("/", headers={"Accept": "text/html"})
    heading = re.search(r"<h1>(.*?)</h1>", response.text, re.S)
    assert heading is not None and heading.group(1).startswith(f"{len(puzzles.names())} puzzles")
