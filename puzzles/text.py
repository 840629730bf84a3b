"""Reading states for the puzzles: one error type, and the helpers that make
every message name what is wrong and where.

A message about a state points at the part that is wrong (a character, a
value, a line) but does not quote the whole state: whoever read it (the
command line, the service) names the input once, in front of the message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

T = TypeVar("T")


class InputError(ValueError):
    """An instance that cannot be read; the message is one line for the user."""


def shown(text: str, limit: int = 24) -> str:
    """A token or line quoted for an error message, shortened if long."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 swap`, `2 swaps`: a count with its noun in the right number."""
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def in_words(items: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`: names listed in a message."""
    return " and ".join(filter(None, (", ".join(items[:-1]), items[-1])))


def content_lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines of `text` with their 1-based line numbers. A line
    ends at \\n or \\r\\n only, as everywhere input is read (lookup/stream.py)."""
    return [(number, line.removesuffix("\r")) for number, line in enumerate(text.split("\n"), 1) if line.strip()]


def parse_rows(
    lines: list[tuple[int, str]], rows: int, columns: int, read: Callable[[str, str], T], what: str
) -> list[T]:
    """Read `rows` lines of `columns` space-separated tokens each, in reading order.

    `read(token, where)` converts one token or raises InputError.
    """
    if len(lines) != rows:
        raise InputError(f"expected {rows} lines of {what}, found {len(lines)}")
    values = []
    for number, line in lines:
        tokens = line.split()
        if len(tokens) != columns:
            raise InputError(
                f"line {number}: expected {columns} values separated by spaces, found {len(tokens)} "
                f"in {shown(line.strip())}"
            )
        values.extend(read(token, f"line {number}") for token in tokens)
    return values


def distinct_digits(text: str, allowed: str, where: str = "", count: int = 9, blank: str = "") -> tuple[int, ...]:
    """`count` digits from `allowed`, none repeated, written together
    (`867254301`) or separated by spaces (`8 6 7 2 5 4 3 0 1`, the original
    input's rows on one line, as a list of numbers is written). `blank`, if
    given, may stand for the digit 0 (eight's empty cell, drawn `_`)."""
    prefix, expected = f"{where}: " if where else "", allowed + (f" or {blank}" if blank else "")
    tokens, unit = text.split(), "character"
    if len(tokens) > 1:  # spaced: each value one digit
        if len(tokens) != count:
            found = plural(len(tokens), "value")
            raise InputError(f"{prefix}expected {count} digits separated by spaces, found {found}")
        unit = "value"
        for position, token in enumerate(tokens, 1):
            if len(token) != 1:
                raise InputError(f"{prefix}value {position} is {shown(token)}, expected one of {expected}")
        text = "".join(tokens)
    elif len(text) != count:
        raise InputError(f"{prefix}expected {count} digits, found {plural(len(text), 'character')}")
    seen: dict[str, int] = {}
    for position, char in enumerate(text, 1):
        digit = "0" if blank and char == blank else char
        if digit not in allowed:
            raise InputError(f"{prefix}{unit} {position} is {shown(char)}, expected one of {expected}")
        if digit in seen:
            what = f"the empty cell (0 or {blank})" if blank and digit == "0" else f"digit {digit}"
            raise InputError(f"{prefix}{what} appears twice ({unit}s {seen[digit]} and {position})")
        seen[digit] = position
    return tuple(int("0" if char == blank else char) for char in text)


WHOLE_NUMBERS_ONLY = "ninebase reads states as strings or whole numbers"


def refuse_not_whole(array: np.ndarray) -> None:
    """An array of numbers that are not whole (floats, booleans, complex,
    times) refused as a whole: no state is written with them."""
    if array.dtype.kind in "bfcmM":
        raise InputError(f"a {array.dtype} array: {WHOLE_NUMBERS_ONLY}")


def as_text(state: Any, separator: str) -> str:
    """A state given as a string, or as a sequence of its parts, as text.
    Numbers that are not whole (floats, booleans) are refused: no state is
    written with them."""
    if isinstance(state, str):
        return state
    if isinstance(state, (int, np.integer)) and not isinstance(state, bool):
        return str(state)
    if isinstance(state, np.ndarray):
        refuse_not_whole(state)
        state = state.tolist()
    if isinstance(state, (list, tuple)):
        for position, part in enumerate(state, 1):
            if isinstance(part, (bool, float, complex, np.bool_, np.floating, np.complexfloating)):
                raise InputError(f"value {position} is {part!r}: {WHOLE_NUMBERS_ONLY}")
        return separator.join(str(part) for part in state)
    raise InputError(f"cannot read a state from a {type(state).__name__}")


def read_integer(text: str, what: str) -> int:
    """A whole number read from an answer, or an InputError naming `what`."""
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{what} is {shown(text)}, not a whole number") from None


_DIGIT_BITS = np.zeros(256, dtype=np.int32)
_DIGIT_BITS[:10] = 1 << np.arange(10)


def fixed_digits(lines: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """The first `width` characters of zero-padded ASCII rows as digits
    (uint8; above 9 for any other character), and per row the set of digits
    it holds as bits (1 << digit); 0 where a row is not exactly `width` digits."""
    if lines.shape[1] < width:
        return np.full((len(lines), width), 255, dtype=np.uint8), np.zeros(len(lines), dtype=np.int32)
    digits = lines[:, :width] - np.uint8(ord("0"))
    seen = np.zeros(len(lines), dtype=np.int32)
    whole = ~lines[:, width:].any(axis=1)
    for column in range(width):
        bit = _DIGIT_BITS[digits[:, column]]
        whole &= bit != 0
        seen |= bit
    return digits, np.where(whole, seen, 0)
