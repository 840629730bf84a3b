"""Cubic Eight-Puzzle, a reference solution (standard library only).

A board is nine bytes, one per square in reading order: the orientation of
the cube there (an index into ORIENTATIONS, each a (top, x-facing, y-facing)
colour triple) or EMPTY. From each start square the boards are searched
breadth-first, once, out to FORWARD rolls, noting the first depth at which
each top-colour pattern shows; that answers every pattern within FORWARD.
A pattern not seen by then needs more: the search goes backwards from the
boards that show it, up to LIMIT - FORWARD rolls, until it meets the
boards at exactly FORWARD rolls from the start. Beyond LIMIT the answer is
-1. Only half of the boards showing a pattern can be reached from a start:
every roll swaps two of the rolling cube's colours (flipping the parity of
its orientation) and moves the empty square to a square of the other
chessboard colour, so the number of odd orientations and the empty
square's distance from the start keep the same parity.
"""

from __future__ import annotations

import sys
from itertools import permutations, product

LIMIT = 30
FORWARD = 20
COLOURS = "WBR"
ORIENTATIONS = list(permutations(range(3)))  # (top, x-facing, y-facing)
EMPTY = len(ORIENTATIONS)
ROLL_X = bytes(ORIENTATIONS.index((x, top, y)) for top, x, y in ORIENTATIONS)
ROLL_Y = bytes(ORIENTATIONS.index((y, x, top)) for top, x, y in ORIENTATIONS)
START = ORIENTATIONS.index((0, 1, 2))
ODD = [sum(a > b for i, a in enumerate(o) for b in o[i + 1 :]) % 2 for o in ORIENTATIONS]
TOPS = bytes(ord(COLOURS[o[0]]) for o in ORIENTATIONS) + b"E" + bytes(249)
"""Byte translation of a board into its pattern of top colours."""


def neighbours(square: int) -> list[tuple[int, bytes]]:
    """The squares next to `square`, each with how a cube rolling from it turns."""
    row, column = divmod(square, 3)
    found = []
    if row > 0:
        found.append((square - 3, ROLL_Y))
    if row < 2:
        found.append((square + 3, ROLL_Y))
    if column > 0:
        found.append((square - 1, ROLL_X))
    if column < 2:
        found.append((square + 1, ROLL_X))
    return found


NEIGHBOURS = [neighbours(square) for square in range(9)]


def next_layer(layer: list[bytes], seen: set[bytes]) -> list[bytes]:
    """The boards one roll further out than `layer` that `seen` does not hold yet."""
    found = []
    for board in layer:
        empty = board.index(EMPTY)
        for square, roll in NEIGHBOURS[empty]:
            moved = bytearray(board)
            moved[empty] = roll[board[square]]
            moved[square] = EMPTY
            after = bytes(moved)
            if after not in seen:
                seen.add(after)
                found.append(after)
    return found


class Forward:
    """The search from one start square, extended only as far as asked."""

    def __init__(self, start: int) -> None:
        self.start = start
        board = bytes(EMPTY if square == start else START for square in range(9))
        self.seen = {board}
        self.layer = [board]
        self.depth = 0
        self.first = {board.translate(TOPS): 0}

    def extend(self) -> None:
        self.layer = next_layer(self.layer, self.seen)
        self.depth += 1
        for board in self.layer:
            self.first.setdefault(board.translate(TOPS), self.depth)


def goal_boards(start: int, pattern: bytes) -> list[bytes]:
    """Every board showing `pattern` that the parity rule allows from `start`."""
    empty = pattern.index(b"E")
    steps = abs(empty // 3 - start // 3) + abs(empty % 3 - start % 3)
    choices = []
    for letter in pattern:
        if letter == ord("E"):
            choices.append([EMPTY])
        else:
            top = COLOURS.index(chr(letter))
            choices.append([code for code, o in enumerate(ORIENTATIONS) if o[0] == top])
    return [bytes(board) for board in product(*choices) if sum(ODD[c] for c in board if c != EMPTY) % 2 == steps % 2]


def fewest_rolls(forward: Forward, pattern: bytes) -> int:
    while pattern not in forward.first and forward.depth < FORWARD:
        forward.extend()
    if pattern in forward.first:
        return forward.first[pattern]
    middle = set(forward.layer)  # every board exactly FORWARD rolls from the start
    layer = goal_boards(forward.start, pattern)
    seen = set(layer)
    for rolls in range(LIMIT - FORWARD + 1):
        if not middle.isdisjoint(layer):
            return FORWARD + rolls
        layer = next_layer(layer, seen)
    return -1


def main() -> None:
    tokens = sys.stdin.read().split()
    searches: dict[int, Forward] = {}
    answers = []
    position = 0
    while tokens[position : position + 2] != ["0", "0"]:
        x, y = int(tokens[position]), int(tokens[position + 1])
        pattern = "".join(tokens[position + 2 : position + 11]).encode()
        position += 11
        start = (y - 1) * 3 + x - 1
        forward = searches.setdefault(start, Forward(start))
        answers.append(fewest_rolls(forward, pattern))
    print("\n".join(map(str, answers)))


main()
