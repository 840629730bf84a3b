"""Probe answers kept ready: a probe's answer never changes for a given build
of the tables, so the service keeps the last answers it rendered (and the
ETag of each: the rule options in the query give another), keyed by the
request's own path and query, and `ReadyAnswers` sends a kept answer
straight from the ASGI scope, before routing or parsing; a plain probe not
kept yet is worked out there too, and only anything else (errors included)
goes through the app. Once the stop signal has come, every request is
answered 503 at once (`ServiceApp`). `ServiceApp` counts every request in
the service's metrics, if it keeps them."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette

from .asgi import Headers, Receive, Scope, Send
from .drain import Drain
from .guard import SECURITY_HEADERS
from .metrics import Measured, Metrics
from .settings import Settings
from .stopping import stopping_answer

Key = tuple[str, bytes]
"""A request's path and raw query string."""
Kept = tuple[bytes, bytes]
"""A kept answer's body and ETag."""


class AnswerCache:
    """The last `size` rendered probe answers, and no more than `most_bytes`
    of them (the oldest go first; one larger than that is not kept)."""

    def __init__(self, size: int, most_bytes: int) -> None:
        self.size = size
        self.most_bytes = most_bytes
        self.bytes = 0
        self.hits = 0
        """Answers found kept, ever (`metrics` reads it)."""
        self._answers: OrderedDict[Key, Kept] = OrderedDict()

    def get(self, key: Key) -> Kept | None:
        kept = self._answers.get(key)
        if kept is not None:
            self.hits += 1
        return kept

    def put(self, key: Key, body: bytes, etag: bytes) -> None:
        if not self.size or len(body) > self.most_bytes or key in self._answers:
            return
        self._answers[key] = (body, etag)
        self.bytes += len(body)
        while len(self._answers) > self.size or self.bytes > self.most_bytes:
            _, (gone, _) = self._answers.popitem(last=False)
            self.bytes -= len(gone)


class ReadyAnswers:
    """Sends a GET whose path and query have a kept answer, or one that
    `plain` can answer, at once, with the same headers the endpoint and the
    guard give it; anything else, and any conditional request, is left to
    the app. It runs before the app (`ServiceApp`), so a probe answered here
    meets no middleware and no routing."""

    def __init__(self, cache: AnswerCache, plain: Callable[[str, bytes], Kept | None], headers: Headers) -> None:
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
        kept = self.cache.get((path, query))
        if kept is None:
            try:
                kept = self.plain(path, query)
            except Exception:  # the app answers it again, through its error handlers and log
                return False
            if kept is None:
                return False
        body, etag = kept
        headers = [*self.headers, (b"etag", etag), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return True


class ServiceApp(Starlette):
    """The service's Starlette app, with `ReadyAnswers` in front of it, and
    in front of both, once the stop signal has come, the answer that the
    server takes no new requests: the requests in flight then are all the
    work left, and a connection kept open is closed after its next request."""

    def __init__(
        self, ready: ReadyAnswers, drain: Drain, settings: Settings, metrics: Metrics | None = None, **options: Any
    ) -> None:
        super().__init__(**options)
        self.ready = ready
        self.drain = drain
        self.waited = settings.stop_request_seconds
        self.refusal = stopping_answer(settings)
        self.metrics = metrics
        self.routed = super().__call__ if metrics is None else Measured(super().__call__, metrics)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        began = time.perf_counter()
        if self.drain.began is not None and scope["type"] == "http":
            await self.refuse(receive, send, min(self.waited, self.drain.left()))
            if self.metrics is not None:
                self.metrics.request(scope["path"], 503, time.perf_counter() - began)
        elif not await self.ready.sent(scope, send):
            await self.routed(scope, receive, send)  # counted by `Measured`, where metrics are kept
        elif self.metrics is not None:  # counted here: a kept answer's status is 200
            self.metrics.request(scope["path"], 200, time.perf_counter() - began)

    async def refuse(self, receive: Receive, send: Send, seconds: float) -> None:
        """Answer that the server is stopping, once the request's body is read
        (for `seconds` at most): a body left unread would make the connection's
        close a reset that the client could see before the answer."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(read_body(receive), seconds)
        headers, body = self.refusal
        await send({"type": "http.response.start", "status": 503, "headers": headers})
        await send({"type": "http.response.body", "body": body})


async def read_body(receive: Receive) -> None:
    while (await receive()).get("more_body"):
        pass
