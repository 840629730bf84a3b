"""The Clocks without a table: 12-hour dials and backward moves.

A move's effect does not depend on when it is made, so an answer is just how
often each move is made, and a setting is solved exactly when the net turns t
satisfy A t = -a (mod m): A is the 9x9 dial-by-move incidence matrix, a the
dials' offsets from 12 and m the positions per dial (4 for the IOI dials, 12
for hour dials). det A = 5 is a unit modulo 4 and modulo 12, so A is
invertible there and t is unique modulo m: every answer makes each move j a
net t_j times. Forward only, that costs t_j turns of move j and nothing can do
better; with backward turns allowed, t_j forward or m - t_j backward, the
cheaper (forward on a tie). So the answer is one matrix product: instant and
provably optimal for all 12^9 settings.
"""

from __future__ import annotations

from fractions import Fraction

from build_tables.puzzles.clocks import DIALS, MOVE_DIALS

INCIDENCE = tuple(tuple(int(dial in MOVE_DIALS[move]) for move in range(9)) for dial in DIALS)
"""INCIDENCE[dial][move]: 1 where the move turns the dial."""


def _adjugate_and_determinant(matrix: tuple[tuple[int, ...], ...]) -> tuple[list[list[int]], int]:
    """Exact integer adjugate and determinant (Gauss-Jordan over the rationals)."""
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
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column])]
    inverse = [row[size:] for row in rows]
    adjugate = [[int(v * determinant) for v in row] for row in inverse]
    return adjugate, int(determinant)


_ADJUGATE, DETERMINANT = _adjugate_and_determinant(INCIDENCE)


def net_turns(offsets: list[int], positions: int) -> list[int]:
    """How often (mod `positions`) each move 1..9 must turn, net, to bring
    dials `offsets` steps past 12 back to 12."""
    inverse_determinant = pow(DETERMINANT, -1, positions)
    return [
        -inverse_determinant * sum(_ADJUGATE[move][dial] * offsets[dial] for dial in range(9)) % positions
        for move in range(9)
    ]


def optimal_moves(offsets: list[int], positions: int, backward: bool) -> list[int]:
    """The moves of an optimal answer: move numbers, negative for a backward
    turn, sorted by absolute value."""
    moves = []
    for move, turns in enumerate(net_turns(offsets, positions), 1):
        if backward and positions - turns < turns:
            moves += [-move] * (positions - turns)
        else:
            moves += [move] * turns
    return moves


def turn(offsets: list[int], move: int, positions: int) -> list[int]:
    """Dials after one move (negative: backward)."""
    step = 1 if move > 0 else -1
    turned = MOVE_DIALS[abs(move) - 1]
    return [(offset + step * (DIALS[dial] in turned)) % positions for dial, offset in enumerate(offsets)]
