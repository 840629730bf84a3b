"""The cube on a terminal: the top colours, coloured; the probe's boards
with each cube's three colours; the stats per start square."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..answers import Probe, Solution
from ..drawing import grid, histogram_lines
from ..roles import TerminalView
from ..storage import UNREACHABLE, TableReader
from .board import CANONICAL_STARTS, CONTEST_LIMIT, PATTERNS, STARTS, TURNS, Board, pattern_of
from .symmetry import SYMMETRIES, square_name

_TERMINAL_COLOURS = {"W": "white", "B": "blue", "R": "red", ".": "bright_black"}


class CubeTerminal(TerminalView):
    goal_caption = "pattern shown"

    def panel(self, board: Board) -> list[str]:
        return grid([letter if letter != "E" else "." for letter in pattern_of(board)])

    def token_colour(self, token: str) -> str | None:
        return _TERMINAL_COLOURS.get(token)

    def step_fields(self, solution: Solution) -> dict[str, Any]:
        return {"patterns": [pattern_of(board) for board in solution.boards[1:]]}

    def probe_panels(self, probe: Probe) -> tuple[str, list[list[str]]]:
        """The board after every roll, each cube as its top, x-facing and y-facing colours."""
        panels = [
            [
                " ".join(cell.ljust(3) if cell != "E" else " . " for cell in row)
                for row in (board[0:3], board[3:6], board[6:9])
            ]
            for board in probe.extra["boards"]
        ]
        return "each square: its cube's top, x-facing and y-facing colours (. the empty square)", panels

    def stats_text(self, stats: Mapping[str, Any], table: TableReader) -> str:
        lines = [
            f"cube: {PATTERNS:,} patterns and {PATTERNS * TURNS:,} board states per start square; searched from "
            + ", ".join(square_name(cell) for cell in CANONICAL_STARTS.values())
            + ", the other starts by symmetry",
            "'largest' is the most rolls any pattern needs from that start (the contest prints -1 above "
            f"{CONTEST_LIMIT}); 'reachable states' counts whole boards, orientations included",
            f"{'start':>5} {'searched':>8} {'reachable states':>17} {'patterns':>9} {'largest':>8} {'needing it':>11}",
        ]
        per_group = {}
        for group in CANONICAL_STARTS:
            patterns = table.array("pattern_distance", group)
            reached = patterns[patterns != UNREACHABLE]
            states = int(table.attrs(group)["reachable_count"])
            per_group[group] = (
                states,
                reached.size,
                int(reached.max()),
                int((reached == reached.max()).sum()),
                reached,
            )
        for start in range(STARTS):
            group = SYMMETRIES[start].group
            states, patterns, largest, needing, _ = per_group[group]
            searched = square_name(CANONICAL_STARTS[group])
            lines.append(
                f"{square_name(start):>5} {searched:>8} {states:>17,} {patterns:>9,} {largest:>8} {needing:>11,}"
            )
        for group, (*_, reached) in per_group.items():
            lines += ["", f"fewest rolls per pattern from {square_name(CANONICAL_STARTS[group])}:"]
            lines += histogram_lines(np.bincount(reached).tolist(), "rolls")
        return "\n".join(lines)
