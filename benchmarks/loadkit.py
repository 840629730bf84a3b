"""Helpers of `benchmarks/load.py` and `tests/test_abuse.py`: servers on
127.0.0.1 started and stopped by their own PIDs, their process tree's memory
and CPU time read from /proc, wrk, and a small raw HTTP/1.1 client (asyncio
streams) that can post a body while the answer already arrives, read a
chunked answer line by line, stop reading, or hang up at any point."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")
BIN = Path(sys.executable).parent
NINEBASE = str(BIN / "ninebase")


# ---------------------------------------------------------------- ports and processes


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def port_is_free(port: int) -> bool:
    """Whether a new server could listen on the port now (TIME_WAIT does not count)."""
    with socket.socket() as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind(("127.0.0.1", port))
            trial.listen()
        except OSError:
            return False
    return True


def children_of() -> dict[int, list[int]]:
    """Every process's children, from /proc/*/stat."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry))
    return children


def tree(pid: int) -> list[int]:
    """A process and all its descendants."""
    kids = children_of()
    out = [pid]
    for each in out:
        out.extend(kids.get(each, []))
    return out


def proc_stat(pid: int) -> tuple[int, int] | None:
    """(RSS bytes, CPU ticks user+system) of one process, None when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[21]) * PAGE, int(fields[11]) + int(fields[12])


def tree_rss(pids: list[int]) -> int:
    return sum(stat[0] for stat in map(proc_stat, pids) if stat)


def tree_ticks(pids: list[int]) -> int:
    return sum(stat[1] for stat in map(proc_stat, pids) if stat)


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


class Sampler:
    """Samples a process tree's RSS (and CPU ticks) every `interval` s in a thread; `peak` is the largest sum."""

    def __init__(self, pid: int, interval: float = 0.25) -> None:
        self.pid, self.interval = pid, interval
        self.peak = 0
        self.samples: list[tuple[float, int, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        pids = tree(self.pid)
        rounds = 0
        while not self._stop.is_set():
            if rounds % 8 == 0:
                pids = tree(self.pid)  # workers may be restarted
            rounds += 1
            rss, ticks = tree_rss(pids), tree_ticks(pids)
            self.peak = max(self.peak, rss)
            self.samples.append((time.monotonic(), rss, ticks))
            self._stop.wait(self.interval)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join()


@dataclass
class Server:
    """A server process on 127.0.0.1: its command, log file (stdout and stderr), and health path."""

    argv: list[str]
    port: int
    log: Path
    health: str = "/health"
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    process: subprocess.Popen | None = None
    pids: list[int] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, wait: float = 60) -> Server:
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                self.argv,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, **self.env},
                cwd=self.cwd,
            )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.argv[:3]} exited {self.process.returncode}: {self.log_text()[-1500:]}")
            try:
                with urllib.request.urlopen(self.base + self.health, timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        else:
            self.stop()
            raise RuntimeError(f"{self.argv[:3]} did not answer {self.health} within {wait:.0f} s")
        time.sleep(0.3)  # every worker up, not only the first
        self.pids = tree(self.pid)
        return self

    def workers(self) -> list[int]:
        return [pid for pid in tree(self.pid) if pid != self.pid]

    def signal(self, number: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, number)

    def stop(self, timeout: float = 45) -> int | None:
        """SIGTERM our process (by its PID) and wait; then SIGKILL it and any of its own children left."""
        if self.process is None:
            return None
        known = set(self.pids) | set(tree(self.process.pid))
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                known |= set(tree(self.process.pid))
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        for pid in known - {self.process.pid}:  # a worker orphaned by a killed parent (ours, by its PID)
            with contextlib.suppress(OSError):
                if Path(f"/proc/{pid}/stat").exists() and proc_stat(pid):
                    os.kill(pid, signal.SIGKILL)
        return self.process.returncode

    def log_bytes(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def ninebase_serve(tables: Path, log: Path, *options: str, port: int | None = None) -> Server:
    port = port or free_port()
    argv = [NINEBASE, "serve", "--tables", str(tables), "--host", "127.0.0.1", "--port", str(port), *options]
    return Server(argv, port, log)


@contextlib.contextmanager
def running(server: Server) -> Iterator[Server]:
    try:
        yield server.start()
    finally:
        server.stop()


# ---------------------------------------------------------------- wrk


def wrk_script(paths: list[str], directory: Path) -> Path:
    """A wrk Lua script cycling over `paths` (GET)."""
    script = directory / f"paths-{len(paths)}-{abs(hash(tuple(paths))) % 10**8}.lua"
    script.write_text(
        "paths = {" + ",".join(json.dumps(p) for p in paths) + "}\n"
        "i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format('GET', paths[i])\nend\n"
    )
    return script


def wrk(base: str, script: Path, seconds: float, threads: int = 2, connections: int = 64) -> dict:
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{seconds:g}s",
        "--latency",
        "--timeout",
        "5s",
        "-s",
        str(script),
        base,
    ]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout

    def ms(label: str) -> float:
        value, unit = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    socket_errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "requests": int(re.search(r"(\d+) requests in", output).group(1)),
        "p50_ms": ms("50%"),
        "p99_ms": ms("99%"),
        "errors": socket_errors + (int(non_2xx.group(1)) if non_2xx else 0),
    }


# ---------------------------------------------------------------- a raw HTTP/1.1 client


@dataclass
class Answer:
    """What a client saw: status, headers, body lines, whether the body ended properly, timings."""

    status: int | None = None
    headers: dict[str, str] = field(default_factory=dict)
    lines: int = 0
    bad_lines: int = 0
    complete: bool = False
    body: bytes = b""
    error: str | None = None
    head_after: float | None = None
    first_line_after: float | None = None
    took: float | None = None
    events: dict[str, float] = field(default_factory=dict)


LineCheck = Callable[[int, bytes], bool]
"""Checks the line at a 0-based index of the answer; False: wrong."""


class Connection:
    """A non-blocking socket read through a buffer with asyncio's sock_* calls.
    Unlike asyncio's streams, a send that fails (the server answered early and
    closed) does not throw away what the server had already answered."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.loop = asyncio.get_running_loop()
        self.buffer = bytearray()

    @classmethod
    async def open(cls, port: int, rcvbuf: int | None = None) -> Connection:
        sock = socket.socket()
        sock.setblocking(False)
        if rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        try:
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        except BaseException:
            sock.close()
            raise
        return cls(sock)

    async def _fill(self) -> None:
        data = await self.loop.sock_recv(self.sock, 262144)
        if not data:
            raise asyncio.IncompleteReadError(bytes(self.buffer), None)
        self.buffer += data

    async def readuntil(self, separator: bytes) -> bytes:
        while (found := self.buffer.find(separator)) < 0:
            if len(self.buffer) > 65536:
                raise ValueError("no end of line in 64 KiB")
            await self._fill()
        return self._take(found + len(separator))

    async def readexactly(self, size: int) -> bytes:
        while len(self.buffer) < size:
            await self._fill()
        return self._take(size)

    def _take(self, size: int) -> bytes:
        out = bytes(self.buffer[:size])
        del self.buffer[:size]
        return out

    async def sendall(self, data: bytes) -> None:
        await self.loop.sock_sendall(self.sock, data)

    def close(self) -> None:
        self.sock.close()


async def request(
    port: int,
    method: str,
    path: str,
    body: bytes = b"",
    *,
    check_line: LineCheck | None = None,
    keep_body: int = 4096,
    read_lines: int | None = None,
    on_head: Callable[[Answer], None] | None = None,
    sent: Callable[[Answer], None] | None = None,
    hold: asyncio.Event | None = None,
    rcvbuf: int | None = None,
) -> Answer:
    """One request on a new connection. The body is sent while the answer is
    read (a server may answer before reading it). A JSON Lines answer is
    split into lines, each checked with `check_line`; with `read_lines` the
    client stops reading after that many lines and, when `hold` is given,
    keeps the connection open (unread) until it is set, then hangs up.
    `on_head` is called with the answer when its head has arrived, `sent`
    when the whole body has been written (the server may not have it all)."""
    answer = Answer()
    started = answer.events["started"] = time.monotonic()
    connection = None
    sender = None
    helpers: list[asyncio.Task] = []
    try:
        connection = await Connection.open(port, rcvbuf)
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if body or method == "POST":
            head += f"Content-Length: {len(body)}\r\nContent-Type: text/plain\r\n"

        async def send() -> None:
            try:
                await connection.sendall((head + "\r\n").encode())
                for first in range(0, len(body), 65536):
                    await connection.sendall(body[first : first + 65536])
            except OSError as error:  # the server may answer and close before reading it all
                answer.events["send_failed"] = time.monotonic()
                answer.events["send_error"] = type(error).__name__
                return
            answer.events["body_sent"] = time.monotonic()  # in the server's hands (or its socket buffer)
            if sent:
                sent(answer)

        async def receive() -> None:
            status_line, *header_lines = (await connection.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            answer.head_after = time.monotonic() - started
            answer.status = int(status_line.split()[1])
            for line in header_lines:
                if ":" in line:
                    name, value = line.split(":", 1)
                    answer.headers[name.strip().lower()] = value.strip()
            if on_head:
                on_head(answer)
            pending = b""
            json_lines = answer.headers.get("content-type", "").startswith("application/x-ndjson")

            def take(data: bytes) -> bool:
                """Feed body bytes; True when the client has read all it wants."""
                nonlocal pending
                if len(answer.body) < keep_body:
                    answer.body += data[: keep_body - len(answer.body)]
                if not json_lines:
                    return False
                pending += data
                *whole, pending = pending.split(b"\n")
                for line in whole:
                    if answer.first_line_after is None:
                        answer.first_line_after = time.monotonic() - started
                    if check_line is not None and not check_line(answer.lines, line):
                        answer.bad_lines += 1
                    answer.lines += 1
                return read_lines is not None and answer.lines >= read_lines

            if read_lines == 0:
                pass  # the head only: the body stays unread
            elif answer.headers.get("transfer-encoding", "").lower() == "chunked":
                while True:
                    size = int((await connection.readuntil(b"\r\n")).split(b";")[0], 16)
                    if size == 0:
                        await connection.readuntil(b"\r\n")
                        answer.complete = True
                        break
                    data = await connection.readexactly(size)
                    await connection.readexactly(2)
                    if take(data):
                        break
            else:
                length = int(answer.headers.get("content-length", "0"))
                take(await connection.readexactly(length))
                answer.complete = True
            if pending and answer.complete:
                answer.bad_lines += 1  # a whole JSON Lines answer ends with a newline

        sender = asyncio.create_task(send())
        if hold is None:
            await receive()
        else:  # hang up when `hold` is set, whatever has arrived by then
            receiver = asyncio.create_task(receive())
            waiter = asyncio.create_task(hold.wait())
            helpers = [receiver, waiter]
            done, _ = await asyncio.wait(helpers, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                receiver.result()
                if not answer.complete:
                    answer.events["stopped_reading"] = time.monotonic()
                    await waiter
    except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as error:
        answer.error = f"{type(error).__name__}: {str(error)[:80]}"
    finally:
        answer.took = time.monotonic() - started
        tasks = [task for task in (*helpers, sender) if task is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)  # their socket registrations go before the socket does
        if connection is not None:
            connection.close()
            answer.events["closed"] = time.monotonic()
    return answer


def get(port: int, path: str, timeout: float = 5) -> tuple[int, bytes, float]:
    """A GET on a new connection: status, body, milliseconds (status 0: no answer)."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    except OSError as error:
        status, body = 0, type(error).__name__.encode()
    return status, body, (time.monotonic() - started) * 1000


# ---------------------------------------------------------------- a probe client in its own process

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
    """GET probes every `interval` s from another process (so the load client does not delay them)."""

    def __init__(self, port: int, expected: dict[str, int | None], seconds: float, interval: float = 0.05) -> None:
        self.out = Path(tempfile.mkstemp(prefix="ninebase-probes-", suffix=".jsonl")[1])
        argv = [sys.executable, "-c", PROBE_CLIENT, str(port), str(seconds), str(interval), str(self.out)]
        self.process = subprocess.Popen([*argv, json.dumps(expected)])
        self.started = time.time()

    def stop(self) -> list[dict]:
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


def probe_figures(rows: list[dict]) -> dict:
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
