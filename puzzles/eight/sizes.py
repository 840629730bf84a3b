"""eight's rule options: the board's size (3, today's 8-puzzle, or 4, the
15-puzzle) and, at size 4, the time a count of optimal solutions may take."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..text import InputError, shown
from ..variants import VariantOption, refuse_unknown_options

SIZE_OPTION = VariantOption(
    "size",
    "the board is N x N: 3 (default, the 8-puzzle, from one table of every board) or 4 (the 15-puzzle, "
    "searched exactly with pattern tables, eight-4.h5: built when first needed)",
    metavar="N",
    default="3",
    tables=("4",),
)
SECONDS_OPTION = VariantOption(
    "seconds",
    "at size 4: the most seconds counting or listing optimal solutions, or drawing boards at a distance, may "
    "take (default 10); past it the answer is an error saying so, never a wrong number",
    metavar="S",
    default="10",
)
DEFAULT_SECONDS = 10.0
MOST_SECONDS = 3600
TOO_LARGE = (
    "eight is played at sizes 3 and 4; at size {size} (the {pieces}-puzzle) no exact answer can be promised: "
    "even the best solvers take hours on a hard 24-puzzle"
)


def size_and_seconds(options: Mapping[str, Any]) -> tuple[int, float]:
    """The size (3 when none is given) and the counting budget the options
    choose (at size 3 the budget is not needed: every count is in the
    table); InputError for another option, a size other than 3 or 4, or a
    budget that is not a whole number of seconds from 1 to an hour."""
    refuse_unknown_options("eight", options, ("size", "seconds"))
    size = options.get("size")
    text = "3" if size is None else str(size).strip()
    if isinstance(size, bool) or not text.isdigit():
        raise InputError(f"size is {shown(text)}; eight is played at size 3 or 4")
    n = int(text)
    if n >= 5:
        raise InputError(TOO_LARGE.format(size=n, pieces=n * n - 1))
    if n != 3 and n != 4:
        raise InputError(f"size is {n}; eight is played at size 3 or 4")
    seconds = options.get("seconds")
    if seconds is None or n == 3:  # at size 3 every count is read from the table at once
        return n, DEFAULT_SECONDS
    budget = str(seconds).strip()
    if isinstance(seconds, bool) or not budget.isdigit() or not 1 <= int(budget) <= MOST_SECONDS:
        raise InputError(f"seconds is {shown(budget)}; give a whole number of seconds from 1 to {MOST_SECONDS}")
    return n, float(budget)
