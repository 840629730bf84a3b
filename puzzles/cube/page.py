"""How the cube looks on the explorer page: the board from above with each
cube's side colours as edge strips, and the pattern editor (a click
recolours a target square, or moves the empty square there) with the start
squares. Links are relative (`?state=...`): the page that shows them knows
where it is. `CubePage` is the cube's page view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from urllib.parse import urlencode

from ..answers import Change, Solution
from ..drawing import cell_group, svg
from ..roles import PageView
from .board import STARTS, Board, Instance, move_target, orientations_of
from .symmetry import square_name

SVG_COLOURS = {"W": "#f8f8f8", "B": "#1f5fbf", "R": "#c8102e"}
TEXT_ON = {"W": "#222", "B": "#fff", "R": "#fff"}
NEXT_COLOUR = {"W": "B", "B": "R", "R": "W"}
"""A click on a target square gives it the next colour, W, B, R in turn."""
COLOUR_NAMES = {"W": "white", "B": "blue", "R": "red"}


def board_svg(board: Board) -> str:
    """The board from above: each cube's top colour, with strips on its
    left and right edges in its x-facing colour and on its top and bottom
    edges in its y-facing colour."""
    parts = []
    for cell, cube in enumerate(orientations_of(board)):
        x, y = cell % 3 * 60, cell // 3 * 60
        if cube == "E":
            body = (
                f'<rect class="area" x="{x + 2}" y="{y + 2}" width="56" height="56" fill="none" stroke="#999" '
                'stroke-dasharray="4"/>'
            )
        else:
            top, along_x, along_y = (SVG_COLOURS[c] for c in cube)
            body = (
                f'<rect class="area" x="{x + 2}" y="{y + 2}" width="56" height="56" fill="{along_y}" stroke="#333"/>'
                f'<rect x="{x + 2}" y="{y + 12}" width="56" height="36" fill="{along_x}"/>'
                f'<rect x="{x + 12}" y="{y + 12}" width="36" height="36" fill="{top}" stroke="#333"/>'
            )
        parts.append(cell_group(cell + 1, body))
    label = ", ".join(orientations_of(board))
    return svg(180, 180, "".join(parts), f"cube board, each square top x-facing y-facing colours: {label}")


def start_caption(start: str) -> str:
    return (
        f"The start, the empty square at ({start.replace(' ', ', ')}): every cube W on top, "
        "B facing along x (left and right edges), R along y (top and bottom edges)."
    )


def recoloured(pattern: str) -> list[str]:
    """Per target square that is not empty, the pattern a click on it gives."""
    return [pattern[:s] + NEXT_COLOUR[c] + pattern[s + 1 :] for s, c in enumerate(pattern) if c in NEXT_COLOUR]


def emptied_at(pattern: str, square: int) -> str:
    """The pattern with the empty square moved to `square` (its colour goes where the empty square was)."""
    cells = list(pattern)
    cells[pattern.index("E")], cells[square] = pattern[square], "E"
    return "".join(cells)


def link(state: str) -> str:
    return "?" + escape(urlencode({"state": state}))


def swatch(letter: str) -> str:
    fill, ink = SVG_COLOURS.get(letter, "none"), TEXT_ON.get(letter, "#777")
    dash = ' stroke="#999" stroke-dasharray="3"' if letter == "E" else ""
    return (
        f'<svg class="swatch" viewBox="0 0 40 40" aria-hidden="true"><rect x="1" y="1" width="38" height="38" '
        f'rx="5" fill="{fill}"{dash}/><text x="20" y="20" dy="0.35em" text-anchor="middle" font-size="18" '
        f'fill="{ink}">{letter}</text></svg>'
    )


def editor_html(pattern: str, compact: dict[str, str], after: Sequence[int | None], unit: tuple[str, str]) -> str:
    """The pattern editor: `after[k]` is the distance a click on the k-th
    coloured square gives; `compact` maps each pattern shown to its compact form."""
    distances = iter(after)
    squares = []
    for square, letter in enumerate(pattern):
        number = square + 1
        if letter == "E":
            squares.append(
                f'<span class="square" data-square="{number}" data-letter="E">'
                f'<span class="visually-hidden">square {number}: the empty square</span>{swatch("E")}'
                "<small>&nbsp;</small></span>"
            )
            continue
        distance = next(distances)
        shown = "—" if distance is None else str(distance)
        spoken = "unreachable" if distance is None else unit[distance != 1]
        following = NEXT_COLOUR[letter]
        target = compact[pattern[:square] + following + pattern[square + 1 :]]
        squares.append(
            f'<a class="square" data-square="{number}" data-letter="{letter}" href="{link(target)}" '
            f'data-state-empty="{escape(compact[emptied_at(pattern, square)])}">'
            f'<span class="visually-hidden">square {number}, {COLOUR_NAMES[letter]}; a click makes it '
            f"{COLOUR_NAMES[following]}:</span>{swatch(letter)}<small>{shown}</small>"
            f'<span class="visually-hidden"> {spoken}</span></a>'
        )
    return (
        '<h2>Target pattern</h2><p class="hint">Click a square to change its top colour (W, B, R in turn); the '
        "small figure is the distance a click would give.</p>"
        '<fieldset class="modes"><legend>A click on a square</legend>'
        '<label><input type="radio" name="mode" value="colour" checked> changes its colour</label>'
        '<label><input type="radio" name="mode" value="empty"> puts the empty square there</label></fieldset>'
        f'<div id="pattern" class="pattern" role="group" aria-label="target pattern, squares in reading order">'
        f"{''.join(squares)}</div>"
    )


def starts_html(instance: Instance, compact_of_start: Sequence[str]) -> str:
    """Links to the same pattern from each of the nine start squares."""
    start = instance[0]
    links = []
    for square, state in enumerate(compact_of_start):
        name = f"{square % 3 + 1},{square // 3 + 1}"
        current = ' class="start current" aria-current="true"' if square == start else ' class="start"'
        links.append(f'<a{current} href="{link(state)}">{name}</a>')
    return f"<p>Start square (x, y): {''.join(links)}</p>"


class CubePage(PageView):
    """The board from above, the pattern editor and the start squares."""

    def svg(self, board: Board) -> str:
        return board_svg(board)

    def board_caption(self, instance: Instance) -> str:
        return start_caption(square_name(instance[0]))

    def about(self) -> str:
        return (
            "Eight cubes and one empty square on a 3x3 board; opposite faces of a cube share a colour, white, "
            "blue or red. A move rolls a cube next to the empty square over its edge into it, which changes the "
            "colour on top. Every question starts with all cubes white on top, and is solved when the top colours "
            "show the target pattern."
        )

    def goal(self, solution: Solution) -> tuple[Board, str] | None:
        if not solution.solvable:
            return None
        return solution.boards[-1], "Goal: the board the rolls end on, showing the pattern"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        empty = board[0]
        target = move_target(empty, move)
        return {} if target is None else {empty + 1: Change(target + 1), target + 1: Change(empty + 1)}

    def page_panel(self, instance: Instance, distances: Callable[[list[Instance]], list[int | None]]) -> str:
        """The pattern editor, with the distance each click would give, and the start squares."""
        puzzle = self.puzzle
        start, pattern = instance
        shades = recoloured(pattern)
        emptied = [emptied_at(pattern, square) for square in range(9) if pattern[square] != "E"]
        compact = {p: puzzle.compact((start, p)) for p in shades + emptied}
        after = distances([(start, p) for p in shades])
        starts = [puzzle.compact((square, pattern)) for square in range(STARTS)]
        return editor_html(pattern, compact, after, puzzle.unit) + starts_html(instance, starts)
