"""Running the service: granian (a Rust HTTP server; measured fastest of the
stacks compared, see docs/service.md) with the app built in every worker process, so
each worker opens the tables itself.

Hardening lives in the server's options: HTTP/1 only, a header timeout (which
also ends idle kept-open connections), a cap on connections per worker (the
rest wait in the kernel's backlog), no access log, and on SIGTERM a drain of
the requests in flight for up to `grace` seconds, through which each worker
keeps answering on the port (`stopping`). The workers die with the main
process, and the main process counts the answers the end of the grace
period cut short (`supervision`). The address is tried first, so a busy
port is one clear error instead of a second server silently sharing it
(granian binds with SO_REUSEPORT).
"""

from __future__ import annotations

import errno
import functools
import math
import os
import resource
import socket
import sys
from pathlib import Path

from granian import Granian
from granian.constants import HTTPModes, Interfaces, RuntimeModes
from granian.http import HTTP1Settings
from granian.log import LogLevels
from starlette.applications import Starlette

from ninebase.lookup import Tables
from ninebase.lookup.web.app import create_app
from ninebase.lookup.web.settings import Settings

from .stopping import door_kept
from .supervision import CutAnswers, Reaper, cut_answers, die_with_parent


class AddressError(OSError):
    """The address to serve on cannot be used (busy, or not this machine's)."""


def check_address(host: str, port: int) -> None:
    """Bind the address once, as the server will; AddressError saying why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a port in TIME_WAIT is free
        try:
            trial.bind((host, port))
        except OSError as error:
            why = (
                "is in use by another program"
                if error.errno == errno.EADDRINUSE
                else f"cannot be used ({error.strerror})"
            )
            raise AddressError(f"{host}:{port} {why}; choose another with --host/--port") from None


def connection_cap(settings: Settings) -> int:
    """`settings.max_connections` per worker, within the file descriptors this
    process may open (the soft limit raised to the hard one first) less
    those a worker keeps free."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    return max(1, min(settings.max_connections, soft - settings.files_kept_free))


def app_for_worker(directory: str, settings: Settings, parent: int, cuts: CutAnswers, target: str) -> Starlette:
    """The app of one worker process of the server whose main process is
    `parent`, over tables it opens itself. The worker dies with `parent`
    first. Threads answering batches hand the interpreter back to the event
    loop every `settings.switch_seconds` (Python's default is 5 ms: a probe
    could wait that long, several times, behind a batch's thread)."""
    die_with_parent(parent)
    sys.setswitchinterval(settings.switch_seconds)
    kept = functools.partial(door_kept, settings=settings)
    return create_app(Tables(Path(directory)), settings, report=cuts.record, while_serving=kept)


def serve(directory: Path, settings: Settings) -> int:
    """Serve until SIGINT or SIGTERM; the tables must have been checked
    already. Returns how many answers the end of the grace period cut short."""
    cuts, reaper = CutAnswers(), Reaper(settings)
    server = Granian(
        "ninebase",  # a name only: app_for_worker builds the app
        address=settings.host,
        port=settings.port,
        interface=Interfaces.ASGI,
        http=HTTPModes.http1,
        websockets=False,
        workers=settings.workers,
        runtime_mode=RuntimeModes.st,
        backlog=settings.backlog,
        backpressure=connection_cap(settings),
        http1_settings=HTTP1Settings(header_read_timeout=round(settings.header_timeout * 1000), keep_alive=True),
        # granian's own kill, should the `Reaper` not have killed a worker
        workers_kill_timeout=math.ceil(settings.grace) + settings.kill_backstop_seconds,
        log_level=LogLevels.warning,
        log_access=False,
    )
    server.on_startup(reaper.watch)  # called once granian has set its signal handlers, before the workers start
    loader = functools.partial(app_for_worker, str(directory.resolve()), settings, os.getpid(), cuts)
    server.serve(target_loader=loader)
    return cut_answers(cuts, reaper)
