"""What the service is doing, for Prometheus: `GET /metrics` in its text
format, written by the prometheus-client library.

Off the hot path: a request only adds its time to a plain Python list in
its worker (`Tally`), and those
are handed to the library's metrics once a second (`Metrics.flush`, on the
event loop; and by the worker that answers a scrape, before it answers), so
a scrape sees every request at most a second late. Each library call costs
4 to 7 microseconds in multi-process mode (a locked write to a memory-mapped
file): on every request that would be a tenth of a cached probe's time.

With several workers, each writes its values to files in the directory
`PROMETHEUS_MULTIPROC_DIR` names (`ninebase serve` makes a fresh one, and
removes it at the end) and a scrape, answered by whichever worker gets it,
sums them (the library's multi-process mode). Without that variable (an
app under another server, or a test) the values are this process's own.
The library decides which when it is first imported, so it is imported
only where metrics are kept, never by `ninebase serve`'s main process before
it has set the variable for the workers it forks.
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .asgi import Scope

MULTIPROCESS_DIRECTORY = "PROMETHEUS_MULTIPROC_DIR"
FLUSH_SECONDS = 1.0
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Seconds: a kept probe answer takes well under a millisecond, a batch of 100,000 lines seconds."""

NO_ROUTE = "other"
"""The endpoint of a request no route answered: a path that does not exist,
the guard's own answers (414, 308) and those after the stop signal."""
NO_PUZZLE = "-"
"""The puzzle of a request whose route names none, or names one that does not exist."""


NO_PARAMETERS: dict[str, str] = {}


Tally = dict[tuple[str, str, int], list[float]]
"""Between two flushes: the seconds each request took, by the template of
the route that answered it (the router puts the route in the request's
scope, so no path a client sends adds a series), the puzzle its path named
(checked against the known names only at the flush, once per key), and its
status."""


@dataclass(frozen=True)
class Seen:
    """What the service's parts count themselves, as plain numbers: totals
    since the worker started (the metrics add what is new) and the places
    in use now."""

    cache_hits: int
    batches_refused: int
    lines_answered: int
    lines_unanswered: int
    places: int
    watched: tuple[str, ...]
    """The tables whose files are watched, and of them those whose file"""
    changed: frozenset[str]
    """changed on disk since they were loaded."""


class Metrics:
    """The service's metrics (see the module's docstring) over the puzzles `names`."""

    def __init__(self, names: Iterable[str]) -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.names = frozenset(names)
        self.multiprocess = bool(os.environ.get(MULTIPROCESS_DIRECTORY))
        self.registry = CollectorRegistry()
        registry = None if self.multiprocess else self.registry  # multi-process values are read from the files
        self.requests = Counter(
            "ninebase_requests",
            "HTTP requests answered, by route, puzzle and status",
            ["endpoint", "puzzle", "status"],
            registry=registry,
        )
        self.latency = Histogram(
            "ninebase_request_duration_seconds",
            "Time from a request's arrival to the end of its answer, by route",
            ["endpoint"],
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.cached = Counter("ninebase_cached_answers", "Probe answers sent from the answer cache", registry=registry)
        self.batch_lines = Counter(
            "ninebase_batch_lines",
            "Lines of admitted batches: answered, or not (the client went, or the server was stopping)",
            ["outcome"],
            registry=registry,
        )
        self.batches_refused = Counter(
            "ninebase_batches_refused",
            "Batches refused at once (503) because every place was taken",
            registry=registry,
        )
        self.places = Gauge(
            "ninebase_batch_places_in_use",
            "Batches (and answers worked out without a table) running or waiting for a turn",
            registry=registry,
            multiprocess_mode="livesum",  # a worker that ended takes its places out (`worker_ended`)
        )
        self.loaded = Gauge(
            "ninebase_table_loaded",
            "1: the table was checked (every checksum) and loaded when the worker started; 0: not built",
            ["table"],
            registry=registry,
            multiprocess_mode="min",
        )
        self.changed = Gauge(
            "ninebase_table_file_changed",
            "1: the table's file changed on disk since it was loaded (the worker answers from memory; restart it)",
            ["table"],
            registry=registry,
            multiprocess_mode="max",
        )
        self.memory = Gauge(
            "ninebase_worker_resident_memory_bytes",
            "Resident memory of each worker process",
            registry=registry,
            multiprocess_mode="liveall",
        )
        self.tally: Tally = {}
        self.last = Seen(0, 0, 0, 0, 0, (), frozenset())
        self.page_size = os.sysconf("SC_PAGE_SIZE")

    def request(self, scope: Scope, status: int, seconds: float) -> None:
        """Count one answered request (plain Python: see the module's docstring)."""
        route = scope.get("route")
        endpoint = NO_ROUTE if route is None else route.path_format
        key = (endpoint, scope.get("path_params", NO_PARAMETERS).get("puzzle", NO_PUZZLE), status)
        took = self.tally.get(key)
        if took is None:
            self.tally[key] = [seconds]
        else:
            took.append(seconds)

    def tables(self, loaded: Iterable[str], absent: Iterable[str]) -> None:
        for name in loaded:
            self.loaded.labels(name).set(1)
        for name in absent:
            self.loaded.labels(name).set(0)

    def flush(self, seen: Seen) -> None:
        """Hand what was counted since the last flush to the library's
        metrics, with what the service's parts have `seen` and this worker's memory."""
        taken, last = self.tally, self.last
        self.tally = {}
        counts: dict[tuple[str, str, int], int] = {}
        latencies: dict[str, list[float]] = {}
        for (endpoint, named, status), seconds in taken.items():
            puzzle = named if named in self.names else NO_PUZZLE
            counts[(endpoint, puzzle, status)] = counts.get((endpoint, puzzle, status), 0) + len(seconds)
            latencies.setdefault(endpoint, []).extend(seconds)
        for (endpoint, puzzle, status), count in counts.items():
            self.requests.labels(endpoint, puzzle, str(status)).inc(count)
        for endpoint, seconds in latencies.items():
            observe_many(self.latency.labels(endpoint), seconds)
        for counter, now, before in (
            (self.cached, seen.cache_hits, last.cache_hits),
            (self.batches_refused, seen.batches_refused, last.batches_refused),
            (self.batch_lines.labels("answered"), seen.lines_answered, last.lines_answered),
            (self.batch_lines.labels("not answered"), seen.lines_unanswered, last.lines_unanswered),
        ):
            if now > before:
                counter.inc(now - before)
        if seen.places != last.places:
            self.places.set(seen.places)
        for name in seen.watched:
            self.changed.labels(name).set(1 if name in seen.changed else 0)
        self.last = seen
        try:
            with open("/proc/self/statm") as statm:
                self.memory.set(int(statm.read().split()[1]) * self.page_size)
        except OSError:  # not Linux: no figure
            pass

    def exposition(self) -> tuple[bytes, str]:
        """The body and content type of a scrape: every worker's values summed in multi-process mode."""
        from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

        return generate_latest(every_worker() if self.multiprocess else self.registry), CONTENT_TYPE_LATEST

    def worker_ended(self) -> None:
        """Take this worker's live gauges (batch places) out of the sums."""
        if self.multiprocess:
            from prometheus_client.multiprocess import mark_process_dead

            mark_process_dead(os.getpid())


def every_worker() -> Any:
    """A registry that reads every worker's values from the multi-process directory."""
    from prometheus_client import CollectorRegistry
    from prometheus_client.multiprocess import MultiProcessCollector

    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    return registry


def observe_many(histogram: Any, values: list[float]) -> None:
    """Add `values` to one labelled histogram with one write per bucket
    touched and one for the sum, instead of two per value (`observe`). The
    library has no public call for it: this uses the bucket and sum values
    `Histogram.observe` itself adds to, and tests/web/test_metrics.py checks
    that the exposition is the same as `observe` gives."""
    bounds = histogram._upper_bounds
    counts = [0] * len(bounds)
    for value in values:
        counts[bisect.bisect_left(bounds, value)] += 1
    histogram._sum.inc(sum(values))
    for index, count in enumerate(counts):
        if count:
            histogram._buckets[index].inc(count)
