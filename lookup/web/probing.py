"""The probe endpoint, `GET /api/{puzzle}?state=`, and the answers it keeps:
a probe's answer never changes for a given build of the tables, so the
service keeps the last answers it rendered (and the ETag of each: the rule
options in the query give another), keyed by the request's own path and
query. `Probe` is the route's endpoint, a plain ASGI class: a kept answer,
or a plain probe worked out at once, is sent from the ASGI scope without a
`Request`; anything else goes to the endpoint function. Every request meets
the same middleware and routing, so there is one front door."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import request_response

from .asgi import Receive, Scope, Send

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
        self._answers: OrderedDict[Key, Kept] = OrderedDict()

    def get(self, key: Key) -> Kept | None:
        return self._answers.get(key)

    def put(self, key: Key, body: bytes, etag: bytes) -> None:
        if not self.size or len(body) > self.most_bytes or key in self._answers:
            return
        self._answers[key] = (body, etag)
        self.bytes += len(body)
        while len(self._answers) > self.size or self.bytes > self.most_bytes:
            _, (gone, _) = self._answers.popitem(last=False)
            self.bytes -= len(gone)


class Probe:
    """The probe route's endpoint: a GET that is not conditional, whose path
    and query have a kept answer or are a plain probe that `plain` answers
    (raising the endpoint's error for a state it cannot read), is answered
    here with the headers the endpoint gives; anything else (rule options,
    `If-None-Match`, HEAD) by `endpoint`."""

    def __init__(
        self,
        cache: AnswerCache,
        plain: Callable[[str, bytes], Kept | None],
        endpoint: Callable[[Request], Awaitable[Response]],
        cache_control: bytes,
    ) -> None:
        self.cache = cache
        self.plain = plain
        self.endpoint = request_response(endpoint)
        self.cache_control = cache_control

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] == "GET" and not any(name == b"if-none-match" for name, _ in scope["headers"]):
            path, query = scope["path"], scope["query_string"]
            kept = self.cache.get((path, query)) or self.plain(path, query)
            if kept is not None:
                body, etag = kept
                headers = [
                    (b"etag", etag),
                    (b"cache-control", self.cache_control),
                    (b"content-length", str(len(body)).encode()),
                    (b"content-type", b"application/json"),
                ]
                await send({"type": "http.response.start", "status": 200, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.endpoint(scope, receive, send)
