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
(three searched starts serve all nine), `page` (the drawing and the pattern
editor of the explorer page).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..answers import Change, Probe, ProposedAnswer, Solution
from ..batch import Answers, OriginalStream
from ..contract import Puzzle
from ..drawing import grid, histogram_lines
from ..storage import UNREACHABLE, Packed, TableReader
from ..text import InputError, all_valid, content_lines, plural, read_integer, shown
from . import batch, datasets, page
from .board import (
    CANONICAL_STARTS,
    CONTEST_LIMIT,
    CUBES,
    LETTERS,
    MOVES,
    OPPOSITE,
    PATTERNS,
    STARTS,
    TURNS,
    Board,
    CubeSearch,
    Instance,
    compact_index,
    decode,
    encode,
    move_target,
    orientations_of,
    parity_rule_holds,
    pattern_of,
    pattern_tables,
    roll,
    start_board,
)
from .symmetry import (
    _CELL_IMAGES,
    _DIGIT_OF_CHARACTER,
    _GROUP_IDS,
    _PLACE_VALUES,
    _SWAP_OFFSET,
    SYMMETRIES,
    all_instances,
    carried,
    square_name,
)

NO_ROLLS = "no sequence of rolls from this start shows this pattern"
"""Why a pattern cannot be shown: the reason of every unsolvable question."""
_COORDINATES = {"1": 0, "2": 1, "3": 2}
_TERMINAL_COLOURS = {"W": "white", "B": "blue", "R": "red", ".": "bright_black"}


class Cube(Puzzle):
    name = "cube"
    unit = ("roll", "rolls")
    instance_noun = ("start/pattern question", "start/pattern questions")
    instances_are_boards = False
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

    def is_goal(self, board: Board) -> bool:
        """Whether the board is a start board: what each search works back to."""
        return board == start_board(board[0])

    # The original problem's formats ---------------------------------------------
    def read_original(self, text: str) -> list[Instance]:
        instances: list[Instance] = []
        datasets.read_datasets(self, content_lines(text), 0, True, instances)
        if not instances:
            raise InputError(datasets.NO_DATASET)
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
        return batch.read_many(lines)

    def distances_of(self, table: TableReader, keys: np.ndarray) -> np.ndarray:
        return batch.distances_of(table, keys)

    def solve_many(self, table: TableReader, keys: np.ndarray) -> Answers:
        return batch.solve_many(table, keys, NO_ROLLS)

    def original_stream(self) -> OriginalStream:
        return datasets.Datasets(self)

    # Drawing --------------------------------------------------------------------
    def panel(self, board: Board) -> list[str]:
        return grid([letter if letter != "E" else "." for letter in pattern_of(board)])

    def token_colour(self, token: str) -> str | None:
        return _TERMINAL_COLOURS.get(token)

    def board_caption(self, instance: Instance) -> str:
        return page.start_caption(square_name(instance[0]))

    def svg(self, board: Board) -> str:
        return page.board_svg(board)

    def about(self) -> str:
        return (
            "Eight cubes and one empty square on a 3x3 board; opposite faces of a cube share a colour, white, "
            "blue or red. A move rolls a cube next to the empty square over its edge into it, which changes the "
            "colour on top. Every question starts with all cubes white on top, and is solved when the top colours "
            "show the target pattern."
        )

    def goal(self, solution: Solution) -> tuple[Board, str] | None:
        if not solution.solvable:
            return None
        return solution.boards[-1], "Goal: the board the rolls end on, showing the pattern"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        empty = board[0]
        target = move_target(empty, move)
        return {} if target is None else {empty + 1: Change(target + 1), target + 1: Change(empty + 1)}

    def page_panel(self, table: TableReader, instance: Instance) -> str:
        """The pattern editor, with the distance each click would give, and the start squares."""
        start, pattern = instance
        recoloured = page.recoloured(pattern)
        emptied = [page.emptied_at(pattern, square) for square in range(9) if pattern[square] != "E"]
        compact = {p: self.compact((start, p)) for p in recoloured + emptied}
        after = [None if d < 0 else d for d in self.distances(table, [compact[p] for p in recoloured]).tolist()]
        starts = [self.compact((square, pattern)) for square in range(STARTS)]
        return page.editor_html(pattern, compact, after, self.unit) + page.starts_html(instance, starts)

    def probe_panels(self, probe: Probe) -> tuple[str, list[list[str]]]:
        """The board after every roll, each cube as its top, x-facing and y-facing colours."""
        panels = [
            [
                " ".join(cell.ljust(3) if cell != "E" else " . " for cell in row)
                for row in (board[0:3], board[3:6], board[6:9])
            ]
            for board in probe.extra["boards"]
        ]
        return "each square: its cube's top, x-facing and y-facing colours (. the empty square)", panels


PUZZLE = Cube()
