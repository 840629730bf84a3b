"""`ninebase serve`: the tables over HTTP, a JSON API (`api`) and the
explorer page (`pages`), as one Starlette app that any ASGI server can run.

The tables are opened once per process and shared by every request (a
`Tables` is safe to share between threads).
"""

from __future__ import annotations

import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from lookup.tablefile import TableError
from lookup.tables import Tables

from .api import ApiError, Service
from .limits import CACHED_ANSWERS
from .pages import Explorer


def create_app(tables: Tables, cache_size: int = CACHED_ANSWERS) -> Starlette:
    """The service over `tables` (raises TableError when a table is missing or
    damaged), keeping up to `cache_size` probe answers ready."""
    service = Service(tables, cache_size)
    explorer = Explorer(tables)
    respond = explorer.error_page  # a page for a browser, JSON for a program

    async def api_error(request: Request, error: Exception) -> Response:
        return respond(request, error.status, str(error))

    async def table_error(request: Request, error: Exception) -> Response:
        return respond(request, 503, f"a table is damaged: {error}")

    async def http_error(request: Request, error: Exception) -> Response:
        messages = {
            404: f"no such path {request.url.path!r}",
            405: f"{request.method} is not allowed on {request.url.path}",
        }
        return respond(request, error.status_code, messages.get(error.status_code, str(error.detail)))

    async def server_error(request: Request, error: Exception) -> Response:
        return respond(request, 500, f"internal error: {type(error).__name__}")

    routes = [
        Route("/api/{puzzle}", service.probe, methods=["GET"]),
        Route("/api/{puzzle}/batch", service.batch, methods=["POST"]),
        Route("/api/{puzzle}/stats", service.stats, methods=["GET"]),
        Route("/health", service.health, methods=["GET"]),
        Route("/openapi.json", service.openapi, methods=["GET"]),
        *explorer.routes(),
    ]
    handlers = {ApiError: api_error, TableError: table_error, HTTPException: http_error, Exception: server_error}
    return Starlette(routes=routes, exception_handlers=handlers)


def app_from_environment() -> Starlette:
    """The app for each worker process when serving with several workers: the
    tables directory comes from $NINEBASE_TABLES."""
    return create_app(
        Tables(Path(os.environ["NINEBASE_TABLES"])), int(os.environ.get("NINEBASE_CACHE", CACHED_ANSWERS))
    )
