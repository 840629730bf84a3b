"""SIGTERM while batches are in flight: every one must still be answered
completely and right within the grace period, the server must exit 0 with
no traceback, and leave no process and no busy port behind. Bounded by
`limit` seconds (and 30 more for the exit)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import subprocess
import threading
import time
from typing import Any

from .clients import Answer, bounded, request
from .oracle import Oracle
from .procfs import start_time
from .servers import Server, port_is_free


def sigterm_drain(
    server: Server, oracle: Oracle, batches: int = 6, lines: int = 100_000, limit: float = 90
) -> dict[str, Any]:
    """`batches` clients post a batch and read it all; as soon as every body
    is sent and the first answer has begun (the others run or wait for a
    turn: an answer's head only comes with its first lines), the server gets
    SIGTERM, so that every batch is still in flight then (`in_flight_at_sigterm`
    says how many were); every answer is counted and checked; exit status,
    drain time, log and port."""
    assert server.process is not None
    process = server.process
    bodies = [oracle.batch(lines) for _ in range(batches)]
    exited: dict[str, float] = {}
    streaming: dict[str, int] = {}

    def watch() -> None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=limit + 30)
            exited["at"] = time.monotonic()

    async def scenario() -> tuple[list[Answer], float, list[str]]:
        heads: list[Answer] = []
        sent: list[Answer] = []
        tasks = [
            asyncio.create_task(
                bounded(
                    request(
                        server.port,
                        "POST",
                        "/api/eight/batch",
                        body,
                        check_line=oracle.checker(states),
                        on_head=heads.append,
                        sent=sent.append,
                    ),
                    limit,
                )
            )
            for states, body in bodies
        ]
        deadline = time.monotonic() + 30
        while (len(sent) < batches or not heads) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        streaming["at_sigterm"] = len(heads)
        signalled = time.monotonic()
        server.signal(signal.SIGTERM)
        threading.Thread(target=watch, daemon=True).start()
        during = []  # what a new client gets while the server drains
        while "at" not in exited and time.monotonic() - signalled < limit:
            reply = await bounded(request(server.port, "GET", "/health"), 2)
            during.append(str(reply.status or (reply.error or "").split(":")[0]))
            await asyncio.sleep(0.25)
        return list(await asyncio.gather(*tasks)), signalled, during

    server.note_family()
    answers, signalled, during = asyncio.run(scenario())
    while "at" not in exited and time.monotonic() - signalled < limit + 30:
        time.sleep(0.1)
    log = server.log_text()
    return {
        "batches": batches,
        "lines": lines,
        "streaming_at_sigterm": streaming.get("at_sigterm"),
        "in_flight_at_sigterm": sum(a.events.get("closed", signalled + 1) > signalled for a in answers),
        "answers_right": sum(a.whole_and_right(lines) for a in answers),
        "answers_incomplete": sum(not a.complete for a in answers),
        "lines_received": [a.lines for a in answers],
        "wrong_or_non_json_lines": sum(a.bad_lines for a in answers),
        "statuses": sorted({str(a.status) for a in answers}),
        "errors": sorted({a.error for a in answers if a.error}),
        "exit_status": process.returncode,
        "drain_s": exited["at"] - signalled if "at" in exited else None,
        "new_requests_during_drain": sorted(set(during)),
        "log_tracebacks": log.count("Traceback"),
        "log_tail": log[-300:],
        "processes_left": [pid for pid, started in server.family.items() if started and start_time(pid) == started],
        "port_free_after": port_is_free(server.port),
    }
