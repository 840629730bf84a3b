"""The answer to one instance."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Solution:
    """An optimal answer: `distance` moves (None when unsolvable) and the moves.

    `boards` holds the position before the first move and after every move,
    in the puzzle's own board representation; `extra` holds the puzzle's
    further JSON fields (sansu's `final`, an unsolvable board's `reason`, ...).
    """

    puzzle: str
    state: str
    distance: int | None
    moves: list[Any]
    boards: list[Any] = field(repr=False)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def solvable(self) -> bool:
        return self.distance is not None

    def to_dict(self) -> dict[str, Any]:
        """The JSON answer pinned in puzzles.md."""
        return {"puzzle": self.puzzle, "state": self.state, "distance": self.distance, "moves": self.moves, **self.extra}
