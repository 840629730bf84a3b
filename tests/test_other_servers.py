"""The app is plain ASGI: README's uvicorn command serves it too, each worker
building it from $NINEBASE_TABLES."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import lookup

pytestmark = pytest.mark.slow


def test_uvicorn_serves_the_factory(tables_dir: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    uvicorn = str(Path(sys.executable).parent / "uvicorn")
    command = [uvicorn, "--factory", "lookup.web:app_from_environment", "--host", "127.0.0.1", "--port", str(port),
               "--workers", "2", "--loop", "uvloop", "--http", "httptools"]  # fmt: skip
    server = subprocess.Popen(command, env={**os.environ, "NINEBASE_TABLES": str(tables_dir)})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/health", timeout=2)
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "uvicorn did not start"
                time.sleep(0.2)
        answer = json.load(urllib.request.urlopen(f"{base}/api/sansu?state=175426839", timeout=10))
        with lookup.open_tables(tables_dir) as tables:
            assert answer == tables.probe("sansu", "175426839").to_dict() and answer["distance"] == 5
        page = urllib.request.urlopen(f"{base}/sansu", timeout=10)
        assert "content-security-policy" in {name.lower() for name in page.headers}
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
