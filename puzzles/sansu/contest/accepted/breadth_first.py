"""Sansu, a reference solution (standard library only).

Breadth-first search over the tiles from the given one, by adjacent swaps,
stopping at the first depth that holds a sansu: every tile is at most five
swaps from one, so the search stays small.
"""

from __future__ import annotations

import sys

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
SWAPS = ((0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (7, 8), (0, 3), (3, 6), (1, 4), (4, 7), (2, 5), (5, 8))


def is_sansu(tile: str) -> bool:
    return all((int(tile[a]) + int(tile[b]) + int(tile[c])) % 3 == 0 for a, b, c in LINES)


def swapped(tile: str, i: int, j: int) -> str:
    cells = list(tile)
    cells[i], cells[j] = cells[j], cells[i]
    return "".join(cells)


def nearest_sansu(start: str) -> tuple[int, str]:
    seen = {start}
    layer = [start]
    swaps = 0
    while True:
        for tile in layer:
            if is_sansu(tile):
                return swaps, tile
        following = []
        for tile in layer:
            for i, j in SWAPS:
                after = swapped(tile, i, j)
                if after not in seen:
                    seen.add(after)
                    following.append(after)
        layer = following
        swaps += 1


def main() -> None:
    swaps, tile = nearest_sansu("".join(sys.stdin.read().split()))
    print(swaps)
    for row in range(0, 9, 3):
        print(" ".join(tile[row : row + 3]))


main()
