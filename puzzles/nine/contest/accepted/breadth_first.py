"""9-Nine (3x3), a reference solution (standard library only).

The two matrices are one string of 18 characters, A's rows then B's.
Breadth-first search from the given board over the seven operations, with
parent links, until A is all 0 and B all 1; at most 2^18 boards exist, and
only a few thousand can reach the goal.
"""

from __future__ import annotations

import sys

GOAL = "0" * 9 + "1" * 9
COUNTER_CLOCKWISE = (2, 5, 8, 1, 4, 7, 0, 3, 6)
"""Cell i of a matrix turned a quarter to the left holds the old cell COUNTER_CLOCKWISE[i]."""
CLOCKWISE = (6, 3, 0, 7, 4, 1, 8, 5, 2)


def operation(name: str, board: str) -> str:
    a, b = board[:9], board[9:]
    if name[0] in "AB":
        order = COUNTER_CLOCKWISE if name[1] == "L" else CLOCKWISE
        turned = "".join((a if name[0] == "A" else b)[cell] for cell in order)
        return turned + b if name[0] == "A" else a + turned
    column = int(name[1]) - 1
    a_cells, b_cells = list(a), list(b)
    for cell in range(column, 9, 3):
        a_cells[cell], b_cells[cell] = b_cells[cell], a_cells[cell]
    return "".join(a_cells + b_cells)


OPERATIONS = ("AL", "AR", "BL", "BR", "C1", "C2", "C3")


def solve(start: str) -> list[str]:
    parents = {start: ("", "")}
    layer = [start]
    while GOAL not in parents:
        following = []
        for board in layer:
            for name in OPERATIONS:
                after = operation(name, board)
                if after not in parents:
                    parents[after] = (board, name)
                    following.append(after)
        layer = following
    names = []
    board = GOAL
    while parents[board][0]:
        board, name = parents[board]
        names.append(name)
    return names[::-1]


def main() -> None:
    names = solve("".join(sys.stdin.read().split()))
    print(len(names))
    for name in names:
        print(name)


main()
