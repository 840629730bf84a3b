"""The HTTP service: every endpoint and error in-process (Starlette's
TestClient), then a real `ninebase serve` on a free loopback port, hostile
input on the socket, and a table damaged while serving."""

from __future__ import annotations

import json
import random
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.cli import main
from ninebase.lookup.web import create_app
from ninebase.lookup.web.settings import DEFAULT_SETTINGS, Settings

NINEBASE = str(Path(sys.executable).parent / "ninebase")
EXAMPLES = {name: puzzles.get(name).example() for name in tuple(puzzles.BUILT_IN)}
"""Each puzzle's own example of its compact form."""


@pytest.fixture(scope="module")
def client(tables_dir: Path) -> TestClient:
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as test_client:
        yield test_client


def random_states(tables: lookup.Tables, puzzle: str, count: int, seed: int) -> list[str]:
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


def test_the_answer_cache_gives_the_computed_answers(tables_dir: Path, tables: lookup.Tables) -> None:
    states = random_states(tables, "sansu", 30, 9)
    with lookup.open_tables(tables_dir) as fresh, TestClient(create_app(fresh, Settings(cache=8))) as small:
        for state in states + states[::-1]:  # evictions and hits both
            assert small.get("/api/sansu", params={"state": state}).json() == tables.probe("sansu", state).to_dict()


@pytest.mark.parametrize("spelling", ["%20", "+", "_"])
def test_spaces_may_be_written_three_ways(client: TestClient, tables: lookup.Tables, spelling: str) -> None:
    response = client.get("/api/clocks?state=" + "9 9 12 6 6 6 6 3 6".replace(" ", spelling))
    assert response.status_code == 200 and response.json() == tables.probe("clocks", "9 9 12 6 6 6 6 3 6").to_dict()
    cube = client.get("/api/cube?state=" + "2 1 RBWRWWEWW".replace(" ", spelling))
    assert cube.json()["distance"] == 3 and len(cube.json()["boards"]) == 4


def test_stats_health_and_openapi(client: TestClient, tables: lookup.Tables) -> None:
    for puzzle in EXAMPLES:
        stats = client.get(f"/api/{puzzle}/stats").json()
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
    document = client.get("/openapi.json").json()
    assert document["openapi"].startswith("3.") and set(document["paths"]) == {
        "/api/{puzzle}", "/api/{puzzle}/batch", "/api/{puzzle}/distances", "/api/{puzzle}/counts",
        "/api/{puzzle}/random", "/api/{puzzle}/solutions", "/api/{puzzle}/stats", "/health", "/openapi.json"
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
    ],
)
def test_errors_are_json(
    client: TestClient, method: str, url: str, body: bytes | None, status: int, fragment: str
) -> None:
    response = client.request(method, url, content=body)
    assert response.status_code == status and response.headers["content-type"] == "application/json"
    message = response.json()["error"]
    assert fragment in message and "\n" not in message and "Traceback" not in message


def test_a_table_damaged_while_serving_gives_503(tables_dir: Path, tmp_path: Path) -> None:
    for name in EXAMPLES:
        shutil.copy(tables_dir / f"{name}.h5", tmp_path)
    with lookup.open_tables(tmp_path) as tables, TestClient(create_app(tables)) as test_client:
        assert test_client.get("/health").status_code == 200
        shutil.copy(tables_dir / "clocks.h5", tmp_path / "nine.h5")  # replaced under the service
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


def fetch(url: str, data: bytes | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, data=data, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def wait_until_up(base: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        try:
            if fetch(base + "/health")[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the service did not come up in 30 s")


def endless_body_is_refused(port: int) -> bool:
    """Send a chunked body without end (bounded here at 256 MiB and 20 s):
    the server must answer 413 long before."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(b"POST /api/sansu/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"175426839\n" * 6553
        framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        deadline = time.monotonic() + 20
        sent = 0
        while sent < 256 * 2**20 and time.monotonic() < deadline:
            if select.select([raw], [], [], 0)[0]:
                break  # the server has answered
            try:
                raw.sendall(framed)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(framed)
        answer = raw.recv(4096)
    return answer.startswith(b"HTTP/1.1 413") and sent < 64 * 2**20


@pytest.mark.slow
def test_a_real_server_answers_hostile_clients_and_stops_on_sigterm(tables_dir: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [NINEBASE, "serve", "--tables", str(tables_dir), "--port", str(port)], stderr=subprocess.PIPE, text=True
    )
    try:
        wait_until_up(base, process)
        status, body = fetch(base + "/api/eight?state=123069478")
        assert status == 200 and json.loads(body)["distance"] == 5
        for garbage in [
            b"\x00\xff garbage\r\n\r\n",
            b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n\r\n",
            b"BREW / HTCPCP/1.0\r\n\r\n",
        ]:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
                raw.sendall(garbage)
                raw.shutdown(socket.SHUT_WR)
                answer = raw.recv(4096)
            assert answer.startswith(b"HTTP/1.1 4"), answer[:80]
        assert endless_body_is_refused(port)
        long_status, long_body = fetch(base + "/api/eight?state=" + "1" * 5000)
        assert long_status == 400 and "error" in json.loads(long_body)
        # many concurrent mixed requests, each compared with the CLI's answer
        states = [(name, state) for name, state in EXAMPLES.items()] * 8
        expected = {}
        for name, state in EXAMPLES.items():
            cli = CliRunner().invoke(main, ["probe", name, *state.split(), "--json", "--tables", str(tables_dir)])
            expected[name] = json.loads(cli.output)

        def ask(pair: tuple[str, str]) -> tuple[str, int, bytes]:
            name, state = pair
            return name, *fetch(f"{base}/api/{name}?state={state.replace(' ', '+')}")

        with ThreadPoolExecutor(max_workers=16) as pool:
            for name, status, body in pool.map(ask, states):
                assert status == 200 and json.loads(body) == expected[name]
        assert fetch(base + "/health")[0] == 200
        with ThreadPoolExecutor(max_workers=1) as pool:  # a request in flight when SIGTERM comes finishes
            in_flight = pool.submit(fetch, base + "/api/eight/batch", b"123069478\n" * 50_000)
            time.sleep(0.3)
            process.send_signal(signal.SIGTERM)
            status, body = in_flight.result(timeout=60)
        assert status == 200 and body.count(b"\n") == 50_000
        assert process.wait(timeout=20) in (0, -signal.SIGTERM)  # uvicorn ends by re-raising the signal
        with socket.socket() as again:  # the port is released: a new server could listen there
            again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            again.bind(("127.0.0.1", port))
            again.listen()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stderr.close()


def test_serve_refuses_to_start_without_tables(tmp_path: Path) -> None:
    started = time.monotonic()
    done = subprocess.run(
        [NINEBASE, "serve", "--tables", str(tmp_path), "--port", str(free_port())],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 4 and time.monotonic() - started < 10
    assert done.stderr.count("\n") == 1 and f"build them all with: ninebase build --tables {tmp_path}" in done.stderr
