"""nine on a terminal: A and B side by side, at any size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..answers import Solution
from ..roles import TerminalView
from .board import Board

if TYPE_CHECKING:
    from .family import NineRules


class NineTerminal(TerminalView):
    puzzle: NineRules

    def panel(self, board: Board) -> list[str]:
        n = self.puzzle.size
        a, b = self.puzzle.compact(board).split()
        return [f"{'A':<{n}} B"] + [f"{a[r : r + n]} {b[r : r + n]}" for r in range(0, n * n, n)]


class ConstructedTerminal(NineTerminal):
    """Says in the heading that the answer is a construction within its bound, not proven the fewest."""

    def heading(self, solution: Solution) -> str:
        bound = solution.extra.get("bound")
        built = f" (a construction within the proven bound of {bound}, not proven the fewest)" if bound else ""
        return f"{super().heading(solution)}{built}"
