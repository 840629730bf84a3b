"""Every board of size n that meets the class rule, numbered 0..count-1 without gaps.

A class of four positions holds 4 ones among its 8 cells: one of C(8,4) = 70
patterns, numbered by their value (bit j is A's cell at the j-th position of
the orbit, bit 4 + j is B's there) among the 70 in increasing order. The
centre (n odd) holds one 1: the digit is 1 if it is A's. A board's number is
the classes' pattern numbers as digits in base 70 (the first class in reading
order least significant), then the centre digit. So n = 3 has 70^2 * 2 = 9,800
numbers and n = 4 has 70^4 = 24,010,000.

An operation keeps every cell in its class, so it acts on each digit alone:
one table of 70 entries per class and operation, applied to two digits at a
time (4,900 entries) to make a whole batch of numbers take a move in a few
numpy passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .sizes import apply_operation, geometry, operation_names

PATTERNS = np.array([value for value in range(256) if value.bit_count() == 4], dtype=np.int64)
PATTERN_RANK = np.full(256, -1, dtype=np.int64)
PATTERN_RANK[PATTERNS] = np.arange(len(PATTERNS))
_BITS = (PATTERNS[:, None] >> np.arange(8)) & 1


@dataclass(frozen=True)
class DenseIndex:
    """The numbering at size n, and each operation as a map of numbers."""

    n: int
    orbits: tuple[tuple[tuple[int, int], ...], ...]
    """The classes of four positions, least significant digit first."""
    centre: bool
    digit_bases: tuple[int, ...]
    group_bases: tuple[int, ...]
    """Digits are taken two at a time (base 4,900), the last group maybe alone, the centre alone."""
    group_tables: tuple[tuple[np.ndarray, ...], ...]
    """group_tables[operation][group][value]: the group's value after the operation."""

    @property
    def count(self) -> int:
        return int(np.prod(self.digit_bases, dtype=np.int64))

    @property
    def goal(self) -> int:
        """A all 0 and B all 1: pattern 0b11110000, the last, in every class, and the centre's 1 in B."""
        return int(sum((len(PATTERNS) - 1) * len(PATTERNS) ** place for place in range(len(self.orbits))))

    def rank(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The numbers of boards a[i], b[i]; -1 for a board that breaks the class rule."""
        count = a.shape[0]
        index = np.zeros(count, dtype=np.int64)
        valid = np.ones(count, dtype=bool)
        scale = 1
        for orbit in self.orbits:
            rows, columns = np.array(orbit).T
            cells = np.concatenate([a[:, rows, columns], b[:, rows, columns]], axis=1).astype(np.int64)
            digit = PATTERN_RANK[(cells << np.arange(8)).sum(axis=1)]
            valid &= digit >= 0
            index += digit * scale
            scale *= len(PATTERNS)
        if self.centre:
            middle = self.n // 2
            valid &= a[:, middle, middle] + b[:, middle, middle] == 1
            index += a[:, middle, middle].astype(np.int64) * scale
        return np.where(valid, index, -1)

    def unrank(self, index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The boards (a, b) numbered `index`."""
        index = np.asarray(index, dtype=np.int64)
        a = np.zeros((len(index), self.n, self.n), dtype=np.int8)
        b = np.zeros_like(a)
        for orbit in self.orbits:
            index, digit = np.divmod(index, len(PATTERNS))
            rows, columns = np.array(orbit).T
            bits = _BITS[digit]
            a[:, rows, columns], b[:, rows, columns] = bits[:, :4], bits[:, 4:]
        if self.centre:
            middle = self.n // 2
            a[:, middle, middle], b[:, middle, middle] = index, 1 - index
        return a, b

    def after(self, index: np.ndarray, operation: int) -> np.ndarray:
        """The numbers after operation number `operation` (see `operation_names`) on each board."""
        result = np.zeros_like(index)
        rest, scale = index, 1
        for base, table in zip(self.group_bases, self.group_tables[operation], strict=True):
            rest, value = np.divmod(rest, base)
            result += table[value] * scale
            scale *= base
        return result

    def predecessors(self, index: np.ndarray) -> list[np.ndarray]:
        """For each operation, the numbers of the boards it takes to the boards `index`."""
        inverse = {"AL": "AR", "AR": "AL", "BL": "BR", "BR": "BL"}
        names = operation_names(self.n)
        return [self.after(index, names.index(inverse.get(name, name))) for name in names]


def _digit_tables(n: int, orbits: tuple, centre: bool, name: str) -> list[np.ndarray]:
    """Each digit's table for one operation, found by doing it on boards of every pattern."""
    tables = []
    for orbit in orbits:
        a = np.zeros((len(PATTERNS), n, n), dtype=np.int8)
        b = np.zeros_like(a)
        rows, columns = np.array(orbit).T
        a[:, rows, columns], b[:, rows, columns] = _BITS[:, :4], _BITS[:, 4:]
        after = [apply_operation(a[i], b[i], name) for i in range(len(PATTERNS))]
        cells = np.array([np.concatenate([x[rows, columns], y[rows, columns]]) for x, y in after], dtype=np.int64)
        tables.append(PATTERN_RANK[(cells << np.arange(8)).sum(axis=1)])
    if centre:
        middle = n // 2
        swaps = name == f"C{middle + 1}"
        tables.append(np.array([1, 0] if swaps else [0, 1]))
    return tables


@cache
def dense_index(n: int) -> DenseIndex:
    orbits = geometry(n).four_cell_orbits
    centre = n % 2 == 1
    digit_bases = (len(PATTERNS),) * len(orbits) + ((2,) if centre else ())
    groups = [list(range(start, min(start + 2, len(orbits)))) for start in range(0, len(orbits), 2)]
    if centre:
        groups.append([len(orbits)])
    group_tables = []
    for name in operation_names(n):
        digits = _digit_tables(n, orbits, centre, name)
        per_group = []
        for group in groups:
            table = np.zeros(1, dtype=np.int64)
            scale = 1
            for place in group:  # least significant digit first
                table = (table[None, :] + digits[place][:, None] * scale).ravel()
                scale *= digit_bases[place]
            per_group.append(table)
        group_tables.append(tuple(per_group))
    group_bases = tuple(int(np.prod([digit_bases[place] for place in group])) for group in groups)
    return DenseIndex(n, orbits, centre, digit_bases, group_bases, tuple(group_tables))
