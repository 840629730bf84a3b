"""9-Nine (the story's 9x9): the judge's rules for one team answer (standard library only).

As the story asks, any sequence of at most 999 operations that leaves A all
0 and B all 1 is right, shortest or not: the judge replays the team's
operations from the given matrices. Every instance can be solved, so -1 is
wrong. The jury's answer is the construction's (not proven the fewest).
"""

from __future__ import annotations

import re

SIZE = 9
LIMIT = 999
OPERATIONS = ("AL", "AR", "BL", "BR", *(f"C{k}" for k in range(1, SIZE + 1)))


def shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:24] + "...")


def turned(matrix: list[list[str]], left: bool) -> list[list[str]]:
    """A quarter turn to the left: new (r, c) holds old (c, n-1-r); to the right, old (n-1-c, r)."""
    n = len(matrix)
    if left:
        return [[matrix[c][n - 1 - r] for c in range(n)] for r in range(n)]
    return [[matrix[n - 1 - c][r] for c in range(n)] for r in range(n)]


def replayed(rows: list[str], names: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    a, b = [list(row) for row in rows[:SIZE]], [list(row) for row in rows[SIZE:]]
    for name in names:
        if name[0] == "A":
            a = turned(a, name[1] == "L")
        elif name[0] == "B":
            b = turned(b, name[1] == "L")
        else:
            column = int(name[1:]) - 1
            for row in range(SIZE):
                a[row][column], b[row][column] = b[row][column], a[row][column]
    return a, b


def judge(instance: str, answer: str, output: str, score: bool) -> tuple[str, str, float | None]:
    constructed = int(answer.split()[0])
    lines = [(number, line.strip()) for number, line in enumerate(output.splitlines(), 1) if line.strip()]
    if not lines:
        return "PE", "the output is empty", None
    number, first = lines[0]
    if not re.fullmatch(r"-?[0-9]+", first):
        return "PE", f"line {number} should be the number of operations, found {shown(first)}", None
    count = int(first)
    if count == -1:
        return "WA", f"the answer says the goal cannot be reached, but {constructed} operations reach it", None
    names = lines[1:]
    if count != len(names):
        return "WA", f"line {number} says {count} operations, but {len(names)} follow", None
    for place, name in names:
        if name not in OPERATIONS:
            return "WA", f"line {place}: {shown(name)} is not one of {' '.join(OPERATIONS)}", None
    a, b = replayed(instance.split(), [name for _, name in names])
    if any(cell != "0" for row in a for cell in row) or any(cell != "1" for row in b for cell in row):
        return "WA", f"after the {count} operations A is not all 0 and B not all 1", None
    if count > LIMIT:
        return "WA", f"the {count} operations reach the goal, but at most {LIMIT} are allowed", None
    return "AC", f"the {count} operations reach the goal (the jury's construction: {constructed})", None
