"""The 4x4 search in plain Python: the same IDA* as the compiled
`fifteen_kernel`, step for step, kept for the tests to hold the kernel to
(too slow for hard boards: a few thousand nodes a second).

Arguments as `fifteen.search_arguments` makes them: `cells[t]` the cell of
the tile of home t (`cells[empty_home]` the empty cell), where the second
view puts each cell (the transpose, or each cell where it is), then per view
each home's table number and shift, and the view's three tables. A table's
index is the sum, over its group, of each tile's cell << its shift; in the
second view the tile of home t at cell c counts as at cell view[c] (its
number and shift are those of its home there).
"""

from __future__ import annotations

import numpy as np

MOVES = "UDLR"
OPPOSITE = (1, 0, 3, 2, -1)
"""The move that undoes each move (by move number; none before the first, 4)."""
TARGETS = tuple(
    tuple(
        (cell + step) if 0 <= cell // 4 + rows < 4 and 0 <= cell % 4 + columns < 4 else -1
        for step, rows, columns in ((-4, -1, 0), (4, 1, 0), (-1, 0, -1), (1, 0, 1))
    )
    for cell in range(16)
)
"""TARGETS[cell][move]: where the empty cell goes, -1 off the board."""


def solve(
    cells: np.ndarray,
    empty_home: np.ndarray,
    second_view: np.ndarray,
    number: np.ndarray,
    shift: np.ndarray,
    table_a: np.ndarray,
    table_b: np.ndarray,
    table_c: np.ndarray,
    reflected_number: np.ndarray,
    reflected_shift: np.ndarray,
    reflected_a: np.ndarray,
    reflected_b: np.ndarray,
    reflected_c: np.ndarray,
) -> str:
    """One optimal solution (move letters) of a solvable board."""
    home = int(empty_home[0])
    flip = [int(cell) for cell in second_view]
    tile_at = [-1] * 16
    index = [0, 0, 0]
    reflected = [0, 0, 0]
    for tile in range(16):
        if tile != home:
            tile_at[int(cells[tile])] = tile
            index[number[tile]] += int(cells[tile]) << int(shift[tile])
            reflected[reflected_number[tile]] += flip[int(cells[tile])] << int(reflected_shift[tile])
    tables = (table_a, table_b, table_c)
    reflected_tables = (reflected_a, reflected_b, reflected_c)

    def estimate() -> int:
        own = sum(int(table[at]) for table, at in zip(tables, index, strict=True))
        return max(own, sum(int(table[at]) for table, at in zip(reflected_tables, reflected, strict=True)))

    path: list[int] = []

    def search(empty: int, cost: int, bound: int, last: int) -> int:
        """-1 when the goal is found (the moves in `path`), else the least f above `bound`."""
        bound_h = estimate()
        if bound_h == 0:
            return -1
        if cost + bound_h > bound:
            return cost + bound_h
        least = 1 << 30
        for move in range(4):
            target = TARGETS[empty][move]
            if target < 0 or move == OPPOSITE[last]:
                continue
            tile = tile_at[target]
            step = (empty - target) << int(shift[tile])
            flipped = (flip[empty] - flip[target]) << int(reflected_shift[tile])
            index[number[tile]] += step
            reflected[reflected_number[tile]] += flipped
            tile_at[empty], tile_at[target] = tile, -1
            path.append(move)
            found = search(target, cost + 1, bound, move)
            if found < 0:
                return found
            path.pop()
            tile_at[target], tile_at[empty] = tile, -1
            index[number[tile]] -= step
            reflected[reflected_number[tile]] -= flipped
            least = min(least, found)
        return least

    bound = estimate()
    empty = int(cells[home])
    parity = (abs(empty // 4 - home // 4) + abs(empty % 4 - home % 4)) % 2  # every solution's length has it
    while True:
        found = search(empty, 0, bound, 4)
        if found < 0:
            return "".join(MOVES[move] for move in path)
        bound = found + (found - parity) % 2  # a bound of the other parity would find nothing new
