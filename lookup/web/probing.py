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

from .asgi import Headers, Receive, Scope, Send
from .guard import SECURITY_HEADERS

Key = tuple[str, bytes]
"""A request's path and raw query string."""
Kept = tuple[bytes, bytes, Headers]
"""A kept answer's body, its ETag, and the headers it is sent with (the
guard's security headers joined in already, so it adds none)."""


class AnswerCache:
    """The last `size` rendered probe answers, and no more than `most_bytes`
    of them (the oldest go first; one larger than that is not kept)."""

    def __init__(self, size: int, most_bytes: int, cache_control: str) -> None:
        self.size = size
        self.most_bytes = most_bytes
        self.cache_control = cache_control.encode()
        self.bytes = 0
        self.hits = 0
        """Answers found kept, ever (`metrics` reads it)."""
        self._answers: OrderedDict[Key, Kept] = OrderedDict()

    def get(self, key: Key) -> Kept | None:
        kept = self._answers.get(key)
        if kept is not None:
            self.hits += 1
        return kept

    def put(self, key: Key, body: bytes, etag: bytes) -> Kept:
        """The answer `body` with its headers, kept if there is room for it."""
        headers = [
            (b"etag", etag),
            (b"cache-control", self.cache_control),
            (b"content-length", str(len(body)).encode()),
            (b"content-type", b"application/json"),
            *SECURITY_HEADERS,
        ]
        kept = (body, etag, headers)
        if not self.size or len(body) > self.most_bytes or key in self._answers:
            return kept
        self._answers[key] = kept
        self.bytes += len(body)
        while len(self._answers) > self.size or self.bytes > self.most_bytes:
            _, (gone, _, _) = self._answers.popitem(last=False)
            self.bytes -= len(gone)
        return kept


class Probe:
    """The probe route's endpoint: a GET that is not conditional, whose path
    and query have a kept answer or are a plain probe that `plain` answers
    (raising the endpoint's error for a state it cannot read), is answered
    here with the headers kept with it; anything else (rule options,
    `If-None-Match`, HEAD) by `endpoint`."""

    def __init__(
        self,
        cache: AnswerCache,
        plain: Callable[[str, bytes], Kept | None],
        endpoint: Callable[[Request], Awaitable[Response]],
    ) -> None:
        self.cache = cache
        self.plain = plain
        self.endpoint = request_response(endpoint)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] == "GET":
            for name, _ in scope["headers"]:
                if name == b"if-none-match":
                    break
            else:
                path, query = scope["path"], scope["query_string"]
                kept = self.cache.get((path, query)) or self.plain(path, query)
                if kept is not None:
                    body, _, headers = kept
                    await send({"type": "http.response.start", "status": 200, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.endpoint(scope, receive, send)
