"""9-Nine at any size n: the board, the operations and the class rule.

Two n x n matrices A and B of 0/1 (numpy arrays, rows and columns from 0).
`AL` maps A to A' with A'[r][c] = A[c][n-1-r] (a quarter turn to the left),
`AR` is its inverse, `BL`/`BR` the same for B, and `Ck` (k = 1..n) exchanges
column k of A with column k of B. The goal: A all 0, B all 1.

Classes: every operation keeps a cell on the orbit of its position under the
quarter turn (a turn moves it along the orbit, an exchange keeps its position
and changes its matrix). An orbit of four positions, with A's and B's cells on
it, is a class of 8 cells that holds 4 ones at the goal; the centre (n odd) is
a class of 2 cells with 1 one. Since no operation moves a 1 out of its class,
a board whose class holds another count never reaches the goal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ..text import InputError, plural, shown
from ..variants import VariantOption, refuse_unknown_options

Position = tuple[int, int]


def operation_names(n: int) -> tuple[str, ...]:
    """The operations at size n: AL AR BL BR, then C1..Cn."""
    return ("AL", "AR", "BL", "BR", *(f"C{k}" for k in range(1, n + 1)))


def quarter_turn(position: Position, n: int) -> Position:
    """Where `AL` (or `BL`) takes the cell at `position`: A'[r][c] = A[c][n-1-r]."""
    row, column = position
    return n - 1 - column, row


@dataclass(frozen=True)
class Geometry:
    """The classes of size n, each an orbit listed from its first position in
    reading order along `quarter_turn` (one position for the centre)."""

    n: int
    orbits: tuple[tuple[Position, ...], ...]
    class_of: np.ndarray
    """class_of[r, c]: the number of the class of position (r, c)."""

    @property
    def four_cell_orbits(self) -> tuple[tuple[Position, ...], ...]:
        return tuple(orbit for orbit in self.orbits if len(orbit) == 4)


@cache
def geometry(n: int) -> Geometry:
    class_of = np.full((n, n), -1, dtype=np.int64)
    orbits: list[tuple[Position, ...]] = []
    for row in range(n):
        for column in range(n):
            if class_of[row, column] >= 0:
                continue
            orbit = [(row, column)]
            while (turned := quarter_turn(orbit[-1], n)) != orbit[0]:
                orbit.append(turned)
            for position in orbit:
                class_of[position] = len(orbits)
            orbits.append(tuple(orbit))
    class_of.setflags(write=False)
    return Geometry(n, tuple(orbits), class_of)


def apply_operation(a: np.ndarray, b: np.ndarray, name: str) -> tuple[np.ndarray, np.ndarray]:
    """The board after one operation (new arrays; the inputs are left alone)."""
    if name in ("AL", "AR"):
        return np.ascontiguousarray(np.rot90(a, 1 if name == "AL" else -1)), b
    if name in ("BL", "BR"):
        return a, np.ascontiguousarray(np.rot90(b, 1 if name == "BL" else -1))
    column = int(name[1:]) - 1
    a, b = a.copy(), b.copy()
    a[:, column], b[:, column] = b[:, column].copy(), a[:, column].copy()
    return a, b


def is_goal(a: np.ndarray, b: np.ndarray) -> bool:
    return not a.any() and bool(b.all())


@dataclass(frozen=True)
class WrongClass:
    """A class whose cells hold another number of 1s than the goal gives it."""

    positions: tuple[Position, ...]
    ones: int
    needed: int

    def __str__(self) -> str:
        cells = ", ".join(f"({row + 1},{column + 1})" for row, column in self.positions)
        where = f"position {cells}" if len(self.positions) == 1 else f"positions {cells}"
        return (
            f"the cells of A and B at {where} (row, column from 1) hold {self.ones} ones together; "
            f"the goal has {self.needed} there, and no operation moves a cell off these positions"
        )


def wrong_classes(a: np.ndarray, b: np.ndarray) -> list[WrongClass]:
    """Every class holding another count of 1s than the goal, in reading order of their first positions."""
    shape = geometry(a.shape[0])
    ones = np.bincount(shape.class_of.ravel(), weights=(a + b).ravel(), minlength=len(shape.orbits))
    return [
        WrongClass(orbit, int(count), len(orbit))
        for orbit, count in zip(shape.orbits, ones.astype(np.int64).tolist(), strict=True)
        if count != len(orbit)
    ]


def unsolvable_reason(a: np.ndarray, b: np.ndarray) -> str | None:
    """None if the board can reach the goal (the class rule decides it, see
    docs/nine-construction.md), else why not, in terms one can check on the board."""
    wrong = wrong_classes(a, b)
    if not wrong:
        return None
    more = f" (and {plural(len(wrong) - 1, 'more such class', 'more such classes')})" if len(wrong) > 1 else ""
    return f"{wrong[0]}{more}"


def matrix_texts(text: str, n: int) -> tuple[str, str]:
    """A's and B's n*n characters 0/1 of the compact form at size n (InputError
    naming what is wrong, and the size a matrix of another size has)."""
    parts = text.split()
    if len(parts) != 2:
        found = plural(len(parts), "group")
        raise InputError(f"expected two groups of {n * n} characters 0/1 (A then B), found {found}")
    for name, part in zip("AB", parts, strict=True):
        if len(part) != n * n:
            root = math.isqrt(len(part))
            if root >= 2 and root * root == len(part) and not set(part) - {"0", "1"}:
                raise InputError(f"matrix {name}: {len(part)} characters make a matrix of size {root}, not of size {n}")
            raise InputError(f"matrix {name}: expected {n * n} characters 0/1 for size {n}, found {len(part)}")
        if set(part) - {"0", "1"}:
            place = next(i for i, character in enumerate(part) if character not in "01")
            raise InputError(f"matrix {name}: character {place + 1} is {shown(part[place])}, expected 0 or 1")
    return parts[0], parts[1]


def parse_compact(text: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A's n*n characters 0/1 in reading order, a space, then B's, as two n x n int8 arrays."""
    matrices = [
        (np.frombuffer(part.encode(), dtype=np.uint8) - ord("0")).astype(np.int8).reshape(n, n)
        for part in matrix_texts(text, n)
    ]
    return matrices[0], matrices[1]


def compact(a: np.ndarray, b: np.ndarray) -> str:
    return compact_many(a[None], b[None])[0]


def compact_many(a: np.ndarray, b: np.ndarray) -> list[str]:
    """The compact forms of boards a[i], b[i] of one size, written together."""
    count, cells = len(a), a[0].size if len(a) else 0
    written = np.full((count, 2 * cells + 1), ord(" "), dtype=np.uint8)
    written[:, :cells] = a.reshape(count, cells) + ord("0")
    written[:, cells + 1 :] = b.reshape(count, cells) + ord("0")
    return [row.decode("ascii") for row in written.view(f"S{2 * cells + 1}").ravel().tolist()]


def meets_class_rule(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """For boards a[i], b[i] of one size, whether each class holds as many 1s as the goal gives it."""
    count, n = a.shape[0], a.shape[1]
    shape = geometry(n)
    classes = len(shape.orbits)
    places = (np.arange(count)[:, None] * classes + shape.class_of.ravel()).ravel()
    ones = np.bincount(places, weights=(a.astype(np.int64) + b).ravel(), minlength=count * classes)
    return (ones.reshape(count, classes) == [len(orbit) for orbit in shape.orbits]).all(axis=1)


# The size, a rule option of nine -------------------------------------------------------
SIZES = (2, 64)
"""The least and the most size nine is played at (the default is 3)."""
TABLED_SIZES = (2, 3, 4)
"""The sizes answered exactly from a table; above them, by the construction within its bound."""
SIZE_OPTION = VariantOption(
    "size",
    "the matrices are N x N, 2 to 64 (default 3); sizes 2 to 4 are answered exactly from tables "
    "(nine-2.h5, nine-4.h5: built when first needed), 5 and up by a construction within a proven bound, "
    "not proven the fewest",
    metavar="N",
    bounds=SIZES,
    default="3",
    tables=tuple(str(n) for n in TABLED_SIZES if n != 3),
)


def size_of(options: Mapping[str, Any]) -> int:
    """The size the rule options choose (3 when none is given); InputError for
    another option or a size that is not a whole number from 2 to 64."""
    refuse_unknown_options("nine", options, ("size",))
    value = options.get("size")
    if value is None:
        return 3
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit() or not SIZES[0] <= int(text) <= SIZES[1]:
        raise InputError(f"size is {shown(text)}; it must be a whole number from {SIZES[0]} to {SIZES[1]}")
    return int(text)


def random_boards(n: int, count: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """`count` boards of size n drawn uniformly from those meeting the class rule
    (each class's cells hold their goal's number of 1s in any of the ways alike)."""
    shape = geometry(n)
    a = np.zeros((count, n, n), dtype=np.int8)
    b = np.zeros_like(a)
    for orbit in shape.orbits:
        ones = np.argsort(rng.random((count, 2 * len(orbit))), axis=1) < len(orbit)
        rows, columns = np.array(orbit).T
        a[:, rows, columns], b[:, rows, columns] = ones[:, : len(orbit)], ones[:, len(orbit) :]
    return a, b
