"""clocks' original formats: three lines of three clock values; the move
numbers in ascending order on one line."""

from __future__ import annotations

from ..answers import ProposedAnswer, Solution
from ..board_puzzle import BoardFormats
from ..storage import TableReader
from ..text import InputError, parse_rows, read_integer, shown
from .dials import HOURS, from_turns


def dial(token: str, where: str) -> int:
    """One dial of the original input: its quarter turns past 12."""
    if token not in HOURS:
        raise InputError(f"{where}: {shown(token)} is not a clock value (3, 6, 9 or 12)")
    return HOURS.index(token)


class ClocksFormats(BoardFormats):
    unique_by_count = False
    help = "three lines of three clock values (3, 6, 9 or 12) separated by spaces, e.g.\n9 9 12\n6 6 6\n6 3 6"

    def read_board(self, lines: list[tuple[int, str]]) -> int:
        return from_turns(parse_rows(lines, 3, 3, dial, "three clock values"))

    def output(self, solution: Solution) -> str:
        return " ".join(map(str, solution.moves)) + "\n"

    def unique(self, table: TableReader | None, board: int, count: int) -> bool:
        """Always: the output lists the one optimal set of moves in ascending order."""
        return True

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        moves = [str(read_integer(token, "a move")) for token in text.split()]
        return [ProposedAnswer(None, moves)]
