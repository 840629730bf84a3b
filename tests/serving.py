"""A server the tests start: on a free loopback port, waited for until
/health answers, stopped by its own PID with SIGTERM however the test ends."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running(
    command: Sequence[str], env: Mapping[str, str] | None = None, cwd: Path | None = None, seconds: float = 60
) -> Iterator[str]:
    """The base URL of the server `command` starts (it must listen on the
    port given as its last argument) while the block runs."""
    port = int(command[-1])
    server = subprocess.Popen(list(command), env=env, cwd=cwd)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + seconds
        while True:
            try:
                urllib.request.urlopen(base + "/health", timeout=2)
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.1)
        yield base
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
