"""Eight puzzle: the judge's rules for one team answer (standard library only).

Any shortest sequence of moves is right, so the judge replays the team's
letters (U D L R: where the empty cell goes) from the given board and
compares their number with the fewest, the first line of the answer file
(-1 there: the board cannot reach its goal, and the team must say -1 and
list no moves).
"""

from __future__ import annotations

import re

STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:24] + "...")


def judge(instance: str, answer: str, output: str, score: bool) -> tuple[str, str, float | None]:
    board = list("".join(instance.split()))
    missing = str(45 - sum(int(cell) for cell in board))
    goal = list("123456789".replace(missing, "0"))
    optimum = int(answer.split()[0])
    lines = [(number, line) for number, line in enumerate(output.splitlines(), 1) if line.strip()]
    if not lines:
        return "PE", "the output is empty", None
    number, first = lines[0]
    if not re.fullmatch(r"-?[0-9]+", first.strip()):
        return "PE", f"line {number} should be the number of moves, found {shown(first.strip())}", None
    count = int(first)
    moves = "".join(line for _, line in lines[1:]).replace(" ", "")
    if count == -1:
        if optimum != -1:
            return "WA", f"the answer says the goal cannot be reached, but {optimum} moves reach it", None
        if moves:
            return "WA", f"after -1 the output should end, found {shown(moves)}", None
        return "AC", "the board cannot reach its goal, as the answer says", None
    if optimum == -1:
        return "WA", "the board cannot reach its goal: its permutation and its empty cell differ in parity", None
    if count != len(moves):
        return "WA", f"line {number} says {count} moves, but {len(moves)} letters follow", None
    for step, letter in enumerate(moves, 1):
        if letter not in STEPS:
            return "WA", f"move {step} is {shown(letter)}, not one of U D L R", None
        empty = board.index("0")
        row, column = empty // 3 + STEPS[letter][0], empty % 3 + STEPS[letter][1]
        if not (0 <= row < 3 and 0 <= column < 3):
            return "WA", f"move {step} ({letter}) takes the empty cell off the board", None
        target = row * 3 + column
        board[empty], board[target] = board[target], "0"
    if board != goal:
        return "WA", f"the {count} moves end on {''.join(board)}, not on the goal {''.join(goal)}", None
    if count != optimum:
        return "WA", f"the {count} moves reach the goal, but {optimum} suffice", None
    return "AC", f"the {count} moves reach the goal, the fewest possible", None
