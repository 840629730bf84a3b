"""The servers the harness starts: each on a free 127.0.0.1 port, its output
in a log file of its own (the scenarios count its bytes and tracebacks),
waited for until its health path answers, and stopped by its own PID (then,
should it have been killed, its own orphaned workers by theirs)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .procfs import start_time, tree

BIN = Path(sys.executable).parent
NINEBASE = str(BIN / "ninebase")


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


@dataclass
class Server:
    """A server process on 127.0.0.1: its command, log file (stdout and stderr), and health path."""

    argv: list[str]
    port: int
    log: Path
    health: str = "/health"
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen | None = None
    family: dict[int, int | None] = field(default_factory=dict)
    """The process and its workers as they started: PID -> start time."""

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
            )
        deadline = time.monotonic() + wait
        while not self.healthy():
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.argv[:3]} exited {self.process.returncode}: {self.log_text()[-1500:]}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{self.argv[:3]} did not answer {self.health} within {wait:.0f} s")
            time.sleep(0.1)
        time.sleep(0.3)  # every worker up, not only the first
        self.note_family()
        return self

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(self.base + self.health, timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    def note_family(self) -> None:
        self.family.update({pid: start_time(pid) for pid in tree(self.pid) if pid not in self.family})

    def signal(self, number: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, number)

    def stop(self, timeout: float = 45) -> int | None:
        """SIGTERM the process (by its PID) and wait; past `timeout`, SIGKILL
        it and then any of its workers left (each by its PID, while its start
        time shows it is still that worker)."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.note_family()
            self.signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.note_family()
                self.signal(signal.SIGKILL)
                self.process.wait()
        for pid, started in self.family.items():
            if pid != self.process.pid and started is not None and start_time(pid) == started:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        return self.process.returncode

    def log_bytes(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def ninebase_serve(tables: Path, log: Path, *options: str, port: int | None = None, health: str = "/health") -> Server:
    port = port or free_port()
    argv = [NINEBASE, "serve", "--tables", str(tables), "--host", "127.0.0.1", "--port", str(port), *options]
    return Server(argv, port, log, health)


@contextlib.contextmanager
def running(server: Server) -> Iterator[Server]:
    try:
        yield server.start()
    finally:
        server.stop()
