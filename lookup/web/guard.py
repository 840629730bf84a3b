"""What every response of the service carries and what no request may do,
and every error answered, as the one plain ASGI middleware in front of the
router (cheap: it adds fixed headers, looks at the path and counts the
request; each layer a request passes costs it, so there is one):

- Security headers on every response, with a Content-Security-Policy that
  allows only the service's own scripts, styles and images.
- A path over `Settings.max_path_characters`, or a query over
  `max_query_characters` (the state and the rule options: a 64x64 nine is
  8,193 characters), is refused (414) before routing, so no answer ever echoes it.
- A trailing slash is answered with a redirect to the path without it whose
  `Location` is relative: the Host header is never reflected.
- An exception raised before the answer began is answered by the app's one
  handler (a page or a JSON error, logged there when it is the service's
  fault); one raised after is left to the server, which closes the
  connection with the answer unfinished.
- Every request is counted in the service's metrics, where they are kept:
  its path, status and how long its whole answer took.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import Response

from .asgi import ASGIApp, Message, Receive, Scope, Send
from .errors import ApiError, json_error
from .settings import Settings

if TYPE_CHECKING:
    from .metrics import Metrics

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
LAST_SECURITY_HEADER = SECURITY_HEADERS[-1]
"""A response whose headers end with this very object carries them all
already, joined in when it was kept (the probe's answers): the guard adds
none to it."""


Handler = Callable[[Request, Exception], Awaitable[Response]]
"""The app's answer to an exception: a page for a browser, JSON for a program."""


class Guard:
    """The middleware (see the module's docstring)."""

    def __init__(
        self, app: ASGIApp, settings: Settings, handler: Handler | None = None, metrics: Metrics | None = None
    ) -> None:
        self.app = app
        self.longest = settings.max_path_characters
        self.longest_query = settings.max_query_characters
        self.handler = handler
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = 0

        def sending(message: Message) -> Awaitable[None]:
            # send's own awaitable, not a coroutine of this wrapper: one frame less per message
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = message.get("headers", ())
                if not headers or headers[-1] is not LAST_SECURITY_HEADER:
                    message["headers"] = [*headers, *SECURITY_HEADERS]
            return send(message)

        path: str = scope["path"]
        try:
            # in this one call, not a method of its own: each coroutine a request passes costs it
            query: bytes = scope.get("query_string", b"")
            if len(path) > self.longest or len(query) > self.longest_query:
                await respond(sending, too_long(path, query, self.longest, self.longest_query))
            elif len(path) > 1 and path.endswith("/"):
                # one leading slash, so never a protocol-relative //host
                location = quote("/" + path.strip("/")) + (f"?{query.decode('latin-1')}" if query else "")
                await respond(sending, ApiError(308, "no trailing slash: see Location", {"Location": location}))
            else:
                await self.app(scope, receive, sending)
        except Exception as error:
            if status or self.handler is None:
                raise
            response = await self.handler(Request(scope, receive), error)
            await response(scope, receive, sending)
        finally:
            if self.metrics is not None:
                self.metrics.request(scope, status or 500, time.perf_counter() - began)


def too_long(path: str, query: bytes, longest: int, longest_query: int) -> ApiError:
    """The refusal of a path or a query longer than is read (414), saying which and how long."""
    part, length, most = ("path", len(path), longest) if len(path) > longest else ("query", len(query), longest_query)
    return ApiError(414, f"the {part} is {length:,} characters long; at most {most:,} are read")


async def respond(send: Send, error: ApiError) -> None:
    """Answer `error` as JSON, in plain ASGI."""
    headers, body = json_error(error)
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
