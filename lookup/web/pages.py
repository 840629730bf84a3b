"""The explorer page (service.md section 3): server-rendered HTML from Jinja2
templates, enhanced by `static/explorer.js`, which fetches the position's
view from `/api/{puzzle}/view`, updates the page in place and plays moves.

`/` lists the puzzles; `/{puzzle}?state=` shows one position (the URL is the
shareable link); `/{puzzle}/rules` the full rules; `/{puzzle}/random?distance=D`
picks a position at that distance; `/{puzzle}/stats` charts the distances.
Without JavaScript the page still shows the position, its distance and every
move as a link. The markup carries no inline script or style, so the pages
work under a strict Content-Security-Policy.
"""

from __future__ import annotations

import gzip
import random
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ninebase import puzzles
from ninebase.lookup import MAX_SEED, UNSOLVABLE, Tables
from ninebase.puzzles import InputError, Instance, Puzzle, plural

from .errors import ApiError, wants_html
from .position import example, position
from .query_options import Options, described, fields
from .reading import Reader, url_instance

HERE = Path(__file__).parent
HARDEST_LINKS = 6
STATUS_TITLES = {400: "That cannot be read", 404: "Not found", 405: "Not allowed here", 503: "Not available here"}
SQUEEZED_FROM = 64 * 1024
"""Pages of at least this many bytes are sent gzipped to a client that takes it."""
WorkedOut = Callable[[Puzzle, Callable[[], Any]], Awaitable[Any]]


def text_blocks(text: str) -> list[tuple[str, Any]]:
    """A rules text (see `PageView.rules`) as blocks for the template:
    ("p", text), ("ul", [items]) or ("pre", text)."""
    blocks: list[tuple[str, Any]] = []
    for block in text.strip().split("\n\n"):
        lines = block.splitlines()
        if all(line.startswith("    ") for line in lines):
            blocks.append(("pre", "\n".join(line[4:] for line in lines)))
        elif all(line.startswith("- ") for line in lines):
            blocks.append(("ul", [line[2:] for line in lines]))
        else:
            blocks.append(("p", " ".join(lines)))
    return blocks


class Explorer:
    """The pages, over the service's shared `Tables`, reading requests through
    `reader`; a position of a puzzle answered without a table is worked out
    through `worked_out` (see `Service.worked_out`)."""

    def __init__(self, tables: Tables, reader: Reader, worked_out: WorkedOut) -> None:
        self.tables = tables
        self.reader = reader
        self.worked_out = worked_out
        self.templates = Jinja2Templates(directory=str(HERE / "templates"))
        self.templates.env.globals["plural"] = plural
        self.templates.env.globals["puzzle_names"] = puzzles.names()
        self.templates.env.globals["described"] = described

    def puzzle(self, request: Request) -> Puzzle:
        return self.reader.puzzle(request)

    async def position(self, options: Options, board: Instance, request: Request | None = None) -> dict[str, Any]:
        """Everything the templates show of one position (its solution drawn
        by the request's `way`, a seed, where it gives one), under `options`."""
        way = None if request is None else self.reader.number(request, "way", None, 0, MAX_SEED)
        shown = await self.worked_out(options.puzzle, partial(position, self.tables, options.puzzle, board, way))
        return {**shown, **self.chosen(options)}

    def chosen(self, options: Options) -> dict[str, Any]:
        """What the templates need of the options: the form that chooses them,
        what each link carries, and how a random position is offered."""
        return {
            "options": options,
            "also": f"&{options.query}" if options.query else "",
            "fields": fields(options),
            "range": self.distances(options.puzzle),
            "draws": self.draws(options.puzzle),
        }

    def distances(self, puzzle: Puzzle) -> dict[str, Any] | None:
        """What the random-position form offers: the distances that exist and
        one to start at; None where no distances are known to draw from: a
        table that does not hold every instance (the 15-puzzle's), or rules
        answered without a table that know nothing of the whole."""
        if puzzle.storage is not None and not puzzle.storage.holds_every_instance:
            return None
        try:
            stats = self.tables.stats(puzzle)
        except InputError:
            return None
        largest = stats["max_distance"]
        if largest is None:
            return None
        lowest = UNSOLVABLE if stats["solvable"] < stats["states"] else 0
        return {"lowest": lowest, "largest": largest, "start": (largest + 1) // 2}

    @staticmethod
    def draws(puzzle: Puzzle) -> bool:
        """Whether random positions at any distance are drawn (`Tables.draw`):
        from a table of every instance, or by the puzzle itself."""
        if puzzle.storage is not None and puzzle.storage.holds_every_instance:
            return True
        return puzzle.draw(0, 0) is not None

    def render(self, request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
        return squeezed(request, self.templates.TemplateResponse(request, name, context, status_code=status))

    def error_page(self, request: Request, error: ApiError) -> Response:
        """An error as a page for a browser, that says what went wrong and
        offers a way on (`error.page` fills its form)."""
        context = dict(error.page)
        if "puzzle" not in context:
            name = request.path_params.get("puzzle") or request.url.path.strip("/").split("/")[0]
            context["puzzle"] = puzzles.get(name) if name in puzzles.names() else None
        options = context.pop("options", None)
        if context["puzzle"] is not None and error.status < 500:  # a table that cannot be read is left alone
            context = {**self.chosen(options or Options(context["puzzle"])), **context}
        context.setdefault("title", STATUS_TITLES.get(error.status, "Something went wrong"))
        return self.render(request, "error.html", {"error": str(error), **context}, error.status)

    async def index(self, request: Request) -> Response:
        entries = []
        for name in puzzles.names():
            puzzle = puzzles.get(name)
            entries.append((puzzle, puzzle.example(), example(self.tables, puzzle)["board"]))
        return self.render(request, "index.html", {"entries": entries})

    async def page(self, request: Request) -> Response:
        options = self.reader.options(request, ("state", "way"))
        puzzle = options.puzzle
        if not wants_html(request):  # a program gets the 400 that /api/{puzzle} gives
            board = self.reader.board(puzzle, self.reader.state(request, puzzle, puzzle.example()))
        else:
            given = request.query_params.get("state", "")[: self.reader.longest]
            try:
                board = url_instance(puzzle, self.reader.state(request, puzzle, puzzle.example()))
            except (ApiError, InputError) as error:  # the page's box holds the state; the message says what is wrong
                status = error.status if isinstance(error, ApiError) else 400  # an over-long state, or a bad one
                page = {"puzzle": puzzle, "state": given, "options": options}
                raise ApiError(status, str(error), page=page) from None
        return self.render(request, "explorer.html", await self.position(options, board, request))

    async def view(self, request: Request) -> Response:
        """The changing part of the page for one position, for the script."""
        options = self.reader.options(request, ("state", "way"))
        board = self.reader.board(options.puzzle, self.reader.state(request, options.puzzle))
        context = await self.position(options, board, request)
        template = self.templates.get_template("position.html")
        return squeezed(request, HTMLResponse(template.render(request=request, **context)))

    async def rules(self, request: Request) -> Response:
        options = self.reader.options(request, ())
        puzzle = options.puzzle
        text = puzzle.page.rules(puzzle.formats)
        shown = {"puzzle": puzzle, "blocks": text_blocks(text), "example": example(self.tables, puzzle)}
        return self.render(request, "rules.html", {**shown, **self.chosen(options)})

    async def random_position(self, request: Request) -> Response:
        options = self.reader.options(request, ("distance",))
        puzzle = options.puzzle
        text = request.query_params.get("distance", "")
        seed = random.SystemRandom().randrange(2**32)
        try:
            if not text.strip():  # no distance: a position drawn uniformly from the solvable ones
                (state,) = await self.worked_out(puzzle, partial(self.tables.draw, puzzle, 1, seed))
            else:
                drawn = partial(self.tables.sample, puzzle, int(text), 1, seed)  # drawn and searched at size 4
                (state,), _ = await self.worked_out(puzzle, drawn)
        except (ValueError, InputError) as error:
            quoted = self.reader.shown(text)
            message = str(error) if isinstance(error, InputError) else f"{quoted} is not a whole number"
            page = {
                "puzzle": puzzle,
                "wanted": text[: self.reader.quoted],
                "title": "No such position",
                "options": options,
            }
            raise ApiError(400, message, page=page) from None
        also = f"&{options.query}" if options.query else ""
        return RedirectResponse(f"/{puzzle.name}?{urlencode({'state': state})}{also}", 303)

    async def stats(self, request: Request) -> Response:
        options = self.reader.options(request, ())
        puzzle = options.puzzle
        try:
            stats = self.tables.stats(puzzle)
            if stats["histogram"] is None:  # a search guided by tables: no distances to chart
                raise InputError(puzzle.terminal.stats_text(stats, self.tables.table(puzzle)))
        except InputError as error:  # rules answered without a table: nothing to chart
            raise ApiError(400, str(error), page={"puzzle": puzzle, "options": options}) from None
        try:
            hardest, _ = self.tables.sample(puzzle, None, HARDEST_LINKS, 0)
            unknown = None
        except InputError as error:  # without a table: a largest distance not known, or too rare to draw
            hardest, unknown = [], str(error)
        histogram = stats["histogram"]
        context = {"stats": stats, "hardest": hardest, "unknown": unknown}
        context["ticks"] = ticks(max(histogram)) if histogram else None
        return self.render(request, "stats.html", {**context, **self.chosen(options), "puzzle": puzzle})

    def routes(self) -> list[Any]:
        return [
            Route("/", self.index, methods=["GET"]),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
            Route("/api/{puzzle}/view", self.view, methods=["GET"]),
            Route("/{puzzle}", self.page, methods=["GET"]),
            Route("/{puzzle}/rules", self.rules, methods=["GET"]),
            Route("/{puzzle}/random", self.random_position, methods=["GET"]),
            Route("/{puzzle}/stats", self.stats, methods=["GET"]),
        ]


def squeezed(request: Request, response: Response) -> Response:
    """A large page (a 64x64 nine's is megabytes of cells) gzipped for a client that takes it."""
    body = response.body
    if len(body) < SQUEEZED_FROM or "gzip" not in request.headers.get("accept-encoding", ""):
        return response
    squeezed_body = gzip.compress(body, 6)
    response.body = squeezed_body
    response.headers["content-encoding"] = "gzip"
    response.headers["content-length"] = str(len(squeezed_body))
    response.headers["vary"] = "Accept-Encoding"
    return response


def ticks(largest: int) -> dict[str, Any]:
    """The count axis of the stats chart: four round steps that reach the
    largest count, as (percent of the axis, label) marks."""
    raw = max(largest, 4) / 4
    magnitude = 10 ** (len(str(int(raw))) - 1)
    step = next(
        int(f * magnitude)
        for f in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)
        if f * magnitude >= raw and f * magnitude % 1 == 0
    )
    return {"top": 4 * step, "marks": [(25 * k, short(k * step)) for k in range(5)]}


def short(count: int) -> str:
    """A round count in few characters, for an axis: 60k, 1.5M, 200T."""
    for size, suffix in ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "k")):
        if count >= size:
            return f"{count / size:g}{suffix}"
    return str(count)
