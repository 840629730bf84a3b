"""Slow-header clients: thousands of connections that send a request head
one byte a second, each reconnecting when the server cuts it off, while an
ordinary client probes; the server must cut them off within its header
timeout, keep its log small and keep answering. Bounded in connections and
seconds."""

from __future__ import annotations

import asyncio
import functools
import statistics
import time
from typing import Any

from .clients import run_fast
from .oracle import Oracle
from .probes import Prober, probe_figures
from .procfs import MIB, Sampler, loadavg
from .servers import Server


class SlowHeader(asyncio.Protocol):
    """A client that sends a request head one byte every `every` seconds and
    notes when the server answers, closes or resets the connection. Callbacks
    only (no task per connection or byte), so thousands stay cheap and the
    times are the event loop's own."""

    def __init__(self, head: bytes, every: float, started: float) -> None:
        self.head, self.every, self.started = head, every, started
        self.loop = asyncio.get_running_loop()
        self.done = self.loop.create_future()
        self.sent = 0
        self.received = b""
        self.result = "open-at-end"
        self.connected = self.ended = 0.0
        self.timer: asyncio.TimerHandle | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.connected = self.loop.time()
        self.tick()

    def tick(self) -> None:
        if self.done.done() or self.transport is None or self.transport.is_closing():
            return
        if self.sent < len(self.head):
            self.transport.write(self.head[self.sent : self.sent + 1])
            self.sent += 1
            self.timer = self.loop.call_later(self.every, self.tick)
        else:
            self.result = "sent-whole-header"

    def data_received(self, data: bytes) -> None:
        self.received += data
        self.result = "answered"

    def eof_received(self) -> bool:
        if self.result == "open-at-end":
            self.result = "closed-by-server"
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = self.loop.time()
        if exc is not None and self.result == "open-at-end":
            self.result = "reset-by-server"
        if self.timer:
            self.timer.cancel()
        if not self.done.done():
            self.done.set_result(None)

    def hang_up(self) -> None:
        """Our own end of the run: close without counting it as the server's doing."""
        if self.transport is not None and not self.done.done():
            self.transport.abort()

    def row(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "connect_s": self.connected - self.started,
            "open_s": (self.ended or self.loop.time()) - self.connected,
            "status_line": self.received.split(b"\r\n", 1)[0].decode("latin-1"),
        }


async def slow_slot(port: int, stop_at: float, out: list[dict[str, Any]], head: bytes, every: float) -> None:
    """One attacker: a slow client, and a new one whenever the server cuts it off, until `stop_at`."""
    loop = asyncio.get_running_loop()
    while loop.time() < stop_at - 0.5:
        started = loop.time()
        try:
            _, client = await asyncio.wait_for(
                loop.create_connection(functools.partial(SlowHeader, head, every, started), "127.0.0.1", port), 10
            )
        except (TimeoutError, OSError) as error:
            out.append({"result": "connect-failed", "error": type(error).__name__, "connect_s": loop.time() - started})
            await asyncio.sleep(0.5)
            continue
        try:
            await asyncio.wait_for(asyncio.shield(client.done), max(0.0, stop_at - loop.time()))
        except TimeoutError:
            row = client.row()  # still open at the end of the run
            client.hang_up()
            out.append(row)
            return
        out.append(client.row())


def slow_headers(
    server: Server,
    oracle: Oracle,
    connections: int = 10_000,
    seconds: float = 30,
    wave: int = 500,
    wave_gap: float = 0.2,
    every: float = 1.0,
    header_bytes: int = 400,
    probe_every: float = 0.1,
) -> dict[str, Any]:
    """`connections` clients (opened `wave` at a time) send headers one byte
    every `every` s, reconnecting when cut off, for `seconds`; probes GET
    meanwhile; the server log, memory and liveness are watched."""
    log_before = server.log_bytes()
    load_before = loadavg()
    prober = Prober(server.port, oracle.probes(), seconds + 15, probe_every)

    head = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Pad: " + b"a" * header_bytes + b"\r\n\r\n"

    async def flood() -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        stop_at = asyncio.get_running_loop().time() + seconds
        tasks = []
        for first in range(0, connections, wave):
            count = min(wave, connections - first)
            tasks += [asyncio.create_task(slow_slot(server.port, stop_at, out, head, every)) for _ in range(count)]
            await asyncio.sleep(wave_gap)
        await asyncio.wait(tasks, timeout=seconds + 20)
        for task in tasks:
            task.cancel()
        return out

    started = time.monotonic()
    with Sampler(server.pid, interval=0.5) as sampler:
        results = run_fast(flood())
    took = time.monotonic() - started
    time.sleep(1)
    probes = probe_figures(prober.stop())
    outcomes: dict[str, list[dict[str, Any]]] = {}
    for row in results:
        outcomes.setdefault(row["result"], []).append(row)
    cut = outcomes.get("closed-by-server", []) + outcomes.get("reset-by-server", [])
    connected = [row["connect_s"] for row in results if row["result"] != "connect-failed"]
    log = server.log_text()
    return {
        "connections": connections,
        "seconds": seconds,
        "took_s": took,
        "loadavg_before": load_before,
        "loadavg_after": loadavg(),
        "outcomes": {name: len(rows) for name, rows in sorted(outcomes.items())},
        "answers": sorted({row["status_line"] for row in results if row.get("status_line")}),
        "cut_after_s_min_median_max": spread([row["open_s"] for row in cut]),
        "connect_s_min_median_max": spread(connected),
        "peak_rss_mib": sampler.peak / MIB,
        "log_bytes": server.log_bytes() - log_before,
        "log_tracebacks": log.count("Traceback"),
        "alive_after": server.process.poll() is None,
        "probe": probes,
    }


def spread(values: list[float]) -> list[float] | None:
    """Min, median and max."""
    return [min(values), statistics.median(values), max(values)] if values else None
