"""The 4x4 sliding puzzle written again from issue 38's text, apart from the
puzzle's modules, for the tests of `eight --size 4`: a board is 16 numbers
in reading order, 0 the empty cell; a move names where the empty cell goes."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

CLASSIC = (*range(1, 16), 0)
STEP = {"U": -4, "D": 4, "L": -1, "R": 1}


def goal_of(board: tuple[int, ...]) -> tuple[int, ...]:
    """Every number k at cell k, and 0 at the missing number's home."""
    missing = (set(range(1, 17)) - set(board)).pop()
    return tuple(0 if cell + 1 == missing else cell + 1 for cell in range(16))


def moves_from(board: tuple[int, ...]) -> Iterator[tuple[str, tuple[int, ...]]]:
    empty = board.index(0)
    row, column = divmod(empty, 4)
    for letter, fits in (("U", row > 0), ("D", row < 3), ("L", column > 0), ("R", column < 3)):
        if fits:
            target = empty + STEP[letter]
            cells = list(board)
            cells[empty], cells[target] = cells[target], 0
            yield letter, tuple(cells)


def replay(board: tuple[int, ...], moves: str) -> tuple[int, ...]:
    for letter in moves:
        board = dict(moves_from(board))[letter]  # KeyError: a move off the board
    return board


def distances_near(goal: tuple[int, ...], depth: int) -> dict[tuple[int, ...], int]:
    """Every board within `depth` moves of `goal`, by breadth-first search."""
    found = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        if found[board] < depth:
            for _, after in moves_from(board):
                if after not in found:
                    found[after] = found[board] + 1
                    queue.append(after)
    return found
