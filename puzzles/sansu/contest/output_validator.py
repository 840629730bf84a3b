"""Sansu: the judge's rules for one team answer (standard library only).

The answer names a count and the sansu reached, not the swaps, so the judge
checks that the tile is a sansu and that it can be reached from the given
tile in exactly that many swaps: a swap distance of at most the count, of
the same parity (a swap made twice changes nothing). The count must be the
fewest, which the answer file's first line gives.

With the flag `score` (the original's 0 to 10 points by proximity to the
optimum), a valid answer k swaps above the fewest earns 10 - 2k points;
from five swaps above it earns nothing and is rejected.
"""

from __future__ import annotations

import re

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINE_NAMES = ("row 1", "row 2", "row 3", "column 1", "column 2", "column 3", "the diagonal 1-5-9", "the diagonal 3-5-7")
SWAPS = ((0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (7, 8), (0, 3), (3, 6), (1, 4), (4, 7), (2, 5), (5, 8))
FULL_POINTS = 10
POINTS_PER_EXTRA_SWAP = 2


def shown(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:24] + "...")


def neighbours(tile: str) -> list[str]:
    found = []
    for i, j in SWAPS:
        cells = list(tile)
        cells[i], cells[j] = cells[j], cells[i]
        found.append("".join(cells))
    return found


def swap_distance(start: str, goal: str, limit: int) -> int | None:
    """Fewest adjacent swaps from `start` to `goal`, searched from both ends;
    None when more than `limit` are needed."""
    if start == goal:
        return 0
    sides = [{start: 0}, {goal: 0}]
    layers = [[start], [goal]]
    depths = [0, 0]
    while depths[0] + depths[1] < limit:
        side = 0 if len(layers[0]) <= len(layers[1]) else 1
        depths[side] += 1
        following = []
        for tile in layers[side]:
            for after in neighbours(tile):
                if after in sides[1 - side]:
                    return depths[side] + sides[1 - side][after]
                if after not in sides[side]:
                    sides[side][after] = depths[side]
                    following.append(after)
        layers[side] = following
    return None


def judge(instance: str, answer: str, output: str, score: bool) -> tuple[str, str, float | None]:
    start = "".join(instance.split())
    optimum = int(answer.split()[0])
    lines = [(number, line) for number, line in enumerate(output.splitlines(), 1) if line.strip()]
    if not lines:
        return "PE", "the output is empty", None
    number, first = lines[0]
    if not re.fullmatch(r"-?[0-9]+", first.strip()):
        return "PE", f"line {number} should be the number of swaps, found {shown(first.strip())}", None
    count = int(first)
    tile = "".join("".join(line.split()) for _, line in lines[1:])
    if len(tile) != 9 or sorted(tile) != list("123456789"):
        return "PE", f"the lines after the count should hold the digits 1..9 once each, found {shown(tile)}", None
    if count < 0:
        return "WA", f"the count is {count}; every tile can be made a sansu", None
    open_lines = [LINE_NAMES[k] for k, line in enumerate(LINES) if sum(int(tile[cell]) for cell in line) % 3]
    if open_lines:
        return "WA", f"{tile} is not a sansu: the digits of {open_lines[0]} do not sum to a multiple of 3", None
    limit = optimum + (FULL_POINTS // POINTS_PER_EXTRA_SWAP - 1 if score else 0)
    if count > limit:
        if score:
            return "WA", f"{count} swaps, the fewest is {optimum}: too far from the optimum to earn points", None
        return "WA", f"{count} swaps, but {optimum} suffice", None
    needed = swap_distance(start, tile, count)
    if needed is None or (count - needed) % 2:
        return "WA", f"{tile} cannot be reached from {start} in exactly {count} swaps", None
    if count < optimum:  # a sansu `count` swaps away proves the answer file wrong
        raise ValueError(f"the answer file says {optimum} swaps, but {tile} is a sansu {count} swaps away")
    points = FULL_POINTS - POINTS_PER_EXTRA_SWAP * (count - optimum)
    return "AC", f"{tile} is a sansu {count} swaps away (the fewest: {optimum})", float(points) if score else None
