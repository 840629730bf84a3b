"""eight on the explorer page: tiles on a board, the goal with the empty
cell where the missing digit belongs, and sliding tiles."""

from __future__ import annotations

from ..answers import Change, Solution
from ..drawing import cells_svg, svg
from ..roles import PageView
from .board import TARGETS, Board, goal_of, to_digits


class EightPage(PageView):
    def svg(self, board: Board) -> str:
        digits = to_digits(board)
        fills = ["#ffffff00" if d == 0 else "#f0d9b5" for d in digits]
        labels = ["" if d == 0 else str(d) for d in digits]
        compact = self.puzzle.compact(board)
        return svg(180, 180, cells_svg(labels, fills), f"sliding tiles {compact}, 0 the empty cell")

    def about(self) -> str:
        return (
            "Eight numbered tiles and one empty cell on a 3x3 board; a move slides a tile next to the empty cell "
            "into it, and U, D, L, R name where the empty cell goes. The board is solved when it reads 1 to 9 in "
            "order with the empty cell where the missing number belongs. Half of all boards can never get there."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        goal = goal_of(solution.boards[0])
        return goal, f"Goal {self.puzzle.compact(goal)}: in order, the empty cell where {goal[0]} belongs"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        empty = board[1].index(board[0] - 1)
        target = TARGETS[empty][move]
        return {} if target is None else {empty + 1: Change(target + 1), target + 1: Change(empty + 1)}
