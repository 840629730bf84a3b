"""Which form an error takes: a page for a browser, JSON for a program.

`/api/...` always answers JSON. Elsewhere a client that lists `text/html`
in its Accept header at least as high as `application/json` (as every
browser does) gets an HTML page; anything else, `*/*` included (curl,
scripts), gets the JSON object `{"error": ...}` as before.
"""

from __future__ import annotations

import json

from starlette.requests import Request

from .guard import SECURITY_HEADERS
from .limits import RETRY_AFTER_SECONDS


class ApiError(Exception):
    """An answer that is an error: its status, one line for the client, and any headers."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers or {}


def shutting_down(batch_state: str) -> ApiError:
    """503 for a batch that the end of the grace period after SIGTERM caught before it could begin."""
    return ApiError(
        503,
        f"the server is shutting down and this batch {batch_state}; send it again shortly",
        {"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


STOPPING_BODY = json.dumps(
    {"error": "the server is shutting down and takes no new requests; send this one again shortly"}
).encode()
STOPPING_HEADERS = [
    (b"content-type", b"application/json"),
    (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
    (b"connection", b"close"),
    (b"content-length", str(len(STOPPING_BODY)).encode()),
    *SECURITY_HEADERS,
]
"""The answer to every request that comes after the stop signal (503, as a
batch refused for want of a place), and the connection is closed after it."""


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
