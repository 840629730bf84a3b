"""The JSON API of `ninebase serve`.

The contract is service.md section 2: `GET /api/{puzzle}?state=` answers the
probe object, `POST /api/{puzzle}/batch` JSON Lines of solve objects,
`GET /api/{puzzle}/stats`, `GET /openapi.json`, `GET /health`. Every error
is a JSON object `{"error": ...}` with 400, 404, 405, 408, 413 or 503.

The tables are opened once per process and shared by every request (a
`Tables` is safe to share between threads). Answers never change for a
given build, so every answer carries `Cache-Control` and an `ETag` made from
the tables' own checksums, and `If-None-Match` is answered with 304.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from ninebase import puzzles
from ninebase.lookup import MissingTableError, TableError, Tables
from ninebase.puzzles import InputError, Lines, Puzzle, Solution

from .answers import AnswerCache
from .batches import BatchAnswers, BatchGate
from .drain import Drain
from .errors import error_body
from .openapi import NDJSON, openapi_document
from .reading import Reader
from .settings import DEFAULT_SETTINGS, Settings

PROBE_ENCODER = msgspec.json.Encoder()
PLAIN_TEXT = "text/plain; charset=utf-8"
PLAIN_STATE_BYTES = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_,.-"


def check_tables(tables: Tables) -> str:
    """Open every table and load every dataset (checksums checked), so a
    missing or damaged table stops the service before it starts; return the
    ETag that names this build of the tables. Missing tables are named all
    at once, with the one command that builds them all."""
    missing = []
    for name in puzzles.names():
        try:
            tables.table(name)
        except MissingTableError:
            missing.append(name)
    if missing:
        listed = " and ".join([", ".join(missing[:-1]), missing[-1]] if len(missing) > 1 else missing)
        raise MissingTableError(
            f"no table for {listed} in {tables.directory}; "
            f"build {'them all' if len(missing) > 1 else 'it'} with: ninebase build --tables {tables.directory}"
        )
    return tables.load(puzzles.names())


class Service:
    """The endpoints, over one `Tables` that every request shares, within the limits of `settings`."""

    def __init__(self, tables: Tables, settings: Settings = DEFAULT_SETTINGS, drain: Drain | None = None) -> None:
        self.tables = tables
        self.settings = settings
        self.etag = check_tables(tables)
        self.reader = Reader(settings)
        self.longest_state = settings.max_state_characters
        self.cache_control = f"public, max-age={settings.cache_max_age}"
        self.answers = AnswerCache(settings.cache)
        self.batches = BatchGate(settings)
        self.drain = drain or Drain(settings)
        self.probed = {f"/api/{name}": puzzles.get(name) for name in puzzles.names()}
        for name in puzzles.names():  # probes are answered from prepared tables from the first one on
            tables.prepare(name)

    def puzzle(self, request: Request) -> Puzzle:
        return self.reader.puzzle(request)

    def caching_headers(self) -> dict[str, str]:
        return {"ETag": self.etag, "Cache-Control": self.cache_control}

    def cached(self, request: Request, payload: Any = None, body: bytes | None = None) -> Response:
        """A JSON answer with the caching headers, or 304 when the client has it."""
        headers = self.caching_headers()
        wanted = request.headers.get("if-none-match", "")
        if self.etag in wanted or wanted.strip() == "*":  # `*`: any version the client has will do
            return Response(status_code=304, headers=headers)
        if body is None:
            return JSONResponse(payload, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    async def probe(self, request: Request) -> Response:
        puzzle = self.puzzle(request)
        key = (request.scope["path"], request.scope["query_string"])
        body = self.answers.get(key)  # kept, but asked conditionally (ReadyAnswers sends the others)
        if body is None:
            state = self.reader.state(request, puzzle)
            try:
                body = self.render(puzzle, state)
            except InputError as error:
                raise self.reader.bad_state(puzzle, state, error) from None
            self.answers.put(key, body)
        return self.cached(request, body=body)

    def render(self, puzzle: Puzzle, state: str) -> bytes:
        """The probe object of a state from a URL (a space may be written `_`),
        as the bytes every probe answer sends (raises InputError)."""
        return PROBE_ENCODER.encode(self.tables.probe(puzzle, state.replace("_", " ")).to_dict())

    def plain_probe(self, path: str, query: bytes) -> bytes | None:
        """The answer of a plain, valid probe (`/api/{puzzle}?state=` with a
        state of letters, digits, `_`, `,`, `.` or `-`), straight from the
        ASGI scope and kept; None for anything else, which the endpoint
        answers. A bad state raises, and `ReadyAnswers` leaves it to the
        endpoint too, which explains what is wrong."""
        puzzle = self.probed.get(path)
        state = query[6:]
        if puzzle is None or not query.startswith(b"state=") or len(state) > self.longest_state:
            return None
        if not state or state.strip(PLAIN_STATE_BYTES):
            return None
        body = self.render(puzzle, state.decode())
        self.answers.put((path, query), body)
        return body

    async def batch(self, request: Request) -> BatchAnswers:
        """One solve object per line, as JSON Lines, streamed chunk by chunk."""
        puzzle = self.puzzle(request)
        return self.answer_batch(partial(self.tables.solve_chunk, puzzle), NDJSON, json_error_line)

    async def distances(self, request: Request) -> BatchAnswers:
        """One distance per line (-1: unsolvable; `error: line N: why` for a line that cannot be read)."""
        puzzle = self.puzzle(request)
        return self.answer_batch(partial(self.tables.distances_chunk, puzzle), PLAIN_TEXT, text_error_line)

    def answer_batch(
        self, answer: Callable[[Lines], bytes], media_type: str, last_line: Callable[[str], bytes]
    ) -> BatchAnswers:
        """The answer of a batch, which admits it (or refuses it at once,
        before its body is read) and streams the answers of its chunks."""
        return BatchAnswers(self.batches, self.drain, answer, media_type, last_line)

    async def counts(self, request: Request) -> BatchAnswers:
        """One count of optimal solutions per line (0: unsolvable; `error:
        line N: why` for a line that cannot be read)."""
        puzzle = self.puzzle(request)
        return self.answer_batch(partial(self.tables.counts_chunk, puzzle), PLAIN_TEXT, text_error_line)

    async def random(self, request: Request) -> Response:
        """An optimal solution drawn uniformly from all of a state's, fixed by `seed` (0 or more)."""
        puzzle = self.puzzle(request)
        state = self.reader.state(request, puzzle)
        seed = self.reader.number(request, "seed", 0, 0, 2**63 - 1)
        try:
            solution = self.tables.random_solution(puzzle, state.replace("_", " "), seed)
        except InputError as error:
            raise self.reader.bad_state(puzzle, state, error) from None
        return self.cached(request, {**solution.to_dict(), "seed": seed})

    async def solutions(self, request: Request) -> Response:
        """Every optimal solution of a state, in the puzzle's order, up to
        `limit`, as JSON Lines of solve objects numbered from 0, streamed;
        each carries the count of them all, so a client knows what it did not get."""
        puzzle = self.puzzle(request)
        state = self.reader.state(request, puzzle)
        limit = self.reader.number(request, "limit", 100, 1, self.settings.max_solutions)
        try:
            count, found = self.tables.solutions(puzzle, state.replace("_", " "), limit)
        except InputError as error:
            raise self.reader.bad_state(puzzle, state, error) from None
        headers = {**self.caching_headers(), "X-Count": str(count)}
        return StreamingResponse(solution_lines(found), media_type=NDJSON, headers=headers)

    async def stats(self, request: Request) -> Response:
        return self.cached(request, self.tables.stats(self.puzzle(request)))

    async def health(self, request: Request) -> Response:
        """A file changed, replaced or gone while serving makes the service unhealthy (503)."""
        for name, path in self.tables.changed(puzzles.names()).items():
            raise TableError(f"table file {path} changed on disk while serving; restart the service", name)
        return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi_document(self.settings))


def solution_lines(found: Iterator[Solution], per_chunk: int = 1024) -> Iterator[bytes]:
    """JSON Lines of numbered solve objects, a chunk of them at a time."""
    chunk: list[bytes] = []
    for number, solution in enumerate(found):
        chunk.append(PROBE_ENCODER.encode({**solution.to_dict(), "number": str(number)}) + b"\n")
        if len(chunk) == per_chunk:
            yield b"".join(chunk)
            chunk = []
    yield b"".join(chunk)


def json_error_line(message: str) -> bytes:
    return error_body(message) + b"\n"


def text_error_line(message: str) -> bytes:
    return f"error: {message}\n".encode()
