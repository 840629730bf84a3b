"""Abuse scenarios against a running `ninebase serve` (see `loadkit.Server`),
each bounded in count and time, each returning its figures as a dict:
`benchmarks/load.py` runs them at full size and prints them against the
targets, `tests/test_abuse.py` runs small versions and asserts.

- `batch_storm`: many clients post a big eight batch at once while a probe
  client sends a GET every 50 ms; every answer is counted and checked.
- `hang_up_mid_batch`: clients hang up while their batches run; how long
  the server's CPU stays busy after.
- `hung_up_places_come_back`: every batch place taken by a client that does
  not read; one more is refused; they all hang up; how soon a new batch is
  admitted and answered.
- `slow_headers`: thousands of connections sending their headers one byte a
  second (each reconnecting when cut off) while probes run.
- `sigterm_drain`: SIGTERM while batches are in flight.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
import os
import random
import signal
import statistics
import threading
import time
from pathlib import Path

import numpy as np
from loadkit import Answer, Prober, Sampler, Server, loadavg, port_is_free, probe_figures, request, tree

import lookup
import puzzles

MIB = 2**20
TICKS = os.sysconf("SC_CLK_TCK")


class Oracle:
    """Eight states with their right answers (`Tables.solve`, cross-checked
    with `Tables.distances`), and checks of batch answer lines against them."""

    def __init__(self, tables_dir: Path, pool: int = 3000, seed: int = 7) -> None:
        rules = puzzles.get("eight")
        with lookup.open_tables(tables_dir) as tables:
            distances, compact = rules.sample_space(tables.table("eight"))
            rng = np.random.default_rng(seed)
            unsolvable = pool // 20
            picked = np.concatenate(
                [
                    rng.choice(np.flatnonzero(distances >= 0), size=pool - unsolvable, replace=False),
                    rng.choice(np.flatnonzero(distances < 0), size=unsolvable, replace=False),
                ]
            )
            self.states = [compact(int(index)) for index in picked]
            self.expected = {state: tables.solve("eight", state).to_dict() for state in self.states}
            by_batch = tables.distances("eight", self.states).tolist()
        for state, distance in zip(self.states, by_batch, strict=True):
            solved = self.expected[state]["distance"]
            assert (solved if solved is not None else -1) == distance, (state, solved, distance)
        self._seen: dict[tuple[str, bytes], bool] = {}
        self.rng = random.Random(seed)

    def batch(self, lines: int) -> tuple[list[str], bytes]:
        """A batch of `lines` states drawn from the pool, and its body."""
        states = self.rng.choices(self.states, k=lines)
        return states, ("\n".join(states) + "\n").encode()

    def checker(self, states: list[str]):
        """A `LineCheck` for the answer to a batch of `states`: line i is the solve object of state i."""
        seen, expected = self._seen, self.expected

        def check(index: int, line: bytes) -> bool:
            if index >= len(states):
                return False
            key = (states[index], line)
            right = seen.get(key)
            if right is None:
                try:
                    right = json.loads(line) == expected[states[index]]
                except ValueError:
                    right = False
                seen[key] = right
            return right

        return check

    def probes(self, count: int = 300) -> dict[str, int]:
        """Paths probing `count` different solvable states, and the distance each answer must give."""
        solvable = [state for state in self.states if self.expected[state]["distance"] is not None]
        assert len(solvable) >= count, f"a pool of {len(self.states)} states has {len(solvable)} solvable ones"
        return {f"/api/eight?state={s}": self.expected[s]["distance"] for s in solvable[:count]}


def answered_right(answer: Answer, lines: int) -> bool:
    return answer.status == 200 and answer.complete and answer.lines == lines and answer.bad_lines == 0


def is_json_error(answer: Answer) -> bool:
    try:
        return isinstance(json.loads(answer.body)["error"], str)
    except (ValueError, KeyError, TypeError):
        return False


async def bounded(coroutine, seconds: float) -> Answer:
    try:
        return await asyncio.wait_for(coroutine, max(0.1, seconds))
    except asyncio.TimeoutError:
        return Answer(error="unfinished within the time limit")


# ---------------------------------------------------------------- (a) many big batches at once


def batch_storm(
    server: Server,
    oracle: Oracle,
    clients: int = 200,
    lines: int = 100_000,
    limit: float = 600,
    probe_every: float = 0.05,
    distinct_bodies: int = 8,
) -> dict:
    """`clients` clients post a `lines`-line batch at once, each reading and
    checking its whole answer, while a probe client GETs every `probe_every` s;
    nothing runs past `limit` seconds."""
    batches = [oracle.batch(lines) for _ in range(distinct_bodies)]
    checks = [oracle.checker(states) for states, _ in batches]
    load_before = loadavg()
    prober = Prober(server.port, oracle.probes(), limit + 5, probe_every)
    time.sleep(0.5)

    async def storm() -> list[Answer]:
        deadline = time.monotonic() + limit
        return await asyncio.gather(
            *(
                bounded(
                    request(
                        server.port,
                        "POST",
                        "/api/eight/batch",
                        batches[i % distinct_bodies][1],
                        check_line=checks[i % distinct_bodies],
                    ),
                    deadline - time.monotonic(),
                )
                for i in range(clients)
            )
        )

    log_before = server.log_bytes()
    started = time.monotonic()
    with Sampler(server.pid) as sampler:
        answers = run_fast(storm())
    took = time.monotonic() - started
    probes = probe_figures(prober.stop())
    ok = [a for a in answers if a.status == 200]
    refused = [a for a in answers if a.status == 503]
    return {
        "clients": clients,
        "lines": lines,
        "took_s": took,
        "loadavg_before": load_before,
        "loadavg_after": loadavg(),
        "answered_200": len(ok),
        "answered_200_right": sum(answered_right(a, lines) for a in ok),
        "answered_200_incomplete": sum(not a.complete for a in ok),
        "wrong_lines": sum(a.bad_lines for a in ok),
        "refused_503": len(refused),
        "refused_with_retry_after": sum(a.headers.get("retry-after", "").isdigit() for a in refused),
        "refused_with_json_error": sum(is_json_error(a) for a in refused),
        "refused_before_the_body_was_sent": sum("send_error" in a.events for a in refused),
        "refusal_p50_ms": statistics.median(a.head_after for a in refused) * 1000 if refused else None,
        "refusal_max_ms": max(a.head_after for a in refused) * 1000 if refused else None,
        "other_status": sorted({a.status for a in answers if a.status not in (200, 503, None)}),
        "no_answer": sum(a.status is None for a in answers),
        "no_answer_errors": sorted({a.error for a in answers if a.status is None and a.error})[:5],
        "states_per_s": sum(a.lines for a in ok) / took,
        "peak_rss_mib": sampler.peak / MIB,
        "log_bytes": server.log_bytes() - log_before,
        "log_tracebacks": server.log_text().count("Traceback"),
        "probe": probes,
    }


# ---------------------------------------------------------------- (b) clients that hang up


def hang_up_mid_batch(server: Server, oracle: Oracle, clients: int = 2, lines: int = 100_000, read: int = 8192) -> dict:
    """`clients` clients post a batch, read `read` lines of the answer and hang
    up; the server tree's CPU time is sampled every 50 ms before and after."""
    batches = [oracle.batch(lines) for _ in range(clients)]
    with Sampler(server.pid, interval=0.05) as sampler:
        time.sleep(0.5)

        async def readers() -> list[Answer]:
            return await asyncio.gather(
                *(
                    bounded(
                        request(
                            server.port,
                            "POST",
                            "/api/eight/batch",
                            body,
                            check_line=oracle.checker(states),
                            read_lines=read,
                        ),
                        120,
                    )
                    for states, body in batches
                )
            )

        answers = asyncio.run(readers())
        hung_up = max((a.events.get("closed", 0) for a in answers), default=0)
        time.sleep(3)
    return {"answers": answers, **cpu_after(sampler.samples, hung_up)}


def share(samples: list[tuple[float, int]]) -> float | None:
    """The CPU share (1.0: one core) between the first and the last of (time, ticks) samples."""
    if len(samples) < 2 or samples[-1][0] <= samples[0][0]:
        return None
    return (samples[-1][1] - samples[0][1]) / TICKS / (samples[-1][0] - samples[0][0])


def cpu_after(samples: list[tuple[float, int, int]], moment: float, busy_ticks: int = 2) -> dict:
    """When the CPU time of a process tree last grew by `busy_ticks` (or more) between two samples after `moment`,
    how much it used after `moment`, and how busy it was in the second before."""
    after = [(t, ticks) for t, _, ticks in samples if t >= moment]
    before = [(t, ticks) for t, _, ticks in samples if moment - 1 <= t < moment]
    busy_until = moment
    for (_, previous), (t, ticks) in itertools.pairwise(after):
        if ticks - previous >= busy_ticks:
            busy_until = t
    return {
        "cpu_busy_after_hang_up_ms": (busy_until - moment) * 1000,
        "cpu_s_after_hang_up": (after[-1][1] - after[0][1]) / TICKS if len(after) > 1 else 0.0,
        "cpu_share_in_the_second_before": share(before),
        "observed_after_s": after[-1][0] - moment if after else 0.0,
    }


def hung_up_places_come_back(
    server: Server, oracle: Oracle, places: int = 18, lines: int = 100_000, limit: float = 10
) -> dict:
    """Take every batch place of a one-worker server with clients that read
    nothing; one more batch must be refused; all hang up at once; then a new
    batch is tried (again 20 ms after a refusal) until one is admitted and
    answers its first line, for at most `limit` seconds. A batch is admitted
    (or refused) as soon as its request head arrives; the head of its answer
    only comes with its first chunk of lines, so "admitted after" is when the
    try that was not refused started."""
    batches = [oracle.batch(lines) for _ in range(places)]
    extra_states, extra_body = oracle.batch(lines)

    async def scenario() -> dict:
        hold = asyncio.Event()
        heads: list[Answer] = []
        sent: list[Answer] = []
        holders = [
            asyncio.create_task(
                request(
                    server.port,
                    "POST",
                    "/api/eight/batch",
                    body,
                    read_lines=0,
                    hold=hold,
                    rcvbuf=4096,
                    on_head=heads.append,
                    sent=sent.append,
                )
            )
            for _, body in batches
        ]
        # a batch is admitted before its body is read, and a waiting one has its body read too (its answer's
        # head only comes with its first lines): once every body is sent and the first heads are in, all wait
        deadline = time.monotonic() + 30
        while (len(sent) < places or not heads) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.5)
        heads_before = len(heads)
        one_more = await bounded(request(server.port, "POST", "/api/eight/batch", extra_body), 10)
        hold.set()
        held = await asyncio.gather(*holders)
        hung_up = max(a.events.get("closed", 0) for a in held)
        tries, refused = 0, 0
        while time.monotonic() - hung_up < limit:
            tries += 1
            again = await bounded(
                request(
                    server.port,
                    "POST",
                    "/api/eight/batch",
                    extra_body,
                    check_line=oracle.checker(extra_states),
                    read_lines=1,
                ),
                limit - (time.monotonic() - hung_up),
            )
            if again.status == 200 and again.lines:
                break
            refused += again.status == 503
            await asyncio.sleep(0.02)
        return {
            "places": places,
            "bodies_sent": len(sent),
            "heads_before": heads_before,
            "statuses_before": sorted({a.status for a in heads[:heads_before]}),
            "one_more_status": one_more.status,
            "one_more_retry_after": one_more.headers.get("retry-after"),
            "one_more_after_ms": one_more.head_after * 1000 if one_more.head_after is not None else None,
            "new_batch_status": again.status,
            "new_batch_tries": tries,
            "new_batch_refused": refused,
            "new_batch_admitted_after_hang_up_ms": since(again, 0.0, hung_up) if again.status == 200 else None,
            "new_batch_first_line_after_hang_up_ms": since(again, again.first_line_after, hung_up),
            "new_batch_first_line_right": again.lines >= 1 and again.bad_lines == 0,
        }

    return asyncio.run(scenario())


def since(answer: Answer, offset: float | None, moment: float) -> float | None:
    """Milliseconds from `moment` to `offset` seconds into the answer's request."""
    return None if offset is None else (answer.events["started"] + offset - moment) * 1000


# ---------------------------------------------------------------- (c) slow headers


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

    def row(self) -> dict:
        return {
            "result": self.result,
            "connect_s": self.connected - self.started,
            "open_s": (self.ended or self.loop.time()) - self.connected,
            "status_line": self.received.split(b"\r\n", 1)[0].decode("latin-1"),
        }


async def slow_slot(port: int, stop_at: float, out: list, head: bytes, every: float) -> None:
    """One attacker: a slow client, and a new one whenever the server cuts it off, until `stop_at`."""
    loop = asyncio.get_running_loop()
    while loop.time() < stop_at - 0.5:
        started = loop.time()
        try:
            _, client = await asyncio.wait_for(
                loop.create_connection(functools.partial(SlowHeader, head, every, started), "127.0.0.1", port), 10
            )
        except (OSError, asyncio.TimeoutError) as error:
            out.append({"result": "connect-failed", "error": type(error).__name__, "connect_s": loop.time() - started})
            await asyncio.sleep(0.5)
            continue
        try:
            await asyncio.wait_for(asyncio.shield(client.done), max(0.0, stop_at - loop.time()))
        except asyncio.TimeoutError:
            row = client.row()  # still open at the end of the run
            client.hang_up()
            out.append(row)
            return
        out.append(client.row())


def run_fast(coroutine):
    """asyncio.run, on uvloop when it is installed (Python 3.11+)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    if not hasattr(asyncio, "Runner"):
        return asyncio.run(coroutine)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coroutine)


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
) -> dict:
    """`connections` clients (opened `wave` at a time) send headers one byte
    every `every` s, reconnecting when cut off, for `seconds`; probes GET
    meanwhile; the server log, memory and liveness are watched."""
    log_before = server.log_bytes()
    load_before = loadavg()
    prober = Prober(server.port, oracle.probes(), seconds + 15, probe_every)

    head = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Pad: " + b"a" * header_bytes + b"\r\n\r\n"

    async def flood() -> list:
        out: list = []
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
    outcomes: dict[str, list] = {}
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
        "answers": sorted({row["status_line"] for row in results if row["status_line"]}),
        "cut_after_s_min_median_max": spread([row["open_s"] for row in cut]),
        "connect_s_min_median_max": spread(connected),
        "peak_rss_mib": sampler.peak / MIB,
        "log_bytes": server.log_bytes() - log_before,
        "log_tracebacks": log.count("Traceback"),
        "alive_after": server.process.poll() is None,
        "probe": probes,
    }


def spread(values: list[float]) -> list[float] | None:
    return [min(values), statistics.median(values), max(values)] if values else None


# ---------------------------------------------------------------- (d) SIGTERM with batches in flight


def sigterm_drain(server: Server, oracle: Oracle, batches: int = 6, lines: int = 100_000, limit: float = 90) -> dict:
    """`batches` clients post a batch and read it all; once every body is sent
    and the first answers are streaming (the others wait for a turn: an
    answer's head only comes with its first lines), the server gets SIGTERM;
    every answer is counted and checked; exit status, drain time, log and port."""
    bodies = [oracle.batch(lines) for _ in range(batches)]
    exited: dict[str, float] = {}
    streaming: dict[str, int] = {}

    def watch() -> None:
        server.process.wait(timeout=limit + 30)
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
        await asyncio.sleep(0.5)
        streaming["at_sigterm"] = len(heads)
        sent = time.monotonic()
        server.signal(signal.SIGTERM)
        threading.Thread(target=watch, daemon=True).start()
        during = []  # what a new client gets while the server drains
        while "at" not in exited and time.monotonic() - sent < limit:
            reply = await bounded(request(server.port, "GET", "/health"), 2)
            during.append(str(reply.status or (reply.error or "").split(":")[0]))
            await asyncio.sleep(0.25)
        return list(await asyncio.gather(*tasks)), sent, during

    pids = tree(server.pid)
    answers, sent, during = asyncio.run(scenario())
    while "at" not in exited and time.monotonic() - sent < limit + 30:
        time.sleep(0.1)
    log = server.log_text()
    return {
        "batches": batches,
        "lines": lines,
        "streaming_at_sigterm": streaming.get("at_sigterm"),
        "answers_right": sum(answered_right(a, lines) for a in answers),
        "answers_incomplete": sum(not a.complete for a in answers),
        "lines_received": [a.lines for a in answers],
        "wrong_or_non_json_lines": sum(a.bad_lines for a in answers),
        "statuses": sorted({str(a.status) for a in answers}),
        "errors": sorted({a.error for a in answers if a.error}),
        "exit_status": server.process.returncode,
        "drain_s": exited["at"] - sent if "at" in exited else None,
        "new_requests_during_drain": sorted(set(during)),
        "log_tracebacks": log.count("Traceback"),
        "log_tail": log[-300:],
        "processes_left": [pid for pid in pids if Path(f"/proc/{pid}").exists()],
        "port_free_after": port_is_free(server.port),
    }
