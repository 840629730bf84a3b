"""What a request asks, read within the service's limits: the puzzle its
path names, under the rule options its query gives (`query_options`), and the
state, each refused with an `ApiError` that says what is wrong and quotes no
more than `max_quoted_characters` of what was sent. The API and the pages
read requests alike through it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar
from urllib.parse import unquote_to_bytes

from starlette.requests import Request

from ninebase import puzzles
from ninebase.puzzles import InputError, Puzzle, shown

from .errors import ApiError
from .query_options import WHOLE_NUMBER, OptionReader, Options
from .served import Served
from .settings import Settings

T = TypeVar("T")


def from_url(state: str, answer: Callable[[str], T]) -> T:
    """`answer` of a state from a URL, where a space may be written `_`: the
    `_` read as spaces, or, where that cannot be read, as written (eight's
    empty cell, drawn `_`). If neither reads, the error of the first reading,
    unless every `_` is at an end (not between parts: `86725430_`)."""
    spaced = state.replace("_", " ")
    try:
        return answer(spaced)
    except InputError as error:
        if spaced == state:
            raise
        first = error
    try:
        return answer(state)
    except InputError:
        if " " not in spaced.strip():
            raise
        raise first from None


class Reader:
    """Reads requests within the limits of `settings`, for a server serving `served`."""

    def __init__(self, settings: Settings, served: Served) -> None:
        self.longest = settings.max_state_characters
        self.quoted = settings.max_quoted_characters
        self.served = served
        self.option_reader = OptionReader(self.shown)

    def shown(self, text: str) -> str:
        """`text` quoted as an answer may quote it."""
        return shown(text, self.quoted)

    def written(self, puzzle: Puzzle) -> str:
        """How the puzzle's states are written: its example left out where it
        is longer than an answer may quote (a 64x64 nine's is 8,193 characters)."""
        described, _, example = puzzle.compact_help.rpartition(", e.g. ")
        return puzzle.compact_help if len(example) <= self.quoted or not described else described

    def puzzle(self, request: Request) -> Puzzle:
        """The puzzle a request's path names; 404 for an unknown name."""
        name = request.path_params["puzzle"]
        try:
            return puzzles.get(name)
        except InputError:
            raise ApiError(404, f"no puzzle {self.shown(name)}; the puzzles are {', '.join(puzzles.names())}") from None

    def options(self, request: Request, reads: Iterable[str] = ("state",)) -> Options:
        """The puzzle the path names under the rule options of the query: every
        parameter but those the endpoint `reads` itself; 400 for an option the
        puzzle lacks or a value it refuses, 503 for a variant whose table this
        server has not got."""
        self.check_utf8(request)
        puzzle = self.puzzle(request)
        reader = self.option_reader
        options = reader.under(puzzle, reader.chosen(puzzle, request.query_params.multi_items(), reads))
        self.served.check(options)
        return options

    def check_utf8(self, request: Request) -> None:
        """400 naming the first query parameter whose name or value is not
        UTF-8 once its %-escapes are read: Starlette would read the bytes as
        U+FFFD and the answer would quote characters nobody sent."""
        for part in request.scope["query_string"].split(b"&"):
            name, _, value = (unquote_to_bytes(piece.replace(b"+", b" ")) for piece in part.partition(b"="))
            try:
                said = self.shown(name.decode())
            except UnicodeDecodeError as error:
                raise ApiError(400, f"a query parameter's name is not UTF-8 text (byte {error.start + 1})") from None
            try:
                value.decode()
            except UnicodeDecodeError as error:
                message = f"the query parameter {said} is not UTF-8 text (byte {error.start + 1} of its value)"
                raise ApiError(400, message) from None

    def state(self, request: Request, puzzle: Puzzle, default: str | None = None) -> str:
        """The `state` query parameter (or `default` when there is none), within
        the length limit; 400 otherwise."""
        state = request.query_params.get("state")
        if (state is None or not state.strip()) and default is not None:
            return default
        if state is None or not state.strip():
            raise ApiError(400, f"give the state as ?state=..., {self.written(puzzle)}")
        if len(state) > self.longest:
            raise ApiError(400, f"the state is {len(state):,} characters long; at most {self.longest:,} are read")
        return state

    def bad_state(self, puzzle: Puzzle, state: str, error: InputError) -> ApiError:
        """The 400 for a state from a URL that cannot be read, naming what is wrong."""
        return ApiError(400, f"state {self.shown(state)}: {error}; expected {self.written(puzzle)}")

    def number(self, request: Request, name: str, default: int, least: int, most: int) -> int:
        """A whole-number query parameter from `least` to `most` (`default`
        when there is none); 400 naming it otherwise."""
        text = request.query_params.get(name)
        if text is None or not text.strip():
            return default
        if not WHOLE_NUMBER.fullmatch(text.strip()) or not least <= int(text) <= most:
            raise ApiError(400, f"{name} is {self.shown(text)}: give a whole number from {least:,} to {most:,}")
        return int(text)

    def board(self, puzzle: Puzzle, state: str) -> Any:
        """The board of a state from a URL (`from_url`); 400 naming what is wrong."""
        try:
            return from_url(state, puzzle.board)
        except InputError as error:
            raise self.bad_state(puzzle, state, error) from None
