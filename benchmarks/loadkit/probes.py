"""Probes during abuse: an ordinary client that GETs a probe every few
milliseconds and checks its distance, in a process of its own (so the
abusing clients' event loop cannot delay it and flatter or spoil its
times), for at most the seconds it is given; then its figures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

PROBE_CLIENT = r"""
import http.client, json, sys, time
port, seconds, interval, out = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
expected = json.loads(sys.argv[5])
paths = list(expected)
deadline = time.monotonic() + seconds
i = 0
with open(out, "w") as f:
    while time.monotonic() < deadline:
        start = time.monotonic()
        path = paths[i % len(paths)]
        i += 1
        row = {"t": time.time()}
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request("GET", path)
            r = c.getresponse()
            body = r.read()
            c.close()
            row["status"] = r.status
            row["right"] = r.status == 200 and json.loads(body).get("distance", -1) == expected[path]
        except Exception as e:
            row["error"] = type(e).__name__
        row["ms"] = (time.monotonic() - start) * 1000
        f.write(json.dumps(row) + "\n")
        f.flush()
        time.sleep(max(0.0, interval - (time.monotonic() - start)))
"""


class Prober:
    """GET probes every `interval` s from another process for at most `seconds`."""

    def __init__(self, port: int, expected: dict[str, int | None], seconds: float, interval: float = 0.05) -> None:
        descriptor, name = tempfile.mkstemp(prefix="ninebase-probes-", suffix=".jsonl")
        os.close(descriptor)
        self.out = Path(name)
        argv = [sys.executable, "-c", PROBE_CLIENT, str(port), str(seconds), str(interval), name]
        self.process = subprocess.Popen([*argv, json.dumps(expected)])

    def stop(self) -> list[dict[str, Any]]:
        """Stop the probe client (by its PID) and return its rows."""
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(timeout=30)
        rows = [json.loads(line) for line in self.out.read_text().splitlines() if line.endswith("}")]
        self.out.unlink()
        return rows


def percentile(values: list[float], fraction: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def probe_figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Probe count, answered right, p50/p99/max milliseconds (over all probes, failed ones included)."""
    times = [row["ms"] for row in rows]
    return {
        "probes": len(rows),
        "right": sum(1 for row in rows if row.get("right")),
        "failed": sorted({str(row.get("status", row.get("error"))) for row in rows if not row.get("right")}),
        "p50_ms": percentile(times, 0.5),
        "p99_ms": percentile(times, 0.99),
        "max_ms": max(times) if times else None,
    }
