"""The probe's endpoint and its kept answers: a small answer cache, through
evictions and hits, gives the answers computed afresh; every probe, kept or
plain, comes through the middleware and the router (one front door), and a
state that cannot be read is read once."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from counted_readings import counted
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app
from ninebase.lookup.web.asgi import ASGIApp, Receive, Scope, Send
from ninebase.lookup.web.guard import SECURITY_HEADERS
from ninebase.lookup.web.settings import Settings


def random_states(tables: lookup.Tables, puzzle: str, count: int, seed: int) -> list[str]:
    distances, compact = puzzles.get(puzzle).storage.sample_space(tables.table(puzzle))
    rng = random.Random(seed)
    return [compact(rng.randrange(distances.size)) for _ in range(count)]


def test_the_answer_cache_gives_the_computed_answers(tables_dir: Path, tables: lookup.Tables) -> None:
    states = random_states(tables, "sansu", 30, 9)
    with lookup.open_tables(tables_dir) as fresh, TestClient(create_app(fresh, Settings(cache=8))) as small:
        for state in states + states[::-1]:  # evictions and hits both
            assert small.get("/api/sansu", params={"state": state}).json() == tables.probe("sansu", state).to_dict()


def test_every_probe_comes_through_the_middleware_and_the_router(tables_dir: Path) -> None:
    """Kept and plain probes are answered by the probe's route, behind every middleware, as any other request."""
    routed: list[Any] = []

    class Watch:
        def __init__(self, app: ASGIApp) -> None:
            self.app = app

        async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
            await self.app(scope, receive, send)
            if scope["type"] == "http":
                routed.append(getattr(scope.get("route"), "path", None))

    with lookup.open_tables(tables_dir) as fresh:
        app = create_app(fresh, Settings())
        app.add_middleware(Watch)
        with TestClient(app) as client:
            plain, kept = (client.get("/api/eight", params={"state": "867254301"}) for _ in range(2))
    assert plain.status_code == kept.status_code == 200 and plain.content == kept.content
    assert routed == ["/api/{puzzle}", "/api/{puzzle}"]


def test_a_probe_that_cannot_be_read_is_read_once_and_answered_as_the_endpoint_answers(tables_dir: Path) -> None:
    with lookup.open_tables(tables_dir) as fresh, TestClient(create_app(fresh, Settings())) as client:
        with counted() as readings:  # the state is read into an instance before Tables is asked
            plain = client.get("/api/eight?state=1234567890")
        assert readings.parsed == ["1234567890"]
        escaped = client.get("/api/eight?state=123456789%30")  # not plain: the endpoint function reads it
    assert plain.status_code == escaped.status_code == 400
    assert plain.content == escaped.content and dict(plain.headers) == dict(escaped.headers)


def test_every_probe_answer_carries_each_security_header_once(tables_dir: Path) -> None:
    """Kept answers carry the guard's headers joined in when kept, and the
    guard adds none to them; every other answer gets them from the guard."""
    with lookup.open_tables(tables_dir) as fresh, TestClient(create_app(fresh, Settings(cache=8))) as client:
        plain, kept = (client.get("/api/eight", params={"state": "867254301"}) for _ in range(2))
        uncached = TestClient(create_app(fresh, Settings(cache=0))).get("/api/eight", params={"state": "867254301"})
        answers = {
            "plain": plain,
            "kept": kept,
            "not kept": uncached,
            "conditional": client.get("/api/eight?state=867254301", headers={"If-None-Match": '"x"'}),
            "not modified": client.get("/api/eight?state=867254301", headers={"If-None-Match": kept.headers["etag"]}),
            "unreadable": client.get("/api/eight?state=1234567890"),
        }
    for name, answer in answers.items():
        for header, _ in SECURITY_HEADERS:
            assert len(answer.headers.get_list(header.decode())) == 1, (name, header)
    assert [answer.status_code for answer in answers.values()] == [200, 200, 200, 200, 304, 400]
    assert plain.headers == kept.headers == uncached.headers
