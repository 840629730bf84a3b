"""sansu on a terminal: the tile's digits, every swap drawn by default."""

from __future__ import annotations

from ..drawing import grid
from ..roles import TerminalView
from .board import Board, compact


class SansuTerminal(TerminalView):
    steps_by_default = True

    def panel(self, board: Board) -> list[str]:
        return grid(compact(board))
