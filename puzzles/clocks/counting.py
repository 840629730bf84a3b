"""The Clocks' optimal move sequences. A move's effect does not depend on
when it is made, so every optimal answer makes each move the same number of
times (`algebra`): the optimal sequences are the orderings of that one set
of moves, a multinomial, with both directions of a move counted where they
cost the same (a half turn round a dial, with backward turns). Each is
numbered by its moves in move order: sequences beginning with an earlier
move come first."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from math import factorial
from typing import Any

import numpy as np

from ..roles import Counting
from ..storage import TableReader
from .algebra import net_turns, optimal_plan
from .dials import dial_turns
from .orderings import Plan, nth_ordering, plan_chunks

_MULTINOMIALS = np.empty(10 * 10 * 10, dtype=object)
for _n1 in range(10):
    for _n2 in range(10):
        for _n3 in range(10):
            _d = _n1 + 2 * _n2 + 3 * _n3
            _MULTINOMIALS[(_n1 * 10 + _n2) * 10 + _n3] = factorial(_d) // (2**_n2 * 6**_n3)
"""Orderings of a set of quarter-turn moves made once (n1 moves), twice (n2) or three times (n3)."""


def _three_dials_turns(first: int) -> list[int]:
    """Per setting of dials first..first+2 (six bits of a board, the first
    dial most significant), what they alone ask of each move: its net turns
    (mod 4) in a 4-bit field per move. Net turns are linear in the dials, so
    a board's are the sum of its three groups' (at most 9 a field: no
    carry), mod 4, which is each field's low two bits."""
    groups = []
    for setting in range(64):
        offsets = [0] * 9
        offsets[first : first + 3] = [setting >> 4, setting >> 2 & 3, setting & 3]
        groups.append(sum(turns << 4 * move for move, turns in enumerate(net_turns(offsets, 4))))
    return groups


_GROUP_TURNS = tuple(_three_dials_turns(first) for first in (0, 3, 6))
_LOW_BITS = sum(1 << 4 * move for move in range(9))
"""The lowest bit of every move's field."""


@cache
def _every_setting_kind() -> np.ndarray:
    """Per setting of the dials (its key), the index into `_MULTINOMIALS` of
    its optimal moves: worked out once for all 4**9, so that counting many
    settings is one lookup each."""
    keys = np.arange(4**9, dtype=np.int64)
    offsets = np.stack([(keys >> 2 * (8 - dial)) & 3 for dial in range(9)], axis=1)
    turns = net_turns(offsets, 4)
    n1, n2, n3 = ((turns == times).sum(axis=1) for times in (1, 2, 3))
    return ((n1 * 10 + n2) * 10 + n3).astype(np.uint16)


class ClocksCounting(Counting):
    """The IOI dials: moves 1..9 forward only, counted from the dials alone."""

    beyond_64_bits = True  # 27!/3!**9 orderings of nine moves made three times each

    def count(self, table: TableReader | None, board: int) -> int:
        """How many times each move turns, from three look-ups and a few bit
        counts: a probe asks this of ten boards (it took 27 µs a board from
        the plan, a tenth of that now)."""
        first, second, third = _GROUP_TURNS
        turns = first[board >> 12] + second[board >> 6 & 63] + third[board & 63]
        low, high = turns & _LOW_BITS, turns >> 1 & _LOW_BITS
        thrice = (low & high).bit_count()
        return _MULTINOMIALS[((low.bit_count() - thrice) * 10 + high.bit_count() - thrice) * 10 + thrice]

    def plan(self, board: int) -> Plan:
        return optimal_plan(list(dial_turns(board)), 4, backward=False)

    def counts_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        return _MULTINOMIALS[_every_setting_kind()[keys]]

    def nth(self, table: TableReader | None, board: Any, number: int) -> list[int]:
        return nth_ordering(self.plan(board), number)

    def solution_chunks(self, table: TableReader | None, board: Any, limit: int) -> Iterator[np.ndarray]:
        return plan_chunks(self.plan(board), limit)
