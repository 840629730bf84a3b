"""The explorer page (service.md section 3): server-rendered HTML from Jinja2
templates, enhanced by `static/explorer.js`, which fetches the position's
view from `/api/{puzzle}/view` and updates the page in place.

`/` lists the puzzles; `/{puzzle}?state=` shows one position (the URL is the
shareable link); `/{puzzle}/random?distance=D` picks one at that distance;
`/{puzzle}/stats` draws the histogram. Without JavaScript the page still
shows the position, its distance and every move as a link.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

import puzzles
from lookup.sample import sample
from lookup.tables import Tables, probe
from puzzles import Puzzle
from puzzles.text import InputError, plural, shown

from .api import ApiError, board_of, puzzle_of, state_of
from .limits import MAX_STATE_CHARACTERS

HERE = Path(__file__).parent
HARDEST_LINKS = 6


class Explorer:
    """The pages, over the service's shared `Tables`."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.templates = Jinja2Templates(directory=str(HERE / "templates"))
        self.templates.env.globals["plural"] = plural
        self.templates.env.globals["puzzle_names"] = puzzles.names()

    def puzzle(self, request: Request) -> Puzzle:
        return puzzle_of(request)

    def position(self, puzzle: Puzzle, board: Any) -> dict[str, Any]:
        """Everything the templates show of one position (raises InputError)."""
        table = self.tables.table(puzzle.name)
        probed = probe(puzzle, table, board)
        solution = probed.solution
        context: dict[str, Any] = {
            "puzzle": puzzle,
            "probe": probed,
            "state": solution.state,
            "board": puzzle.svg(solution.boards[0]),
            "caption": puzzle.board_caption(board),
            "unit": puzzle.unit,
            "steps": [
                {"move": puzzle.move_label(move), "board": puzzle.svg(after)}
                for move, after in zip(solution.moves, solution.boards[1:], strict=True)
            ],
            "labels": [puzzle.move_label(s.move) for s in probed.successors or []],
            # data-move: the move as in `moves` (JSON for a non-string, such as sansu's [i, j])
            "move_values": [s.move if isinstance(s.move, str) else json.dumps(s.move) for s in probed.successors or []],
            "panel": puzzle.page_panel(table, board),
        }
        return context

    async def index(self, request: Request) -> Response:
        entries = [(puzzles.get(name), puzzles.get(name).example()) for name in puzzles.names()]
        return self.templates.TemplateResponse(request, "index.html", {"entries": entries})

    async def page(self, request: Request) -> Response:
        puzzle = self.puzzle(request)
        state = request.query_params.get("state", "")
        try:
            checked = state_of(request, puzzle, puzzle.example())
            context = self.position(puzzle, puzzle.board(checked.replace("_", " ")))
        except (ApiError, InputError) as error:
            shown_state = state[:MAX_STATE_CHARACTERS]
            return self.templates.TemplateResponse(
                request, "error.html", {"puzzle": puzzle, "state": shown_state, "error": str(error)}, status_code=400
            )
        return self.templates.TemplateResponse(request, "explorer.html", context)

    async def view(self, request: Request) -> Response:
        """The changing part of the page for one position, for the script."""
        puzzle = self.puzzle(request)
        context = self.position(puzzle, board_of(puzzle, state_of(request, puzzle)))
        template = self.templates.get_template("position.html")
        return HTMLResponse(template.render(request=request, **context))

    async def random_position(self, request: Request) -> Response:
        puzzle = self.puzzle(request)
        text = request.query_params.get("distance", "")
        try:
            distance = int(text)
            seed = random.SystemRandom().randrange(2**32)
            (state,), _ = sample(self.tables.table(puzzle.name), puzzle, distance, 1, seed)
        except (ValueError, InputError) as error:
            quoted = shown(text, MAX_STATE_CHARACTERS)
            message = f"distance {quoted}: {error}" if isinstance(error, InputError) else f"{quoted} is not a distance"
            return self.templates.TemplateResponse(
                request, "error.html", {"puzzle": puzzle, "state": "", "error": message}, status_code=400
            )
        return RedirectResponse(f"/{puzzle.name}?{urlencode({'state': state})}", 303)

    async def stats(self, request: Request) -> Response:
        puzzle = self.puzzle(request)
        table = self.tables.table(puzzle.name)
        stats = self.tables.stats(puzzle.name)
        hardest, _ = sample(table, puzzle, None, HARDEST_LINKS, 0)
        context = {"puzzle": puzzle, "stats": stats, "hardest": hardest, "widest": max(stats["histogram"])}
        return self.templates.TemplateResponse(request, "stats.html", context)

    def routes(self) -> list[Any]:
        return [
            Route("/", self.index, methods=["GET"]),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
            Route("/api/{puzzle}/view", self.view, methods=["GET"]),
            Route("/{puzzle}", self.page, methods=["GET"]),
            Route("/{puzzle}/random", self.random_position, methods=["GET"]),
            Route("/{puzzle}/stats", self.stats, methods=["GET"]),
        ]
