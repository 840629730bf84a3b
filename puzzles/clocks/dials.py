"""The dials and moves of The Clocks, shared by the table puzzle, its roles
and the algebra solver. A board is the dials' quarter turns past 12 (0..3)
as base-4 digits, dial A most significant; 0 is solved."""

from __future__ import annotations

DIALS = "ABCDEFGHI"
MOVE_DIALS = ("ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI")
"""Which dials each move 1..9 turns."""
HOURS = ("12", "3", "6", "9")
"""Dial readings by quarter turns past 12."""

SOLVED = 0
"""The board of every dial at 12."""


def shift(dial: str) -> int:
    """The bit position of a dial's two bits in a board (dial A most significant)."""
    return 2 * (8 - DIALS.index(dial))


SHIFTS = tuple(tuple(map(shift, dials)) for dials in MOVE_DIALS)
"""Per move, the bit positions of the dials it turns."""


def dial_turns(board: int) -> tuple[int, ...]:
    """The quarter turns past 12 of dials A..I."""
    return tuple(board >> 2 * (8 - dial) & 3 for dial in range(9))


def from_turns(turns: list[int]) -> int:
    """The board of dials A..I at these quarter turns past 12."""
    return int("".join(map(str, turns)), 4)
