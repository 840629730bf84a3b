"""`Instance`: one instance of a puzzle, read from its compact text once.

A front end reads what it was given into an `Instance` (`Tables.parse`) and
hands that on: `Tables` answers it without reading its text again, and the
compact text is written only where an answer shows it. The board inside is
the puzzle's own representation (what `parse`, `apply` and the roles take),
which may be a plain int, tuple or list; the wrapper is what tells it apart
from compact text given as a list of values.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import Puzzle


@dataclass(frozen=True)
class Instance:
    """A puzzle (`Puzzle`, under its rules) and one of its boards.

    Built by `Tables.parse(puzzle, text)`, or directly from a board the
    puzzle made (`Instance(puzzle, puzzle.apply(board, move))`)."""

    puzzle: Puzzle
    board: Any

    @cached_property
    def text(self) -> str:
        """The compact form, written when first asked for (answers carry their own)."""
        return self.puzzle.compact(self.board)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Instance({self.puzzle.name!r}, {self.text!r})"


__all__ = ["Instance"]
