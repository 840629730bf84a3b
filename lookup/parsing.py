"""Input parsing shared by the puzzles: one clear error naming what and where."""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


class InputError(ValueError):
    """An instance that cannot be read; the message is one line for the user."""


def shown(text: str, limit: int = 24) -> str:
    """A token or line quoted for an error message, shortened if long."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def content_lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines of `text` with their 1-based line numbers."""
    return [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]


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
            raise InputError(f"line {number}: expected {columns} values, found {len(tokens)} in {shown(line.strip())}")
        values.extend(read(token, f"line {number}") for token in tokens)
    return values


def distinct_digits(text: str, allowed: str, where: str = "", count: int = 9) -> tuple[int, ...]:
    """Exactly `count` characters, each from `allowed`, none repeated."""
    prefix = f"{where}: " if where else ""
    if len(text) != count:
        raise InputError(f"{prefix}expected {count} digits, found {len(text)} characters in {shown(text)}")
    seen: dict[str, int] = {}
    for position, char in enumerate(text, 1):
        if char not in allowed:
            raise InputError(f"{prefix}character {position} is {shown(char)}, expected one of {allowed}")
        if char in seen:
            raise InputError(f"{prefix}digit {char} appears twice (characters {seen[char]} and {position})")
        seen[char] = position
    return tuple(int(char) for char in text)
