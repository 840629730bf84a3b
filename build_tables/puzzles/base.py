"""What every puzzle module provides to the builder and to lookups."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Mapping

from ..engine import Puzzle, SearchResult
from ..tablefile import Packed

SINGLE_SEARCH = "search"
"""Group name of the one search of a puzzle that needs only one."""


def bits_for(move_count: int) -> int:
    """Smallest packing width (2, 4 or 8 bits) that holds a move index."""
    for bits in (2, 4):
        if move_count <= 1 << bits:
            return bits
    return 8


class TablePuzzle(ABC):
    """A puzzle's rules: subclasses say how states are encoded
    (`encode`/`decode`, scalar) and how moves act on one board (`apply`).
    By default the puzzle is one search, so it also implements the engine's
    `Puzzle` protocol (`state_count`, vectorised `goal_states` and
    `predecessors`); a puzzle of several searches overrides `searches`."""

    name: str
    state_count: int
    move_names: tuple[str, ...]
    encoding: str

    def searches(self) -> Mapping[str, Puzzle]:
        """The searches whose results make up this puzzle's table file."""
        return {SINGLE_SEARCH: self}

    def store(self, group: str, result: SearchResult) -> Mapping[str, Packed]:
        """The datasets kept from one search."""
        return {
            "distance": Packed(result.distance),
            "parent": Packed(result.parent, bits_for(len(self.move_names))),
        }

    def file_attrs(self) -> Mapping[str, Any]:
        return {"puzzle": self.name, "encoding": self.encoding, "move_names": list(self.move_names)}

    @abstractmethod
    def encode(self, board: Any) -> int:
        """See the class docstring."""

    @abstractmethod
    def decode(self, index: int) -> Any:
        """See the class docstring."""

    @abstractmethod
    def apply(self, board: Any, move: int) -> Any:
        """See the class docstring."""
