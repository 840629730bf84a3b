"""9-Nine (3x3): the judge's rules for one team answer (standard library only).

As in the original judge, any sequence of at most 81 operations that leaves
A all 0 and B all 1 is right, shortest or not: the judge replays the team's
operations from the given matrices. Every instance can be solved, so -1 is
wrong.
"""

from __future__ import annotations

import re

LIMIT = 81
GOAL = "0" * 9 + "1" * 9
TURNS = {"L": (2, 5, 8, 1, 4, 7, 0, 3, 6), "R": (6, 3, 0, 7, 4, 1, 8, 5, 2)}
"""Cell i of a matrix turned to the left (L) or right (R) holds the old cell TURNS[side][i]."""
OPERATIONS = ("AL", "AR", "BL", "BR", "C1", "C2", "C3")


def shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:24] + "...")


def operate(name: str, board: str) -> str:
    a, b = board[:9], board[9:]
    if name[0] == "A":
        return "".join(a[cell] for cell in TURNS[name[1]]) + b
    if name[0] == "B":
        return a + "".join(b[cell] for cell in TURNS[name[1]])
    column = int(name[1]) - 1
    return "".join(b[c] if c % 3 == column else a[c] for c in range(9)) + "".join(
        a[c] if c % 3 == column else b[c] for c in range(9)
    )


def judge(instance: str, answer: str, output: str, score: bool) -> tuple[str, str, float | None]:
    board = "".join(instance.split())
    optimum = int(answer.split()[0])
    lines = [(number, line) for number, line in enumerate(output.splitlines(), 1) if line.strip()]
    if not lines:
        return "PE", "the output is empty", None
    number, first = lines[0]
    if not re.fullmatch(r"-?[0-9]+", first.strip()):
        return "PE", f"line {number} should be the number of operations, found {shown(first.strip())}", None
    count = int(first)
    if count == -1:
        return "WA", f"the answer says the goal cannot be reached, but {optimum} operations reach it", None
    names = [(number, line.strip()) for number, line in lines[1:]]
    if count != len(names):
        return "WA", f"line {lines[0][0]} says {count} operations, but {len(names)} follow", None
    for number, name in names:
        if name not in OPERATIONS:
            return "WA", f"line {number}: {shown(name)} is not one of {' '.join(OPERATIONS)}", None
        board = operate(name, board)
    if board != GOAL:
        return "WA", f"after the {count} operations A is {board[:9]} and B {board[9:]}, not all 0 and all 1", None
    if count > LIMIT:
        return "WA", f"the {count} operations reach the goal, but at most {LIMIT} are allowed", None
    return "AC", f"the {count} operations reach the goal (the fewest: {optimum})", None
