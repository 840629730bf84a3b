"""Two `ninebase serve` replicas behind nginx (configured by
docs/nginx-replicas.conf as written, but for its port numbers) under a
steady mixed load of probes, pages and batches, through a SIGKILL of one
replica and later a rolling restart of the other (SIGTERM, drained, started
again). Every answer is checked against the tables; each request is
counted in the phase it began in, with its latency."""

from __future__ import annotations

import http.client
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .oracle import Oracle
from .probes import percentile
from .procfs import start_time, tree
from .servers import Server, free_port, ninebase_serve

CONFIG = Path(__file__).resolve().parents[2] / "docs" / "nginx-replicas.conf"
DOCUMENTED_PORTS = (8080, 8001, 8002)
"""The front port and the two replicas' ports as the configuration file writes them."""

BATCH_LINES = 2000


def nginx_binary() -> str | None:
    """nginx on the PATH, or where Debian puts it (/usr/sbin is not on every user's PATH)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")


def configuration(front: int, replicas: tuple[int, int]) -> str:
    """docs/nginx-replicas.conf with its three ports replaced by these."""
    text = CONFIG.read_text()
    for documented, port in zip(DOCUMENTED_PORTS, (front, *replicas), strict=True):
        text, found = re.subn(rf"127\.0\.0\.1:{documented}\b", f"127.0.0.1:{port}", text)
        assert found == 1, f"{CONFIG.name} names 127.0.0.1:{documented} {found} times, not once"
    return text


@dataclass
class Nginx:
    """nginx in the foreground, its files in `directory`, including the replicas' configuration."""

    directory: Path
    front: int
    replicas: tuple[int, int]
    process: subprocess.Popen | None = None

    def start(self, wait: float = 20) -> Nginx:
        binary = nginx_binary()
        assert binary, "nginx is not installed (Debian: nginx-light)"
        (self.directory / "replicas.conf").write_text(configuration(self.front, self.replicas))
        temp = self.directory / "temp"
        temp.mkdir(exist_ok=True)
        paths = " ".join(
            f"{kind}_temp_path {temp / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (self.directory / "nginx.conf").write_text(
            f"worker_processes 1;\nevents {{ worker_connections 1024; }}\n"
            f"http {{ access_log off; {paths}\n    include replicas.conf;\n}}\n"
        )
        self.process = subprocess.Popen(
            [binary, "-p", str(self.directory), "-c", "nginx.conf", "-e", "error.log", "-g", self.main_directives()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + wait
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.front), timeout=1):
                    return self
            except OSError:
                assert self.process.poll() is None, f"nginx exited: {self.log()[-800:]}"
                assert time.monotonic() < deadline, "nginx did not listen"
                time.sleep(0.05)

    def main_directives(self) -> str:
        return f"daemon off; pid {self.directory / 'nginx.pid'};"

    def log(self) -> str:
        path = self.directory / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        """SIGQUIT (nginx's graceful stop) by its PID, SIGKILL past 10 s; then its worker by its PID."""
        if self.process is None or self.process.poll() is not None:
            return
        family = {pid: start_time(pid) for pid in tree(self.process.pid)}
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for pid, started in family.items():
            if pid != self.process.pid and started is not None and start_time(pid) == started:
                os.kill(pid, signal.SIGKILL)


@dataclass
class Row:
    """One request: what, when it began and how long it took, and how it ended."""

    kind: str
    began: float
    seconds: float
    outcome: str
    """"right", "wrong" (answered, but not what the tables say), or "failed: why"."""


@dataclass
class Events:
    """Moments of the scenario (monotonic), in order."""

    moments: list[tuple[str, float]] = field(default_factory=list)

    def mark(self, what: str) -> None:
        self.moments.append((what, time.monotonic()))


class Load:
    """Clients in threads, each on its own kept-open connection to nginx,
    asking until stopped: probes, pages and batches in the ratio of `mix`."""

    def __init__(self, port: int, oracle: Oracle, mix: dict[str, int]) -> None:
        self.port, self.oracle = port, oracle
        self.rows: list[Row] = []
        self.stopping = threading.Event()
        self.probes = [(path, distance) for path, distance in oracle.probes(300).items() if distance >= 2]
        self.threads = [
            threading.Thread(target=self.client, args=(kind, index), daemon=True)
            for kind, count in mix.items()
            for index in range(count)
        ]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def stop(self) -> list[Row]:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=90)
        assert not any(thread.is_alive() for thread in self.threads), "a client did not stop"
        return self.rows

    def client(self, kind: str, index: int) -> None:
        ask: Callable[[http.client.HTTPConnection, int], str] = getattr(self, kind)
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        turn = index
        while not self.stopping.is_set():
            began = time.monotonic()
            try:
                outcome = ask(connection, turn)
            except (OSError, http.client.HTTPException, ValueError) as error:
                outcome = f"failed: {type(error).__name__}"
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self.rows.append(Row(kind, began, time.monotonic() - began, outcome))
            turn += 7
        connection.close()

    def probe(self, connection: http.client.HTTPConnection, turn: int) -> str:
        path, distance = self.probes[turn % len(self.probes)]
        status, body = get(connection, "GET", path)
        if status != 200:
            return f"failed: {status}"
        return "right" if json.loads(body)["distance"] == distance else "wrong"

    def page(self, connection: http.client.HTTPConnection, turn: int) -> str:
        path, distance = self.probes[turn % len(self.probes)]
        status, body = get(connection, "GET", path.replace("/api/eight", "/eight"))
        if status != 200:
            return f"failed: {status}"
        return "right" if f"{distance} moves to the goal".encode() in body else "wrong"

    def batch(self, connection: http.client.HTTPConnection, turn: int) -> str:
        states, body = self.oracle.batch(BATCH_LINES)
        status, answer = get(connection, "POST", "/api/eight/batch", body)
        if status != 200:
            return f"failed: {status}"
        lines = answer.split(b"\n")
        if lines[-1] != b"" or len(lines) != BATCH_LINES + 1:
            return "wrong"  # read as complete, yet cut short or too long
        check = self.oracle.checker(states)
        return "right" if all(check(i, line) for i, line in enumerate(lines[:-1])) else "wrong"


def get(connection: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
    """Status and whole body; a body cut short raises (http.client's IncompleteRead)."""
    headers = {"Content-Type": "text/plain"} if body is not None else {}
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def phase_figures(rows: list[Row], events: Events, began: float, ended: float) -> list[dict[str, Any]]:
    """Per phase (between two events): requests, right, wrong, failed (and why), p50 and p99 ms."""
    bounds = [("start", began), *events.moments, ("end", ended)]
    phases = []
    for (name, start), (_, stop) in itertools.pairwise(bounds):
        inside = [row for row in rows if start <= row.began < stop]
        failures: dict[str, int] = {}
        for row in inside:
            if row.outcome.startswith("failed"):
                failures[f"{row.kind} {row.outcome}"] = failures.get(f"{row.kind} {row.outcome}", 0) + 1
        probes = sorted(row.seconds * 1000 for row in inside if row.kind == "probe")
        phases.append(
            {
                "phase": f"after {name}" if name != "start" else "before",
                "seconds": round(stop - start, 1),
                "requests": len(inside),
                "by_kind": {kind: sum(row.kind == kind for row in inside) for kind in ("probe", "page", "batch")},
                "right": sum(row.outcome == "right" for row in inside),
                "wrong": sum(row.outcome == "wrong" for row in inside),
                "failed": failures,
                "probe_p50_ms": percentile(probes, 0.5),
                "probe_p99_ms": percentile(probes, 0.99),
            }
        )
    return phases


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {seconds:g} s"
        time.sleep(0.05)


def scenario(tables: Path, directory: Path, seconds: float = 24, mix: dict[str, int] | None = None) -> dict[str, Any]:
    """The whole scenario (see the module's docstring), at least `seconds`
    long: replica A is SIGKILLed at a quarter of it and started again 3 s
    later; replica B is SIGTERMed at half of it and started again once it
    has exited. Returns the phases' figures, the events, and what was left behind."""
    mix = mix or {"probe": 4, "page": 2, "batch": 1}
    oracle = Oracle(tables, pool=1000)
    ports = (free_port(), free_port())
    a, b = (
        ninebase_serve(tables, directory / f"replica-{name}.log", "--grace", "10", port=port, health="/ready")
        for name, port in zip("ab", ports, strict=True)
    )
    nginx = Nginx(directory, free_port(), ports)
    events = Events()
    started: list[Server] = []
    families: list[dict[int, int | None]] = []
    try:
        for replica in (a, b):
            started.append(replica.start())
        nginx.start()
        load = Load(nginx.front, oracle, mix)
        began = time.monotonic()
        load.start()
        time.sleep(seconds / 4)
        a.note_family()
        families.append(dict(a.family))
        a.signal(signal.SIGKILL)
        events.mark("SIGKILL of replica A")
        assert a.process is not None
        a.process.wait(timeout=10)
        time.sleep(3)
        a.family.clear()
        a.start()
        events.mark("replica A started again")
        time.sleep(max(2.0, began + seconds / 2 - time.monotonic()))
        b.note_family()
        b.signal(signal.SIGTERM)
        events.mark("SIGTERM of replica B")
        assert b.process is not None
        b.process.wait(timeout=30)
        b_status = b.process.returncode
        families.append(dict(b.family))
        b.family.clear()
        b.start()
        events.mark("replica B started again")
        time.sleep(max(3.0, began + seconds - time.monotonic()))
        rows = load.stop()
        ended = time.monotonic()
    finally:
        for server in started:
            families.append(dict(server.family))
            server.stop()
        nginx.stop()
    left = [pid for family in families for pid, at in family.items() if at is not None and start_time(pid) == at]
    return {
        "phases": phase_figures(rows, events, began, ended),
        "events": [(what, round(at - began, 2)) for what, at in events.moments],
        "seconds": round(ended - began, 1),
        "replica_b_exit": b_status,
        "left_behind": left,
        "tracebacks": sum(server.log_text().count("Traceback") for server in (a, b)),
        "nginx_log": nginx.log()[-2000:],
    }


def print_scenario(result: dict[str, Any]) -> None:
    print(f"\nTwo replicas behind nginx (docs/nginx-replicas.conf), {result['seconds']:g} s of mixed load")
    for what, at in result["events"]:
        print(f"  {at:6.2f} s  {what}")
    print(
        f"{'phase':<34}{'s':>5}{'requests':>10}{'probes':>8}{'pages':>7}{'batches':>8}{'wrong':>7}{'failed':>8}"
        f"{'p50 ms':>8}{'p99 ms':>8}"
    )
    for p in result["phases"]:
        kinds = p["by_kind"]
        failed = sum(p["failed"].values())
        p50 = "-" if p["probe_p50_ms"] is None else f"{p['probe_p50_ms']:.1f}"
        p99 = "-" if p["probe_p99_ms"] is None else f"{p['probe_p99_ms']:.1f}"
        print(
            f"{p['phase']:<34}{p['seconds']:>5g}{p['requests']:>10}{kinds['probe']:>8}{kinds['page']:>7}"
            f"{kinds['batch']:>8}{p['wrong']:>7}{failed:>8}{p50:>8}{p99:>8}"
        )
        for why, count in p["failed"].items():
            print(f"{'':<8}{count} x {why}")
    print(
        f"replica B's exit status after SIGTERM: {result['replica_b_exit']}; processes left behind: "
        f"{len(result['left_behind'])}; tracebacks in the replicas' logs: {result['tracebacks']}"
    )
