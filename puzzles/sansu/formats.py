"""sansu's original formats: a tile of three lines of three digits; the
count of swaps, then the sansu they reach. The answer names the tile
reached, not the swaps, so a proposed answer is checked against the table
of distances between tiles."""

from __future__ import annotations

from .. import permutations
from ..answers import ProposedAnswer, Solution
from ..board_puzzle import BoardFormats
from ..drawing import grid
from ..storage import TableReader
from ..text import InputError, content_lines, distinct_digits, parse_rows, read_integer, shown
from .board import DIGITS, TILE_DISTANCE, Board, compact, digit


class SansuFormats(BoardFormats):
    unique_by_count = False
    help = "three lines of three digits 1..9 separated by spaces, e.g.\n1 7 5\n4 2 6\n8 3 9"

    def read_board(self, lines: list[tuple[int, str]]) -> Board:
        tile = distinct_digits("".join(parse_rows(lines, 3, 3, digit, "three digits")), DIGITS, "the tile")
        return tuple(value - 1 for value in tile)

    def output(self, solution: Solution) -> str:
        return "\n".join([str(solution.distance), *grid(compact(solution.boards[-1]))]) + "\n"

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        lines = content_lines(text)
        if not lines:
            raise InputError("it is empty")
        swaps = read_integer(lines[0][1].strip(), "the count on line 1")
        digits = "".join("".join(line.split()) for _, line in lines[1:])
        if len(digits) != 9 or sorted(digits) != list(DIGITS):
            raise InputError(f"lines 2-4 should hold the digits 1..9 once each, found {shown(digits)}")
        return [ProposedAnswer(swaps, final=tuple(int(d) - 1 for d in digits))]

    def unique(self, table: TableReader | None, board: Board, count: int) -> bool:
        """When every optimal sequence of swaps ends on the same sansu: the output names the tile, not the swaps."""
        puzzle = self.puzzle
        finals = set()
        for chunk in puzzle.optimal_moves(table, board, count):
            for moves in chunk.tolist():
                tile = board
                for move in moves:
                    tile = puzzle.apply(tile, move)
                finals.add(tile)
        return len(finals) <= 1

    def reachable_reason(self, table: TableReader | None, board: Board, answer: ProposedAnswer) -> str | None:
        final = answer.final
        if not self.puzzle.is_goal(final):
            return f"the tile {compact(final)} is not a sansu"
        goal_cell = {value: cell for cell, value in enumerate(final)}
        needed = table.array("distance", TILE_DISTANCE).item(permutations.rank_one([goal_cell[v] for v in board]))
        if answer.count < needed or (answer.count - needed) % 2:
            return (
                f"{compact(final)} cannot be reached in exactly {answer.count} swaps "
                f"(it takes {needed}, or {needed} + 2k)"
            )
        return None
