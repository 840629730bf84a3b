"""The ASGI types the service's plain ASGI parts are written against (the
guard, the kept answers, the batches, the stopping answer): one home, so
that each part names them the same way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]
"""Raw response headers, as `http.response.start` carries them: lower-case names."""
