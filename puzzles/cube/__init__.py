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

State index, for the cubes in reading order of their squares (ranks 0..7,
skipping the empty square e):

    ((e * 3**8 + sum(top[k] * 3**k)) * 2**8) + sum(turn[k] * 2**k)

where top is the colour on top (W=0, B=1, R=2) and turn tells the two
orientations with that top apart (0: the other two colours along x then y in
W, B, R order). So `index >> 8` is the top-colour pattern, and each pattern
owns 256 consecutive states.

Symmetry: a reflection x -> 4 - x or y -> 4 - y keeps every cube's x- and
y-facing colours where they are, so it maps the start orientation to itself;
exchanging the axes (x <-> y) turns B along x into B along y, which is the
start orientation again once B and R are renamed. These generate the eight
symmetries of the square; they take every start square to (1, 1), (2, 1) or
(2, 2), so three searches serve all nine starts: a query from another start
carries its pattern to a searched start, looks it up, and carries the rolls
back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations as all_orders
from itertools import product
from operator import itemgetter
from typing import Any

import numpy as np

from ..base import (
    UNREACHABLE,
    Packed,
    ProposedAnswer,
    Puzzle,
    Solution,
    TableReader,
    grid,
    histogram_lines,
    read_integer,
    svg,
)
from ..batch import Answers, OriginalStream
from ..text import InputError, all_valid, content_lines, plural, shown

COLOURS = "WBR"
LETTERS = "WBRE"
CUBES = 8
PATTERNS = 9 * 3**CUBES
"""Top-colour patterns, the empty square included: 59,049."""
TURNS = 1 << CUBES
STARTS = 9
MOVES = ("U", "D", "L", "R")
OPPOSITE = (1, 0, 3, 2)
STEPS = {"U": -3, "D": 3, "L": -1, "R": 1}
"""How the empty square's cell number (reading order) changes per move."""
CANONICAL_STARTS = {"start_1_1": 0, "start_2_1": 1, "start_2_2": 4}
"""Group name -> empty cell of the three searched starts."""
CONTEST_LIMIT = 30
"""The contest prints -1 for a pattern that needs more rolls than this."""
NO_ROLLS = "no sequence of rolls from this start shows this pattern"
"""Why a pattern cannot be shown: the reason of every unsolvable question."""

# An orientation is (top, x, y) colour codes; its code is 2 * top + turn.
ORIENTATIONS = sorted(all_orders(range(3)), key=lambda o: (o[0], o[1] > o[2]))
_ROLL_X = [ORIENTATIONS.index((x, top, y)) for top, x, y in ORIENTATIONS]
_ROLL_Y = [ORIENTATIONS.index((y, x, top)) for top, x, y in ORIENTATIONS]
START_ORIENTATION = ORIENTATIONS.index((0, 1, 2))  # W on top, B along x, R along y
_TERMINAL_COLOURS = {"W": "white", "B": "blue", "R": "red", ".": "bright_black"}
SVG_COLOURS = {"W": "#f8f8f8", "B": "#1f5fbf", "R": "#c8102e"}
_COORDINATES = {"1": 0, "2": 1, "3": 2}

Board = tuple[int, tuple[int, ...]]
"""(empty cell, the orientation code of the cube on each of the nine cells; -1 on the empty one)."""
Instance = tuple[int, str]
"""(start cell 0..8, the pattern as nine letters W B R E in reading order)."""


def move_target(empty: int, move: int) -> int | None:
    """The cell of the cube that rolls into `empty` on `move` (where the empty square goes)."""
    target = empty + STEPS[MOVES[move]]
    if not 0 <= target < 9 or (MOVES[move] in "LR" and target // 3 != empty // 3):
        return None
    return target


def start_board(empty: int) -> Board:
    return empty, tuple(-1 if cell == empty else START_ORIENTATION for cell in range(9))


def encode(board: Board) -> int:
    empty, cells = board
    tops = turns = 0
    for code in reversed([c for c in cells if c >= 0]):
        tops = tops * 3 + (code >> 1)
        turns = turns * 2 + (code & 1)
    return ((empty * 3**CUBES + tops) << CUBES) | turns


def decode(index: int) -> Board:
    pattern, turns = divmod(index, TURNS)
    empty, tops = divmod(pattern, 3**CUBES)
    codes = []
    for _ in range(CUBES):
        tops, top = divmod(tops, 3)
        codes.append(2 * top + (turns & 1))
        turns >>= 1
    codes.insert(empty, -1)
    return empty, tuple(codes)


def roll(board: Board, move: int) -> Board | None:
    """The board after one roll; None if the move leaves the board."""
    empty, cells = board
    target = move_target(empty, move)
    if target is None:
        return None
    turned = _ROLL_X if MOVES[move] in "LR" else _ROLL_Y
    moved = list(cells)
    moved[empty], moved[target] = turned[cells[target]], -1
    return target, tuple(moved)


def pattern_of(board: Board) -> str:
    return "".join("E" if code < 0 else COLOURS[code >> 1] for code in board[1])


def orientations_of(board: Board) -> list[str]:
    """Each square's cube as its (top, x-facing, y-facing) colours, E for the empty square."""
    return ["E" if code < 0 else "".join(COLOURS[c] for c in ORIENTATIONS[code]) for code in board[1]]


# The search -------------------------------------------------------------------
_ROLL_X_TOP = np.array([code >> 1 for code in _ROLL_X], dtype=np.int64)
_ROLL_X_TURN = np.array([code & 1 for code in _ROLL_X], dtype=np.int64)
_ROLL_Y_TOP = np.array([code >> 1 for code in _ROLL_Y], dtype=np.int64)
_ROLL_Y_TURN = np.array([code & 1 for code in _ROLL_Y], dtype=np.int64)


def apply_sorted(states: np.ndarray, move: int) -> np.ndarray:
    """`roll` on an ascending array of indices (-1 where the move is illegal).

    Sorted indices are grouped by empty cell, so within a group the cube that
    rolls has a fixed rank and the work is plain arithmetic on the index: a
    horizontal roll changes one cube's digits; a vertical one also moves the
    cube two ranks along, rotating a block of three digits.
    """
    result = np.full(states.size, -1, dtype=np.int64)
    bounds = np.searchsorted(states, np.arange(10) * 3**CUBES * TURNS)
    for empty in range(9):
        target = move_target(empty, move)
        if target is None:
            continue
        lo, hi = bounds[empty], bounds[empty + 1]
        if lo == hi:
            continue
        group = states[lo:hi]
        tops = (group >> CUBES) - empty * 3**CUBES
        turns = group & (TURNS - 1)
        if MOVES[move] in "LR":  # the cube keeps its rank
            rank = min(empty, target)
            top, turn = tops // 3**rank % 3, turns >> rank & 1
            code = 2 * top + turn
            tops = tops + (_ROLL_X_TOP[code] - top) * 3**rank
            turns = turns + ((_ROLL_X_TURN[code] - turn) << rank)
        else:
            low = min(empty, target)  # the three ranks low..low+2 rotate
            block_tops, block_turns = tops // 3**low % 27, turns >> low & 7
            if target > empty:  # the cube at rank low+2 rolls to rank low
                code = 2 * (block_tops // 9) + (block_turns >> 2)
                new_tops = block_tops % 9 * 3 + _ROLL_Y_TOP[code]
                new_turns = (block_turns & 3) << 1 | _ROLL_Y_TURN[code]
            else:  # the cube at rank low rolls to rank low+2
                code = 2 * (block_tops % 3) + (block_turns & 1)
                new_tops = block_tops // 3 + 9 * _ROLL_Y_TOP[code]
                new_turns = block_turns >> 1 | _ROLL_Y_TURN[code] << 2
            tops = tops + (new_tops - block_tops) * 3**low
            turns = turns + ((new_turns - block_turns) << low)
        result[lo:hi] = ((target * 3**CUBES + tops) << CUBES) | turns
    return result


class CubeSearch:
    """The search from one start square: its goal is the start state itself;
    distances to it equal distances from it, since every roll can be undone."""

    state_count = PATTERNS * TURNS
    move_names = MOVES

    def __init__(self, start: int) -> None:
        self.start = start
        self.name = f"cube from cell {start + 1}"

    def goal_states(self) -> np.ndarray:
        return np.array([encode(start_board(self.start))], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return [apply_sorted(states, OPPOSITE[move]) for move in range(len(MOVES))]


def parity_rule_holds(states: np.ndarray, start: int) -> np.ndarray:
    """Whether each state obeys the invariant of the start: every roll flips
    one cube's orientation parity and moves the empty square to a square of
    the other chessboard colour, so the two parities change together."""
    pattern = states >> CUBES
    empty, tops = np.divmod(pattern, 3**CUBES)
    parity = np.zeros(states.size, dtype=np.int64)
    turns = states & (TURNS - 1)
    for _ in range(CUBES):  # orientation parity = turn bit XOR (top is B)
        tops, top = np.divmod(tops, 3)
        parity ^= (turns & 1) ^ (top == 1)
        turns >>= 1
    squares = np.abs(empty // 3 - start // 3) + np.abs(empty % 3 - start % 3)
    return parity == squares & 1


def compact_index(index: Any) -> Any:
    """Index among the states the parity rule allows: the last cube's turn
    bit is implied by the rest, so it is dropped."""
    return (index >> CUBES << (CUBES - 1)) | (index & (TURNS // 2 - 1))


def pattern_tables(distance: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """From the states' distances: per pattern, the fewest rolls (UNREACHABLE
    if none) and which of its 256 states attains them first (the lowest
    index: deterministic)."""
    by_pattern = distance.reshape(PATTERNS, TURNS)
    return by_pattern.min(axis=1), by_pattern.argmin(axis=1).astype(np.uint8)


# Symmetry: carrying a question to a searched start ---------------------------
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

        def image(
            column: int, row: int, swap: bool = swap, flip_x: bool = flip_x, flip_y: bool = flip_y
        ) -> tuple[int, int]:
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
        for start in range(STARTS):
            if start not in found and cells[start] in searched:
                found[start] = Symmetry(searched[cells[start]], cells, swap, moves_back)
    return found


SYMMETRIES = _symmetries()
_READ_BACKWARDS = [
    itemgetter(*(SYMMETRIES[start].cells.index(cell) for cell in reversed(range(9)))) for start in range(STARTS)
]
"""Per start: the pattern's letters in the searched frame, last square first."""

# Vectorised forms of the symmetries, indexed by start cell, for `distances`.
_CELL_IMAGES = np.array([SYMMETRIES[start].cells for start in range(STARTS)])
_DIGIT_OF_CHARACTER = np.full(256, 4, dtype=np.uint8)
for _offset, _colours in ((0, "WBR"), (128, "WRB")):  # the second half: B and R exchanged with the axes
    _DIGIT_OF_CHARACTER[[_offset + ord(c) for c in _colours + "E"]] = range(4)
_SWAP_OFFSET = np.array([128 * SYMMETRIES[start].swaps_axes for start in range(STARTS)], dtype=np.uint8)
"""Per start: where its characters' digits are looked up in _DIGIT_OF_CHARACTER."""


def _place_value(start: int, empty: int, cell: int) -> int:
    """The place value in the searched frame's pattern index of the cube on
    `cell`, when the start is `start` and the empty square is on `empty`."""
    if cell == empty:
        return 0
    image, empty_image = SYMMETRIES[start].cells[cell], SYMMETRIES[start].cells[empty]
    return 3 ** (image - (image > empty_image))


_PLACE_VALUES = np.array(
    [[_place_value(start, empty, cell) for cell in range(9)] for start in range(STARTS) for empty in range(9)],
    dtype=np.int32,
)
_GROUP_IDS = np.array([list(CANONICAL_STARTS).index(SYMMETRIES[start].group) for start in range(STARTS)])
_TOP_DIGITS = {
    swap: str.maketrans({"W": "0", "B": "21"[not swap], "R": "12"[not swap], "E": None}) for swap in (False, True)
}
"""Top colour -> base-3 digit, with B and R exchanged when the symmetry exchanges the axes; E dropped."""


def carried(instance: Instance) -> tuple[Symmetry, int]:
    """The symmetry for the instance's start and the pattern's index in the searched frame."""
    start, pattern = instance
    symmetry = SYMMETRIES[start]
    backwards = "".join(_READ_BACKWARDS[start](pattern))
    index = (8 - backwards.index("E")) * 3**CUBES + int(backwards.translate(_TOP_DIGITS[symmetry.swaps_axes]), 3)
    return symmetry, index


def all_instances() -> np.ndarray:
    """Every (start, pattern) question in compact form: 9 x 59,049 strings, start by start."""
    empty, tops = np.divmod(np.arange(PATTERNS), 3**CUBES)
    digits = np.stack([tops // 3**k % 3 for k in range(CUBES)], axis=1)
    letters = np.empty((PATTERNS, 9), dtype="<U1")
    for cell in range(9):
        rank = np.clip(np.where(cell < empty, cell, cell - 1), 0, CUBES - 1)
        colour = np.array(list(COLOURS))[digits[np.arange(PATTERNS), rank]]
        letters[:, cell] = np.where(cell == empty, "E", colour)
    patterns = np.array(["".join(row) for row in letters])
    return np.concatenate([np.char.add(f"{start % 3 + 1} {start // 3 + 1} ", patterns) for start in range(STARTS)])


def square_name(cell: int) -> str:
    return f"{cell % 3 + 1} {cell // 3 + 1}"


class Cube(Puzzle):
    name = "cube"
    unit = ("roll", "rolls")
    move_names = MOVES
    encoding = (
        "per start: ((e*3^8 + sum top[k]*3^k) << 8) | sum turn[k]*2^k over cubes k in reading order; "
        "parent stored at compact index (last turn bit dropped); patterns e*3^8 + sum top[k]*3^k"
    )
    compact_help = (
        "x y of the start square (1..3 each), then the target pattern: nine letters W B R, one E for the "
        "empty square, in reading order, e.g. 2 1 RBWRWWEWW"
    )
    original_help = (
        "datasets until a line 0 0: a line 'x y', then three rows of three letters W B R E separated by "
        "spaces, e.g.\n2 1\nR B W\nR W W\nE W W\n0 0"
    )
    goal_caption = "pattern shown"

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
        prefix = f"{where}: " if where else ""
        for name, value in (("x", x), ("y", y)):
            if value not in _COORDINATES:
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
        return f"{square_name(start)} {pattern}"

    # The table ----------------------------------------------------------------
    def searches(self) -> dict[str, CubeSearch]:
        return {group: CubeSearch(cell) for group, cell in CANONICAL_STARTS.items()}

    def store(self, group: str, distance: np.ndarray, parent: np.ndarray) -> dict[str, Packed]:
        """Per start: the fewest rolls to each pattern, which of the pattern's
        256 states attains it (the lowest index), and the parent move of every
        parity-allowed state (2 bits each)."""
        reachable = np.flatnonzero(distance != UNREACHABLE)
        if not parity_rule_holds(reachable, CANONICAL_STARTS[group]).all():
            raise ValueError("a reached state breaks the parity rule: the compact index would collide")
        compact_parent = np.zeros(PATTERNS * TURNS // 2, dtype=np.uint8)
        compact_parent[compact_index(reachable)] = parent[reachable]
        pattern_distance, witness = pattern_tables(distance)
        return {
            "pattern_distance": Packed(pattern_distance),
            "pattern_witness": Packed(witness),
            "parent": Packed(compact_parent, 2),
        }

    def stored_search(self, group: str, datasets: dict[str, np.ndarray]) -> tuple[None, np.ndarray]:
        """The parent moves spread over every state index (0 where the parity
        rule excludes the state); the distances are not stored."""
        start = CANONICAL_STARTS[group]
        parent = np.empty(PATTERNS * TURNS, dtype=np.uint8)
        chunk = 1 << 22
        for first in range(0, parent.size, chunk):
            states = np.arange(first, min(first + chunk, parent.size), dtype=np.int64)
            spread = datasets["parent"][compact_index(states)]
            spread[~parity_rule_holds(states, start)] = 0
            parent[first : first + chunk] = spread
        return None, parent

    # Answers --------------------------------------------------------------------
    def distance(self, table: TableReader, instance: Instance) -> int | None:
        symmetry, index = carried(instance)
        distance = table.array("pattern_distance", symmetry.group).item(index)
        return None if distance == UNREACHABLE else distance

    def distances(self, table: TableReader, states: Any) -> np.ndarray:
        array = np.asarray(states)
        if array.dtype.kind != "U" or array.itemsize != 4 * 13 or array.ndim != 1:  # not all "x y PPPPPPPPP"
            return self._distances_one_by_one(table, states)
        codes = array.view(np.uint32).reshape(-1, 13)
        ascii_only = (codes < 128).all(axis=1)
        characters = np.ascontiguousarray(codes, dtype=np.uint8)  # exact where ascii_only
        x, y = characters[:, 0] - np.uint8(ord("1")), characters[:, 2] - np.uint8(ord("1"))
        start = np.minimum(y * 3 + x, 8).astype(np.intp)
        # Each letter's base-3 digit in the searched frame (3: E, 4: not a letter), in one look-up.
        digits = np.take(_DIGIT_OF_CHARACTER, characters[:, 4:] + np.take(_SWAP_OFFSET, start)[:, None])
        valid = ascii_only & (x < 3) & (y < 3) & (characters[:, 1] == 32) & (characters[:, 3] == 32)
        valid &= (digits.max(axis=1, initial=0) < 4) & (np.count_nonzero(digits == 3, axis=1) == 1)
        if not all_valid(valid, states, self.board):
            return self._distances_one_by_one(table, states)
        empty = np.argmax(digits == 3, axis=1)
        tops = np.einsum("ij,ij->i", digits.astype(np.int32), np.take(_PLACE_VALUES, start * 9 + empty, axis=0))
        searched_empty = _CELL_IMAGES[start, empty]
        by_group = [table.array("pattern_distance", group) for group in CANONICAL_STARTS]
        found = np.stack(by_group)[_GROUP_IDS[start], searched_empty * 3**CUBES + tops].astype(np.int16)
        found[found == UNREACHABLE] = -1
        return found

    def _distances_one_by_one(self, table: TableReader, states: Any) -> np.ndarray:
        found = self.encode_each(states, lambda instance: -1 if (d := self.distance(table, instance)) is None else d)
        return found.astype(np.int16)

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
        boards = [start]
        for move in moves:
            boards.append(roll(boards[-1], move))
        return Solution(self.name, self.compact(instance), distance, [MOVES[m] for m in moves], boards)

    def successors(self, instance: Instance) -> None:
        return None

    def probe_fields(self, solution: Solution) -> dict[str, Any]:
        return {"boards": [orientations_of(board) for board in solution.boards]}

    def step_fields(self, solution: Solution) -> dict[str, Any]:
        return {"patterns": [pattern_of(board) for board in solution.boards[1:]]}

    def stats(self, table: TableReader) -> dict[str, Any]:
        """Over all 9 x 59,049 (start, pattern) questions."""
        every = np.concatenate([table.array("pattern_distance", SYMMETRIES[start].group) for start in range(STARTS)])
        histogram = np.bincount(every[every != UNREACHABLE])
        return {
            "puzzle": self.name,
            "states": STARTS * PATTERNS,
            "solvable": int(histogram.sum()),
            "max_distance": int(histogram.size - 1),
            "histogram": histogram.tolist(),
        }

    def stats_text(self, table: TableReader) -> str:
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

    def sample_space(self, table: TableReader) -> tuple[np.ndarray, Callable[[int], str]]:
        instances = all_instances()
        return self.distances(table, instances).astype(np.int64), lambda index: str(instances[index])

    # Moves --------------------------------------------------------------------
    def encode(self, board: Board) -> int:
        return encode(board)

    def decode(self, index: int) -> Board:
        return decode(index)

    def apply(self, board: Board, move: int) -> Board | None:
        return roll(board, move)

    # The original problem's formats ---------------------------------------------
    def read_original(self, text: str) -> list[Instance]:
        from .datasets import NO_DATASET, read_datasets

        instances: list[Instance] = []
        read_datasets(self, content_lines(text), 0, True, instances)
        if not instances:
            raise InputError(NO_DATASET)
        return instances

    def original_count(self, distance: int | None) -> int:
        """The contest's answer: the fewest rolls, -1 above its limit (or unreachable)."""
        return distance if distance is not None and distance <= CONTEST_LIMIT else -1

    def original_output(self, solution: Solution) -> str:
        return f"{self.original_count(solution.distance)}\n"

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        return [
            ProposedAnswer(read_integer(line.strip(), f"the answer on line {number}"))
            for number, line in content_lines(text)
        ]

    # Many questions at once (puzzles/cube/batch.py, datasets.py) -----------------
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        from .batch import read_many

        return read_many(lines)

    def distances_of(self, table: TableReader, keys: np.ndarray) -> np.ndarray:
        from .batch import distances_of

        return distances_of(table, keys)

    def solve_many(self, table: TableReader, keys: np.ndarray) -> Answers:
        from .batch import solve_many

        return solve_many(table, keys, NO_ROLLS)

    def original_stream(self) -> OriginalStream:
        from .datasets import Datasets

        return Datasets(self)

    # Drawing --------------------------------------------------------------------
    def panel(self, board: Board) -> list[str]:
        return grid([letter if letter != "E" else "." for letter in pattern_of(board)])

    def token_colour(self, token: str) -> str | None:
        return _TERMINAL_COLOURS.get(token)

    def board_caption(self, instance: Instance) -> str:
        return (
            f"The start, the empty square at ({square_name(instance[0]).replace(' ', ', ')}): every cube W on top, "
            "B facing along x (left and right edges), R along y (top and bottom edges)."
        )

    def svg(self, board: Board) -> str:
        """The board from above: each cube's top colour, with strips on its
        left and right edges in its x-facing colour and on its top and bottom
        edges in its y-facing colour."""
        parts = []
        for cell, cube in enumerate(orientations_of(board)):
            x, y = cell % 3 * 60, cell // 3 * 60
            if cube == "E":
                parts.append(
                    f'<rect x="{x + 2}" y="{y + 2}" width="56" height="56" fill="none" stroke="#999" '
                    'stroke-dasharray="4"/>'
                )
                continue
            top, along_x, along_y = (SVG_COLOURS[c] for c in cube)
            parts.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="56" height="56" fill="{along_y}" stroke="#333"/>'
                f'<rect x="{x + 2}" y="{y + 12}" width="56" height="36" fill="{along_x}"/>'
                f'<rect x="{x + 12}" y="{y + 12}" width="36" height="36" fill="{top}" stroke="#333"/>'
            )
        label = ", ".join(f"{cube}" for cube in orientations_of(board))
        return svg(180, 180, "".join(parts), f"cube board, each square top x-facing y-facing colours: {label}")


PUZZLE = Cube()
