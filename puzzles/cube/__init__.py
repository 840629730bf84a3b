"""cube: ACM ICPC Asia Yokohama 2006 "Cubic Eight-Puzzle".

Eight identical cubes on the 3x3 board roll over an edge into the empty
square. Opposite faces share a colour, so a cube's orientation is its
(top, x-facing, y-facing) colours, a permutation of W, B, R; rolling along x
exchanges top and x, rolling along y exchanges top and y. At the start every
cube shows W on top, B along x and R along y. A move's letter U D L R names
the direction in which the empty square moves (U towards y = 1).

An instance is a question, not a board: a start square and a target pattern
of top colours. Compact form `1 2 WWWEWWWWW` (x y, then the nine squares in
reading order, E for the empty one); original input: datasets of `x y` and
three rows of three letters, until `0 0`; original output the fewest rolls,
-1 above the contest's limit of 30.

The package: `board` (orientations, index, rolls, the search), `symmetry`
(three searched starts serve all nine), this module (the rules), and the
roles: `formats` (with `datasets`), `terminal`, `page`, `batch` (many
questions at once) and `storage`.
"""

from __future__ import annotations

from typing import Any

from ..answers import Replay, Solution
from ..contract import Puzzle
from ..roles import Roles
from ..storage import UNREACHABLE, TableReader
from ..text import InputError, plural, shown
from .batch import NO_ROLLS, CubeMany
from .board import (
    CUBES,
    LETTERS,
    MOVES,
    OPPOSITE,
    Board,
    Instance,
    compact_index,
    decode,
    encode,
    orientations_of,
    roll,
    start_board,
)
from .counting import CubeCounting
from .formats import CubeFormats
from .page import CubePage
from .storage import CubeStorage
from .symmetry import carried, square_name
from .terminal import CubeTerminal

_COORDINATES = {"1": 0, "2": 1, "3": 2}


class Cube(Puzzle):
    name = "cube"
    unit = ("roll", "rolls")
    instance_noun = ("start/pattern question", "start/pattern questions")
    instances_are_boards = False
    move_names = MOVES
    compact_help = (
        "x y of the start square (1..3 each), then the target pattern: nine letters W B R, one E for the "
        "empty square, in reading order, e.g. 2 1 RBWRWWEWW"
    )

    roles = Roles(
        formats=CubeFormats,
        terminal=CubeTerminal,
        page=CubePage,
        many=CubeMany,
        storage=CubeStorage,
        counting=CubeCounting,
    )

    # Reading and writing questions ----------------------------------------------
    def parse(self, text: str) -> Instance:
        tokens = text.split()
        if len(tokens) == 3:
            x, y, pattern = tokens
            well_formed = len(pattern) == 9 and pattern.count("E") == 1 and not pattern.strip(LETTERS)
            if x in _COORDINATES and y in _COORDINATES and well_formed:
                return _COORDINATES[y] * 3 + _COORDINATES[x], pattern
        if len(tokens) != 3:
            raise InputError(f"expected x, y and a pattern of 9 letters, found {plural(len(tokens), 'value')}")
        return self.instance(tokens[0], tokens[1], tokens[2], "")

    def instance(self, x: str, y: str, pattern: str, where: str) -> Instance:
        """A question from its parts as the original input gives them; `where` prefixes any message."""
        prefix = f"{where}: " if where else ""
        for name, value in (("x", x), ("y", y)):
            if value not in _COORDINATES:
                raise InputError(f"{prefix}{name} is {shown(value)}, expected 1, 2 or 3")
        if len(pattern) != 9:
            raise InputError(f"{prefix}expected 9 pattern letters, found {len(pattern)}")
        for position, letter in enumerate(pattern, 1):
            if letter not in LETTERS:
                raise InputError(f"{prefix}square {position} is {shown(letter)}, expected one of W B R E")
        if pattern.count("E") != 1:
            raise InputError(f"{prefix}the pattern needs exactly one E (the empty square), found {pattern.count('E')}")
        return (int(y) - 1) * 3 + int(x) - 1, pattern

    def compact(self, instance: Instance) -> str:
        start, pattern = instance
        return f"{square_name(start)} {pattern}"

    # Moves (on boards: what a solution's boards are) -----------------------------
    def apply(self, board: Board, move: int) -> Board | None:
        return roll(board, move)

    def is_goal(self, board: Board) -> bool:
        """Whether the board is a start board: what each search works back to."""
        return board == start_board(board[0])

    # Answers --------------------------------------------------------------------
    def distance(self, table: TableReader, instance: Instance) -> int | None:
        symmetry, index = carried(instance)
        distance = table.array("pattern_distance", symmetry.group).item(index)
        return None if distance == UNREACHABLE else distance

    def solve(self, table: TableReader, instance: Instance) -> Solution:
        distance = self.distance(table, instance)
        start = start_board(instance[0])
        if distance is None:
            return Solution(self.name, self.compact(instance), None, [], [start], {"reason": NO_ROLLS})
        symmetry, index = carried(instance)
        witness = table.array("pattern_witness", symmetry.group).item(index)
        parent = table.array("parent", symmetry.group)
        board = decode(index << CUBES | witness)
        towards_start = []
        for _ in range(distance):
            move = parent.item(compact_index(encode(board)))
            board = roll(board, move)
            towards_start.append(move)
        moves = [symmetry.moves_back[OPPOSITE[move]] for move in reversed(towards_start)]
        boards = Replay(start, None, moves, roll)  # rolled only if something asks for the boards
        return Solution(self.name, self.compact(instance), distance, [MOVES[m] for m in moves], boards, indices=moves)

    def probe_fields(self, solution: Solution) -> dict[str, Any]:
        return {"boards": [orientations_of(board) for board in solution.boards]}


PUZZLE = Cube()
