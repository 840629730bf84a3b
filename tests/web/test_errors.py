"""The service's errors: what a client's Accept header asks for, by quality
(how a browser comes to get an error page and a program JSON is in
test_pages_content.py), and the one writer of their JSON."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from starlette.requests import Request

from ninebase import lookup, puzzles
from ninebase.lookup.web.errors import ApiError, as_api_error, error_body, json_error, quality


def test_accept_header_qualities() -> None:
    assert quality("text/html;q=0.8, application/json") == {"text/html": 0.8, "application/json": 1.0}
    assert quality("text/html;q=x") == {"text/html": 0.0}
    assert quality("") == {}


def test_a_damaged_table_is_answered_with_the_command_that_rebuilds_it(tables_dir: Path, tmp_path: Path) -> None:
    """The command is the table's own (`--only nine --size 2` for nine-2, not
    `--only nine-2`), with no path of the server's."""
    two = puzzles.get("nine").variant({"size": "2"})
    shutil.copy(tables_dir / "nine.h5", tmp_path / "nine-2.h5")  # another table's file in its place
    with lookup.open_tables(tmp_path) as tables, pytest.raises(lookup.TableError) as damaged:
        tables.table(two)
    answer = as_api_error(Request({"type": "http", "path": "/api/nine", "headers": []}), damaged.value, 64)
    rebuild = f"ninebase build {two.storage.build_selection} --force --tables <the server's tables directory>,"
    assert answer.status == 503 and rebuild in str(answer) and str(tmp_path) not in str(answer), str(answer)


def test_an_error_body_is_one_line_of_json_ending_in_a_newline() -> None:
    body = error_body('state "x"\n: é')
    assert body.endswith(b"}\n") and body.count(b"\n") == 1
    assert json.loads(body) == {"error": 'state "x"\n: é'}
    headers, sent = json_error(ApiError(413, "too large"))
    assert sent == error_body("too large") and (b"content-length", str(len(sent)).encode()) in headers
