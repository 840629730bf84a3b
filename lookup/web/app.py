"""The service as one Starlette app: the JSON API (`api`) and the explorer
page (`pages`) behind the guard, every request routed (the probe's
endpoint sends kept answers: `probing`), every error answered in one place
(`errors`), and once the stop signal has come every request answered 503
at once (`ServiceApp`).

The tables are opened once per process and shared by every request (a
`Tables` is safe to share between threads).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ninebase.lookup import TableError, Tables

from .api import Service
from .asgi import Headers, Receive, Scope, Send
from .drain import Client, Drain
from .errors import ApiError, as_api_error, come_back, error_body, json_error, wants_html
from .guard import SECURITY_HEADERS, Guard
from .pages import Explorer
from .probing import Probe
from .settings import DEFAULT_SETTINGS, Settings, SettingsError


class ServiceApp(Starlette):
    """The service's Starlette app, with, once the stop signal has come, the
    answer that the server takes no new requests in front of it: the requests
    in flight then are all the work left, and a connection kept open is
    closed after its next request."""

    def __init__(self, drain: Drain, settings: Settings, **options: Any) -> None:
        super().__init__(**options)
        self.drain = drain
        self.waited = settings.stop_request_seconds
        self.refusal = stopping_answer(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.drain.began is not None and scope["type"] == "http":
            await self.refuse(receive, send, min(self.waited, self.drain.left()))
        else:
            await super().__call__(scope, receive, send)

    async def refuse(self, receive: Receive, send: Send, seconds: float) -> None:
        """Answer that the server is stopping, once the request's body is read
        (for `seconds` at most): a body left unread would make the connection's
        close a reset that the client could see before the answer."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(read_body(receive), seconds)
        headers, body = self.refusal
        await send({"type": "http.response.start", "status": 503, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def stopping_answer(settings: Settings) -> tuple[Headers, bytes]:
    """The answer to every request that comes after the stop signal (503, as
    a batch refused for want of a place), after which the connection is
    closed; with the guard's headers, as it is sent in front of the guard."""
    headers, body = json_error(
        come_back(
            "the server is shutting down and takes no new requests; send this one again shortly",
            settings.retry_after_seconds,
            {"Connection": "close"},
        )
    )
    return [*headers, *SECURITY_HEADERS], body


async def read_body(receive: Receive) -> None:
    while (await receive()).get("more_body"):
        pass


def create_app(
    tables: Tables,
    settings: Settings = DEFAULT_SETTINGS,
    *,
    report: Callable[[Client], None] | None = None,
    while_serving: Callable[[Drain], AbstractAsyncContextManager[None]] | None = None,
) -> ServiceApp:
    """The service over `tables` (raises TableError when a table is missing or
    damaged) within the limits of `settings`; batches end themselves in time
    when the server's grace period after SIGTERM runs out, and `report` is
    told of each answer cut short. `while_serving` is held from the app's
    start to the end of its last answer (a server's worker keeps its socket's
    door open while it stops: `stopping.door_kept`)."""
    drain = Drain(settings, report)
    service = Service(tables, settings, drain)
    explorer = Explorer(tables, service.reader, service.worked_out)

    async def answer_error(request: Request, error: Exception) -> Response:
        """Every error, as a page for a browser, as `{"error": ...}` for a program (see `errors`)."""
        problem = as_api_error(request, error, settings.max_quoted_characters)
        if wants_html(request):
            response = explorer.error_page(request, problem)
        else:
            response = Response(error_body(str(problem)), problem.status, media_type="application/json")
        response.headers.update(problem.headers)
        return response

    probe = Probe(service.answers, service.plain_probe, service.probe, service.cache_control.encode())
    routes = [
        Route("/api/{puzzle}", probe, methods=["GET"]),
        Route("/api/{puzzle}/batch", service.batch, methods=["POST"]),
        Route("/api/{puzzle}/distances", service.distances, methods=["POST"]),
        Route("/api/{puzzle}/counts", service.counts, methods=["POST"]),
        Route("/api/{puzzle}/random", service.random, methods=["GET"]),
        Route("/api/{puzzle}/solutions", service.solutions, methods=["GET"]),
        Route("/api/{puzzle}/stats", service.stats, methods=["GET"]),
        Route("/health", service.health, methods=["GET"]),
        Route("/openapi.json", service.openapi, methods=["GET"]),
        *explorer.routes(),
    ]
    # Exception is answered by Starlette's outermost middleware, the others inside it
    handlers = {error: answer_error for error in (ApiError, TableError, HTTPException, Exception)}

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        drain.watch_signals()  # in the server's process, once it has set its own handlers
        if while_serving is None:
            yield
            return
        async with while_serving(drain):
            yield  # until the server has finished every answer in flight

    app = ServiceApp(drain, settings, routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.router.redirect_slashes = False  # the guard redirects, without reflecting the Host header
    app.add_middleware(Guard, settings=settings)  # its headers go on every answer
    return app


def app_from_environment() -> Starlette:
    """The app for each worker process of another ASGI server: the tables
    directory comes from $NINEBASE_TABLES, and the settings that
    `settings.ENVIRONMENT` names from theirs, if set. A variable missing or
    holding no number in range, or a table missing or damaged, ends the
    process with one line saying so."""
    try:
        settings = Settings.from_environment(os.environ)
        if not os.environ.get("NINEBASE_TABLES"):
            raise SettingsError("NINEBASE_TABLES must name the tables directory (built by ninebase build)")
        return create_app(Tables(Path(os.environ["NINEBASE_TABLES"])), settings)
    except (SettingsError, TableError) as error:
        sys.exit(f"ninebase: {error}")
