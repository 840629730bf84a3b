"""The HTTP contract as machines check it: the OpenAPI 3.1 document is valid
(openapi-spec-validator), and Schemathesis, driving a live `ninebase serve`
on loopback with at least 100 examples per operation, finds no server error,
no answer outside its schema, no undocumented status and no wrong reaction to
other methods. Its `positive_data_acceptance` check is left out: a compact
form carries rules no schema states (distinct digits, one empty cell), so a
schema-valid state may rightly be refused with 400."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from openapi_spec_validator import validate
from serving import free_port, running

from ninebase.lookup.web.openapi import openapi_document

BIN = Path(sys.executable).parent


def test_the_document_is_valid_openapi_31() -> None:
    document = openapi_document()
    assert document["openapi"].startswith("3.1")
    validate(document)


@pytest.mark.slow
def test_schemathesis_finds_nothing_against_a_live_server(tables_dir: Path) -> None:
    port = free_port()
    with running([str(BIN / "ninebase"), "serve", "--tables", str(tables_dir), "--port", str(port)]) as base:
        run = subprocess.run(
            [str(BIN / "schemathesis"), "run", f"{base}/openapi.json", "--max-examples", "100", "--seed", "7",
             "--checks", "all", "--exclude-checks", "positive_data_acceptance"],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert run.returncode == 0, run.stdout[-6000:]
        assert "Tested: " in run.stdout and " passed" in run.stdout, run.stdout[-3000:]
