"""What every response of the service carries and what no request may do,
as one plain ASGI middleware in front of the app (cheap: it adds fixed
headers and looks at the path, nothing else).

- Security headers on every response, with a Content-Security-Policy that
  allows only the service's own scripts, styles and images.
- A path over `Settings.max_path_characters`, or a query over
  `max_query_characters` (the state and the rule options: a 64x64 nine is
  8,193 characters), is refused (414) before routing, so no answer ever echoes it.
- A trailing slash is answered with a redirect to the path without it whose
  `Location` is relative: the Host header is never reflected.
"""

from __future__ import annotations

from urllib.parse import quote

from .asgi import ASGIApp, Message, Receive, Scope, Send
from .errors import ApiError, json_error
from .settings import Settings

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


class Guard:
    """The middleware: headers on every response, long paths refused, trailing slashes redirected."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.longest = settings.max_path_characters
        self.longest_query = settings.max_query_characters

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        path: str = scope["path"]
        query: bytes = scope.get("query_string", b"")
        for part, text, longest in (("path", path, self.longest), ("query", query, self.longest_query)):
            if len(text) > longest:
                message = f"the {part} is {len(text):,} characters long; at most {longest:,} are read"
                await respond(send_with_headers, ApiError(414, message))
                return
        if len(path) > 1 and path.endswith("/"):
            # one leading slash, so never a protocol-relative //host
            location = quote("/" + path.strip("/")) + (f"?{query.decode('latin-1')}" if query else "")
            await respond(send_with_headers, ApiError(308, "no trailing slash: see Location", {"Location": location}))
            return
        await self.app(scope, receive, send_with_headers)


async def respond(send: Send, error: ApiError) -> None:
    """Answer `error` as JSON, in plain ASGI."""
    headers, body = json_error(error)
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
