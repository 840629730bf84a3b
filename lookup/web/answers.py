"""Probe answers kept ready: a probe's answer never changes for a given build
of the tables, so the service keeps the last answers it rendered, keyed by
the request's own path and query, and `ReadyAnswers` sends a kept answer
straight from the ASGI scope, before routing or parsing; a plain probe not
kept yet is worked out there too, and only anything else (errors included)
goes through the app."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette

from .guard import SECURITY_HEADERS, Receive, Scope, Send

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
    """Sends a GET whose path and query have a kept answer, or one that
    `plain` can answer, at once, with the same headers the endpoint and the
    guard give it; anything else, and any conditional request, is left to
    the app. It runs before the app (`ServiceApp`), so a probe answered here
    meets no middleware and no routing."""

    def __init__(
        self, cache: AnswerCache, plain: Callable[[str, bytes], bytes | None], headers: list[tuple[bytes, bytes]]
    ) -> None:
        self.cache = cache
        self.plain = plain
        self.headers = [(b"content-type", b"application/json"), *headers, *SECURITY_HEADERS]

    async def sent(self, scope: Scope, send: Send) -> bool:
        """Whether the request was answered here."""
        if scope["type"] != "http" or scope["method"] != "GET":
            return False
        path, query = scope["path"], scope["query_string"]
        if any(name == b"if-none-match" for name, _ in scope["headers"]):
            return False
        body = self.cache.get((path, query))
        if body is None:
            try:
                body = self.plain(path, query)
            except Exception:  # the app answers it again, through its error handlers and log
                return False
            if body is None:
                return False
        headers = [*self.headers, (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return True


class ServiceApp(Starlette):
    """The service's Starlette app, with `ReadyAnswers` in front of it."""

    def __init__(self, ready: ReadyAnswers, **options: Any) -> None:
        super().__init__(**options)
        self.ready = ready

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not await self.ready.sent(scope, send):
            await super().__call__(scope, receive, send)
