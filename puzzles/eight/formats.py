"""eight's original formats: a board of three lines of three digits; the
count, then the move letters."""

from __future__ import annotations

from ..answers import ProposedAnswer, Solution
from ..board_puzzle import BoardFormats
from ..text import InputError, content_lines, parse_rows, read_integer
from .board import Board, digit


class EightFormats(BoardFormats):
    help = "three lines of three digits separated by spaces, 0 the empty cell, e.g.\n1 2 3\n0 6 9\n4 7 8"

    def read_board(self, lines: list[tuple[int, str]]) -> Board:
        return self.puzzle.parse("".join(parse_rows(lines, 3, 3, digit, "three digits")), "the board")

    def output(self, solution: Solution) -> str:
        count = -1 if solution.distance is None else solution.distance
        return f"{count}\n{''.join(solution.moves)}\n"

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        lines = content_lines(text)
        if not lines:
            raise InputError("it is empty")
        moves = "".join(line for _, line in lines[1:]).replace(" ", "")
        return [ProposedAnswer(read_integer(lines[0][1].strip(), "the count on line 1"), list(moves))]
