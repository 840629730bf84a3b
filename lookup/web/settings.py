"""Every limit, timeout and size of the service, in one frozen object.

`ninebase serve` takes its options' defaults from it, `app_from_environment`
reads the environment variables into it, and the app, the batches, the
guard, the stopping door and the server read it; docs/service.md's table "Limits
and defaults" lists every field (a test compares the two). This module needs
neither Starlette nor granian: the command line reads its defaults from it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

KIB = 1024
Number = TypeVar("Number", int, float)


def least(default: Number, minimum: float, maximum: float = math.inf) -> Number:
    """A field whose value may be no less than `minimum` (and no more than `maximum`)."""
    return field(default=default, metadata={"least": minimum, "most": maximum})


def bounds(name: str) -> tuple[float, float]:
    """The least and most a setting may be (the command line's ranges read them)."""
    metadata = next(limit.metadata for limit in fields(Settings) if limit.name == name)
    return metadata["least"], metadata["most"]


@dataclass(frozen=True)
class Settings:
    """The service's limits (docs/service.md's table says what each does and how to change it)."""

    host: str = "127.0.0.1"
    """The address to listen on."""
    port: int = least(8000, 1, 65_535)
    """The port to listen on."""
    metrics: str = "on"
    """`GET /metrics` for Prometheus: "on" (on the service's port), "off", or "HOST:PORT" (there instead)."""
    workers: int = least(1, 1, 64)
    """Worker processes; each opens the tables itself."""
    cache: int = least(65_536, 0)
    """Probe answers kept per worker."""
    cache_bytes: int = least(64 * KIB * KIB, 0)
    """The most bytes of probe answers kept per worker (a 64x64 nine's answer is over half a megabyte)."""
    header_timeout: float = least(10.0, 0.001, 60)
    """Seconds a client has to send a request's headers; also how long an idle connection is kept."""
    max_connections: int = least(10_000, 1)
    """Connections each worker holds at once; more wait in the backlog."""
    grace: float = least(30, 1, 3_600)
    """Seconds the requests in flight have after SIGTERM or Ctrl-C."""
    backlog: int = least(4 * KIB, 1)
    """Connections the kernel holds for the workers to accept."""
    max_state_characters: int = least(10_000, 1)
    """The longest state read (a 64x64 nine is 8,193 characters)."""
    max_quoted_characters: int = least(64, 1)
    """The most of any text sent that an answer quotes."""
    max_path_characters: int = least(256, 1)
    """The longest path read, without the query (414 past it)."""
    max_query_characters: int = least(16 * KIB, 1)
    """The longest query read, the state and the rule options in it (414 past it)."""
    max_batch_bytes: int = least(4 * KIB * KIB, 1)
    """The largest batch body read (413 past it)."""
    max_batch_lines: int = least(100_000, 1)
    """The most lines one batch may hold (413 past it)."""
    max_solutions: int = least(1_000_000, 1)
    """The most optimal solutions one `solutions` request lists (a larger `limit` is refused)."""
    body_seconds: float = least(30.0, 0.001)
    """How long a client may take to send a batch body."""
    batches_running: int = least(2, 1)
    """Batch chunks a worker computes at once (one per core)."""
    batches_waiting: int = least(16, 0)
    """Batches that may wait for a turn; past these, a batch is refused at once with 503."""
    batch_chunk_lines: int = least(4 * KIB, 1)
    """Lines answered between two looks at the client: a batch whose client has gone stops within one chunk."""
    batch_chunk_bytes: int = least(128 * KIB, 1)
    """The most bytes of lines in one chunk: long lines (large nine boards) make smaller chunks."""
    send_seconds: float = least(30.0, 0.001)
    """How long a client may leave one chunk of answers unread before its batch is given up."""
    retry_after_seconds: int = least(2, 0)
    """The `Retry-After` of a 503 that asks the client to come back."""
    cache_max_age: int = least(86_400, 0)
    """Seconds a client or proxy may keep an answer (`Cache-Control: max-age`)."""
    stop_quiet_seconds: float = least(0.1, 0.001)
    """After SIGTERM, how long no new connection must come before a worker closes its port (its answers done)."""
    stop_request_seconds: float = least(1.0, 0.001)
    """After SIGTERM, how long a new request may take to arrive (and its 503 to be taken) before it is closed."""
    max_head_bytes: int = least(16 * KIB, 1)
    """The most of a request read after SIGTERM: its answer is the same whatever it asks."""
    last_answers_seconds: float = least(1.0, 0.0)
    """Batches end a quarter of the grace period, at most this long, before it runs out."""
    switch_seconds: float = least(0.001, 0.000001)
    """How often threads answering batches hand the interpreter back to the event loop."""
    files_kept_free: int = least(64, 0)
    """File descriptors a worker keeps for its tables and logs beside its connections."""
    kill_backstop_seconds: int = least(2, 0)
    """Granian kills a worker this long after the grace period, should the main process not have."""

    def __post_init__(self) -> None:
        for limit in fields(self):
            if "least" in limit.metadata:
                check(limit.name, getattr(self, limit.name), limit.type == "int", *bounds(limit.name))
        if self.metrics not in ("on", "off"):
            host, port = metrics_address(self.metrics)
            if (host, port) == (self.host, self.port):
                raise SettingsError(f"metrics must be served apart from the service's own {host}:{port}, or 'on'")

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> Settings:
        """The defaults, but for the settings `ENVIRONMENT` names that `environ` sets;
        SettingsError naming the variable when one holds no number in range."""
        limits = {limit.name: limit for limit in fields(cls)}
        values: dict[str, Any] = {}
        for variable, name in ENVIRONMENT.items():
            if variable in environ:
                whole = limits[name].type == "int"
                values[name] = read(variable, environ[variable], whole)
                check(variable, values[name], whole, *bounds(name))
        return cls(**values)


ENVIRONMENT = {"NINEBASE_CACHE": "cache", "NINEBASE_GRACE": "grace"}
"""The environment variables `app_from_environment` reads, and the setting each sets."""


def metrics_address(value: str) -> tuple[str, int]:
    """The host and port of a `metrics` setting "HOST:PORT"; SettingsError saying what is wrong."""
    host, colon, port = value.rpartition(":")
    if not colon or not host or not port.isdigit() or not 1 <= int(port) <= 65_535:
        raise SettingsError(f"metrics must be 'on', 'off' or HOST:PORT with a port from 1 to 65535, not {value[:64]!r}")
    return host.strip("[]"), int(port)


class SettingsError(ValueError):
    """A limit that cannot be used, in one line naming it."""


def check(name: str, value: Any, whole: bool, minimum: float, maximum: float = math.inf) -> None:
    """SettingsError unless `value` is a number (a whole one if `whole`) from `minimum` to `maximum`."""
    is_number = isinstance(value, int) or (not whole and isinstance(value, float) and math.isfinite(value))
    if isinstance(value, bool) or not is_number or not minimum <= value <= maximum:
        span = f"of at least {minimum:g}" if maximum == math.inf else f"from {minimum:g} to {maximum:g}"
        raise SettingsError(f"{name} must be {kind(whole)} {span}, not {value!r}")


def read(variable: str, text: str, whole: bool) -> float:
    """The number an environment variable holds; SettingsError naming it when it holds none."""
    try:
        return int(text) if whole else float(text)
    except ValueError:
        raise SettingsError(f"{variable} must be {kind(whole)}, not {text[:64]!r}") from None


def kind(whole: bool) -> str:
    return "a whole number" if whole else "a finite number"


DEFAULT_SETTINGS = Settings()
