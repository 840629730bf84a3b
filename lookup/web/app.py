"""The service as one Starlette app: the JSON API (`api`) and the explorer
page (`pages`) behind the guard, with kept answers sent before it
(`answers`), and every error answered in one place (`errors`).

The tables are opened once per process and shared by every request (a
`Tables` is safe to share between threads).
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ninebase import puzzles
from ninebase.lookup import TableError, Tables

from .answers import ReadyAnswers, ServiceApp
from .api import Service
from .drain import Client, Drain
from .errors import ApiError, as_api_error, error_body, wants_html
from .guard import Guard
from .metrics import FLUSH_SECONDS, Metrics
from .pages import Explorer
from .settings import DEFAULT_SETTINGS, Settings, SettingsError
from .stopping import Door


def create_app(
    tables: Tables,
    settings: Settings = DEFAULT_SETTINGS,
    *,
    keep_door: bool = False,
    report: Callable[[Client], None] | None = None,
) -> ServiceApp:
    """The service over `tables` (raises TableError when a table is missing or
    damaged) within the limits of `settings`; batches end themselves in time
    when the server's grace period after SIGTERM runs out, and `report` is
    told of each answer cut short. In a server listening on `settings.port`,
    `keep_door` keeps that socket's door open while it stops (`stopping`)."""
    drain = Drain(settings, report)
    door = Door(drain, settings) if keep_door else None
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

    routes = [
        Route("/api/{puzzle}", service.probe, methods=["GET"]),
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
    # Exception is answered by Starlette's outermost middleware, the others inside it
    handlers = {error: answer_error for error in (ApiError, TableError, HTTPException, Exception)}

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        drain.watch_signals()  # in the server's process, once it has set its own handlers
        flushing = None if metrics is None else asyncio.ensure_future(flush_metrics(metrics, service))
        try:
            if door is None:
                yield
                return
            keeping = asyncio.ensure_future(door.keep())
            yield  # until the server has finished every answer in flight
            await door.close(keeping)
        finally:
            if metrics is not None and flushing is not None:
                flushing.cancel()
                metrics.flush(service.seen())
                metrics.worker_ended()

    ready = ReadyAnswers(service.answers, service.plain_probe, [(b"cache-control", service.cache_control.encode())])
    app = ServiceApp(ready, drain, settings, metrics, routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.router.redirect_slashes = False  # the guard redirects, without reflecting the Host header
    app.add_middleware(Guard, settings=settings)  # its headers go on every answer (the ready ones carry them too)
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
