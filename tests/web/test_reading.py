"""lookup/web/reading.py: a query parameter whose bytes are not UTF-8 is
refused naming the parameter, before any of it is read as text; a state is
read once, for the probe and the page alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from counted_readings import counted
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app


@pytest.fixture(scope="module")
def client(tables_dir: Path) -> TestClient:
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("method", "path", "name", "byte"),
    [
        ("GET", "/api/eight?state=%ff%fe", "state", 1),
        ("GET", "/api/eight/random?seed=1&state=%ff%fe", "state", 1),
        ("GET", "/api/eight/solutions?state=12306947%ff", "state", 9),
        ("GET", "/api/nine/stats?size=%c3%28", "size", 1),  # a lead byte, then no continuation
        ("POST", "/api/eight/batch?state=%ff", "state", 1),
        ("GET", "/eight?state=1+%ff", "state", 3),  # the page, asked for JSON
    ],
)
def test_a_parameter_that_is_not_utf8_is_named(
    client: TestClient, method: str, path: str, name: str, byte: int
) -> None:
    answer = client.request(method, path, content=b"123069478\n", headers={"Accept": "application/json"})
    assert answer.status_code == 400
    assert answer.json() == {"error": f"the query parameter '{name}' is not UTF-8 text (byte {byte} of its value)"}


def test_a_parameter_name_that_is_not_utf8_is_refused(client: TestClient) -> None:
    answer = client.get("/api/eight?state=123069478&%e9t%e9=1")
    assert answer.status_code == 400
    assert answer.json() == {"error": "a query parameter's name is not UTF-8 text (byte 1)"}


def test_utf8_text_in_a_parameter_is_read_as_before(client: TestClient) -> None:
    answer = client.get("/api/eight?state=%c3%a9")  # é: read, and refused as a state
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("state 'é': expected 9 digits, found 1 character")


@pytest.mark.parametrize("name", tuple(puzzles.BUILT_IN))
@pytest.mark.parametrize("path", ["/api/{name}", "/{name}", "/api/{name}/view"])
def test_a_probe_and_a_page_read_their_state_once(client: TestClient, name: str, path: str) -> None:
    """A state from a URL (`_` for its spaces) is read once, into the
    instance the answer is asked of; each board of the answer is written once
    in compact form, and the page draws the position once (a drawing's own
    title apart). On main the page read its state twice and drew it twice."""
    state = puzzles.get(name).example()
    with counted() as readings:
        answer = client.get(path.format(name=name), params={"state": state.replace(" ", "_")})
    assert answer.status_code == 200
    assert readings.parsed == [state]
    assert readings.twice() == []
    assert state in readings.written and readings.drawn.count(state) <= 1
