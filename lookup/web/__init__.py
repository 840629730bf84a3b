"""`ninebase serve`: the tables over HTTP, a JSON API (`api`) and the
explorer page (`pages`), as one Starlette app that any ASGI server can run.

The tables are opened once per process and shared by every request (a
`Tables` is safe to share between threads).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ninebase.lookup import TableError, Tables
from ninebase.puzzles import shown

from .answers import ReadyAnswers, ServiceApp
from .api import Service, check_tables
from .drain import Client, Drain
from .errors import ApiError
from .guard import Guard
from .limits import CACHED_ANSWERS, GRACE_SECONDS, MAX_STATE_CHARACTERS
from .pages import Explorer
from .stopping import Door

log = logging.getLogger("ninebase")


def create_app(
    tables: Tables,
    cache_size: int = CACHED_ANSWERS,
    grace: float = GRACE_SECONDS,
    port: int | None = None,
    report: Callable[[Client], None] | None = None,
) -> Starlette:
    """The service over `tables` (raises TableError when a table is missing or
    damaged), keeping up to `cache_size` probe answers ready; batches end
    themselves in time when the server's `grace` period after SIGTERM runs out,
    and `report` is told of each answer cut short. Given the `port` its
    server listens on, the app keeps that socket's door open while it stops
    (`stopping`)."""
    drain = Drain(grace, report)
    door = Door(port, drain) if port is not None else None
    service = Service(tables, cache_size, drain)
    explorer = Explorer(tables)

    def respond(request: Request, status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
        """An error as a page for a browser, as `{"error": ...}` for a program (see `errors`)."""
        response = explorer.error_page(request, status, message)
        response.headers.update(headers or {})
        return response

    async def api_error(request: Request, error: Exception) -> Response:
        return respond(request, error.status, str(error), error.headers)

    async def table_error(request: Request, error: Exception) -> Response:
        log.error("ninebase: %s", error)  # the operator's log names the file; the client is told no path
        puzzle = getattr(error, "puzzle", None) or "PUZZLE"
        return respond(
            request,
            503,
            f"the {puzzle} table is damaged or changed on disk while serving; rebuild it with: ninebase build "
            f"--only {puzzle} --force --tables <the server's tables directory>, then restart (the log names the file)",
        )

    async def http_error(request: Request, error: Exception) -> Response:
        path = shown(request.url.path, MAX_STATE_CHARACTERS)
        messages = {404: f"no such path {path}", 405: f"{request.method} is not allowed on {path}"}
        # 405 names the allowed methods in Allow
        return respond(request, error.status_code, messages.get(error.status_code, str(error.detail)), error.headers)

    async def server_error(request: Request, error: Exception) -> Response:
        log.error("ninebase: internal error on %s: %s: %s", request.url.path, type(error).__name__, error)
        return respond(request, 500, "internal error; the server's log says more")

    routes = [
        Route("/api/{puzzle}", service.probe, methods=["GET"]),
        Route("/api/{puzzle}/batch", service.batch, methods=["POST"]),
        Route("/api/{puzzle}/distances", service.distances, methods=["POST"]),
        Route("/api/{puzzle}/stats", service.stats, methods=["GET"]),
        Route("/health", service.health, methods=["GET"]),
        Route("/openapi.json", service.openapi, methods=["GET"]),
        *explorer.routes(),
    ]
    handlers = {ApiError: api_error, TableError: table_error, HTTPException: http_error, Exception: server_error}

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        drain.watch_signals()  # in the server's process, once it has set its own handlers
        if door is None:
            yield
            return
        keeping = asyncio.ensure_future(door.keep())
        yield  # until the server has finished every answer in flight
        await door.close(keeping)

    caching = [(name.lower().encode(), value.encode()) for name, value in service.caching_headers().items()]
    ready = ReadyAnswers(service.answers, service.plain_probe, caching)
    app = ServiceApp(ready, drain, routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.router.redirect_slashes = False  # the guard redirects, without reflecting the Host header
    app.add_middleware(Guard)  # its headers go on every answer (the ready ones carry them too)
    return app


def app_from_environment() -> Starlette:
    """The app for each worker process when serving with several workers: the
    tables directory comes from $NINEBASE_TABLES (and the answers kept and the
    grace period from $NINEBASE_CACHE and $NINEBASE_GRACE, if set)."""
    return create_app(
        Tables(Path(os.environ["NINEBASE_TABLES"])),
        int(os.environ.get("NINEBASE_CACHE", CACHED_ANSWERS)),
        float(os.environ.get("NINEBASE_GRACE", GRACE_SECONDS)),
    )


__all__ = ["app_from_environment", "check_tables", "create_app"]
