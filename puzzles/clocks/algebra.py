"""The Clocks under other rules, answered by linear algebra with no table:
12-hour dials (values 1..12, a move turns its dials one hour) or the IOI
dials, either with backward turns (a move turned back counts as one move).

A move's effect does not depend on when it is made, so an answer is just how
often each move is made, and a setting is solved exactly when the net turns
t satisfy A t = -a (mod m): A is the 9x9 dial-by-move incidence matrix, a the
dials' offsets from 12 and m the positions per dial (4 for the IOI dials, 12
for hour dials). det A = 5 is a unit modulo 4 and modulo 12, so A is
invertible there and t is unique modulo m: every answer makes each move j a
net t_j times. Forward only, that costs t_j turns of move j and nothing can
do better; with backward turns allowed, t_j forward or m - t_j backward, the
cheaper (forward on a tie). So the answer is one matrix product: instant and
provably optimal for all 12^9 settings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import numpy as np

from ..answers import Solution
from ..contract import Puzzle
from ..drawing import grid
from ..draws import bounded, drawn_indices
from ..roles import Counting, Roles, TerminalView
from ..storage import TableReader
from ..text import InputError, shown
from ..variants import refuse_unknown_options
from .dials import DIALS, HOURS, MOVE_DIALS
from .orderings import Plan, nth_ordering, orderings, plan_chunks

HOUR_CHOICES = ("4", "12")
"""Positions per dial: the IOI dials (3, 6, 9, 12) or 12-hour dials."""


INCIDENCE = tuple(tuple(int(dial in MOVE_DIALS[move]) for move in range(9)) for dial in DIALS)
"""INCIDENCE[dial][move]: 1 where the move turns the dial."""


@cache
def _adjugate_and_determinant(matrix: tuple[tuple[int, ...], ...]) -> tuple[list[list[int]], int]:
    """Exact integer adjugate and determinant (Gauss-Jordan over the rationals),
    worked out once, on the first variant query, not at import."""
    size = len(matrix)
    rows = [[Fraction(v) for v in row] + [Fraction(int(i == j)) for j in range(size)] for i, row in enumerate(matrix)]
    determinant = Fraction(1)
    for column in range(size):
        pivot = next(r for r in range(column, size) if rows[r][column] != 0)
        if pivot != column:
            rows[column], rows[pivot] = rows[pivot], rows[column]
            determinant = -determinant
        determinant *= rows[column][column]
        lead = rows[column][column]
        rows[column] = [v / lead for v in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=False)]
    inverse = [row[size:] for row in rows]
    adjugate = [[int(v * determinant) for v in row] for row in inverse]
    return adjugate, int(determinant)


def net_turns(offsets: Any, positions: int) -> Any:
    """How often (mod `positions`) each move 1..9 must turn, net, to bring
    dials `offsets` steps past 12 back to 12: a list for a list of nine
    offsets, an (n, 9) array for an (n, 9) array of them."""
    if isinstance(offsets, np.ndarray):
        return offsets @ np.array(_solver(positions), dtype=np.int64).T % positions
    packed = _packed_columns(positions)
    total = sum(packed[dial][offset] for dial, offset in enumerate(offsets))
    return [(total >> _FIELD_BITS * move & _FIELD_MASK) % positions for move in range(9)]


_FIELD_BITS = 16
"""Room per move for a sum of nine products below 12 * 12."""
_FIELD_MASK = (1 << _FIELD_BITS) - 1


@cache
def _solver(positions: int) -> list[list[int]]:
    """S with S @ offsets = the net turns (mod positions): -adj(A)/det(A), as residues."""
    adjugate, determinant = _adjugate_and_determinant(INCIDENCE)
    inverse_determinant = pow(determinant, -1, positions)
    return [[-inverse_determinant * value % positions for value in row] for row in adjugate]


@cache
def _packed_columns(positions: int) -> list[list[int]]:
    """Per dial and offset, the dial's part of the net turns of every move,
    packed one move per field, so nine additions give all nine sums."""
    solver = _solver(positions)
    return [
        [sum(offset * solver[move][dial] << _FIELD_BITS * move for move in range(9)) for offset in range(positions)]
        for dial in range(9)
    ]


def optimal_plan(offsets: Sequence[int], positions: int, backward: bool) -> Plan:
    """What every optimal answer plays (move j forward is index j, backward
    9 + j): each move its net turns forward, or,
    with backward turns, the rest of the way round backward where that is
    fewer (either where they are as many)."""
    return list(_plan_of(tuple(offsets), positions, backward))


@lru_cache(maxsize=64)
def _plan_of(offsets: tuple[int, ...], positions: int, backward: bool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """`optimal_plan`, kept for the last boards asked: a count asks for a
    board's distance (is it solvable?) and then for its plan."""
    plan = []
    for move, turns in enumerate(net_turns(list(offsets), positions)):
        back = (positions - turns) % positions
        if not backward or turns < back:
            plan.append(((move,), turns))
        elif back < turns:
            plan.append(((9 + move,), back))
        else:
            plan.append(((move, 9 + move), turns))
    return tuple(plan)


def optimal_moves(offsets: list[int], positions: int, backward: bool) -> list[int]:
    """The moves of an optimal answer: move numbers, negative for a backward
    turn, sorted by absolute value (forward where both directions cost the same)."""
    return [
        move_number(symbols[0]) for symbols, times in optimal_plan(offsets, positions, backward) for _ in range(times)
    ]


def move_number(index: int) -> int:
    """A move index as its number: 1..9 forward, -1..-9 backward."""
    return index + 1 if index < 9 else 8 - index


def turn(offsets: list[int], move: int, positions: int) -> list[int]:
    """Dials after one move (negative: backward)."""
    step = 1 if move > 0 else -1
    turned = MOVE_DIALS[abs(move) - 1]
    return [(offset + step * (DIALS[dial] in turned)) % positions for dial, offset in enumerate(offsets)]


def rules_of(options: Mapping[str, Any]) -> tuple[int, bool]:
    """Positions per dial and whether moves may turn back, from the `solve`
    options; one rule and one message for the CLI and the API alike."""
    refuse_unknown_options("clocks", options, ("hours", "backward"))
    hours = options.get("hours")
    if hours is None:
        hours = 4
    if str(hours) not in HOUR_CHOICES:
        raise InputError(f"hours is {shown(str(hours))}; it must be 4 (the IOI dials: 3, 6, 9, 12) or 12 (1..12)")
    backward = options.get("backward")
    if backward not in (None, False, True):  # "no" or "false" would be truthy: never other rules by accident
        raise InputError(f"backward is {shown(str(backward))}; it is on or off: True or False")
    return int(hours), bool(backward)


class AlgebraTerminal(TerminalView):
    """The readings of the nine dials."""

    puzzle: ClocksAlgebra

    def panel(self, board: list[int]) -> list[str]:
        return grid([self.puzzle.reading(offset).rjust(2) for offset in board])


class AlgebraCounting(Counting):
    """The optimal sequences under other rules: the orderings of the optimal
    plan, both directions of a half turn round with backward turns."""

    puzzle: ClocksAlgebra
    beyond_64_bits = True

    def plan(self, board: list[int]) -> Plan:
        puzzle = self.puzzle
        return optimal_plan(board, puzzle.positions, puzzle.backward)

    def count(self, table: TableReader | None, board: list[int]) -> int:
        return orderings(self.plan(board))

    def nth(self, table: TableReader | None, board: list[int], number: int) -> list[int]:
        return nth_ordering(self.plan(board), number)

    def solution_chunks(self, table: TableReader | None, board: Any, limit: int) -> Iterator[np.ndarray]:
        return plan_chunks(self.plan(board), limit)


class ClocksAlgebra(Puzzle):
    """The Clocks with `positions` positions per dial, optionally with
    backward turns: a puzzle of its own, answered by linear algebra with no
    table. Moves 1..9 turn forward; with backward turns, -1..-9 turn back."""

    name = "clocks"
    compact_help = (
        "nine clock values in reading order, separated by spaces (1..12 with --hours 12), e.g. 11 1 12 6 6 6 6 3 6"
    )

    roles = Roles(terminal=AlgebraTerminal, counting=AlgebraCounting)

    def __init__(self, positions: int, backward: bool) -> None:
        self.positions = positions
        self.backward = backward
        self.values = [str(h) for h in range(1, 13)] if positions == 12 else list(HOURS)
        forward = tuple(str(move) for move in range(1, 10))
        self.move_names = forward + tuple(f"-{move}" for move in forward) * backward
        super().__init__()

    def parse(self, text: str) -> list[int]:
        tokens = text.split()
        if len(tokens) != 9:
            raise InputError(f"expected 9 clock values, found {len(tokens)}")
        return [self._offset(token, f"value {i}") for i, token in enumerate(tokens, 1)]

    def _offset(self, token: str, where: str) -> int:
        if token not in self.values:
            allowed = "1..12" if self.positions == 12 else "3, 6, 9 or 12"
            raise InputError(f"{where}: {shown(token)} is not a clock value ({allowed})")
        return int(token) % 12 if self.positions == 12 else self.values.index(token)

    def compact(self, board: list[int]) -> str:
        return " ".join(self.reading(offset) for offset in board)

    def reading(self, offset: int) -> str:
        """What a dial `offset` steps past 12 shows."""
        return (str(offset or 12)) if self.positions == 12 else HOURS[offset]

    def apply(self, board: list[int], move: int) -> list[int]:
        return turn(board, self.move_value(move), self.positions)

    def is_goal(self, board: list[int]) -> bool:
        return not any(board)

    def move_value(self, move: int) -> int:
        return move_number(move)

    def draw(self, count: int, seed: int) -> list[str]:
        """Settings drawn uniformly from all `positions`^9 (every one is
        solvable: A is invertible), each dial a digit of its index in base `positions`."""
        space = self.positions**9
        bounded(count, "clock settings", exist=space)
        indices = drawn_indices(space, count, seed)
        offsets = indices[:, None] // self.positions ** np.arange(8, -1, -1) % self.positions
        return [self.compact(board) for board in offsets.tolist()]

    def distance(self, table: TableReader | None, board: list[int]) -> int:
        return sum(times for _, times in optimal_plan(board, self.positions, self.backward))

    def solve(self, table: TableReader | None, board: list[int]) -> Solution:
        moves = optimal_moves(board, self.positions, self.backward)
        boards = [board]
        for move in moves:
            boards.append(turn(boards[-1], move, self.positions))
        rule = {"hours": self.positions if self.positions == 12 else "quarter", "backward": self.backward}
        index_of = {self.move_value(move): move for move in range(len(self.move_names))}
        indices = [index_of[move] for move in moves]
        return Solution(self.name, self.compact(board), len(moves), moves, boards, {"rule": rule}, indices=indices)
