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

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        path: str = scope["path"]
        try:
            await self.guarded(scope, receive, sending)
        except Exception as error:
            if status or self.handler is None:
                raise
            response = await self.handler(Request(scope, receive), error)
            await response(scope, receive, sending)
        finally:
            if self.metrics is not None:
                self.metrics.request(path, status or 500, time.perf_counter() - began)

    async def guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The app, or the answer to a path or query too long or a trailing slash."""
        path: str = scope["path"]
        query: bytes = scope.get("query_string", b"")
        for part, text, longest in (("path", path, self.longest), ("query", query, self.longest_query)):
            if len(text) > longest:
                message = f"the {part} is {len(text):,} characters long; at most {longest:,} are read"
                await respond(send, ApiError(414, message))
                return
        if len(path) > 1 and path.endswith("/"):
            # one leading slash, so never a protocol-relative //host
            location = quote("/" + path.strip("/")) + (f"?{query.decode('latin-1')}" if query else "")
            await respond(send, ApiError(308, "no trailing slash: see Location", {"Location": location}))
            return
        await self.app(scope, receive, send)


async def respond(send: Send, error: ApiError) -> None:
    """Answer `error` as JSON, in plain ASGI."""
    headers, body = json_error(error)
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
