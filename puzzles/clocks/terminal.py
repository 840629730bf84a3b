"""clocks on a terminal: the nine readings."""

from __future__ import annotations

from ..drawing import grid
from ..roles import TerminalView
from .dials import HOURS, dial_turns


class ClocksTerminal(TerminalView):
    def panel(self, board: int) -> list[str]:
        return grid([HOURS[turns].rjust(2) for turns in dial_turns(board)])
