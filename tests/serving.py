"""A server the tests start: on a free loopback port, waited for until
/health answers, stopped by its own PID with SIGTERM however the test ends;
and what /proc says of its workers."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ninebase.lookup.service.server import AddressError, check_address


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def port_is_free(port: int) -> bool:
    """Whether a new `ninebase serve` could start on the port now (it binds it once first)."""
    try:
        check_address("127.0.0.1", port)
    except AddressError:
        return False
    return True


@contextmanager
def started(
    command: Sequence[str],
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    seconds: float = 60,
    **popen: Any,
) -> Iterator[subprocess.Popen]:
    """The process `command` starts (it must listen on the port given as its
    last argument), once /health answers, while the block runs."""
    port = int(command[-1])
    server = subprocess.Popen(list(command), env=env, cwd=cwd, **popen)
    try:
        deadline = time.monotonic() + seconds
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2)
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.1)
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()


@contextmanager
def running(
    command: Sequence[str], env: Mapping[str, str] | None = None, cwd: Path | None = None, seconds: float = 60
) -> Iterator[str]:
    """The base URL of the server `command` starts (see `started`) while the block runs."""
    with started(command, env, cwd, seconds):
        yield f"http://127.0.0.1:{command[-1]}"


def stat_fields(pid: int) -> list[str] | None:
    """/proc/PID/stat after the command name (the state first), None when the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def alive(pid: int) -> bool:
    """Whether the process is there and not a zombie (a zombie holds no socket and runs nothing)."""
    fields = stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def listens(pid: int, port: int) -> bool:
    """Whether process `pid` holds a socket listening on 127.0.0.1:`port`."""
    inodes = set()
    with contextlib.suppress(OSError):
        for name in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                inodes.add(os.readlink(f"/proc/{pid}/fd/{name}").removeprefix("socket:[").removesuffix("]"))
    local = f"0100007F:{port:04X}"
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return any(f[1] == local and f[3] == "0A" and f[9] in inodes for f in map(str.split, lines))


def children(parent: int) -> list[int]:
    """The PIDs of the processes whose parent is `parent`."""
    return [
        int(entry)
        for entry in os.listdir("/proc")
        if entry.isdigit() and (fields := stat_fields(int(entry))) and fields[1] == str(parent)
    ]


def ready_workers(parent: int, port: int, count: int, seconds: float = 30) -> list[int]:
    """The `count` worker PIDs of server `parent`, once each listens on the port."""
    deadline = time.monotonic() + seconds
    while True:
        ready = [pid for pid in children(parent) if listens(pid, port)]
        if len(ready) == count:
            return ready
        assert time.monotonic() < deadline, f"{len(ready)} of {count} workers listening after {seconds} s"
        time.sleep(0.05)
