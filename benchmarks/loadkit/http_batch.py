"""The bulk endpoints' throughput with one client: 100,000 eight states
posted to POST /api/eight/batch and to /api/eight/distances on `ninebase
serve --workers 2`, every answer line checked; and how many table files
each of its processes holds open (each worker opens the tables itself)."""

from __future__ import annotations

import asyncio
from typing import Any

from .clients import Answer, request
from .procfs import loadavg, tables_opened_by, tree
from .servers import running
from .stacks import Bench


def batch_throughput(bench: Bench, lines: int) -> dict[str, Any]:
    states, body = bench.oracle.batch(lines)
    out: dict[str, Any] = {"lines": lines}
    with running(bench.ninebase("batch", "--workers", "2")) as server:
        opened = tables_opened_by(tree(server.pid), bench.tables)
        out["tables_open_per_process"] = {
            ("parent" if pid == server.pid else f"worker {pid}"): count for pid, count in opened.items()
        }
        out["loadavg_before"] = loadavg()
        for endpoint, check in (
            ("batch", bench.oracle.checker(states)),
            ("distances", bench.oracle.distance_checker(states)),
        ):
            answer = asyncio.run(request(server.port, "POST", f"/api/eight/{endpoint}", body, check_line=check))
            out[endpoint] = figures(answer, lines)
    return out


def figures(answer: Answer, lines: int) -> dict[str, Any]:
    took = answer.took or float("nan")
    return {
        "right": answer.whole_and_right(lines),
        "status": answer.status,
        "seconds": took,
        "states_per_s": answer.lines / took,
        "lines": answer.lines,
        "wrong_lines": answer.bad_lines,
        "complete": answer.complete,
        "content_type": answer.headers.get("content-type"),
    }


def print_batch_throughput(batch: dict[str, Any]) -> None:
    print(f"\nHTTP bulk endpoints (ninebase serve --workers 2, one client, load average {batch['loadavg_before']}):")
    for endpoint in ("batch", "distances"):
        b = batch[endpoint]
        print(
            f"  POST /api/eight/{endpoint:<10} {b['lines']:,} states in {b['seconds']:.2f} s = "
            f"{b['states_per_s']:>9,.0f} states/s, status {b['status']}, {b['wrong_lines']} wrong lines"
            f"{'' if b['right'] else ', NOT ALL ANSWERED RIGHT'} ({b['content_type']})"
        )
    print(f"  table files open per process: {batch['tables_open_per_process']}")
