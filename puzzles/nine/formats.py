"""nine's original formats at size n: 2n lines of n characters 0/1 (A's rows,
then B's); the count, then one operation a line. The original judges accept
any valid answer within their limit: 81 operations for the contest's 3x3,
999 for the story's 9x9; the other sizes have no limit of their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..answers import ProposedAnswer, Solution
from ..board_puzzle import BoardFormats
from ..text import InputError, content_lines, read_integer, shown
from .board import Board
from .family import example_board

if TYPE_CHECKING:
    from .family import NineRules

JUDGE_LIMITS = {3: 81, 9: 999}
"""The original judge's cap on an answer's length, by size: XJTUPC 2025's 3x3 and the seed's story of 9x9."""
KITS = {3: "contest", 9: "contest_9x9"}
"""The contest kit beside the package, by size: the contest's 3x3 and the story's 9x9."""
WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def in_words(count: int) -> str:
    return WORDS[count] if count < len(WORDS) else str(count)


class NineFormats(BoardFormats):
    puzzle: NineRules

    def __init__(self, puzzle: NineRules) -> None:
        super().__init__(puzzle)
        n = puzzle.size
        example = "\n".join(row[k : k + n] for row in example_board(n).split() for k in range(0, n * n, n))
        lines = f"{in_words(2 * n)} lines of {in_words(n)} characters 0/1"
        self.help = f"{lines} with no spaces, A's rows then B's, e.g.\n{example}"
        self.answer_limit = JUDGE_LIMITS.get(n)
        self.kit = KITS.get(n)

    def read_board(self, lines: list[tuple[int, str]]) -> Board:
        n = self.puzzle.size
        if len(lines) != 2 * n:
            other = len(lines) // 2
            shaped = other >= 2 and len(lines) == 2 * other and {len(line.strip()) for _, line in lines} == {other}
            size = f" (that is a board of size {other}, not of size {n})" if shaped else ""
            raise InputError(
                f"expected {2 * n} lines of {in_words(n)} characters 0/1 (A's rows, then B's), found {len(lines)}{size}"
            )
        rows = []
        for number, line in lines:
            row = line.strip()
            if len(row) != n or set(row) - {"0", "1"}:
                raise InputError(
                    f"line {number}: expected {in_words(n)} characters 0/1 with no spaces, found {shown(row)}"
                )
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
