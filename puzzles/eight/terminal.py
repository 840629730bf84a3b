"""eight on a terminal: the board with `_` for the empty cell."""

from __future__ import annotations

from ..answers import Solution
from ..drawing import grid
from ..roles import TerminalView
from .board import BLANK, Board, goal_of, to_digits


class EightTerminal(TerminalView):
    def panel(self, board: Board) -> list[str]:
        return grid([str(d) if d else BLANK for d in to_digits(board)])

    def heading(self, solution: Solution) -> str:
        puzzle = self.puzzle
        return f"{puzzle.name} {solution.state} (goal {puzzle.compact(goal_of(solution.boards[0]))})"
