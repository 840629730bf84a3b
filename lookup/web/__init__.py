"""`ninebase serve`: the tables over HTTP, a JSON API (`api`) and the
explorer page (`pages`), as one Starlette app (`app.create_app`) that any
ASGI server can run, within the limits of one `settings.Settings`.

This package imports nothing itself: the command line reads its defaults
from `settings` without the serve extra installed. `create_app`,
`app_from_environment` and `check_tables` are loaded when first asked for
(`uvicorn --factory ninebase.lookup.web:app_from_environment`).
"""

from __future__ import annotations

from typing import Any

LOADED_ON_DEMAND = {"app_from_environment": "app", "check_tables": "served", "create_app": "app"}


def __getattr__(name: str) -> Any:
    if name not in LOADED_ON_DEMAND:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{LOADED_ON_DEMAND[name]}"), name)


__all__ = ["app_from_environment", "check_tables", "create_app"]
