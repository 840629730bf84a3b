"""nine's original formats: six lines of three characters 0/1 (A's rows,
then B's); the count, then one operation a line. The original judge
accepts any valid answer of at most 81 operations."""

from __future__ import annotations

from ..answers import ProposedAnswer, Solution
from ..board_puzzle import BoardFormats
from ..text import InputError, content_lines, read_integer, shown
from .board import Board

ORIGINAL_JUDGE_LIMIT = 81


class NineFormats(BoardFormats):
    help = "six lines of three characters 0/1 with no spaces, A's rows then B's, e.g.\n100\n000\n000\n111\n111\n011"
    answer_limit = ORIGINAL_JUDGE_LIMIT

    def read_board(self, lines: list[tuple[int, str]]) -> Board:
        if len(lines) != 6:
            raise InputError(f"expected 6 lines of three characters 0/1 (A's rows, then B's), found {len(lines)}")
        rows = []
        for number, line in lines:
            row = line.strip()
            if len(row) != 3 or set(row) - {"0", "1"}:
                raise InputError(f"line {number}: expected three characters 0/1 with no spaces, found {shown(row)}")
            rows.append(row)
        return int("".join(rows), 2)

    def output(self, solution: Solution) -> str:
        if solution.distance is None:
            return "-1\n"
        return "".join(f"{line}\n" for line in [str(solution.distance), *solution.moves])

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        lines = content_lines(text)
        if not lines:
            raise InputError("it is empty")
        operations = [line.strip() for _, line in lines[1:]]
        return [ProposedAnswer(read_integer(lines[0][1].strip(), "the count on line 1"), operations)]
