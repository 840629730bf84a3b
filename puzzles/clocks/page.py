"""clocks on the explorer page: nine clock faces whose hands turn."""

from __future__ import annotations

from ..answers import Change, Solution
from ..drawing import cell_group, svg
from ..roles import PageView
from .dials import DIALS, MOVE_DIALS, SOLVED, dial_turns


class ClocksPage(PageView):
    def svg(self, board: int) -> str:
        """Nine clock faces, each hand at 3, 6, 9 or 12; the face and hand turn together."""
        parts = []
        hand = {0: (0, -22), 1: (22, 0), 2: (0, 22), 3: (-22, 0)}
        for dial, turns in enumerate(dial_turns(board)):
            x, y = dial % 3 * 70 + 35, dial // 3 * 70 + 35
            dx, dy = hand[turns]
            face = "#e8f5e9" if turns == 0 else "#fff"
            body = (
                f'<g class="spin"><circle class="area" cx="{x}" cy="{y}" r="30" fill="{face}" stroke="#555" '
                f'stroke-width="2"/><line x1="{x}" y1="{y}" x2="{x + dx}" y2="{y + dy}" stroke="#222" '
                f'stroke-width="4" stroke-linecap="round"/><circle cx="{x}" cy="{y}" r="3"/></g>'
                f'<text x="{x - 34}" y="{y - 23}" font-size="12">{DIALS[dial]}</text>'
            )
            parts.append(cell_group(dial + 1, body))
        return svg(210, 210, "".join(parts), f"clocks {self.puzzle.compact(board)} (dials A to I)")

    def about(self) -> str:
        groups = ", ".join(f"{move}: {dials}" for move, dials in enumerate(MOVE_DIALS, 1))
        return (
            "Nine clocks, A to I, each showing 3, 6, 9 or 12. Each of the nine moves turns its own group of clocks "
            f"a quarter turn clockwise ({groups}); the order of the moves does not matter. "
            "Solved when every clock shows 12."
        )

    def goal(self, solution: Solution) -> tuple[int, str]:
        return SOLVED, "Goal: every clock at 12"

    def move_changes(self, board: int, move: int) -> dict[int, Change]:
        return {DIALS.index(dial) + 1: Change(DIALS.index(dial) + 1, 90) for dial in MOVE_DIALS[move]}
