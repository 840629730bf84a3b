"""cube: compact `1 2 WWWEWWWWW` (x y, then the top colours of the nine
squares in reading order, E for the empty one); original input: datasets of
`x y` and three rows of three letters, until `0 0`.

Queries of the six starts that were not searched are answered through the
board symmetry that takes their start to a searched one (see
build_tables.puzzles.cube): the pattern is carried over, looked up, and the
rolls carried back.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import click
import numpy as np

from build_tables.engine import UNREACHABLE
from build_tables.puzzles.cube import (
    CANONICAL_STARTS,
    COLOURS,
    CUBES,
    MOVES,
    OPPOSITE,
    PATTERNS,
    PUZZLE,
    TURNS,
    Board,
    apply,
    compact_index,
    decode,
    encode,
    start_board,
)

from ..batch import all_valid
from ..drawing import grid, histogram
from ..parsing import InputError, content_lines, shown
from ..solution import Solution
from .base import QueryPuzzle

if TYPE_CHECKING:
    from ..tables import Tables

CONTEST_LIMIT = 30
_TERMINAL_COLOURS = {"W": "white", "B": "blue", "R": "red", ".": "bright_black"}
_COORDINATES = {"1": 0, "2": 1, "3": 2}
LETTERS = "WBRE"
Instance = tuple[int, str]
"""(start cell 0..8, the pattern as nine letters W B R E in reading order)."""


@dataclass(frozen=True)
class Symmetry:
    """One of the eight symmetries of the square, taking `start` to a searched start."""

    group: str
    cells: tuple[int, ...]
    """cells[c]: where square c goes."""
    swaps_axes: bool
    """Exchanging x and y also exchanges the colours B and R."""
    moves_back: tuple[int, ...]
    """moves_back[m]: the move in the original frame for move m in the searched frame."""


def _symmetries() -> dict[int, Symmetry]:
    searched = {cell: group for group, cell in CANONICAL_STARTS.items()}
    found: dict[int, Symmetry] = {}
    for swap, flip_x, flip_y in product((False, True), repeat=3):

        def image(column: int, row: int, swap=swap, flip_x=flip_x, flip_y=flip_y) -> tuple[int, int]:
            if swap:
                column, row = row, column
            return (2 - column if flip_x else column), (2 - row if flip_y else row)

        cells = tuple(row * 3 + column for column, row in (image(c % 3, c // 3) for c in range(9)))
        steps = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}
        mapped = {}  # direction in the original frame -> direction in the searched frame
        for letter, (dc, dr) in steps.items():
            column, row = image(1 + dc, 1 + dr)
            mapped[letter] = next(k for k, v in steps.items() if v == (column - 1, row - 1))
        moves_back = tuple(MOVES.index(next(k for k, v in mapped.items() if v == m)) for m in MOVES)
        for start in range(9):
            if start not in found and cells[start] in searched:
                found[start] = Symmetry(searched[cells[start]], cells, swap, moves_back)
    return found


SYMMETRIES = _symmetries()
_READ_BACKWARDS = [
    itemgetter(*(SYMMETRIES[start].cells.index(cell) for cell in reversed(range(9)))) for start in range(9)
]
"""Per start: the pattern's letters in the searched frame, last square first."""

# Vectorised forms of the symmetries, indexed by start cell, for `distances`.
_CELL_IMAGES = np.array([SYMMETRIES[start].cells for start in range(9)])
_DIGIT_OF_CHARACTER = np.full(256, 4, dtype=np.uint8)
for _offset, _colours in ((0, "WBR"), (128, "WRB")):  # the second half: B and R exchanged with the axes
    _DIGIT_OF_CHARACTER[[_offset + ord(c) for c in _colours + "E"]] = range(4)
_SWAP_OFFSET = np.array([128 * SYMMETRIES[start].swaps_axes for start in range(9)], dtype=np.uint8)
"""Per start: where its characters' digits are looked up in _DIGIT_OF_CHARACTER."""


def _place_value(start: int, empty: int, cell: int) -> int:
    """The place value in the searched frame's pattern index of the cube on
    `cell`, when the start is `start` and the empty square is on `empty`."""
    if cell == empty:
        return 0
    image, empty_image = SYMMETRIES[start].cells[cell], SYMMETRIES[start].cells[empty]
    return 3 ** (image - (image > empty_image))


_PLACE_VALUES = np.array(
    [[_place_value(start, empty, cell) for cell in range(9)] for start in range(9) for empty in range(9)], dtype=np.int32
)
_GROUP_IDS = np.array([list(CANONICAL_STARTS).index(SYMMETRIES[start].group) for start in range(9)])


def _searched_index(reversed_pattern: str, digits: dict[int, str | None]) -> int:
    """A pattern's index (empty square * 3^8 + the cubes' top colours as
    base-3 digits, in reading order of their squares) from the pattern read
    backwards, with the colours mapped to digits by `digits`."""
    return (8 - reversed_pattern.index("E")) * 3**CUBES + int(reversed_pattern.translate(digits), 3)


_TOP_DIGITS = {swap: str.maketrans({"W": "0", "B": "21"[not swap], "R": "12"[not swap], "E": None}) for swap in (False, True)}
"""Top colour -> base-3 digit, with B and R exchanged when the symmetry exchanges the axes; E dropped."""


def carried(instance: Instance) -> tuple[Symmetry, int]:
    """The symmetry for the instance's start and the pattern's index in the searched frame."""
    start, pattern = instance
    symmetry = SYMMETRIES[start]
    backwards = "".join(_READ_BACKWARDS[start](pattern))
    return symmetry, _searched_index(backwards, _TOP_DIGITS[symmetry.swaps_axes])


def pattern_of(board: Board) -> str:
    return "".join("E" if code < 0 else COLOURS[code >> 1] for code in board[1])


class CubeQuery(QueryPuzzle):
    rules = PUZZLE
    move_noun = ("roll", "rolls")

    def parse(self, text: str) -> Instance:
        tokens = text.split()
        if len(tokens) == 3:
            x, y, pattern = tokens
            if x in _COORDINATES and y in _COORDINATES and len(pattern) == 9 and pattern.count("E") == 1:
                if not pattern.strip("WBRE"):
                    return _COORDINATES[y] * 3 + _COORDINATES[x], pattern
        if len(tokens) != 3:
            raise InputError(f"expected x, y and a pattern of 9 letters, found {len(tokens)} values")
        return self.instance(tokens[0], tokens[1], tokens[2], "")

    def instance(self, x: str, y: str, pattern: str, where: str) -> Instance:
        prefix = f"{where}: " if where else ""
        for name, value in (("x", x), ("y", y)):
            if value not in ("1", "2", "3"):
                raise InputError(f"{prefix}{name} is {shown(value)}, expected 1, 2 or 3")
        if len(pattern) != 9:
            raise InputError(f"{prefix}expected 9 pattern letters, found {len(pattern)} in {shown(pattern)}")
        for position, letter in enumerate(pattern, 1):
            if letter not in LETTERS:
                raise InputError(f"{prefix}square {position} is {shown(letter)}, expected one of W B R E")
        if pattern.count("E") != 1:
            raise InputError(f"{prefix}the pattern needs exactly one E (the empty square), found {pattern.count('E')}")
        return (int(y) - 1) * 3 + int(x) - 1, pattern

    def compact(self, instance: Instance) -> str:
        start, pattern = instance
        return f"{start % 3 + 1} {start // 3 + 1} {pattern}"

    def read_original(self, text: str) -> list[Instance]:
        lines = content_lines(text)
        instances = []
        position = 0
        while position < len(lines):
            number, line = lines[position]
            dataset = f"dataset {len(instances) + 1} (line {number})"
            head = line.split()
            if head == ["0", "0"]:
                break
            if len(head) != 2:
                raise InputError(f"{dataset}: expected 'x y', found {shown(line.strip())}")
            rows = lines[position + 1 : position + 4]
            for row_number, row in rows:
                if len(row.split()) != 3:
                    raise InputError(f"{dataset}: line {row_number}: expected three pattern letters, found {shown(row.strip())}")
            if len(rows) < 3:
                raise InputError(f"{dataset}: expected 3 rows of the pattern, found {len(rows)}")
            pattern = "".join("".join(row.split()) for _, row in rows)
            instances.append(self.instance(head[0], head[1], pattern, dataset))
            position += 4
        return instances

    def judge(self, tables: Tables, instances: list[Instance]) -> str:
        answers = []
        for instance in instances:
            distance = self.distance(tables, instance)
            answers.append(f"{distance if distance is not None and distance <= CONTEST_LIMIT else -1}\n")
        return "".join(answers)

    def distance(self, tables: Tables, instance: Instance) -> int | None:
        symmetry, index = carried(instance)
        distance = tables.array(self.name, "pattern_distance", symmetry.group).item(index)
        return None if distance == UNREACHABLE else distance

    def distances(self, tables: Tables, states: Any) -> np.ndarray:
        array = np.asarray(states)
        if array.dtype.kind != "U" or array.itemsize != 4 * 13:  # not all exactly "x y PPPPPPPPP"
            return self.distances_one_by_one(tables, states)
        codes = array.reshape(-1).view(np.uint32).reshape(-1, 13)
        ascii_only = (codes < 128).all(axis=1)
        characters = np.ascontiguousarray(codes, dtype=np.uint8)  # exact where ascii_only
        x, y = characters[:, 0] - np.uint8(ord("1")), characters[:, 2] - np.uint8(ord("1"))
        start = np.minimum(y * 3 + x, 8).astype(np.intp)
        # Each letter's base-3 digit in the searched frame (3: E, 4: not a letter), in one look-up.
        digits = np.take(_DIGIT_OF_CHARACTER, characters[:, 4:] + np.take(_SWAP_OFFSET, start)[:, None])
        valid = ascii_only & (x < 3) & (y < 3) & (characters[:, 1] == 32) & (characters[:, 3] == 32)
        valid &= (digits.max(axis=1) < 4) & (np.count_nonzero(digits == 3, axis=1) == 1)
        if not all_valid(valid, states, self.board):
            return self.distances_one_by_one(tables, states)
        empty = np.argmax(digits == 3, axis=1)
        tops = np.einsum("ij,ij->i", digits.astype(np.int32), np.take(_PLACE_VALUES, start * 9 + empty, axis=0))
        searched_empty = _CELL_IMAGES[start, empty]
        tables_by_group = np.stack([tables.array(self.name, "pattern_distance", g) for g in CANONICAL_STARTS])
        found = tables_by_group[_GROUP_IDS[start], searched_empty * 3**CUBES + tops].astype(np.int16)
        found[found == UNREACHABLE] = -1
        return found

    def distances_one_by_one(self, tables: Tables, states: Any) -> np.ndarray:
        found = self.encode_each(states, lambda instance: -1 if (d := self.distance(tables, instance)) is None else d)
        return found.astype(np.int16)

    def solve(self, tables: Tables, instance: Instance) -> Solution:
        distance = self.distance(tables, instance)
        start = start_board(instance[0])
        if distance is None:
            reason = "no sequence of rolls from this start shows this pattern"
            return Solution(self.name, self.compact(instance), None, [], [start], {"reason": reason})
        symmetry, index = carried(instance)
        witness = tables.array(self.name, "pattern_witness", symmetry.group).item(index)
        parent = tables.array(self.name, "parent", symmetry.group)
        board = decode(index << CUBES | witness)
        towards_start = []
        for _ in range(distance):
            move = parent.item(compact_index(encode(board)))
            board = apply(board, move)
            towards_start.append(move)
        moves = [symmetry.moves_back[OPPOSITE[move]] for move in reversed(towards_start)]
        boards = [start]
        for move in moves:
            boards.append(apply(boards[-1], move))
        return Solution(self.name, self.compact(instance), distance, [MOVES[m] for m in moves], boards)

    def step_fields(self, solution: Solution) -> dict[str, Any]:
        return {"patterns": [pattern_of(board) for board in solution.boards[1:]]}

    def panel(self, board: Board) -> list[str]:
        return grid([letter if letter != "E" else "." for letter in pattern_of(board)])

    def stats(self, tables: Tables) -> str:
        lines = [
            f"cube: {PATTERNS:,} patterns and {PATTERNS * TURNS:,} states per start; searched from "
            + ", ".join(self.compact((cell, "")).strip() for cell in CANONICAL_STARTS.values())
            + ", the other starts by symmetry",
            f"{'start':>5} {'searched':>8} {'reachable states':>17} {'patterns':>9} {'largest':>8} {'needing it':>11}",
        ]
        per_group = {}
        for group in CANONICAL_STARTS:
            patterns = tables.array(self.name, "pattern_distance", group)
            reached = patterns[patterns != UNREACHABLE]
            states = int(tables.file(self.name).group_attrs(group)["reachable_count"])
            per_group[group] = (states, reached.size, int(reached.max()), int((reached == reached.max()).sum()), reached)
        for start in range(9):
            group = SYMMETRIES[start].group
            states, patterns, largest, needing, _ = per_group[group]
            searched = self.compact((CANONICAL_STARTS[group], "")).strip()
            lines.append(f"{self.compact((start, '')).strip():>5} {searched:>8} {states:>17,} {patterns:>9,} {largest:>8} {needing:>11,}")
        for group, (*_, reached) in per_group.items():
            lines += ["", f"fewest rolls per pattern from {self.compact((CANONICAL_STARTS[group], '')).strip()}:"]
            lines += histogram(np.bincount(reached).tolist(), "rolls")
        return "\n".join(lines)

    def colour(self, token: str) -> str:
        return click.style(token, fg=_TERMINAL_COLOURS[token], bold=token != ".") if token in _TERMINAL_COLOURS else token

    def describe(self, solution: Solution, steps: bool, target: str = "pattern shown") -> str:
        return super().describe(solution, steps, target)


QUERY = CubeQuery()
