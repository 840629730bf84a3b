"""eight at size 4 (the 15-puzzle) as a puzzle of its own, `eight --size
4`: the rules and search of `fifteen` behind the contract, and its roles.

Its storage is a search guided by tables: `eight-4.h5` holds the pattern
tables (`fifteen.GROUPS`, one `PatternSearch` each), not a distance per
board, so `distance` and `solve` run the compiled IDA* with them, its stats
say what is known rather than read a histogram, and a sample is drawn and
searched rather than read. Counting the optimal solutions costs a whole
last iteration of the search, so only `counts`, `solutions` and the n-th
ask it, within the `seconds` the rules give (`OutOfTime` otherwise, in one
line, never a wrong number).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from math import factorial
from typing import Any

import numpy as np

from ..answers import Change, Replay, Solution
from ..contract import Puzzle
from ..drawing import cells_svg, grid, svg
from ..draws import bounded, first_distinct
from ..paths import MOVE_DTYPE
from ..roles import Counting, PageView, Roles, Storage, TerminalView
from ..storage import Packed, PatternSearch, TableReader
from ..text import InputError, parse_rows
from . import fifteen
from .fifteen import Board
from .formats import EightFormats
from .placements import halved
from .sizes import SECONDS_OPTION, SIZE_OPTION

PATTERNS = "patterns"
"""The key under which the pattern tables are kept, read once per open table."""
BOARDS = 16 * factorial(16)
"""Every 4x4 board: 16 choices of the missing number times 16! arrangements."""
GODS_NUMBER = 80
"""The most moves any board needs to reach the classic goal (Brüngger, Marzetta,
Fukuda and Nievergelt 1999 bounded it; Korf 2008 and Felner et al. proved 80)."""
CHUNK = 10_000
"""Solutions listed per pass of the search (each pass searches up to its last one)."""


class FifteenStorage(Storage):
    """`eight-4.h5`: one pattern table per group of homes, built by
    `ninebase build --only eight --size 4`."""

    encoding = (
        "per group of homes: per placement of its tiles, at the placement's rank (placements.rank), half its distance "
        "(at most 15) in 4 bits"
    )
    holds_every_instance = False

    @property
    def table_name(self) -> str:
        return fifteen.TABLE_NAME

    @property
    def build_selection(self) -> str:
        return fifteen.BUILD_SELECTION

    def searches(self) -> Mapping[str, PatternSearch]:
        return {fifteen.group_name(homes): PatternSearch(fifteen.group_name(homes), homes) for homes in fifteen.GROUPS}

    def store(
        self, group: str, distance: np.ndarray, parent: np.ndarray, count: np.ndarray | None = None
    ) -> dict[str, Packed]:
        """Half of each distance, in 4 bits (`placements.halved`), uncompressed:
        every start of a 4x4 search reads the tables, 29 MB for each seven
        tiles' in about 25 ms, where a gzip'd byte per distance took 0.4 s."""
        return {"distances": Packed(halved(distance), 4, compressed=False)}

    def stats(self, table: TableReader) -> dict[str, Any]:
        """What is known of every board, not read from the table (which holds
        the groups' placements): how many there are, how many reach their
        goal, and the published largest distance to the classic goal; no
        histogram (10^13 boards are not counted here)."""
        attrs = table.attrs()
        return {
            "puzzle": self.puzzle.name,
            "size": 4,
            "states": BOARDS,
            "solvable": BOARDS // 2,
            "max_distance": None,
            "classic_max_distance": GODS_NUMBER,
            "histogram": None,
            "table": {
                "patterns": [list(homes) for homes in fifteen.GROUPS],
                "placements": int(attrs["reachable_count"]),
            },
        }

    def sample_space(self, table: TableReader) -> tuple[np.ndarray, Callable[[int], str]]:
        raise InputError(
            "eight at size 4 has no table of every board (16 x 16! of them) to read the hardest boards, or those "
            "with a unique optimal answer, from; it draws solvable boards uniformly, and searches them for a distance "
            "(--distance D)"
        )

    def distance_sample(self, table: TableReader, distance: int, count: int, seed: int) -> tuple[list[str], int]:
        """Solvable boards drawn uniformly (every goal alike, `drawn_boards`)
        and kept where they need exactly `distance` moves: a draw whose lower
        bound is above it, or of the other parity, is passed over unsearched,
        the others searched. Within the puzzle's `seconds`: past them,
        InputError saying how rare such boards were among those drawn."""
        patterns = self.puzzle.patterns(table)
        deadline = time.monotonic() + self.puzzle.seconds
        found: dict[str, None] = {}
        draws = drawn_boards(seed, True)
        drawn = 0
        while len(found) < count:
            if time.monotonic() > deadline:
                rarity = (
                    f"{len(found)} of {drawn:,} random boards drawn in {self.puzzle.seconds:g} s need exactly "
                    f"{distance} moves (about 1 in {round(drawn / len(found)):,})"
                    if found
                    else f"none of {drawn:,} random boards drawn in {self.puzzle.seconds:g} s needs exactly "
                    f"{distance} moves (fewer than 1 in {drawn:,})"
                )
                raise InputError(f"{rarity}: too rare to draw {count:,} so; ask fewer, or give more time (--seconds)")
            board, drawn = next(draws), drawn + 1
            bound = fifteen.lower_bound(board, patterns)
            if (
                bound <= distance
                and (distance - bound) % 2 == 0
                and len(fifteen.solve(board, patterns) or "") == distance
            ):
                found[board.compact()] = None
        return list(found), count

    def unsolvable_sample(self, table: TableReader, count: int, seed: int) -> tuple[list[str], int]:
        """Unsolvable boards drawn uniformly (`drawn_boards`); half of every board is one."""
        bounded(count, "unsolvable boards")
        return first_distinct((board.compact() for board in drawn_boards(seed, False)), count), BOARDS // 2


class FifteenCounting(Counting):
    """The optimal move sequences, counted by a whole last iteration of the
    search within the puzzle's `seconds` (`fifteen.OutOfTime` past them)."""

    puzzle: Fifteen
    order: str = "in the order the search meets them (not the move order): the same on every machine"
    with_every_answer = False

    def count(self, table: TableReader | None, board: Board) -> int:
        return fifteen.count(board, self.puzzle.patterns(table), self.puzzle.seconds)

    def nth(self, table: TableReader | None, board: Board, number: int) -> list[int]:
        _, found = fifteen.optimal_solutions(board, self.puzzle.patterns(table), self.puzzle.seconds, number, 1)
        return [fifteen.MOVES.index(letter) for letter in found[0]]

    def solution_chunks(self, table: TableReader | None, board: Board, limit: int) -> Iterator[np.ndarray]:
        patterns = self.puzzle.patterns(table)
        for first in range(0, limit, CHUNK):
            wanted = min(CHUNK, limit - first)
            _, found = fifteen.optimal_solutions(board, patterns, self.puzzle.seconds, first, wanted)
            if found:
                yield np.array([[fifteen.MOVES.index(m) for m in moves] for moves in found], dtype=MOVE_DTYPE)
            if len(found) < wanted:
                return


class FifteenFormats(EightFormats):
    """As eight's, at size 4: the board as four lines of four numbers; the count, then the move letters."""

    help = (
        "four lines of four numbers 0..16 separated by spaces, 0 the empty cell, e.g.\n"
        "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15"
    )

    def read_board(self, lines: list[tuple[int, str]]) -> Board:
        return self.puzzle.board(" ".join(parse_rows(lines, 4, 4, lambda token, where: token, "four numbers")))


class FifteenTerminal(TerminalView):
    """The 4x4 board with `_` for the empty cell, numbers right-aligned."""

    def panel(self, board: Board) -> list[str]:
        return grid([f"{number:>2}" if number else " _" for number in board.numbers], 4)

    def heading(self, solution: Solution) -> str:
        goal = solution.extra.get("goal")
        return f"{self.puzzle.name} {solution.state}" + (f" (goal {goal})" if goal else "")

    def stats_text(self, stats: Mapping[str, Any], table: TableReader) -> str:
        groups = " ".join("{" + ",".join(str(home + 1) for home in homes) + "}" for homes in stats["table"]["patterns"])
        return "\n".join(
            [
                f"eight at size 4 (the 15-puzzle): {stats['states']:,} boards, {stats['solvable']:,} of them can "
                "reach their goal",
                f"the classic goal (1 .. 15, 0 last): the farthest boards need {stats['classic_max_distance']} moves "
                "(published: Brüngger et al. 1999, Korf 2008); not counted here",
                f"the table holds pattern tables, not boards: {stats['table']['placements']:,} placements of the "
                f"tiles of the cells {groups}; every answer is an exact search guided by them",
            ]
        )


class FifteenPage(PageView):
    """The 4x4 board on the explorer page: tiles that slide into the empty cell."""

    def svg(self, board: Board) -> str:
        fills = ["#ffffff00" if number == 0 else "#f0d9b5" for number in board.numbers]
        labels = ["" if number == 0 else str(number) for number in board.numbers]
        body = cells_svg(labels, fills, size=45, columns=4)
        return svg(180, 180, body, f"sliding tiles {board.compact()}, 0 the empty cell")

    def about(self) -> str:
        return (
            "Fifteen numbered tiles and one empty cell on a 4x4 board (the 15-puzzle); a move slides a tile next "
            "to the empty cell into it, and U, D, L, R name where the empty cell goes. The board is solved when it "
            "reads 1 to 16 in order with the empty cell where the missing number belongs. Half of all boards can "
            "never get there. Every answer is an exact search guided by pattern tables."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        goal = solution.boards[0].goal()
        return goal, f"Goal {goal.compact()}: in order, the empty cell where {goal.missing} belongs"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        empty = board.empty
        target = fifteen.TARGETS[empty][move]
        return {} if target is None else {empty + 1: Change(target + 1), target + 1: Change(empty + 1)}


class Fifteen(Puzzle):
    """eight at size 4, answered exactly by IDA* over the pattern tables."""

    name = "eight"
    move_names = tuple(fifteen.MOVES)
    compact_help = (
        "the 16 numbers of a 4x4 board in reading order, separated by spaces: 1..16 with one of them replaced "
        "by 0, the empty cell, e.g. 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
    )
    row_length = 16
    variant_options = (SIZE_OPTION, SECONDS_OPTION)
    roles = Roles(
        formats=FifteenFormats,
        terminal=FifteenTerminal,
        page=FifteenPage,
        storage=FifteenStorage,
        counting=FifteenCounting,
    )

    def __init__(self, seconds: float) -> None:
        """`seconds`: the most a count of optimal solutions may take (`--seconds`)."""
        self.seconds = seconds
        super().__init__()

    def parse(self, text: str) -> Board:
        return fifteen.board(text)

    def compact(self, board: Board) -> str:
        return board.compact()

    def apply(self, board: Board, move: int) -> Board | None:
        if fifteen.TARGETS[board.empty][move] is None:
            return None
        return board.moved(fifteen.MOVES[move])

    def is_goal(self, board: Board) -> bool:
        return board == board.goal()

    def unsolvable_reason(self, board: Board) -> str | None:
        return fifteen.unsolvable_reason(board)

    def patterns(self, table: TableReader | None) -> fifteen.Tables:
        """The pattern tables, read (checksums checked) once per open table."""
        if table is None:
            raise InputError("eight at size 4 answers from its pattern tables; none were given")
        return table.derived(
            PATTERNS, lambda: {homes: table.array("distances", fifteen.group_name(homes)) for homes in fifteen.GROUPS}
        )

    def prepare(self, table: TableReader) -> None:
        self.patterns(table)

    def distance(self, table: TableReader | None, board: Board) -> int | None:
        moves = fifteen.solve(board, self.patterns(table))
        return None if moves is None else len(moves)

    def solve(self, table: TableReader | None, board: Board) -> Solution:
        reason = fifteen.unsolvable_reason(board)
        if reason is not None:
            return Solution(self.name, board.compact(), None, [], [board], {"reason": reason})
        letters = fifteen.solve(board, self.patterns(table)) or ""
        indices = [fifteen.MOVES.index(letter) for letter in letters]
        goal = board.goal()
        boards = Replay(board, goal, indices, self.apply)
        return Solution(
            self.name, board.compact(), len(indices), list(letters), boards, {"goal": goal.compact()}, None, indices
        )

    def draw(self, count: int, seed: int) -> list[str]:
        """Solvable boards drawn uniformly, every goal alike (`drawn_boards`), with no search and no table."""
        bounded(count, "boards")
        return first_distinct((board.compact() for board in drawn_boards(seed, True)), count)

    def variant(self, options: Mapping[str, Any]) -> Puzzle:
        """eight under `options`, as eight itself answers them (size 3 is eight's own puzzle)."""
        from . import PUZZLE  # the package, loaded before this module is

        return PUZZLE.variant(options)


def drawn_boards(seed: int, solvable: bool) -> Iterator[Board]:
    """Boards drawn uniformly from the solvable (or the unsolvable) ones of
    every goal, the same for a seed everywhere: the missing number, then an
    arrangement; where its solvability is not the one asked for, its first
    two tiles swapped (which pairs every solvable board with one unsolvable
    board, so the draw stays uniform)."""
    rng = random.Random(seed)
    while True:
        missing = rng.randrange(1, 17)
        numbers = [0 if number == missing else number for number in range(1, 17)]
        rng.shuffle(numbers)
        if (fifteen.unsolvable_reason(Board(tuple(numbers), missing)) is None) != solvable:
            first, second = [cell for cell, number in enumerate(numbers) if number][:2]
            numbers[first], numbers[second] = numbers[second], numbers[first]
        yield Board(tuple(numbers), missing)


__all__ = ["Fifteen"]
