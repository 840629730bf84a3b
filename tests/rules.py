"""Independent simulators of the puzzle rules, written from puzzles.md and the
seeds without using the builders' code: they replay answers and drive the
brute-force searches that the tables are checked against."""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Iterable, Iterator, TypeVar

S = TypeVar("S", bound=Hashable)


def neighbours_on_grid(cell: int) -> list[int]:
    """0-based cells orthogonally adjacent to `cell` on the 3x3 board."""
    row, column = divmod(cell, 3)
    result = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= row + dr < 3 and 0 <= column + dc < 3:
            result.append((row + dr) * 3 + column + dc)
    return result


def shortest_distance(start: S, expand: Callable[[S], Iterable[S]], is_goal: Callable[[S], bool]) -> int | None:
    """Plain breadth-first search from one state; None if no goal is reachable."""
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        state, depth = queue.popleft()
        if is_goal(state):
            return depth
        for following in expand(state):
            if following not in seen:
                seen.add(following)
                queue.append((following, depth + 1))
    return None


# sansu ----------------------------------------------------------------------
SANSU_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def is_sansu(tile: tuple[int, ...]) -> bool:
    return all(int("".join(str(tile[c]) for c in line)) % 3 == 0 for line in SANSU_LINES)


def sansu_swaps(tile: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    for cell in range(9):
        for other in neighbours_on_grid(cell):
            if cell < other:
                swapped = list(tile)
                swapped[cell], swapped[other] = swapped[other], swapped[cell]
                yield tuple(swapped)


def replay_sansu(tile: tuple[int, ...], moves: list[list[int]]) -> tuple[int, ...]:
    board = list(tile)
    for i, j in moves:
        assert 1 <= i < j <= 9 and (j - 1) in neighbours_on_grid(i - 1), f"illegal swap {i}-{j}"
        board[i - 1], board[j - 1] = board[j - 1], board[i - 1]
    return tuple(board)


# clocks ---------------------------------------------------------------------
# Figure 2 of IOI 1994 "The Clocks", as listed in seed 001.
CLOCK_MOVES = {1: "ABDE", 2: "ABC", 3: "BCEF", 4: "ADG", 5: "BDEFH", 6: "CFI", 7: "DEGH", 8: "GHI", 9: "EFHI"}


def replay_clocks(hours: list[int], moves: list[int]) -> list[int]:
    dials = list(hours)
    for move in moves:
        for letter in CLOCK_MOVES[move]:
            index = "ABCDEFGHI".index(letter)
            dials[index] = dials[index] % 12 + 3
    return dials


def clocks_by_formula(hours: list[int]) -> list[int]:
    """How often each move 1..9 is needed, from the closed-form inverse matrix
    at the end of seed 001 (a, ..., i are quarter turns, arithmetic mod 4)."""
    a, b, c, d, e, f, g, h, i = (hour // 3 % 4 for hour in hours)
    t = [
        8 + a + 2 * b + c + 2 * d + 2 * e - f + g - h,
        a + b + c + d + e + f + 2 * g + 2 * i,
        8 + a + 2 * b + c - d + 2 * e + 2 * f - h + i,
        a + b + 2 * c + d + e + g + h + 2 * i,
        4 + a + 2 * b + c + 2 * d - e + 2 * f + g + 2 * h + i,
        2 * a + b + c + e + f + 2 * g + h + i,
        8 + a - b + 2 * d + 2 * e - f + g + 2 * h + i,
        2 * a + 2 * c + d + e + f + g + h + i,
        8 - b + c - d + 2 * e + 2 * f + g + 2 * h + i,
    ]
    return [value % 4 for value in t]
