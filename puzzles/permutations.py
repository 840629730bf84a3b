"""Lexicographic ranking of permutations (Lehmer code), vectorised and scalar.

sansu and eight index their boards by the rank of a permutation of 0..8; the
scalar versions serve single lookups, the vectorised ones the table builds.
Rank 0 is the identity, rank k!-1 the reversed permutation.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

import numpy as np

MAX_SIZE = 9
# _SMALLER_FREE[used_mask * MAX_SIZE + value]: how many values below `value` are not in used_mask.
_SMALLER_FREE = np.array(
    [value - (used & ((1 << value) - 1)).bit_count() for used in range(1 << MAX_SIZE) for value in range(MAX_SIZE)],
    dtype=np.int32,
)
# _NTH_FREE[used_mask, n]: the n-th smallest value not in used_mask (a Lehmer digit's value).
_NTH_FREE = np.array(
    [
        [([v for v in range(MAX_SIZE) if not used >> v & 1] + [0] * MAX_SIZE)[n] for n in range(MAX_SIZE)]
        for used in range(1 << MAX_SIZE)
    ],
    dtype=np.uint8,
)


def rank(perms: np.ndarray) -> np.ndarray:
    """Rank each row of an (n, k) array of permutations of 0..k-1 (int32)."""
    return checked_rank(perms)[0]


def checked_rank(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ranks of the rows of an (n, k) integer array, and which rows really are
    permutations of 0..k-1 (the ranks of the others are meaningless)."""
    rows = np.asarray(rows)
    count, size = rows.shape
    valid = ((rows >= 0) & (rows < size)).all(axis=1)
    result = np.zeros(count, dtype=np.int32)
    used = np.zeros(count, dtype=np.int32)
    for position in range(size):
        value = rows[:, position].astype(np.int32)
        np.clip(value, 0, size - 1, out=value)
        result *= size - position
        result += _SMALLER_FREE[used * MAX_SIZE + value]
        used |= np.left_shift(np.int32(1), value)
    return result, valid & (used == (1 << size) - 1)


def unrank(indices: np.ndarray, size: int) -> np.ndarray:
    """The (n, size) uint8 permutations whose ranks are `indices`."""
    remaining = np.asarray(indices, dtype=np.int32)
    perms = np.empty((remaining.size, size), dtype=np.uint8)
    used = np.zeros(remaining.size, dtype=np.int32)
    for position in range(size):
        digit, remaining = np.divmod(remaining, np.int32(factorial(size - 1 - position)))
        value = _NTH_FREE[used, digit]
        perms[:, position] = value
        used |= np.left_shift(np.int32(1), value.astype(np.int32))
    return perms


_SMALLER_FREE_LIST = _SMALLER_FREE.tolist()


def rank_one(perm: Sequence[int]) -> int:
    """Scalar `rank` of one permutation of 0..8 (unrolled: lookups call it per query)."""
    a, b, c, d, e, f, g, h, _ = perm
    table = _SMALLER_FREE_LIST
    used = 1 << a
    result = a * 8 + table[used * 9 + b]
    used |= 1 << b
    result = result * 7 + table[used * 9 + c]
    used |= 1 << c
    result = result * 6 + table[used * 9 + d]
    used |= 1 << d
    result = result * 5 + table[used * 9 + e]
    used |= 1 << e
    result = result * 4 + table[used * 9 + f]
    used |= 1 << f
    result = result * 3 + table[used * 9 + g]
    used |= 1 << g
    return result * 2 + table[used * 9 + h]


def unrank_one(index: int, size: int) -> list[int]:
    """Scalar `unrank` for one index."""
    free = list(range(size))
    perm = []
    for position in range(size):
        digit, index = divmod(index, factorial(size - 1 - position))
        perm.append(free.pop(digit))
    return perm
