"""The service under hostile or careless input: security headers everywhere,
no reflected Host header, no echoed long input, no filesystem path, batch
lines split at LF and CRLF only, and table paths that are not regular files
refused at once."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app
from ninebase.lookup.web.guard import CONTENT_SECURITY_POLICY, Guard
from ninebase.lookup.web.settings import DEFAULT_SETTINGS, Settings

NINEBASE = str(Path(sys.executable).parent / "ninebase")
LONG = "x" * 5_000


@pytest.fixture(scope="module")
def client(tables_dir: Path):
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as test_client:
        yield test_client


@pytest.mark.parametrize(
    "path",
    ["/", "/eight", "/eight/stats", "/api/eight?state=123069478", "/api/eight/stats", "/openapi.json", "/health",
     "/static/style.css", "/static/explorer.js", "/nosuch/path/at/all", "/api/nosuch?state=1", "/eight/"],
)  # fmt: skip
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path, follow_redirects=False)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["referrer-policy"] == "no-referrer"


def test_a_trailing_slash_redirects_without_the_host_header(client: TestClient) -> None:
    for path, expected in [("/eight/", "/eight"), ("/eight/?state=1", "/eight?state=1")]:
        response = client.get(path, headers={"Host": "evil.com"}, follow_redirects=False)
        assert response.status_code == 308 and response.headers["location"] == expected


def test_a_redirect_never_leads_to_another_host() -> None:
    sent: list[dict] = []

    async def app(scope, receive, send) -> None:  # never reached: the guard answers
        raise AssertionError(scope)

    async def send(message) -> None:
        sent.append(message)

    scope = {"type": "http", "path": "//evil.com/", "query_string": b"", "headers": [(b"host", b"evil.com")]}
    asyncio.run(Guard(app, DEFAULT_SETTINGS)(scope, None, send))
    headers = dict(sent[0]["headers"])
    assert sent[0]["status"] == 308 and headers[b"location"] == b"/evil.com"


@pytest.mark.parametrize(
    "path",
    [f"/api/eight?state={LONG}", f"/api/eight/view?state={LONG}", f"/eight?state={LONG}", f"/{LONG}",
     f"/api/{LONG[:200]}?state=1", f"/eight/random?distance={LONG}", f"/api/eight?state=9{LONG[:70]}"],
)  # fmt: skip
def test_no_answer_echoes_a_long_input(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert 400 <= response.status_code < 500
    assert "x" * (DEFAULT_SETTINGS.max_quoted_characters + 1) not in response.text
    assert len(response.text) < 4000


def test_a_damaged_table_is_reported_without_its_path(tables_dir: Path, tmp_path: Path) -> None:
    for table in tables_dir.glob("*.h5"):
        (tmp_path / table.name).write_bytes(table.read_bytes())
    with lookup.open_tables(tmp_path) as tables, TestClient(create_app(tables)) as test_client:
        (tmp_path / "eight.h5").write_bytes(b"not a table")
        tables.close()
        for response in (test_client.get("/health"), test_client.get("/api/eight?state=123069478")):
            assert response.status_code == 503
            assert str(tmp_path) not in response.text and "Error" not in response.json()["error"]


@pytest.mark.parametrize("separator", ["\f", "\x1c", "\x85", "\u2028", "\v"])
def test_batch_lines_split_at_newlines_only(client: TestClient, separator: str) -> None:
    body = f"175426839{separator}123456789\n175426839\r\n".encode()
    answers = [json.loads(line) for line in client.post("/api/sansu/batch", content=body).text.split("\n")[:-1]]
    assert len(answers) == 2 and "error" in answers[0] and answers[1]["distance"] == 5


def test_many_form_feeds_are_one_line(client: TestClient) -> None:
    response = client.post("/api/sansu/batch", content=b"\f" * 100_001)
    assert response.status_code == 200 and len(response.text.splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["solve", "stats", "verify", "serve"])
def test_a_table_that_is_not_a_regular_file_is_refused_at_once(tables_dir: Path, tmp_path: Path, name: str) -> None:
    for table in tables_dir.glob("*.h5"):
        os.symlink(table, tmp_path / table.name)
    puzzle = puzzles.get("eight")
    (tmp_path / "eight.h5").unlink()
    os.mkfifo(tmp_path / "eight.h5")
    args = {"solve": ["solve", "eight", puzzle.example()], "stats": ["stats", "eight"], "verify": ["verify", "eight"],
            "serve": ["serve", "--port", "8999"]}[name]  # fmt: skip
    started = time.monotonic()
    done = subprocess.run([NINEBASE, *args, "--tables", str(tmp_path)], capture_output=True, text=True, timeout=30)
    assert time.monotonic() - started < 10
    assert done.returncode == 4 and "is not a regular file" in done.stdout + done.stderr


def test_a_refused_batch_is_a_json_503_with_retry_after(tables_dir: Path) -> None:
    with lookup.open_tables(tables_dir) as tables:
        app = create_app(tables)
        with TestClient(app) as test_client:
            service = next(
                route.endpoint.__self__ for route in app.routes if getattr(route, "path", "") == "/api/{puzzle}/batch"
            )
            service.batches.admitted = service.batches.capacity  # every place taken
            refused = test_client.post("/api/sansu/batch", content=b"175426839\n")
            service.batches.admitted = 0
            accepted = test_client.post("/api/sansu/batch", content=b"175426839\n")
    assert (
        refused.status_code == 503 and refused.headers["retry-after"] == "2" and "try again" in refused.json()["error"]
    )
    assert accepted.status_code == 200 and json.loads(accepted.text)["distance"] == 5


def test_a_batch_the_end_of_the_grace_period_catches_before_it_begins_is_a_json_503(tables_dir: Path) -> None:
    with lookup.open_tables(tables_dir) as tables:
        app = create_app(tables, Settings(grace=1.0))
        service = next(
            route.endpoint.__self__ for route in app.routes if getattr(route, "path", "") == "/api/{puzzle}/batch"
        )
        sent: list[dict] = []
        arrived = False

        async def receive() -> dict:
            nonlocal arrived
            if arrived:  # the client waits for its answer
                await asyncio.Event().wait()
            arrived = True
            app.drain.began = time.monotonic() - 1.0  # SIGTERM came a grace period ago, as the body arrived
            return {"type": "http.request", "body": b"175426839\n", "more_body": False}

        async def send(message: dict) -> None:
            sent.append(message)

        scope = {"type": "http", "method": "POST", "path": "/api/sansu/batch", "query_string": b"", "headers": []}
        asyncio.run(app(scope, receive, send))
    start, body = sent
    headers = dict(start["headers"])
    assert start["status"] == 503 and headers[b"retry-after"] == b"2" and service.batches.admitted == 0
    assert (
        json.loads(body["body"])
        == {"error": "the server is shutting down and this batch had not begun; send it again shortly"}
        and b"content-security-policy" in headers
    )


def test_plain_and_kept_answers_are_sent_as_the_endpoint_sends_them(client: TestClient) -> None:
    endpoint = client.get("/api/eight?state=86725430%31")  # escaped: not plain, so routed to the endpoint
    url = "/api/eight?state=867254301"
    plain, kept = client.get(url), client.get(url)  # worked out before routing, then kept
    assert endpoint.json()["distance"] == 31
    for answer in (plain, kept):
        assert answer.content == endpoint.content and dict(answer.headers) == dict(endpoint.headers)
    for wanted in (endpoint.headers["etag"], "*"):
        assert client.get(url, headers={"If-None-Match": wanted}).status_code == 304


@pytest.mark.slow
def test_a_busy_port_is_one_line_and_exit_status_5(tables_dir: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([NINEBASE, "serve", "--tables", str(tables_dir), "--port", str(port)],
                              capture_output=True, text=True, timeout=60)  # fmt: skip
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 5 and len(lines) == 1 and f"127.0.0.1:{port} is in use" in lines[0], done.stderr
    assert "serving" not in done.stderr


@pytest.mark.slow
def test_serve_without_a_tables_directory_names_the_build_of_every_table(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    done = subprocess.run([NINEBASE, "serve", "--tables", str(missing), "--port", "8999"],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 4 and done.stderr.strip().splitlines() == [
        f"ninebase: error: no tables directory {missing}; build the tables with: ninebase build --tables {missing}"
    ]
