"""Eight puzzle, a reference solution (standard library only).

The goal keeps the given board's missing digit d as the empty cell, in d's
home. A board cannot reach it when the parity of its permutation (the empty
cell read as d) differs from the parity of the empty cell's distance to its
home: every move changes both. Otherwise a breadth-first search runs from
both ends, always widening the smaller frontier, until they meet; the moves
are read back from both sides' parent links. A letter names the direction
in which the empty cell moves.
"""

from __future__ import annotations

import sys

STEPS = {"U": -3, "D": 3, "L": -1, "R": 1}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def moves_from(empty: int) -> list[tuple[str, int]]:
    row, column = divmod(empty, 3)
    legal = [("U", row > 0), ("D", row < 2), ("L", column > 0), ("R", column < 2)]
    return [(letter, empty + STEPS[letter]) for letter, ok in legal if ok]


MOVES = [moves_from(empty) for empty in range(9)]


def solvable(board: str, missing: str) -> bool:
    cells = board.replace("0", missing)
    inversions = sum(cells[j] < cells[i] for i in range(9) for j in range(i + 1, 9))
    empty, home = board.index("0"), int(missing) - 1
    steps = abs(empty // 3 - home // 3) + abs(empty % 3 - home % 3)
    return inversions % 2 == steps % 2


def widen(layer: list[str], parents: dict[str, tuple[str, str]]) -> list[str]:
    following = []
    for board in layer:
        empty = board.index("0")
        for letter, target in MOVES[empty]:
            cells = list(board)
            cells[empty], cells[target] = cells[target], "0"
            after = "".join(cells)
            if after not in parents:
                parents[after] = (board, letter)
                following.append(after)
    return following


def path(parents: dict[str, tuple[str, str]], board: str) -> list[str]:
    """The letters from the side's root to `board`."""
    letters = []
    while parents[board][0]:
        board, letter = parents[board]
        letters.append(letter)
    return letters[::-1]


def solve(board: str) -> list[str] | None:
    missing = str(45 - sum(map(int, board)))
    goal = "123456789".replace(missing, "0")
    if not solvable(board, missing):
        return None
    ahead, behind = {board: ("", "")}, {goal: ("", "")}
    front, back = [board], [goal]
    while True:
        meeting = next((b for b in front if b in behind), None) or next((b for b in back if b in ahead), None)
        if meeting is not None:
            return path(ahead, meeting) + [OPPOSITE[letter] for letter in reversed(path(behind, meeting))]
        if len(front) <= len(back):
            front = widen(front, ahead)
        else:
            back = widen(back, behind)


def main() -> None:
    moves = solve("".join(sys.stdin.read().split()))
    if moves is None:
        print(-1)
        print()
    else:
        print(len(moves))
        print("".join(moves))


main()
