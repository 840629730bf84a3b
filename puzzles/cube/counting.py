"""The cube's optimal roll sequences: counted per pattern in the table (over
the pattern's states at its fewest rolls), and each found by its number, by
walking back from the state it ends on."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..paths import MOVE_DTYPE, TableGraph, path_chunks
from ..roles import Counting
from ..storage import UNREACHABLE, TableReader
from .batch import carry_many, roll_many
from .board import (
    CANONICAL_STARTS,
    CUBES,
    OPPOSITE,
    TURNS,
    Instance,
    compact_index,
    decode,
    encode,
    roll,
)
from .symmetry import carried

_TURN_BITS = np.arange(TURNS, dtype=np.int64)


class CubeCounting(Counting):
    order = (
        "grouped by the board they end on (by its cubes' turns, in the table's order), then by their last roll, "
        "the one before it and so on back to the first (rolls in U D L R order as the searched start sees them)"
    )

    def count(self, table: TableReader | None, instance: Instance) -> int:
        symmetry, index = carried(instance)
        return int(table.array("pattern_count", symmetry.group).item(index))

    def counts_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        _, group, index = carry_many(keys)
        by_group = np.stack([table.array("pattern_count", name).astype(np.uint64) for name in CANONICAL_STARTS])
        return by_group[group, index]

    def nth(self, table: TableReader | None, instance: Instance, number: int) -> list[int]:
        symmetry, index = carried(instance)
        group = symmetry.group
        distance, count = table.array("distance", group), table.array("count", group)
        towards_start: list[int] = []
        for state, slot, fewest in ends(table, group, index):
            ways = count.item(slot)
            if number >= ways:
                number -= ways
                continue
            board = decode(state)
            for closer in range(fewest - 1, -1, -1):
                for move in OPPOSITE:  # walking back undoes the roll before: rolled U, D, L, R in turn
                    before = roll(board, move)
                    if before is None:
                        continue
                    slot = compact_index(encode(before))
                    if distance.item(slot) != closer:
                        continue
                    ways = count.item(slot)
                    if number < ways:
                        board = before
                        towards_start.append(move)
                        break
                    number -= ways
            break
        return [symmetry.moves_back[OPPOSITE[move]] for move in reversed(towards_start)]

    def solution_chunks(self, table: TableReader | None, instance: Instance, limit: int) -> Iterator[np.ndarray]:
        """Every optimal solution in order: from each board it may end on, a
        walk back down the rolls towards the start (`paths`), many boards a
        roll at a time, each path then turned round into the start's rolls."""
        symmetry, index = carried(instance)
        group = symmetry.group
        distance, count = table.array("distance", group), table.array("count", group)
        graph = TableGraph(roll_many, OPPOSITE, distance, count, compact_index)  # U, D, L, R undone in turn
        forward = np.array([symmetry.moves_back[OPPOSITE[move]] for move in range(len(OPPOSITE))], dtype=MOVE_DTYPE)
        found = ends(table, group, index)
        if found:
            starts, fewest = [state for state, _, _ in found], found[0][2]
            for towards_start in path_chunks(graph, starts, fewest, limit):
                yield forward[towards_start[:, ::-1]]


def ends(table: TableReader | None, group: str, index: int) -> list[tuple[int, int, int]]:
    """The states showing pattern `index` at its fewest rolls from the start
    of `group` (state, its compact slot, the rolls), in the table's order.

    The pattern's states the start can reach are 128 consecutive slots, one
    per choice of the first seven cubes' turns: the parity rule sets the last."""
    fewest = table.array("pattern_distance", group).item(index)
    if fewest == UNREACHABLE:
        return []
    half = TURNS // 2
    first = index * half
    turns = np.flatnonzero(table.array("distance", group)[first : first + half] == fewest)
    last_turn = (np.bitwise_count(turns).astype(np.int64) & 1) ^ last_turn_parity(index, CANONICAL_STARTS[group])
    states = np.sort(index << CUBES | last_turn << (CUBES - 1) | turns)
    return [(state, first + (state & (half - 1)), fewest) for state in states.tolist()]


def last_turn_parity(pattern: int, start: int) -> int:
    """What the parity rule (`parity_rule_holds`) asks of the pattern's turn
    bits taken together: the parity of the cubes showing B on top, and of the
    squares the empty one lies from the start."""
    empty, tops = divmod(pattern, 3**CUBES)
    showing_b = 0
    for _ in range(CUBES):
        tops, top = divmod(tops, 3)
        showing_b ^= top == 1
    squares = abs(empty // 3 - start // 3) + abs(empty % 3 - start % 3)
    return (squares & 1) ^ showing_b
