"""The service behind the strict Content-Security-Policy that issue 22 names:
`lookup.web.app_from_environment` with every answer carrying that policy as
well as the service's own (a browser enforces every policy it is sent). The
browser tests serve this with uvicorn, so a page that needed an inline
script, an inline style or a handler attribute would be refused by the
browser and log a violation, whatever the service's own policy says."""

from __future__ import annotations

from typing import Any

from ninebase.lookup.web import app_from_environment

POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'"


def app() -> Any:
    """The ASGI app for `uvicorn --factory csp_app:app`."""
    inner = app_from_environment()

    async def with_policy(scope: dict[str, Any], receive: Any, send: Any) -> None:
        async def send_with_policy(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), (b"content-security-policy", POLICY.encode())]
                message = {**message, "headers": headers}
            await send(message)

        await inner(scope, receive, send_with_policy if scope["type"] == "http" else send)

    return with_policy
