"""nine on the explorer page: the two matrices, dark cells 1, turning and
exchanging columns."""

from __future__ import annotations

from ..answers import Change, Solution
from ..drawing import cells_svg, svg
from ..roles import PageView
from .board import CLOCKWISE, COUNTER_CLOCKWISE, GOAL, MOVES, Board


class NinePage(PageView):
    def svg(self, board: Board) -> str:
        cells = f"{board:018b}"
        fills = ["#333" if c == "1" else "#eee" for c in cells]
        labels = ["" for _ in cells]
        body = cells_svg(labels[:9], fills[:9], 0, 50) + cells_svg(labels[9:], fills[9:], 170, 50, first=10)
        body += '<text x="75" y="168" text-anchor="middle" font-size="18">A</text>'
        body += '<text x="245" y="168" text-anchor="middle" font-size="18">B</text>'
        return svg(320, 175, body, f"matrix A {cells[:9]} and matrix B {cells[9:]}, dark cells are 1")

    def about(self) -> str:
        return (
            "Two 3x3 grids of 0s and 1s, A and B; dark cells are 1. AL and AR turn A a quarter turn left or right, "
            "BL and BR turn B, and C1, C2, C3 swap column 1, 2 or 3 of A with the same column of B. Solved when A is "
            "all 0 and B all 1; a board with the wrong number of 1s on corners, edges or centres never gets there."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        return GOAL, "Goal: A all 0, B all 1"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        """A turn moves every cell of its matrix round (the centre turns in
        place); a column exchange swaps three cells of A with three of B."""
        name = MOVES[move]
        if name[0] == "C":
            column = int(name[1])
            pairs = [(row * 3 + column, 9 + row * 3 + column) for row in range(3)]
            return {cell: Change(other) for a, b in pairs for cell, other in ((a, b), (b, a))}
        first = 1 if name[0] == "A" else 10
        source, turn = (COUNTER_CLOCKWISE, -90) if name[1] == "L" else (CLOCKWISE, 90)
        return {first + new: Change(first + old, turn) for new, old in enumerate(source)}
