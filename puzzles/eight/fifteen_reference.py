"""The 4x4 search in plain Python: the same IDA* as the compiled
`fifteen_kernel`, step for step, kept for the tests to hold the kernel to
(too slow for hard boards: a few thousand nodes a second).

Arguments as `fifteen.search_arguments` makes them: `cells[t]` the cell of
the tile of home t (`cells[empty_home]` the empty cell), where the second
view puts each cell (the transpose, or each cell where it is), then per view
each home's table number and place in its group, and the view's three
tables. A table's index is the `rank` of its group's cells, ranked afresh
at every node here (the kernel adds what a move changes instead); in the
second view the tile of home t at cell c counts as at cell view[c] (its
number and place are those of its home there).
"""

from __future__ import annotations

import numpy as np

from .placements import table_value

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


class _Search:
    """The board and the tables, as the kernel's `setup` holds them."""

    def __init__(self, arguments: tuple[np.ndarray, ...]) -> None:
        cells, empty_home, second_view, number, slot, *own, other_number, other_slot = arguments[:10]
        self.home = int(empty_home[0])
        self.flip = [int(cell) for cell in second_view]
        self.views = (
            (list(range(16)), [int(n) for n in number], [int(n) for n in slot], tuple(own)),
            (self.flip, [int(n) for n in other_number], [int(n) for n in other_slot], tuple(arguments[10:13])),
        )
        self.tile_at = [-1] * 16
        for tile in range(16):
            if tile != self.home:
                self.tile_at[int(cells[tile])] = tile
        self.empty = int(cells[self.home])
        self.path: list[int] = []
        self.found: list[str] = []
        self.count = 0
        self.skip, self.limit, self.every = 0, 0, False

    def estimate(self) -> int:
        """The larger of the two views' sums, each group's value read afresh
        from where its tiles are (`placements.table_value`)."""
        sums = []
        for seen_as, number, slot, tables in self.views:
            placed: list[list[tuple[int, int, int]]] = [[], [], []]
            for cell, tile in enumerate(self.tile_at):
                if tile >= 0:  # seen in the view, the tile of home t at cell c is the tile of home view(t) at view(c)
                    placed[number[tile]].append((slot[tile], seen_as[cell], seen_as[tile]))
            values = []
            for group in range(3):
                ordered = sorted(placed[group])
                values.append(table_value(tables[group], [cell for _, cell, _ in ordered], [h for _, _, h in ordered]))
            sums.append(sum(values))
        return max(sums)

    def search(self, empty: int, cost: int, bound: int, last: int) -> int:
        """-1 to stop (the first solution in `path`, or the last one wanted
        kept), else the least f above `bound`."""
        estimated = self.estimate()
        if estimated == 0:
            if not self.every:
                return -1
            self.count += 1
            if self.count > self.skip:
                self.found.append("".join(MOVES[move] for move in self.path))
                if len(self.found) == self.limit:
                    return -1
            return 1 << 30
        if cost + estimated > bound:
            return cost + estimated
        least = 1 << 30
        for move in range(4):
            target = TARGETS[empty][move]
            if target < 0 or move == OPPOSITE[last]:
                continue
            tile = self.tile_at[target]
            self.tile_at[empty], self.tile_at[target] = tile, -1
            self.path.append(move)
            found = self.search(target, cost + 1, bound, move)
            if found < 0:
                return found
            self.path.pop()
            self.tile_at[target], self.tile_at[empty] = tile, -1
            least = min(least, found)
        return least


def solve(*arguments: np.ndarray) -> str:
    """One optimal solution (move letters) of a solvable board."""
    search = _Search(arguments)
    empty, home = search.empty, search.home
    parity = (abs(empty // 4 - home // 4) + abs(empty % 4 - home % 4)) % 2  # every solution's length has it
    bound = search.estimate()
    while True:
        found = search.search(empty, 0, bound, 4)
        if found < 0:
            return "".join(MOVES[move] for move in search.path)
        bound = found + (found - parity) % 2  # a bound of the other parity would find nothing new


def every(
    arguments: tuple[np.ndarray, ...], length: int, skip: int, limit: int, seconds: float
) -> tuple[int | None, list[str], int]:
    """As the kernel's `every` (no time budget here: the tests' boards are near their goals)."""
    search = _Search(arguments)
    search.every, search.skip, search.limit = True, skip, limit
    search.search(search.empty, 0, length, 4)
    return search.count, search.found, 0
