"""nine at every size over HTTP: what a probe costs at 3x3 (so a change can
be compared with the code before it) and at the sizes answered by the
construction, through a real `ninebase serve` on a free loopback port.

    .venv/bin/python benchmarks/web_sizes.py [--tables DIR] [--requests 3000] [--sizes 9,30,64]

1. Latency at 3x3, one kept-open connection, requests one after another
   (bounded by --requests and 60 s each): eight and nine, the state written
   with `_` (answered before routing) and with `+` (through the app), with the
   answers kept (the default) and with none kept (`--cache 0`): p50 and p99 in ms.
2. The first probe of a fresh state at each of --sizes (`?size=N`, the
   construction and every move's construction after it), and the explorer
   page of the same state: seconds and bytes, median of three states.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from loadkit.servers import ninebase_serve, running

from ninebase.lookup import resolve_tables_dir
from ninebase.puzzles.nine.sizes import compact, random_boards

LATENCY_QUERIES = {
    "eight, plain": "/api/eight?state=123069478",
    "nine, `_`": "/api/nine?state=100000000_111111011",
    "nine, `+`": "/api/nine?state=100000000+111111011",
}


def timed_gets(port: int, path: str, count: int, seconds: float = 60) -> list[float]:
    """Milliseconds of up to `count` GETs of `path` on one kept-open connection, within `seconds`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    times: list[float] = []
    deadline = time.monotonic() + seconds
    try:
        while len(times) < count and time.monotonic() < deadline:
            started = time.perf_counter()
            connection.request("GET", path)
            answer = connection.getresponse()
            answer.read()
            times.append((time.perf_counter() - started) * 1000)
            assert answer.status == 200, (path, answer.status)
    finally:
        connection.close()
    return times


def percentile(values: list[float], share: float) -> float:
    return float(np.percentile(values, share))


def latency(tables: Path, requests: int, log: Path) -> None:
    print(f"1. probe latency at 3x3, one connection, {requests} requests each: p50 / p99 ms")
    for cache in ("65536", "0"):
        with running(ninebase_serve(tables, log, "--cache", cache)) as server:
            for name, path in LATENCY_QUERIES.items():
                timed_gets(server.port, path, 200)  # warm: the first answer is rendered, later ones may be kept
                times = timed_gets(server.port, path, requests)
                print(f"   {name:<14} cache {cache:>5}: {percentile(times, 50):.3f} / {percentile(times, 99):.3f}")


def one_get(port: int, path: str) -> tuple[float, int, int]:
    """Seconds, status and bytes of one GET on a new connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    try:
        started = time.perf_counter()
        connection.request("GET", path, headers={"Accept": "text/html"} if not path.startswith("/api/") else {})
        answer = connection.getresponse()
        body = answer.read()
        return time.perf_counter() - started, answer.status, len(body)
    finally:
        connection.close()


def sizes(tables: Path, chosen: list[int], log: Path) -> None:
    print("2. a fresh state's first probe and page at each size (median of 3 states): seconds, bytes")
    with running(ninebase_serve(tables, log)) as server:
        for n in chosen:
            a, b = random_boards(n, 3, np.random.default_rng(n))
            probes, pages = [], []
            for x, y in zip(a, b, strict=True):
                query = urllib.parse.urlencode({"state": compact(x, y).replace(" ", "_"), "size": n})
                probes.append(one_get(server.port, f"/api/nine?{query}"))
                pages.append(one_get(server.port, f"/nine?{query}"))
            for name, runs in (("probe", probes), ("page", pages)):
                assert all(status == 200 for _, status, _ in runs), (n, name, runs)
                seconds = statistics.median(run[0] for run in runs)
                print(f"   {n}x{n} {name:<5} {seconds:8.3f} s {statistics.median(run[2] for run in runs):>10,} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description="nine at every size over HTTP (loopback only)")
    parser.add_argument("--tables", type=Path, default=None, help="the tables directory (default: ninebase's own)")
    parser.add_argument("--requests", type=int, default=3000, help="requests per latency run (default 3000)")
    parser.add_argument("--sizes", default="9,30,64", help="sizes probed through the construction (default 9,30,64)")
    parser.add_argument("--only", default="latency,sizes", help="parts to run: latency, sizes")
    arguments = parser.parse_args()
    tables = resolve_tables_dir(arguments.tables)
    parts = arguments.only.split(",")
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "server.log"
        if "latency" in parts:
            latency(tables, arguments.requests, log)
        if "sizes" in parts:
            sizes(tables, [int(n) for n in arguments.sizes.split(",")], log)


if __name__ == "__main__":
    main()
