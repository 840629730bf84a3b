"""`ninebase serve`: the HTTP service started from the command line (loaded
only when it is run or listed, see `LAZY_COMMANDS`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ninebase.lookup import Tables, check_directory, resolve_tables_dir
from ninebase.lookup.web.settings import DEFAULT_SETTINGS as DEFAULTS
from ninebase.lookup.web.settings import Settings, bounds

from .common import EXIT_BAD_INPUT, TABLE_STATUS_HELP, fail, reported_errors, tables_option

EXIT_ADDRESS = 5
EXIT_CUT = 6
SERVE_EXIT_HELP = f"""{TABLE_STATUS_HELP} 5 the address cannot be used (the port is busy,
or the host is not this machine's). Stopped by SIGTERM or Ctrl-C: 0 every
answer was finished; 6 the grace period ran out first (stderr says how many
answers were cut short)."""


class Seconds(click.FloatRange):
    """A number of seconds within a range; not NaN, which every comparison lets through."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if math.isnan(seconds):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


def whole_range(name: str) -> click.IntRange:
    """The whole numbers a setting takes (`settings.bounds`)."""
    return click.IntRange(*map(int, bounds(name)))


def setting_option(name: str, kind: Any, help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """`--name` for one `Settings` field: its default the service's own, shown in --help."""
    return click.option(
        f"--{name.replace('_', '-')}", type=kind, default=getattr(DEFAULTS, name), show_default=True, help=help
    )


@click.command(short_help="Serve the tables over HTTP (JSON API, explorer page).", epilog=SERVE_EXIT_HELP)
@tables_option
@setting_option("host", str, "Address to listen on (loopback unless you say so).")
@setting_option("port", whole_range("port"), "Port to listen on.")
@setting_option(
    "workers",
    whole_range("workers"),
    "Worker processes, each with the tables in memory; more than the machine has cores only adds memory.",
)
@setting_option("cache", click.IntRange(min=0), "Probe answers kept per worker (0: none).")
@setting_option(
    "header_timeout",
    Seconds(*bounds("header_timeout")),
    "Seconds a client has to send a request's headers; also how long an idle connection is kept.",
)
@setting_option(
    "max_connections",
    click.IntRange(min=1),
    "Connections each worker holds at once (at most what the open-files limit allows); more wait in the backlog.",
)
@setting_option("grace", whole_range("grace"), "Seconds requests in flight may take to finish after SIGTERM or Ctrl-C.")
def serve(
    tables_dir: Path | None,
    host: str,
    port: int,
    workers: int,
    cache: int,
    header_timeout: float,
    max_connections: int,
    grace: int,
) -> None:
    """Serve the tables over HTTP (JSON API and explorer page) until
    SIGTERM or Ctrl-C; requests in flight then finish first (within --grace),
    new ones are answered 503 with Retry-After. The workers stop with this
    process, however it ends. Needs the serve extra: pip install
    'ninebase[serve]'."""
    try:  # the web app first, so that a missing extra is named by the app's library (starlette)
        from ninebase.lookup.web import check_tables
    except ImportError as error:
        fail(f"serve needs the serve extra ({error.name} is missing): pip install 'ninebase[serve]'", EXIT_BAD_INPUT)
    try:
        from ninebase.lookup.service.server import AddressError, check_address
        from ninebase.lookup.service.server import serve as run_server
    except ImportError as error:
        fail(f"serve needs the serve extra ({error.name} is missing): pip install 'ninebase[serve]'", EXIT_BAD_INPUT)
    directory = resolve_tables_dir(tables_dir)
    with reported_errors(), Tables(directory) as tables:
        check_directory(directory)  # every puzzle is served: no one puzzle to name
        served = check_tables(tables)  # a missing or damaged table stops the service before it starts
    try:
        check_address(host, port)
    except AddressError as error:
        fail(str(error), EXIT_ADDRESS)  # one line: the notes below are for a server that starts
    for line in served.start_lines(directory, f"http://{host}:{port}/"):
        click.echo(f"ninebase: {line}", err=True)
    settings = Settings(
        host=host,
        port=port,
        workers=workers,
        cache=cache,
        header_timeout=header_timeout,
        max_connections=max_connections,
        grace=grace,
    )
    cut = run_server(directory, settings)
    if cut:
        fail(
            f"stopped, but the {grace} s grace period ran out before {cut:,} answer{'s' if cut > 1 else ''} "
            "could be finished (the log above says which); give them longer with --grace",
            EXIT_CUT,
        )
