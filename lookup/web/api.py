"""The JSON API of `ninebase serve`.

The contract is service.md section 2: `GET /api/{puzzle}?state=` answers the
probe object, `POST /api/{puzzle}/batch` JSON Lines of solve objects,
`GET /api/{puzzle}/stats`, `GET /openapi.json`, `GET /health`, `GET /ready`. Every error
is a JSON object `{"error": ...}` with 400, 404, 405, 408, 413 or 503.

The tables are opened once per process and shared by every request (a
`Tables` is safe to share between threads). Answers never change for a
given build, so every answer carries `Cache-Control` and an `ETag` made from
the tables' own checksums, ninebase's version and the rule options asked
for, and `If-None-Match` is answered with 304. Every endpoint that names a
puzzle takes its rule options (`?size=9`) as the command line does (`query_options`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, TypeVar

import msgspec
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ninebase import puzzles
from ninebase.lookup import MAX_SEED, TableError, Tables, encoding
from ninebase.lookup.stream import Lines
from ninebase.puzzles import InputError, Puzzle

from .batches import BatchAnswers, BatchGate
from .drain import Drain
from .errors import ApiError, error_body
from .metrics import Metrics, Seen
from .openapi import NDJSON, openapi_document
from .probing import AnswerCache, Kept
from .reading import Reader, url_instance
from .served import check_tables
from .settings import DEFAULT_SETTINGS, Settings

JSON_ENCODER = msgspec.json.Encoder()
PLAIN_TEXT = "text/plain; charset=utf-8"
PLAIN_STATE_BYTES = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_,.-"
T = TypeVar("T")


def encoded(payload: Any) -> bytes:
    """The body of every JSON answer but an error (`error_body`) and a JSON
    Lines one: compact, ending in a newline as a text file's last line does,
    so the shell's prompt after `curl` begins a line of its own."""
    return JSON_ENCODER.encode(payload) + b"\n"


class JsonAnswer(Response):
    """A JSON answer, its body `encoded`."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return encoded(content)


class Service:
    """The endpoints, over one `Tables` that every request shares, within the limits of `settings`."""

    def __init__(
        self,
        tables: Tables,
        settings: Settings = DEFAULT_SETTINGS,
        drain: Drain | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.tables = tables
        self.metrics = metrics
        self.settings = settings
        self.served = check_tables(tables)
        self.reader = Reader(settings, self.served)
        self.longest_state = settings.max_state_characters
        self.cache_control = f"public, max-age={settings.cache_max_age}"
        self.answers = AnswerCache(settings.cache, settings.cache_bytes, self.cache_control)
        self.batches = BatchGate(settings)
        self.drain = drain or Drain(settings)
        self.probed = {f"/api/{name}": puzzles.get(name) for name in puzzles.names()}
        for name in puzzles.names():  # probes are answered from prepared tables from the first one on
            tables.prepare(name)
        if metrics is not None:
            metrics.tables(self.served.loaded, self.served.absent)

    def caching_headers(self, etag: str) -> dict[str, str]:
        return {"ETag": etag, "Cache-Control": self.cache_control}

    def cached(self, request: Request, etag: str, payload: Any = None, body: bytes | None = None) -> Response:
        """A JSON answer with the caching headers, or 304 when the client has it."""
        headers = self.caching_headers(etag)
        if matches(request.headers.get("if-none-match", ""), etag):
            return Response(status_code=304, headers=headers)
        if body is None:
            return JsonAnswer(payload, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    async def worked_out(self, puzzle: Puzzle, work: Callable[[], T]) -> T:
        """What `work` answers for `puzzle`. A puzzle answered without a table
        (nine's construction: seconds at 64x64, for the move list), or by a
        search its tables only guide (the 15-puzzle: up to a second, and a
        count up to its `seconds`), is worked out in a thread, at most
        `batches_running` at once and as one of the batches' places, so the
        event loop goes on answering meanwhile."""
        if puzzle.storage is not None and puzzle.storage.holds_every_instance:
            return work()
        with self.batches.place():
            async with self.batches.turns:
                return await run_in_threadpool(work)

    async def probe(self, request: Request) -> Response:
        key = (request.scope["path"], request.scope["query_string"])
        kept = self.answers.get(key)  # kept, but asked conditionally (`Probe` sends the others)
        if kept is None:
            options = self.reader.options(request)
            puzzle = options.puzzle
            state = self.reader.state(request, puzzle)
            try:
                body = await self.worked_out(puzzle, partial(self.render, puzzle, state))
            except InputError as error:
                raise self.reader.bad_state(puzzle, state, error) from None
            kept = self.answers.put(key, body, self.served.etag_of(options).encode())
        return self.cached(request, kept[1].decode(), body=kept[0])

    def render(self, puzzle: Puzzle, state: str) -> bytes:
        """The probe object of a state from a URL (`url_instance`), as the bytes
        every probe answer sends (raises InputError)."""
        return encoding.probe_line(self.tables.probe(puzzle, url_instance(puzzle, state)))

    def plain_probe(self, path: str, query: bytes) -> Kept | None:
        """The answer of a plain probe (`/api/{puzzle}?state=` with a state of
        letters, digits, `_`, `,`, `.` or `-`, and no rule option), straight
        from the ASGI scope, and kept; None for anything else, which the
        endpoint answers. A state that cannot be read is the endpoint's 400,
        raised here: it is read once."""
        puzzle = self.probed.get(path)
        state = query[6:]
        if puzzle is None or not query.startswith(b"state=") or len(state) > self.longest_state:
            return None
        if not state or state.strip(PLAIN_STATE_BYTES):
            return None
        text = state.decode()
        try:
            body = self.render(puzzle, text)
        except InputError as error:
            raise self.reader.bad_state(puzzle, text, error) from None
        return self.answers.put((path, query), body, self.served.etag.encode())

    def batch_puzzle(self, request: Request) -> Puzzle:
        """The puzzle a batch is answered under: its query holds rule options only."""
        return self.reader.options(request, ()).puzzle

    async def batch(self, request: Request) -> BatchAnswers:
        """One solve object per line, as JSON Lines, streamed chunk by chunk."""
        puzzle = self.batch_puzzle(request)
        return self.answer_batch(
            lambda lines: encoding.solve_text(self.tables.solve_lines(puzzle, lines)), NDJSON, error_body
        )

    async def distances(self, request: Request) -> BatchAnswers:
        """One distance per line (-1: unsolvable; `error: line N: why` for a line that cannot be read)."""
        puzzle = self.batch_puzzle(request)
        answer = partial(self.tables.distance_lines, puzzle)
        return self.answer_batch(lambda lines: encoding.number_text(answer(lines)), PLAIN_TEXT, text_error_line)

    def answer_batch(
        self, answer: Callable[[Lines], bytes], media_type: str, last_line: Callable[[str], bytes]
    ) -> BatchAnswers:
        """The answer of a batch, which admits it (or refuses it at once,
        before its body is read) and streams the answers of its chunks."""
        return BatchAnswers(self.batches, self.drain, answer, media_type, last_line)

    def counted(self, puzzle: Puzzle) -> Puzzle:
        """`puzzle`, which counts its optimal solutions; 400 saying why not, as the command line says it."""
        try:
            self.tables.resolve_counting(puzzle)
        except InputError as error:
            raise ApiError(400, str(error)) from None
        return puzzle

    async def counted_within(self, puzzle: Puzzle, work: Callable[[], T]) -> T:
        """What `work` answers (`worked_out`), which counts optimal solutions:
        400 saying so where the count ran past the puzzle's time budget (the
        15-puzzle's `seconds`), never a wrong number."""
        try:
            return await self.worked_out(puzzle, work)
        except InputError as error:
            raise ApiError(400, str(error)) from None

    async def counts(self, request: Request) -> BatchAnswers:
        """One count of optimal solutions per line (0: unsolvable; `error:
        line N: why` for a line that cannot be read)."""
        puzzle = self.counted(self.batch_puzzle(request))
        answer = partial(self.tables.count_lines, puzzle)
        return self.answer_batch(lambda lines: encoding.number_text(answer(lines)), PLAIN_TEXT, text_error_line)

    async def random(self, request: Request) -> Response:
        """An optimal solution drawn uniformly from all of a state's, fixed by `seed` (0 or more)."""
        options = self.reader.options(request, ("state", "seed"))
        puzzle = self.counted(options.puzzle)
        state = self.reader.state(request, puzzle)
        seed = self.reader.number(request, "seed", 0, 0, MAX_SEED)
        board = self.reader.board(puzzle, state)
        solution = await self.counted_within(puzzle, partial(self.tables.random_solution, puzzle, board, seed))
        return self.cached(request, self.served.etag_of(options), body=encoding.solution_line(solution, {"seed": seed}))

    async def solutions(self, request: Request) -> Response:
        """Every optimal solution of a state, in the puzzle's order, up to
        `limit`, as JSON Lines of solve objects numbered from 0, streamed;
        each carries the count of them all, so a client knows what it did not get."""
        options = self.reader.options(request, ("state", "limit"))
        puzzle = self.counted(options.puzzle)
        state = self.reader.state(request, puzzle)
        limit = self.reader.number(request, "limit", 100, 1, self.settings.max_solutions)
        board = self.reader.board(puzzle, state)
        listing = await self.counted_within(puzzle, partial(self.tables.listing, puzzle, board, limit))
        headers = {**self.caching_headers(self.served.etag_of(options)), "X-Count": str(listing.count)}
        return StreamingResponse(encoding.listing_json(listing), media_type=NDJSON, headers=headers)

    async def stats(self, request: Request) -> Response:
        """The stats of the puzzle's table; 400 for rules answered without one, as the command line says."""
        options = self.reader.options(request, ())
        try:
            stats = self.tables.stats(options.puzzle)
        except InputError as error:
            raise ApiError(400, str(error)) from None
        return self.cached(request, self.served.etag_of(options), stats)

    def check_files(self) -> None:
        """TableError (503) when a table file changed, was replaced or is gone while serving."""
        for name, path in self.tables.changed(puzzles.names()).items():
            selection = self.tables.table(name).file.selection  # type: ignore[union-attr]  # it has a file: it changed
            raise TableError(f"table file {path} changed on disk while serving; restart the service", name, selection)

    async def health(self, request: Request) -> Response:
        """Alive: 503 once a table file changes (a restart is what helps)."""
        self.check_files()
        return JsonAnswer({"status": "ok"}, headers={"Cache-Control": "no-store"})

    async def ready(self, request: Request) -> Response:
        """Ready for traffic: every table this server serves was checked and
        loaded before it took its first request (`check_tables`) and none has
        changed since. From the stop signal on, `ServiceApp` answers every
        request 503 before it gets here, this one included."""
        self.check_files()
        return JsonAnswer(
            {"status": "ready", "serving": list(self.served.served)}, headers={"Cache-Control": "no-store"}
        )

    def seen(self) -> Seen:
        """What this worker's parts have counted, for its metrics."""
        gate = self.batches
        return Seen(
            self.answers.hits,
            gate.refused,
            gate.lines_answered,
            gate.lines_unanswered,
            gate.admitted,
            puzzles.names(),
            frozenset(self.changed_tables()),
        )

    def changed_tables(self) -> Iterator[str]:
        """The puzzles whose table file changed on disk, or cannot even be opened again, since it was loaded."""
        for name in puzzles.names():
            try:
                if self.tables.changed([name]):
                    yield name
            except TableError:
                yield name

    async def metrics_answer(self, request: Request) -> Response:
        """The Prometheus exposition: every worker's values, this one's brought up to date first."""
        assert self.metrics is not None  # the route is there only with metrics
        self.metrics.flush(self.seen())
        body, media_type = self.metrics.exposition()
        return Response(body, media_type=media_type, headers={"Cache-Control": "no-store"})

    async def openapi(self, request: Request) -> Response:
        return JsonAnswer(openapi_document(self.settings))


def matches(wanted: str, etag: str) -> bool:
    """Whether an If-None-Match header names `etag` (weakly compared, as RFC 9110 says for it) or is `*`."""
    tags = [tag.strip().removeprefix("W/") for tag in wanted.split(",")]
    return etag in tags or "*" in tags


def text_error_line(message: str) -> bytes:
    return f"error: {message}\n".encode()
