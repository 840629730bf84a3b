"""sansu on the explorer page: the tile with every line whose digit sum is
not yet divisible by 3 struck through, and swaps."""

from __future__ import annotations

from ..answers import Change, Solution
from ..drawing import cells_svg, svg
from ..roles import PageView
from .board import LINES, SWAPS, Board, compact


class SansuPage(PageView):
    def svg(self, board: Board) -> str:
        size = 60
        cells = cells_svg(list(compact(board)), ["#fdf6e3"] * 9)
        strokes = []
        open_lines = [line for line in LINES if sum(board[c] + 1 for c in line) % 3]
        for first, _, last in open_lines:
            (y1, x1), (y2, x2) = divmod(first, 3), divmod(last, 3)
            strokes.append(
                f'<line class="open-line" x1="{x1 * size + 30}" y1="{y1 * size + 30}" x2="{x2 * size + 30}" '
                f'y2="{y2 * size + 30}" stroke="#d33" stroke-width="6" stroke-linecap="round" opacity="0.45"/>'
            )
        state = "a sansu" if not open_lines else f"{len(open_lines)} of 8 lines not divisible by 3"
        return svg(180, 180, cells + "".join(strokes), f"tile {compact(board)}: {state}")

    def about(self) -> str:
        return (
            "Nine digits on a 3x3 tile; a move swaps two digits side by side or one above the other. The tile is "
            "solved, a sansu, when all eight lines (three rows, three columns, two diagonals) have a digit sum "
            "divisible by 3. A red stroke marks each line that is not there yet."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        return solution.boards[-1], "The sansu these swaps reach (any sansu counts)"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        i, j = SWAPS[move]
        return {i + 1: Change(j + 1), j + 1: Change(i + 1)}
