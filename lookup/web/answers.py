"""Probe answers kept ready: a probe's answer never changes for a given build
of the tables, so the service keeps the last answers it rendered, keyed by
the request's own path and query, and `ReadyAnswers` sends a kept answer
straight from the ASGI scope, before routing or parsing; a plain probe not
kept yet is worked out there too, and only anything else (errors included)
goes through the app."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from .guard import ASGIApp, Receive, Scope, Send

Key = tuple[str, bytes]
"""A request's path and raw query string."""


class AnswerCache:
    """The last `size` rendered probe answers (the oldest goes first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._bodies: OrderedDict[Key, bytes] = OrderedDict()

    def get(self, key: Key) -> bytes | None:
        return self._bodies.get(key)

    def put(self, key: Key, body: bytes) -> None:
        if self.size:
            self._bodies[key] = body
            if len(self._bodies) > self.size:
                self._bodies.popitem(last=False)


class ReadyAnswers:
    """ASGI middleware: a GET whose path and query have a kept answer, or
    one that `plain` can answer, is answered at once (with the same headers
    the endpoint gives); anything else, and any conditional request, goes on
    to the app."""

    def __init__(
        self,
        app: ASGIApp,
        cache: AnswerCache,
        plain: Callable[[str, bytes], bytes | None],
        headers: list[tuple[bytes, bytes]],
    ) -> None:
        self.app = app
        self.cache = cache
        self.plain = plain
        self.headers = [(b"content-type", b"application/json"), *headers]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            path, query = scope["path"], scope["query_string"]
            conditional = any(name == b"if-none-match" for name, _ in scope["headers"])
            body = None if conditional else self.cache.get((path, query)) or self.plain(path, query)
            if body is not None:
                headers = [*self.headers, (b"content-length", str(len(body)).encode())]
                await send({"type": "http.response.start", "status": 200, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
