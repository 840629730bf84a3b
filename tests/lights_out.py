"""A sixth puzzle defined outside the project, in this one file: Lights Out
3x3. Pressing a cell toggles it and its orthogonal neighbours; the goal is
every light off. It proves that a puzzle needs one module and one
registration (`puzzles.register`), and nothing else of the project: the
rules in a `BoardPuzzle`, its search in a `BoardStorage`, and the roles it
wants other than the defaults (its original formats, how a terminal and the
page draw it), all declared as class data."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ninebase.puzzles import (
    BoardFormats,
    BoardPuzzle,
    BoardStorage,
    InputError,
    PageView,
    ProposedAnswer,
    Solution,
    TerminalView,
    shown,
)
from ninebase.puzzles.drawing import cells_svg, grid, svg
from ninebase.puzzles.text import content_lines, read_integer


def _toggles(cell: int) -> int:
    row, column = divmod(cell, 3)
    mask = 0
    for r, c in ((row, column), (row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if 0 <= r < 3 and 0 <= c < 3:
            mask |= 1 << (8 - (r * 3 + c))
    return mask


TOGGLES = tuple(_toggles(cell) for cell in range(9))


class LightsFormats(BoardFormats):
    help = "three lines of three characters 0/1, e.g.\n101\n010\n101"

    def read_board(self, lines: list[tuple[int, str]]) -> int:
        return self.puzzle.parse("".join(line.strip() for _, line in lines))

    def output(self, solution: Solution) -> str:
        return f"{solution.distance}\n{' '.join(solution.moves)}\n"

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        lines = content_lines(text)
        if not lines:
            raise InputError("it is empty")
        presses = " ".join(line for _, line in lines[1:]).split()
        return [ProposedAnswer(read_integer(lines[0][1].strip(), "the count on line 1"), presses)]


class LightsTerminal(TerminalView):
    def panel(self, board: int) -> list[str]:
        return grid(list(self.puzzle.compact(board)))


class LightsPage(PageView):
    def svg(self, board: int) -> str:
        lights = self.puzzle.compact(board)
        return svg(180, 180, cells_svg(["" for _ in lights], ["#fd0" if c == "1" else "#333" for c in lights]), lights)


class LightsStorage(BoardStorage):
    state_count = 512
    encoding = "the nine lights in reading order as a binary number, first cell most significant"

    def goal_states(self) -> np.ndarray:
        return np.zeros(1, dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return [states ^ mask for mask in TOGGLES]  # a press undoes itself


class LightsOut(BoardPuzzle):
    name = "lights"
    unit = ("press", "presses")
    move_names = tuple(str(cell) for cell in range(1, 10))
    compact_help = "nine characters 0/1 in reading order, 1 a light that is on, e.g. 101010101"
    separator = ""
    roles = replace(
        BoardPuzzle.roles, formats=LightsFormats, terminal=LightsTerminal, page=LightsPage, storage=LightsStorage
    )

    def parse(self, text: str) -> int:
        if len(text) != 9 or set(text) - {"0", "1"}:
            raise InputError(f"expected 9 characters 0/1, found {shown(text)}")
        return int(text, 2)

    def compact(self, board: int) -> str:
        return f"{board:09b}"

    def apply(self, board: int, move: int) -> int:
        return board ^ TOGGLES[move]

    def is_goal(self, board: int) -> bool:
        return board == 0


PUZZLE = LightsOut()
