"""nine on a terminal: A and B side by side."""

from __future__ import annotations

from ..roles import TerminalView
from .board import Board


class NineTerminal(TerminalView):
    def panel(self, board: Board) -> list[str]:
        cells = f"{board:018b}"
        return ["A   B"] + [f"{cells[r : r + 3]} {cells[9 + r : 12 + r]}" for r in (0, 3, 6)]
