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

import asyncio
import json
from collections.abc import Callable
from functools import partial
from typing import Any

import msgspec
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from ninebase import puzzles
from ninebase.lookup import MissingTableError, TableError, Tables
from ninebase.puzzles import InputError, Lines, Puzzle, shown

from .answers import AnswerCache
from .batches import BatchAnswers, BatchGate, chunks_of
from .drain import Drain
from .errors import ApiError, shutting_down
from .limits import (
    BODY_SECONDS,
    CACHE_CONTROL,
    CACHED_ANSWERS,
    MAX_BATCH_BYTES,
    MAX_BATCH_LINES,
    MAX_STATE_CHARACTERS,
    NDJSON,
    RETRY_AFTER_SECONDS,
)
from .openapi import openapi_document

PROBE_ENCODER = msgspec.json.Encoder()
PLAIN_STATE_BYTES = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_,.-"


def puzzle_of(request: Request) -> Puzzle:
    """The puzzle a request's path names; 404 for an unknown name."""
    name = request.path_params["puzzle"]
    try:
        return puzzles.get(name)
    except InputError:
        raise ApiError(
            404, f"no puzzle {shown(name, MAX_STATE_CHARACTERS)}; the puzzles are {', '.join(puzzles.names())}"
        ) from None


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def state_of(request: Request, puzzle: Puzzle, default: str | None = None) -> str:
    """The `state` query parameter (or `default` when there is none), within
    the length limit; 400 otherwise."""
    state = request.query_params.get("state")
    if (state is None or not state.strip()) and default is not None:
        return default
    if state is None or not state.strip():
        raise ApiError(400, f"give the state as ?state=..., {puzzle.compact_help}")
    if len(state) > MAX_STATE_CHARACTERS:
        raise ApiError(400, f"the state is {len(state):,} characters long; at most {MAX_STATE_CHARACTERS} are read")
    return state


def bad_state(puzzle: Puzzle, state: str, error: InputError) -> ApiError:
    """The 400 for a state from a URL that cannot be read, naming what is wrong."""
    return ApiError(400, f"state {shown(state, MAX_STATE_CHARACTERS)}: {error}; expected {puzzle.compact_help}")


def board_of(puzzle: Puzzle, state: str) -> Any:
    """The board of a state from a URL (a space may be written `_`); 400 naming what is wrong."""
    try:
        return puzzle.board(state.replace("_", " "))
    except InputError as error:
        raise bad_state(puzzle, state, error) from None


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
    """The endpoints, over one `Tables` that every request shares."""

    def __init__(self, tables: Tables, cache_size: int = CACHED_ANSWERS, drain: Drain | None = None) -> None:
        self.tables = tables
        self.etag = check_tables(tables)
        self.answers = AnswerCache(cache_size)
        self.batches = BatchGate()
        self.drain = drain or Drain()
        self.probed = {f"/api/{name}": puzzles.get(name) for name in puzzles.names()}
        for name in puzzles.names():  # probes are answered from prepared tables from the first one on
            tables.prepare(name)

    def puzzle(self, request: Request) -> Puzzle:
        return puzzle_of(request)

    def caching_headers(self) -> dict[str, str]:
        return {"ETag": self.etag, "Cache-Control": CACHE_CONTROL}

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
            state = state_of(request, puzzle)
            try:
                body = self.render(puzzle, state)
            except InputError as error:
                raise bad_state(puzzle, state, error) from None
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
        if puzzle is None or not query.startswith(b"state=") or len(state) > MAX_STATE_CHARACTERS:
            return None
        if not state or state.strip(PLAIN_STATE_BYTES):
            return None
        body = self.render(puzzle, state.decode())
        self.answers.put((path, query), body)
        return body

    async def batch(self, request: Request) -> Response:
        """One solve object per line, as JSON Lines, streamed chunk by chunk."""
        puzzle = self.puzzle(request)
        return await self.answer_batch(request, partial(self.tables.solve_chunk, puzzle), NDJSON, json_error_line)

    async def distances(self, request: Request) -> Response:
        """One distance per line (-1: unsolvable; `error: line N: why` for a line that cannot be read)."""
        puzzle = self.puzzle(request)
        return await self.answer_batch(
            request, partial(self.tables.distances_chunk, puzzle), "text/plain; charset=utf-8", text_error_line
        )

    async def answer_batch(
        self, request: Request, answer: Callable[[Lines], bytes], media_type: str, last_line: Callable[[str], bytes]
    ) -> BatchAnswers:
        """Admit the batch (or refuse it at once, before its body is read),
        read its body, and stream the answers of its chunks (`last_line`
        writes the line that says where a batch cut short stopped)."""
        if not self.batches.admit():
            raise ApiError(
                503,
                f"{self.batches.capacity} batches are already running or waiting; try again shortly",
                {"Retry-After": str(RETRY_AFTER_SECONDS)},
            )
        try:
            chunks = await self.batch_body(request)
        except BaseException:
            self.batches.leave()
            raise
        return BatchAnswers(self.batches, self.drain, chunks, answer, media_type, last_line)

    async def batch_body(self, request: Request) -> list[Lines]:
        """The lines of a batch body in chunks, within the limits of time, size and count."""
        reading, over = asyncio.ensure_future(read_limited(request)), asyncio.ensure_future(self.drain.ended())
        done, _ = await asyncio.wait({reading, over}, timeout=BODY_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        over.cancel()
        if reading not in done:
            reading.cancel()
            if over in done:
                raise shutting_down("had not arrived")
            raise ApiError(408, f"the batch body did not arrive within {BODY_SECONDS:.0f} seconds")
        try:
            body = reading.result()
        except ClientDisconnect:  # nobody is left to answer
            raise ApiError(400, "the client went away before sending the whole batch") from None
        try:
            body.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ApiError(400, f"the batch body is not UTF-8 text (byte {error.start + 1})") from None
        if not body:
            raise ApiError(400, "the batch body is empty; send one compact state per line")
        count = body.count(b"\n") + (not body.endswith(b"\n"))
        if count > MAX_BATCH_LINES:
            raise ApiError(413, f"the batch has {count:,} lines; at most {MAX_BATCH_LINES:,} are answered at once")
        return chunks_of(body)

    async def stats(self, request: Request) -> Response:
        return self.cached(request, self.tables.stats(self.puzzle(request)))

    async def health(self, request: Request) -> Response:
        """A file changed, replaced or gone while serving makes the service unhealthy (503)."""
        for name, path in self.tables.changed(puzzles.names()).items():
            raise TableError(f"table file {path} changed on disk while serving; restart the service", name)
        return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi_document())


def json_error_line(message: str) -> bytes:
    return json.dumps({"error": message}, ensure_ascii=False).encode() + b"\n"


def text_error_line(message: str) -> bytes:
    return f"error: {message}\n".encode()


async def read_limited(request: Request) -> bytes:
    """The body, refused with 413 as soon as it grows past the limit."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BATCH_BYTES:
        raise ApiError(413, f"the batch body is {int(declared):,} bytes; at most {MAX_BATCH_BYTES:,} are read")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BATCH_BYTES:
            raise ApiError(413, f"the batch body is over {MAX_BATCH_BYTES:,} bytes, the most that is read")
        chunks.append(chunk)
    return b"".join(chunks)
