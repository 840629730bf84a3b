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
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, Router
from starlette.types import Lifespan

from ninebase import puzzles
from ninebase.lookup import TableError, Tables

from .api import Service
from .asgi import ASGIApp, Headers, Receive, Scope, Send
from .drain import Client, Drain
from .errors import as_api_error, come_back, error_body, json_error, wants_html
from .guard import SECURITY_HEADERS, Guard, Handler
from .metrics import FLUSH_SECONDS, Metrics
from .pages import Explorer
from .probing import Probe
from .settings import DEFAULT_SETTINGS, Settings, SettingsError

PROBE_PATH = "/api/{puzzle}"


class ServiceApp(Starlette):
    """The service's Starlette app: the guard (with every error answered in
    it, and every request counted), then the router; and in front of them, once the stop
    signal has come, the answer that the server takes no new requests (the
    requests in flight then are all the work left, and a connection kept
    open is closed after its next request). Every request is counted in
    `metrics`, where they are kept."""

    def __init__(
        self,
        drain: Drain,
        settings: Settings,
        handler: Handler,
        metrics: Metrics | None,
        routes: list[BaseRoute],
        lifespan: Lifespan,
    ) -> None:
        super().__init__()
        self.router = ServiceRouter(routes, lifespan)
        self.drain = drain
        self.settings = settings
        self.waited = settings.stop_request_seconds
        self.refusal = stopping_answer(settings)
        self.handler = handler
        self.metrics = metrics

    def build_middleware_stack(self) -> ASGIApp:
        """The guard around any other middleware around the router, instead of
        Starlette's two error layers around them: every error goes to the one handler
        anyway, and each layer costs every request (a kept probe took 12.2 us
        of CPU in the app behind Starlette's three layers, 2.4 us when it was
        answered before them)."""
        app: ASGIApp = self.router.middleware_stack  # its `app`: Router.__call__ only calls it
        for middleware in reversed(self.user_middleware):
            app = middleware.cls(app, *middleware.args, **middleware.kwargs)
        return Guard(app, self.settings, self.handler, self.metrics)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.drain.began is not None and scope["type"] == "http":
            began = time.perf_counter()
            await self.refuse(receive, send, min(self.waited, self.drain.left()))
            if self.metrics is not None:
                self.metrics.request(scope, 503, time.perf_counter() - began)
        else:
            scope["app"] = self
            if self.middleware_stack is None:
                self.middleware_stack = self.build_middleware_stack()
            await self.middleware_stack(scope, receive, send)

    async def refuse(self, receive: Receive, send: Send, seconds: float) -> None:
        """Answer that the server is stopping, once the request's body is read
        (for `seconds` at most): a body left unread would make the connection's
        close a reset that the client could see before the answer."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(read_body(receive), seconds)
        headers, body = self.refusal
        await send({"type": "http.response.start", "status": 503, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class ServiceRouter(Router):
    """Starlette's router, but for the path every probe takes, `/api/{puzzle}`
    (a fixed prefix, one parameter, no further slash), matched by that test
    instead of its route's regular expression: the same route, found in a
    fraction of a microsecond."""

    def __init__(self, routes: list[BaseRoute], lifespan: Lifespan) -> None:
        super().__init__(routes, lifespan=lifespan, redirect_slashes=False)  # the guard redirects
        self.probe = next(route for route in routes if isinstance(route, Route) and route.path == PROBE_PATH)

    def app(self, scope: Scope, receive: Receive, send: Send) -> Coroutine[Any, Any, None]:
        """The route's answer to the request, to be awaited (not a coroutine
        itself: one frame less on every request)."""
        path: str = scope.get("path", "")  # a lifespan scope has none
        if (
            scope["type"] == "http"
            and scope["method"] == "GET"
            and path.startswith("/api/")
            and path.find("/", 5) < 0
            and len(path) > 5
            and not scope.get("root_path")
        ):
            scope["route"] = self.probe
            scope["endpoint"] = self.probe.endpoint
            scope["path_params"] = {"puzzle": path[5:]}
            return self.probe.app(scope, receive, send)
        return super().app(scope, receive, send)


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
    metrics = None if settings.metrics == "off" else Metrics(puzzles.names())
    service = Service(tables, settings, drain, metrics)
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

    probe = Probe(service.answers, service.plain_probe, service.probe)
    routes = [
        Route(PROBE_PATH, probe, methods=["GET"]),
        Route("/api/{puzzle}/batch", service.batch, methods=["POST"]),
        Route("/api/{puzzle}/distances", service.distances, methods=["POST"]),
        Route("/api/{puzzle}/counts", service.counts, methods=["POST"]),
        Route("/api/{puzzle}/random", service.random, methods=["GET"]),
        Route("/api/{puzzle}/solutions", service.solutions, methods=["GET"]),
        Route("/api/{puzzle}/stats", service.stats, methods=["GET"]),
        Route("/health", service.health, methods=["GET"]),
        Route("/ready", service.ready, methods=["GET"]),
        Route("/openapi.json", service.openapi, methods=["GET"]),
        *([Route("/metrics", service.metrics_answer, methods=["GET"])] if settings.metrics == "on" else []),
        *explorer.routes(),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        drain.watch_signals()  # in the server's process, once it has set its own handlers
        flushing = None if metrics is None else asyncio.ensure_future(flush_metrics(metrics, service))
        try:
            if while_serving is None:
                yield
                return
            async with while_serving(drain):
                yield  # until the server has finished every answer in flight
        finally:
            if metrics is not None and flushing is not None:
                flushing.cancel()
                metrics.flush(service.seen())
                metrics.worker_ended()

    app = ServiceApp(drain, settings, answer_error, metrics, routes, lifespan)
    return app


async def flush_metrics(metrics: Metrics, service: Service) -> None:
    """Hand the worker's counts to its metrics every `FLUSH_SECONDS` (see `metrics`)."""
    while True:
        await asyncio.sleep(FLUSH_SECONDS)
        metrics.flush(service.seen())


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
