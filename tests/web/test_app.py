"""The app is plain ASGI: docs/service.md's uvicorn command serves it too, each worker
building it from $NINEBASE_TABLES."""

from __future__ import annotations

import json
import os
import sys
import urllib.request
from pathlib import Path

import pytest
from serving import free_port, running

from ninebase import lookup

pytestmark = pytest.mark.slow


def test_uvicorn_serves_the_factory(tables_dir: Path) -> None:
    port = free_port()
    uvicorn = str(Path(sys.executable).parent / "uvicorn")
    command = [uvicorn, "--factory", "ninebase.lookup.web:app_from_environment", "--host", "127.0.0.1",
               "--workers", "2", "--loop", "uvloop", "--http", "httptools", "--port", str(port)]  # fmt: skip
    with running(command, env={**os.environ, "NINEBASE_TABLES": str(tables_dir)}) as base:
        answer = json.load(urllib.request.urlopen(f"{base}/api/sansu?state=175426839", timeout=10))
        with lookup.open_tables(tables_dir) as tables:
            assert answer == tables.probe("sansu", "175426839").to_dict() and answer["distance"] == 5
        page = urllib.request.urlopen(f"{base}/sansu", timeout=10)
        assert "content-security-policy" in {name.lower() for name in page.headers}
