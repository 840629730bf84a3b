"""The Clocks, a reference solution (standard library only).

A move's effect does not depend on when it is made and four turns of it
change nothing, so an answer is how often (0..3) each move is made. Choose
the counts of moves 1, 2 and 3 (64 ways); then dial A leaves one count for
move 4, B for move 5, C for move 6, D for move 7, F for move 9 and G for
move 8, and dials E, H and I check the choice. The fewest turns win.
"""

from __future__ import annotations

import sys
from itertools import product

MOVES = ("ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI")
FORCED = (("A", 4), ("B", 5), ("C", 6), ("D", 7), ("F", 9), ("G", 8))
"""In this order, each dial is turned by exactly one move whose count is still open."""


def turns_of(dial: str, counts: dict[int, int]) -> int:
    return sum(count for move, count in counts.items() if dial in MOVES[move - 1])


def main() -> None:
    quarters = {"ABCDEFGHI"[dial]: int(value) // 3 % 4 for dial, value in enumerate(sys.stdin.read().split())}
    best = None
    for first in product(range(4), repeat=3):
        counts = dict(enumerate(first, 1))
        for dial, move in FORCED:
            counts[move] = -(quarters[dial] + turns_of(dial, counts)) % 4
        if all((quarters[dial] + turns_of(dial, counts)) % 4 == 0 for dial in "EHI"):
            moves = [move for move in sorted(counts) for _ in range(counts[move])]
            if best is None or len(moves) < len(best):
                best = moves
    print(" ".join(map(str, best)))


main()
