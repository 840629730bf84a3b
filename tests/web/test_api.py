"""The JSON API: every endpoint and error in-process (Starlette's
TestClient), a table damaged while serving, and `serve` refusing to start
without its tables."""

from __future__ import annotations

import json
import random
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from every import walked
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.web import create_app
from ninebase.lookup.web.settings import DEFAULT_SETTINGS

NINEBASE = str(Path(sys.executable).parent / "ninebase")
EXAMPLES = {name: puzzles.get(name).example() for name in tuple(puzzles.BUILT_IN)}
"""Each puzzle's own example of its compact form."""


@pytest.fixture(scope="module")
def client(tables_dir: Path) -> TestClient:
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as test_client:
        yield test_client


def random_states(tables: lookup.Tables, puzzle: str, count: int, seed: int) -> list[str]:
    if puzzles.get(puzzle).storage is None:  # no table lists its states (rubiks-clock)
        return walked(puzzles.get(puzzle), count, seed)
    distances, compact = puzzles.get(puzzle).storage.sample_space(tables.table(puzzle))
    rng = random.Random(seed)
    return [compact(rng.randrange(distances.size)) for _ in range(count)]


@pytest.mark.parametrize("puzzle", list(EXAMPLES))
def test_probe_and_batch_equal_the_python_api(client: TestClient, tables: lookup.Tables, puzzle: str) -> None:
    states = random_states(tables, puzzle, 25, 1)
    for state in states:
        response = client.get("/api/" + puzzle, params={"state": state})
        assert response.status_code == 200 and response.headers["content-type"] == "application/json"
        assert response.json() == tables.probe(puzzle, state).to_dict()
    batch = client.post(f"/api/{puzzle}/batch", content="\n".join([*states, "not a state"]) + "\n")
    assert batch.status_code == 200 and batch.headers["content-type"].startswith("application/x-ndjson")
    answers = [json.loads(line) for line in batch.text.splitlines()]
    assert answers[:-1] == [tables.solve(puzzle, state).to_dict() for state in states]
    assert answers[-1]["line"] == len(states) + 1 and answers[-1]["error"]


@pytest.mark.parametrize("spelling", ["%20", "+", "_"])
def test_spaces_may_be_written_three_ways(client: TestClient, tables: lookup.Tables, spelling: str) -> None:
    response = client.get("/api/clocks?state=" + "9 9 12 6 6 6 6 3 6".replace(" ", spelling))
    assert response.status_code == 200 and response.json() == tables.probe("clocks", "9 9 12 6 6 6 6 3 6").to_dict()
    cube = client.get("/api/cube?state=" + "2 1 RBWRWWEWW".replace(" ", spelling))
    assert cube.json()["distance"] == 3 and len(cube.json()["boards"]) == 4


EIGHT_WRITTEN = ["8 6 7 2 5 4 3 0 1", "8672543_1", "8 6 7 2 5 4 3 _ 1"]
"""867254301 as people write it: spaced, with the empty cell drawn `_`, both."""


@pytest.mark.parametrize("spelling", ["%20", "+", "_"])
def test_an_eight_board_may_be_spaced_or_show_its_blank_as_underscore(client: TestClient, spelling: str) -> None:
    asks = ("/api/eight?state={}", "/api/eight/random?state={}&seed=3", "/api/eight/solutions?state={}&limit=2")
    expected = [client.get(ask.format("867254301")).text for ask in asks]
    for written in EIGHT_WRITTEN[: 2 if spelling == "_" else 3]:  # `_` as both a space and the blank: no reading
        query = written.replace(" ", spelling)
        assert [client.get(ask.format(query)).text for ask in asks] == expected, query
    bad = client.get("/api/eight?state=86725430_")
    assert bad.status_code == 400 and "the empty cell (0 or _) appears twice" in bad.json()["error"]
    batch = client.post("/api/eight/batch", content="\n".join(["867254301", *EIGHT_WRITTEN, "8 6 7"]) + "\n")
    answers = [json.loads(line) for line in batch.text.splitlines()]
    assert answers[1:4] == answers[:1] * 3 and answers[0]["state"] == "867254301"
    assert answers[4]["error"] == "expected 9 digits separated by spaces, found 3 values"
    distances = client.post("/api/eight/distances", content="\n".join(EIGHT_WRITTEN) + "\n")
    assert distances.text.split() == ["31"] * 3


def test_stats_health_and_openapi(client: TestClient, tables: lookup.Tables) -> None:
    for puzzle in EXAMPLES:
        stats = client.get(f"/api/{puzzle}/stats").json()
        assert stats == tables.stats(puzzle)
        if puzzles.get(puzzle).storage is None:  # what is known of it, not a table's (test_api_rubiks_clock.py)
            continue
        assert set(stats) == {
            "puzzle",
            "states",
            "solvable",
            "max_distance",
            "histogram",
            "unique",
            "counts",
            "max_count",
        }
        assert stats == tables.stats(puzzle) and sum(stats["histogram"]) == stats["solvable"]
        assert len(stats["histogram"]) == stats["max_distance"] + 1
    cube = client.get("/api/cube/stats").json()
    assert cube["states"] == 9 * 59049 and cube["max_distance"] == 37
    assert client.get("/health").json() == {"status": "ok"}
    ready = client.get("/ready")
    assert ready.headers["cache-control"] == "no-store" and ready.json()["status"] == "ready"
    assert set(puzzles.names()) <= set(ready.json()["serving"])
    document = client.get("/openapi.json").json()
    assert document["openapi"].startswith("3.") and set(document["paths"]) == {
        "/api/{puzzle}", "/api/{puzzle}/batch", "/api/{puzzle}/distances", "/api/{puzzle}/counts",
        "/api/{puzzle}/random", "/api/{puzzle}/solutions", "/api/{puzzle}/stats", "/health", "/ready", "/openapi.json"
    }  # fmt: skip
    cli = CliRunner().invoke(main, ["stats", "eight", "--json", "--tables", str(tables.directory)])
    assert json.loads(cli.output) == client.get("/api/eight/stats").json()


def test_answers_are_cached_by_etag(client: TestClient) -> None:
    first = client.get("/api/eight", params={"state": "123069478"})
    assert first.headers["cache-control"].startswith("public") and first.headers["etag"].startswith('"')
    again = client.get("/api/eight", params={"state": "123069478"}, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    other = client.get("/api/eight", params={"state": "123069478"}, headers={"If-None-Match": '"other"'})
    assert other.status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/api/eight?state=867254301",  # a plain probe, answered before routing, then kept
        "/api/nine?state=1000_1101&size=2",  # a probe under rule options, answered by the endpoint
        "/api/eight/stats",
        "/api/eight/random?state=123069478&seed=3",
        "/health",
        "/ready",
        "/openapi.json",
    ],
)
def test_every_json_answer_ends_with_a_newline(client: TestClient, url: str) -> None:
    """As a text file's last line does: the shell's prompt after `curl` begins
    a line of its own. A kept answer and the endpoint's (asked conditionally)
    are the same bytes under the same ETag."""
    first, kept = client.get(url), client.get(url)
    assert first.status_code == 200 and first.headers["content-type"] == "application/json"
    assert first.content.endswith(b"}\n") and first.content.count(b"\n") == 1
    assert int(first.headers["content-length"]) == len(first.content)
    assert json.loads(first.content) == first.json()
    assert kept.content == first.content and kept.headers.get("etag") == first.headers.get("etag")
    if "etag" in first.headers:
        by_endpoint = client.get(url, headers={"If-None-Match": '"other"'})
        assert by_endpoint.content == first.content and by_endpoint.headers["etag"] == first.headers["etag"]


@pytest.mark.parametrize(
    ("method", "url", "body", "status", "fragment"),
    [
        ("GET", "/api/eight", None, 400, "give the state as ?state="),
        ("GET", "/api/eight?state=", None, 400, "give the state"),
        ("GET", "/api/eight?state=12345678", None, 400, "expected nine distinct digits"),
        ("GET", "/api/nine?state=" + "1" * 10_001, None, 400, "at most 10,000"),
        ("GET", "/api/chess?state=1", None, 404, "no puzzle 'chess'"),
        ("GET", "/api/eight/moves", None, 404, "no such path"),
        ("GET", "/nowhere", None, 404, "no puzzle 'nowhere'"),
        ("GET", "/a/b/c", None, 404, "no such path"),
        ("DELETE", "/api/eight", None, 405, "DELETE is not allowed"),
        ("GET", "/api/eight/batch", None, 405, "GET is not allowed"),
        ("POST", "/api/eight/batch", b"\xff\xfe", 400, "not UTF-8"),
        ("POST", "/api/eight/batch", b"x" * (DEFAULT_SETTINGS.max_batch_bytes + 1), 413, "at most"),
        ("POST", "/api/sansu/batch", b"1\n" * (DEFAULT_SETTINGS.max_batch_lines + 1), 413, "at most 100,000"),
        ("GET", "/api/eight?state=" + "1" * DEFAULT_SETTINGS.max_query_characters, None, 414, "the query is"),
    ],
)
def test_errors_are_json(
    client: TestClient, method: str, url: str, body: bytes | None, status: int, fragment: str
) -> None:
    response = client.request(method, url, content=body)
    assert response.status_code == status and response.headers["content-type"] == "application/json"
    message = response.json()["error"]
    assert fragment in message and "\n" not in message and "Traceback" not in message
    assert response.content.endswith(b"}\n")  # one line, as every JSON answer


def test_a_table_damaged_while_serving_gives_503(tables_dir: Path, tmp_path: Path) -> None:
    for name in puzzles.tabled_names():
        shutil.copy(tables_dir / f"{name}.h5", tmp_path)
    with lookup.open_tables(tmp_path) as tables, TestClient(create_app(tables)) as test_client:
        assert test_client.get("/health").status_code == 200 and test_client.get("/ready").status_code == 200
        shutil.copy(tables_dir / "clocks.h5", tmp_path / "nine.h5")  # replaced under the service
        assert test_client.get("/ready").status_code == 503
        assert 'ninebase_table_file_changed{table="nine"} 1.0' in test_client.get("/metrics").text
        unhealthy = test_client.get("/health")
        message = unhealthy.json()["error"]
        assert unhealthy.status_code == 503 and "the nine table" in message and str(tmp_path) not in message
        tables.close()  # what was loaded is gone: the next query reads the damaged file
        failed = test_client.get("/api/nine", params={"state": "100000000 111111011"})
        assert failed.status_code == 503 and "rebuild it with: ninebase build --only nine" in failed.json()["error"]
        assert str(tmp_path) not in failed.json()["error"]
        assert test_client.get("/api/eight", params={"state": "123069478"}).json()["distance"] == 5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_refuses_to_start_without_tables(tmp_path: Path) -> None:
    started = time.monotonic()
    done = subprocess.run(
        [NINEBASE, "serve", "--tables", str(tmp_path), "--port", str(free_port())],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 4 and time.monotonic() - started < 10
    assert done.stderr.count("\n") == 1 and f"build them all with: ninebase build --tables {tmp_path}" in done.stderr
