"""`GET /metrics`: the Prometheus text format from prometheus-client, with
the requests, latencies, batch lines, batch places, kept answers, tables
and memory of every worker summed in one scrape; series that no client can
multiply; off, or at another address, when the operator says so."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.parser import text_string_to_metric_families
from serving import free_port, running
from starlette.applications import Starlette
from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app
from ninebase.lookup.web.metrics import LATENCY_BUCKETS, observe_many
from ninebase.lookup.web.settings import Settings

NINEBASE = str(Path(sys.executable).parent / "ninebase")
NAMES = frozenset(puzzles.names())


def templates(app: Starlette) -> set[str]:
    """Every route template the app has, and what no route answers."""
    return {route.path_format for route in app.routes} | {"other"}  # type: ignore[attr-defined]


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of an exposition by name and labels (the pid label left out, summing per worker)."""
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = tuple(sorted((k, v) for k, v in sample.labels.items() if k != "pid"))
            found[(sample.name, labels)] = found.get((sample.name, labels), 0) + sample.value
    return found


def requests_of(found: dict, endpoint: str, puzzle: str, status: str) -> float:
    labels = (("endpoint", endpoint), ("puzzle", puzzle), ("status", status))
    return found.get(("ninebase_requests_total", labels), 0)


PARTS = ["api", "eight", "batch", "x", "", "static", "rules", "metrics", "ready", "chess", "style.css"]


@settings(max_examples=60, deadline=None)
@given(paths=st.lists(st.lists(st.sampled_from(PARTS), max_size=5), min_size=1, max_size=8))
def test_no_path_makes_a_new_series(tables: lookup.Tables, paths: list[list[str]]) -> None:
    """Whatever paths a client asks, the series are named by the app's own
    route templates (or `other`) and the known puzzles (or `-`)."""
    app = create_app(tables)
    with TestClient(app) as client:
        for parts in paths:
            client.get("/" + "/".join(parts), follow_redirects=False)
        found = samples(client.get("/metrics").text)
    labels = [dict(key[1]) for key in found if key[0] == "ninebase_requests_total"]
    assert sum(found[key] for key in found if key[0] == "ninebase_requests_total") == len(paths)
    assert all(label["endpoint"] in templates(app) for label in labels), labels
    assert all(label["puzzle"] in NAMES | {"-"} for label in labels), labels


def test_requests_are_named_by_their_route(tables: lookup.Tables) -> None:
    app = create_app(tables)
    with TestClient(app) as client:
        for path in ("/api/eight?state=123069478", "/api/chess?state=1", "/nine/rules", "/ready", "/static/style.css"):
            client.get(path)
        client.post("/api/cube/batch", content=b"x\n")
        client.get("/api/eight/batch/more")  # no route
        client.get("/api/eight/", follow_redirects=False)  # the guard's redirect
        found = samples(client.get("/metrics").text)
    assert requests_of(found, "/api/{puzzle}", "eight", "200") == 1
    assert requests_of(found, "/api/{puzzle}", "-", "404") == 1
    assert requests_of(found, "/{puzzle}/rules", "nine", "200") == 1
    assert requests_of(found, "/ready", "-", "200") == 1
    assert requests_of(found, "/static/{path}", "-", "200") == 1
    assert requests_of(found, "/api/{puzzle}/batch", "cube", "200") == 1
    assert requests_of(found, "other", "-", "404") == 1
    assert requests_of(found, "other", "-", "308") == 1


@given(st.lists(st.floats(min_value=0, max_value=100, allow_nan=False), max_size=50))
def test_observing_many_at_once_is_observing_each(values: list[float]) -> None:
    one_by_one, together = CollectorRegistry(), CollectorRegistry()
    each = Histogram("t", "t", ["e"], buckets=LATENCY_BUCKETS, registry=one_by_one).labels("x")
    for value in values:
        each.observe(value)
    observe_many(Histogram("t", "t", ["e"], buckets=LATENCY_BUCKETS, registry=together).labels("x"), values)
    first, second = samples(generate_latest(one_by_one).decode()), samples(generate_latest(together).decode())
    assert first.keys() == second.keys()
    for key, value in first.items():
        assert abs(value - second[key]) <= 1e-9 * max(1.0, abs(value)), key


def test_a_scrape_counts_what_was_answered(tables_dir: Path) -> None:
    with lookup.open_tables(tables_dir) as tables, TestClient(create_app(tables)) as client:
        for _ in range(3):
            assert client.get("/api/eight?state=123069478").status_code == 200
        assert client.get("/api/chess?state=1").status_code == 404
        assert client.post("/api/eight/batch", content=b"123069478\n123456780\nx\n").status_code == 200
        response = client.get("/metrics")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain; version=")
    found = samples(response.text)
    assert requests_of(found, "/api/{puzzle}", "eight", "200") == 3
    assert requests_of(found, "/api/{puzzle}", "-", "404") == 1
    assert requests_of(found, "/api/{puzzle}/batch", "eight", "200") == 1
    assert found[("ninebase_request_duration_seconds_count", (("endpoint", "/api/{puzzle}"),))] == 4  # 404 too
    assert found[("ninebase_cached_answers_total", ())] == 2  # the first probe put it there
    assert found[("ninebase_batch_lines_total", (("outcome", "answered"),))] == 3
    assert found[("ninebase_batch_places_in_use", ())] == 0
    assert all(found[("ninebase_table_loaded", (("table", name),))] == 1 for name in NAMES)
    assert found[("ninebase_table_loaded", (("table", "nine-4"),))] == 0  # not built for the tests
    assert found[("ninebase_worker_resident_memory_bytes", ())] > 50 * 2**20


def test_metrics_can_be_turned_off(tables_dir: Path) -> None:
    with lookup.open_tables(tables_dir) as tables:
        app = create_app(tables, Settings(metrics="off"))
        with TestClient(app) as client:
            assert client.get("/metrics").status_code == 404
            assert client.get("/api/eight?state=123069478").status_code == 200
    assert app.metrics is None


def scrape(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read().decode()


def test_every_worker_is_counted_in_each_scrape_and_metrics_move_apart(tables_dir: Path) -> None:
    """Two workers: probes on new connections land on both (the kernel spreads
    them), yet every scrape, whichever worker answers it, gives the whole count;
    with --metrics HOST:PORT the main process answers there, and the service's
    own port has no /metrics."""
    port, apart = free_port(), free_port()
    for where in ("on", f"127.0.0.1:{apart}"):
        command = [NINEBASE, "serve", "--tables", str(tables_dir), "--workers", "2", "--metrics", where]
        with running([*command, "--port", str(port)]) as base:
            for _ in range(40):
                with urllib.request.urlopen(f"{base}/api/eight?state=123069478", timeout=10) as answer:
                    answer.read()
            time.sleep(1.5)  # each worker hands its counts over within a second
            url = f"{base}/metrics" if where == "on" else f"http://127.0.0.1:{apart}/metrics"
            texts = [scrape(url) for _ in range(6)]
            if where != "on":
                with pytest.raises(urllib.error.HTTPError) as refused:
                    urllib.request.urlopen(f"{base}/metrics", timeout=10)
                assert refused.value.code == 404
                refused.value.close()
        for text in texts:
            assert requests_of(samples(text), "/api/{puzzle}", "eight", "200") == 40, where
            pids = {
                sample.labels["pid"]
                for family in text_string_to_metric_families(text)
                for sample in family.samples
                if sample.name == "ninebase_worker_resident_memory_bytes"
            }
            assert len(pids) == 2, (where, pids)  # one series per worker


def test_a_bad_metrics_place_is_one_line(tables_dir: Path) -> None:
    for value, fragment in (("nowhere", "HOST:PORT"), ("127.0.0.1:0", "from 1 to 65535"), ("x:99999", "65535")):
        done = subprocess.run(
            [NINEBASE, "serve", "--tables", str(tables_dir), "--metrics", value, "--port", str(free_port())],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and fragment in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    port = free_port()
    done = subprocess.run(
        [NINEBASE, "serve", "--tables", str(tables_dir), "--port", str(port), "--metrics", f"127.0.0.1:{port}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "apart from the service's own" in done.stderr, done.stderr
