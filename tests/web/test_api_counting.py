"""How many optimal solutions, over HTTP and on the page: the counts
endpoint against Tables.counts, a random solution fixed by its seed, every
solution streamed with the count of them all, the page's "one of N optimal
ways" and its link to another one, each move's ways."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from every import walked
from markup import parse_html
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app

BROWSER = {"accept": "text/html"}


@pytest.fixture(scope="module")
def client(tables_dir: Path):
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as test_client:
        yield test_client


def random_states(tables: lookup.Tables, name: str, count: int) -> list[str]:
    puzzle = puzzles.get(name)
    if puzzle.storage is None:  # no table lists its states (rubiks-clock)
        return walked(puzzle, count, seed=len(name))
    distances, compact = puzzle.storage.sample_space(tables.table(name))
    return [compact(i) for i in range(0, distances.size, max(1, distances.size // count))][:count]


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
def test_the_counts_endpoint_answers_as_tables_counts(client: TestClient, tables: lookup.Tables, name: str) -> None:
    states = random_states(tables, name, 300)
    body = "\n".join([*states, "no such state"]) + "\n"
    answered = client.post(f"/api/{name}/counts", content=body.encode())
    lines = answered.text.splitlines()
    assert answered.status_code == 200 and answered.headers["content-type"].startswith("text/plain")
    assert lines[:-1] == [str(count) for count in tables.counts(name, states).tolist()]
    assert lines[-1].startswith(f"error: line {len(states) + 1}: ")


def test_a_random_solution_is_fixed_by_its_seed_and_is_optimal(client: TestClient, tables: lookup.Tables) -> None:
    state = "867254301"  # eight: 40 optimal ways
    seen = set()
    for seed in range(12):
        first = client.get("/api/eight/random", params={"state": state, "seed": seed}).json()
        assert client.get("/api/eight/random", params={"state": state, "seed": seed}).json() == first
        assert first["seed"] == seed and first["count"] == "40" and first["distance"] == 31
        assert first["moves"] == tables.random_solution("eight", state, seed).moves
        seen.add(tuple(first["moves"]))
    assert len(seen) > 6  # different seeds draw different ways
    for bad in ("-1", "x", "1.5", str(2**64)):
        refused = client.get("/api/eight/random", params={"state": state, "seed": bad})
        assert refused.status_code == 400 and "seed" in refused.json()["error"]


def test_every_solution_is_streamed_numbered_with_the_count(client: TestClient, tables: lookup.Tables) -> None:
    state = "001100010 101110011"  # nine: 1,700 optimal ways
    answered = client.get("/api/nine/solutions", params={"state": state, "limit": 2000})
    lines = [json.loads(line) for line in answered.text.splitlines()]
    assert answered.status_code == 200 and answered.headers["x-count"] == "1700" and len(lines) == 1700
    assert [line["number"] for line in lines] == [str(n) for n in range(1700)]
    assert len({tuple(line["moves"]) for line in lines}) == 1700 and {line["count"] for line in lines} == {"1700"}
    _, expected = tables.solutions("nine", state, 2000)
    assert [line["moves"] for line in lines] == [solution.moves for solution in expected]
    first = client.get("/api/nine/solutions", params={"state": state, "limit": 3}).text.splitlines()
    assert len(first) == 3 and [json.loads(line)["moves"] for line in first] == [line["moves"] for line in lines[:3]]
    for bad in ("0", "1000001", "many"):
        refused = client.get("/api/nine/solutions", params={"state": state, "limit": bad})
        assert refused.status_code == 400 and "limit" in refused.json()["error"]


def test_the_page_says_how_many_optimal_ways_and_shows_another(client: TestClient, tables: lookup.Tables) -> None:
    state = "175426839"  # sansu: 148 optimal ways
    root = parse_html(client.get("/sansu", params={"state": state}, headers=BROWSER).text)
    said = root.one("p", class_="ways")
    assert "One of 148 optimal ways" in said.text and "first in move order" in said.text
    another = root.by_id("another-way").attrs["href"]
    assert another.startswith("/sansu?") and "way=1" in another
    drawn = parse_html(client.get("/sansu", params={"state": state, "way": 1}, headers=BROWSER).text)
    assert "drawn at random (way 1)" in drawn.one("p", class_="ways").text
    labels = [frame.attrs["data-label"] for frame in drawn.find_all("li", class_="frame")[1:]]
    assert labels == [f"{i}-{j}" for i, j in tables.random_solution("sansu", state, 1).moves]
    probe = tables.probe("sansu", state)
    ways = [span.text for span in root.find_all("span", class_="ways")]
    assert ways == [f"{s.count:,} optimal way{'s' * (s.count != 1)} on" for s in probe.successors]
    only = parse_html(client.get("/eight", params={"state": "123069478"}, headers=BROWSER).text)
    assert only.one("p", class_="ways").text.strip() == "The only optimal way."
