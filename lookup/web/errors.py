"""The service's one error type and its one JSON writer.

Every error of the web layer is an `ApiError`: the app's handler turns
Starlette's HTTPException, a TableError and any unexpected exception into
one (`as_api_error`), and the parts in front of the app (the guard, the
answer after the stop signal) raise none but send theirs through
`json_error`. The JSON body of every error, a batch's last line included,
is written by `error_body`.

`/api/...` always answers JSON. Elsewhere a client that lists `text/html`
in its Accept header at least as high as `application/json` (as every
browser does) gets an HTML page (`wants_html`); anything else, `*/*`
included (curl, scripts), gets the JSON object `{"error": ...}`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request

from ninebase.lookup import MissingTableError, TableError, build_command
from ninebase.puzzles import shown

from .asgi import Headers

log = logging.getLogger("ninebase")

SERVER_TABLES = "<the server's tables directory>"
"""Where an answer says a table is to be built: it never names a path on the server."""


class ApiError(Exception):
    """An answer that is an error: its status, one line for the client, any
    headers, and what the HTML error page shows beside the line (`page`:
    the puzzle, the state typed, the title; see `pages.Explorer.error_page`)."""

    def __init__(
        self,
        status: int,
        message: str,
        headers: Mapping[str, str] | None = None,
        page: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.headers = dict(headers or {})
        self.page = page or {}


def error_body(message: str) -> bytes:
    """The JSON of an error, `{"error": message}`, compact and ending in a
    newline as every JSON answer does (also a batch's last line, as is)."""
    return json.dumps({"error": message}, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def json_error(error: ApiError) -> tuple[Headers, bytes]:
    """The headers and body of an error answered in plain ASGI."""
    body = error_body(str(error))
    extra = [(name.lower().encode(), value.encode("latin-1", "replace")) for name, value in error.headers.items()]
    return [(b"content-type", b"application/json"), *extra, (b"content-length", str(len(body)).encode())], body


def come_back(message: str, retry_after: int, headers: Mapping[str, str] | None = None) -> ApiError:
    """503 with `Retry-After`: the request is fine, but cannot be answered now."""
    return ApiError(503, message, {"Retry-After": str(retry_after), **(headers or {})})


def shutting_down(batch_state: str, retry_after: int) -> ApiError:
    """503 for a batch that the end of the grace period after SIGTERM caught before it could begin."""
    return come_back(f"the server is shutting down and this batch {batch_state}; send it again shortly", retry_after)


def as_api_error(request: Request, error: Exception, longest: int) -> ApiError:
    """Any exception the app raised as the error its client is told (no
    answer quotes more than `longest` characters of what was sent). A
    damaged table and an unexpected exception are logged: the client is
    told neither a path nor an exception."""
    if isinstance(error, ApiError):
        return error
    if isinstance(error, HTTPException):
        path = shown(request.url.path, longest)
        messages = {404: f"no such path {path}", 405: f"{request.method} is not allowed on {path}"}
        # 405 names the allowed methods in Allow
        return ApiError(error.status_code, messages.get(error.status_code, str(error.detail)), error.headers)
    if isinstance(error, MissingTableError):  # a table no rule option declares (`served`), asked for while serving
        log.error("ninebase: %s", error)
        puzzle = getattr(error, "puzzle", None) or "PUZZLE"
        return ApiError(
            503,
            f"this server has no {puzzle} table, which this answer needs; build it in the server's tables directory "
            "(the log names the command), then restart the server",
        )
    if isinstance(error, TableError):
        log.error("ninebase: %s", error)  # the operator's log names the file; the client is told no path
        puzzle = error.puzzle or "PUZZLE"
        rebuild = f"with: {build_command(error.selection, SERVER_TABLES, True)}, " if error.selection else ""
        return ApiError(
            503,
            f"the {puzzle} table is damaged or changed on disk while serving; rebuild it {rebuild}"
            "then restart (the log names the file)",
        )
    log.error("ninebase: internal error on %s: %s: %s", request.url.path, type(error).__name__, error)
    return ApiError(500, "internal error; the server's log says more")


def quality(accept: str) -> dict[str, float]:
    """The media ranges of an Accept header with their q-values."""
    ranges = {}
    for part in accept.split(","):
        media, *parameters = (piece.strip() for piece in part.split(";"))
        q = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if media:
            ranges[media.lower()] = q
    return ranges


def wants_html(request: Request) -> bool:
    """Whether the error should be an HTML page (see the module's docstring)."""
    if request.url.path.startswith("/api/"):
        return False
    ranges = quality(request.headers.get("accept", ""))
    html = ranges.get("text/html", 0.0)
    json = max(ranges.get(media, 0.0) for media in ("application/json", "application/*", "*/*"))
    return html > 0 and html >= json
