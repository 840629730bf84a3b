"""nine on the explorer page, at every size: the two matrices, dark cells 1,
turning and exchanging columns.

Up to 4x4 both matrices are one drawing, as the 3x3 contest board always
was. From 5x5 each matrix is a drawing of its own, so the page can set them
side by side on a wide screen and one above the other on a phone, and a
cell is one square (8,192 of them at 64x64, each numbered `data-cell`: A's
from 1 in reading order, then B's). Every operation only carries cells
elsewhere, the same way on every board (`replayable`), so the page plays a
long construction on one drawing instead of drawing every step.
"""

from __future__ import annotations

from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from ..answers import Change, Solution
from ..drawing import cell_group, svg
from ..roles import OriginalFormats, PageView
from .board import Board

if TYPE_CHECKING:
    from .family import NineRules

ONE, ZERO = "#333", "#eee"
SMALL = 4
"""The largest size drawn as one picture of both matrices."""


class NinePage(PageView):
    puzzle: NineRules
    replayable = True

    def __init__(self, puzzle: NineRules) -> None:
        super().__init__(puzzle)  # type: ignore[arg-type]  # a nine of any size is a Puzzle
        self.large = puzzle.size > SMALL

    def svg(self, board: Board) -> str:
        n = self.puzzle.size
        a, b = self.puzzle.compact(board).split()
        if n <= SMALL:
            return self.both(a, b)
        return f'<div class="matrices size-{bucket(n)}">{self.matrix("A", a, 1)}{self.matrix("B", b, n * n + 1)}</div>'

    def both(self, a: str, b: str) -> str:
        """Both matrices in one drawing, 150 units wide each, cells numbered from 1 (A) and n*n + 1 (B)."""
        n = self.puzzle.size
        pitch = 150 / n
        parts = []
        for first, left, cells in ((1, 0, a), (n * n + 1, 170, b)):
            for cell, value in enumerate(cells):
                x, y = left + cell % n * pitch, cell // n * pitch
                parts.append(
                    cell_group(
                        first + cell,
                        f'<rect class="area" x="{x + 2:g}" y="{y + 2:g}" width="{pitch - 4:g}" height="{pitch - 4:g}" '
                        f'rx="{18 / n:g}" fill="{ONE if value == "1" else ZERO}" stroke="#0003"/>',
                    )
                )
        parts.append('<text x="75" y="168" text-anchor="middle" font-size="18">A</text>')
        parts.append('<text x="245" y="168" text-anchor="middle" font-size="18">B</text>')
        return svg(320, 175, "".join(parts), f"matrix A {a} and matrix B {b}, dark cells are 1")

    def matrix(self, name: str, cells: str, first: int) -> str:
        """One matrix of a large board: a square per cell, 10 units apart, and its name below."""
        n = self.puzzle.size
        squares = "".join(
            f'<rect data-cell="{first + cell}" x="{cell % n * 10}" y="{cell // n * 10}" width="9" height="9" '
            f'fill="{ONE if value == "1" else ZERO}"/>'
            for cell, value in enumerate(cells)
        )
        return labelled(name, n, squares, f"{cells.count('1'):,} of its {n * n:,} cells are 1 (dark)")

    def still(self, board: Board) -> str:
        """A large board with the dark cells of each row as runs of one path, and no cell numbered."""
        n = self.puzzle.size
        if n <= SMALL:
            return self.svg(board)
        drawn = []
        for name, cells in zip("AB", self.puzzle.compact(board).split(), strict=True):
            runs = []
            for row in range(n):
                line = cells[row * n : (row + 1) * n]
                column = line.find("1")
                while column >= 0:
                    end = line.find("0", column)
                    end = n if end < 0 else end
                    runs.append(f"M{column * 10} {row * 10}h{(end - column) * 10}v10h-{(end - column) * 10}z")
                    column = line.find("1", end)
            background = f'<rect width="{n * 10}" height="{n * 10}" fill="{ZERO}"/>'
            body = f'{background}<path d="{"".join(runs)}" fill="{ONE}"/>{grid_lines(n)}'
            drawn.append(labelled(name, n, body, f"{cells.count('1'):,} of its {n * n:,} cells are 1 (dark)"))
        return f'<div class="matrices size-{bucket(n)}">{"".join(drawn)}</div>'

    def about(self) -> str:
        n = self.puzzle.size
        return (
            f"Two {n}x{n} grids of 0s and 1s, A and B; dark cells are 1. AL and AR turn A a quarter turn left or "
            f"right, BL and BR turn B, and C1 to C{n} swap a column of A with the same column of B. Solved when A is "
            "all 0 and B all 1; a board with the wrong number of 1s on a ring of cells that turns into itself never "
            "gets there. Every size from 2x2 to 64x64: exact up to 4x4, from 5x5 by a construction within a "
            "proven bound."
        )

    def rules(self, formats: OriginalFormats | None) -> str:
        text = resources.files(__package__).joinpath("rules.txt").read_text(encoding="utf-8")
        n = self.puzzle.size
        if n == 3:
            return text
        how = (
            f"At {n}x{n} the answers are exact, from a table of every board that meets the ring rule."
            if self.puzzle.exact
            else f"At {n}x{n} the answers come from a construction: valid, never longer than {self.bound()} "
            "operations (the proven bound at this size), but not proven the fewest."
        )
        return f"{text}\nThis page shows the {n}x{n} version. {how}\n"

    def bound(self) -> int | None:
        return getattr(self.puzzle, "bound", None)

    def goal(self, solution: Solution) -> tuple[Board, str]:
        return self.puzzle.bits.goal, "Goal: A all 0, B all 1"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        """A turn moves every cell of its matrix round (the centre turns in
        place); a column exchange swaps n cells of A with n of B."""
        n, cells = self.puzzle.size, self.puzzle.bits.cells
        name = self.puzzle.move_names[move]
        if name[0] == "C":
            column = int(name[1:])
            pairs = [(row * n + column, cells + row * n + column) for row in range(n)]
            return {cell: Change(other) for a, b in pairs for cell, other in ((a, b), (b, a))}
        first = 1 if name[0] == "A" else cells + 1
        side, turn = ("L", -90) if name[1] == "L" else ("R", 90)
        return {first + new: Change(first + old, turn) for new, old in enumerate(self.puzzle.bits.sources[side])}


def grid_lines(n: int) -> str:
    """The gaps between the cells of a still matrix, as the page's background shows them between squares."""
    lines = "".join(f"M{k * 10 + 9.5} 0v{n * 10}M0 {k * 10 + 9.5}h{n * 10}" for k in range(n))
    return f'<path d="{lines}" stroke="#fafaf7" stroke-width="1"/>'


def bucket(n: int) -> str:
    """How large a matrix of size n is drawn at most (the page's style sheet says how wide)."""
    return "s" if n <= 8 else "m" if n <= 16 else "l"


def labelled(name: str, n: int, body: str, said: str) -> str:
    """One matrix of size n (10 units a cell) with its name below it, as an image with a text alternative."""
    side = n * 10
    band = max(6, side // 16)
    text = f'<text x="{side / 2:g}" y="{side + band * 0.85:g}" text-anchor="middle" font-size="{band:g}">{name}</text>'
    return (
        f'<svg class="board matrix" viewBox="0 0 {side} {side + band}" role="img" '
        f'aria-label="{escape(f"matrix {name}, {n} by {n}: {said}")}" xmlns="http://www.w3.org/2000/svg">{body}{text}</svg>'
    )
