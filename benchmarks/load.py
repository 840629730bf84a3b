"""Load on `ninebase serve`, on loopback only, bounded in duration.

    python benchmarks/load.py [--tables DIR] [--seconds 10] [--connections 64]

Starts `ninebase serve` and a bare Starlette endpoint that returns a small
constant JSON (the ceiling any endpoint on this stack can reach), each on a
free 127.0.0.1 port; runs wrk (Debian's `wrk`) for a fixed duration against
`GET /api/eight?state=` over a few hundred different states and against the
bare endpoint; then posts 100,000 states to the batch endpoint. Prints
requests per second, their ratio, p50/p99 latency and errors; stops both
servers by their own PIDs. The probe is measured twice: as served (answers
never change, so each process keeps recent ones ready) and with that cache
off, so the cost of computing an answer shows too.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np

import lookup
import puzzles

BARE_APP = """
import sys, uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

async def constant(request):
    return JSONResponse({"status": "ok", "distance": 5})

app = Starlette(routes=[Route("/constant", constant)])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""
GOAL_P99_MS = 50.0
GOAL_RATIO = 0.7


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {seconds:.0f} s")


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def run_wrk(url_paths: list[str], base: str, seconds: int, connections: int) -> dict[str, float]:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write("paths = {" + ",".join(json.dumps(p) for p in url_paths) + "}\n")
        script.write("i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format('GET', paths[i])\nend\n")
    command = [
        "wrk",
        "-t2",
        f"-c{connections}",
        f"-d{seconds}s",
        "--latency",
        "--timeout",
        "5s",
        "-s",
        script.name,
        base,
    ]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    Path(script.name).unlink()

    def milliseconds(label: str) -> float:
        value, unit = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "requests_per_second": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "p50_ms": milliseconds("50%"),
        "p99_ms": milliseconds("99%"),
        "errors": errors + (int(non_2xx.group(1)) if non_2xx else 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="ninebase HTTP load benchmark (loopback only)")
    parser.add_argument("--tables", type=Path, help="built tables (default: build them into a temporary directory)")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("load.py needs wrk: apt-get install wrk")
    ninebase = str(Path(sys.executable).parent / "ninebase")
    with tempfile.TemporaryDirectory() as scratch:
        directory = args.tables or Path(scratch)
        if args.tables is None:
            subprocess.run([ninebase, "build", "--tables", str(directory)], check=True, capture_output=True)
        with lookup.open_tables(directory) as tables:
            distances, compact = puzzles.get("eight").sample_space(tables.table("eight"))
        rng = np.random.default_rng(7)
        states = [compact(int(i)) for i in rng.choice(np.flatnonzero(distances >= 0), size=300, replace=False)]
        port, bare_port = free_port(), free_port()
        server = subprocess.Popen([ninebase, "serve", "--tables", str(directory), "--port", str(port)])
        uncached_port = free_port()
        uncached = subprocess.Popen(
            [ninebase, "serve", "--tables", str(directory), "--port", str(uncached_port), "--cache", "0"]
        )
        bare = subprocess.Popen([sys.executable, "-c", BARE_APP, str(bare_port)])
        try:
            base, bare_base = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{bare_port}"
            wait_until_up(base + "/health")
            wait_until_up(bare_base + "/constant")
            uncached_base = f"http://127.0.0.1:{uncached_port}"
            wait_until_up(uncached_base + "/health")
            paths = [f"/api/eight?state={s}" for s in states]
            probe = run_wrk(paths, base, args.seconds, args.connections)
            cold = run_wrk(paths, uncached_base, args.seconds, args.connections)
            constant = run_wrk(["/constant"], bare_base, args.seconds, args.connections)
            body = "".join(f"{s}\n" for s in (states * 334)[:100_000]).encode()
            started = time.perf_counter()
            with urllib.request.urlopen(base + "/api/eight/batch", data=body, timeout=120) as response:
                answered = response.read().count(b"\n")
            batch_seconds = time.perf_counter() - started
        finally:
            stop(server)
            stop(uncached)
            stop(bare)
    ratio = probe["requests_per_second"] / constant["requests_per_second"]
    cold_ratio = cold["requests_per_second"] / constant["requests_per_second"]
    print(f"{args.connections} connections, {args.seconds} s each, wrk on 127.0.0.1 (2 threads)")
    rows = (
        ("GET /api/eight?state= (300 states)", probe),
        ("the same, answer cache off (--cache 0)", cold),
        ("bare Starlette constant JSON", constant),
    )
    for label, figures in rows:
        print(
            f"  {label:<40} {figures['requests_per_second']:>9,.0f} req/s  p50 {figures['p50_ms']:.2f} ms  "
            f"p99 {figures['p99_ms']:.2f} ms  errors {figures['errors']} of {figures['requests']:,}"
        )
    print(
        f"  ratio {ratio:.2f} (goal >= {GOAL_RATIO}), with the cache off {cold_ratio:.2f}; "
        f"probe p99 {probe['p99_ms']:.2f} ms (goal < {GOAL_P99_MS:.0f} ms)"
    )
    print(f"  batch: {answered:,} states over HTTP in {batch_seconds:.2f} s = {answered / batch_seconds:,.0f} states/s")


if __name__ == "__main__":
    main()
