"""What the builder stores and the query layer reads back, in rules terms:
the sentinel for unreachable states, packed datasets, one search, and the
read access a puzzle answers from. No file format here (that is
`lookup.tablefile`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

UNREACHABLE = 255
"""Stored distance of a state from which no goal can be reached."""

SINGLE_SEARCH = "search"
"""Group name of the one search of a puzzle that needs only one."""


WHOLE_WIDTHS = (8, 16, 32, 64)
"""Widths stored one unsigned integer a value; narrower ones are packed into bytes."""


@dataclass(frozen=True)
class Packed:
    """An array of unsigned values stored `bits` per value: 1, 2 or 4 packed
    into bytes, or 8, 16, 32 or 64 as unsigned integers of that width;
    `compressed` False keeps a large one uncompressed, read straight into
    memory (one read at every start, where gzip would cost a second)."""

    values: np.ndarray
    bits: int = 8
    compressed: bool = True


def width_for(largest: int) -> int:
    """The narrowest whole width (8, 16, 32 or 64 bits) that holds values up to `largest`."""
    return next(bits for bits in WHOLE_WIDTHS if largest < 1 << bits)


def bits_for(move_count: int) -> int:
    """Smallest packing width (2, 4 or 8 bits) that holds a move index."""
    for bits in (2, 4):
        if move_count <= 1 << bits:
            return bits
    return 8


class Search(Protocol):
    """One breadth-first search, as the builder's engine runs it."""

    name: str
    state_count: int
    move_names: Sequence[str]

    def goal_states(self) -> np.ndarray:
        """The indices of all goal states."""
        ...

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        """For each move m (in move order), the states t with m(t) in `states`.

        Entry i of the m-th array is the state that move m takes to
        ``states[i]``, or -1 where there is none. `states` comes sorted
        ascending.
        """
        ...


@dataclass(frozen=True)
class PatternSearch:
    """A pattern table of a search guided by tables (the 15-puzzle's): per
    placement of the tiles whose homes are `homes` (cells of a 4x4 board),
    numbered by its rank (`eight.placements.rank`), the fewest moves of those
    tiles that bring them home, other tiles' moves free. Its moves cost 0 or
    1, so the builder runs its own 0-1 search for it, not the BFS engine,
    and verify builds it again to compare."""

    name: str
    homes: tuple[int, ...]
    move_names: Sequence[str] = ()

    @property
    def state_count(self) -> int:
        return math.perm(16, len(self.homes))


class TableReader(Protocol):
    """Read access to one puzzle's table file, as the query layer gives it."""

    def array(self, dataset: str, group: str = SINGLE_SEARCH) -> np.ndarray:
        """One dataset, unpacked and checked, kept in memory once loaded."""
        ...

    def attrs(self, group: str | None = None) -> Mapping[str, Any]:
        """The attributes of the file (group None) or of one group."""
        ...

    def derived(self, key: str, compute: Callable[[], Any]) -> Any:
        """A value computed from the table once (`compute()`) and then kept."""
        ...

    def kept(self, key: str) -> Any | None:
        """The value `derived` keeps under `key`, or None if none was computed yet."""
        ...
