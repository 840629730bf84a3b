"""The dials and moves of The Clocks, shared by the table puzzle and the algebra solver."""

DIALS = "ABCDEFGHI"
MOVE_DIALS = ("ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI")
"""Which dials each move 1..9 turns."""
HOURS = ("12", "3", "6", "9")
"""Dial readings by quarter turns past 12."""
