"""Lexicographic ranking of permutations (Lehmer code), vectorised and scalar.

sansu and eight index their boards by the rank of a permutation of 0..8; the
scalar versions serve single lookups, the vectorised ones the table builds,
and the packed ones (a permutation in one integer) walk many boards at once.
Rank 0 is the identity, rank k!-1 the reversed permutation.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations as all_orders
from math import factorial

import numpy as np

MAX_SIZE = 9


@cache
def _smaller_free() -> np.ndarray:
    """[used_mask * MAX_SIZE + value]: how many values below `value` are not in used_mask."""
    used, value = np.arange(1 << MAX_SIZE)[:, None], np.arange(MAX_SIZE)[None, :]
    below = used & ((1 << value) - 1)
    return (value - ((below[..., None] >> np.arange(MAX_SIZE)) & 1).sum(axis=-1)).astype(np.int32).ravel()


@cache
def _nth_free() -> np.ndarray:
    """[used_mask, n]: the n-th smallest value not in used_mask (a Lehmer digit's value), 0 past the last."""
    taken = (np.arange(1 << MAX_SIZE)[:, None] >> np.arange(MAX_SIZE)) & 1
    values = np.argsort(taken, axis=1, kind="stable")  # the free values first, in order
    values[np.arange(MAX_SIZE) >= MAX_SIZE - taken.sum(axis=1, keepdims=True)] = 0
    return values.astype(np.uint8)


@cache
def _smaller_free_list() -> list[int]:
    return _smaller_free().tolist()


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
        result += _smaller_free()[used * MAX_SIZE + value]
        used |= np.left_shift(np.int32(1), value)
    return result, valid & (used == (1 << size) - 1)


def unrank(indices: np.ndarray, size: int) -> np.ndarray:
    """The (n, size) uint8 permutations whose ranks are `indices`."""
    remaining = np.asarray(indices, dtype=np.int32)
    perms = np.empty((remaining.size, size), dtype=np.uint8)
    nth_free = _nth_free()
    used = np.zeros(remaining.size, dtype=np.int32)
    for position in range(size):
        digit, remaining = np.divmod(remaining, np.int32(factorial(size - 1 - position)))
        value = nth_free[used, digit]
        perms[:, position] = value
        used |= np.left_shift(np.int32(1), value.astype(np.int32))
    return perms


def rank_one(perm: Sequence[int]) -> int:
    """Scalar `rank` of one permutation of 0..8 (unrolled: lookups call it per query)."""
    a, b, c, d, e, f, g, h, _ = perm
    table = _smaller_free_list()
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


_PLACES = {size: [factorial(size - 1 - position) for position in range(size)] for size in range(1, 13)}


def unrank_one(index: int, size: int) -> list[int]:
    """Scalar `unrank` for one index."""
    free = list(range(size))
    perm = []
    for place in _PLACES[size]:
        digit, index = divmod(index, place)
        perm.append(free.pop(digit))
    return perm


# Packed permutations, for walking many boards at once ---------------------------
# A permutation p of 0..8 packed into one integer, value p[c] in bits 4c..4c+3,
# ranks and unranks with two table look-ups instead of nine passes: the Lehmer
# digit of a position in the first four depends only on the values before it,
# and that of a later position only on the values after it.
PACKED_CELLS = np.arange(MAX_SIZE, dtype=np.int64) * 4
"""The bit offset of each cell's value in a packed permutation."""
_SPLIT = 4
"""The first cells, whose values rank by themselves (16 bits), then the rest (20 bits)."""


@cache
def _packed_tables() -> dict[str, np.ndarray]:
    """The look-up tables, built once on first use (a few milliseconds, 5 MiB)."""
    tail = MAX_SIZE - _SPLIT
    tail_weights = [factorial(MAX_SIZE - 1 - position) for position in range(_SPLIT, MAX_SIZE)]
    tail_perms = np.array(list(all_orders(range(MAX_SIZE), tail)), dtype=np.int64)
    tail_lehmer = np.stack(
        [(tail_perms[:, k + 1 :] < tail_perms[:, k : k + 1]).sum(axis=1) for k in range(tail)], axis=1
    )
    tail_key = (tail_perms << PACKED_CELLS[:tail]).sum(axis=1)
    tail_rank = np.zeros(1 << 4 * tail, dtype=np.int32)
    tail_rank[tail_key] = tail_lehmer @ np.array(tail_weights)
    heads = unrank(np.arange(factorial(MAX_SIZE) // factorial(tail)) * factorial(tail), MAX_SIZE)[:, :_SPLIT]
    heads = heads.astype(np.int64)
    head_rank = np.zeros(1 << 4 * _SPLIT, dtype=np.int32)
    head_rank[(heads << PACKED_CELLS[:_SPLIT]).sum(axis=1)] = np.arange(heads.shape[0]) * factorial(tail)
    used = (np.int64(1) << heads).sum(axis=1)
    # rest[used, lo]: the last cells' values, packed, when the first cells use `used` and the rank ends in lo.
    rest = np.zeros((1 << MAX_SIZE, factorial(tail)), dtype=np.int64)
    rest_inverse = np.zeros_like(rest)
    low = np.arange(factorial(tail))
    order = unrank(low, tail).astype(np.int64)  # the relative order of the last cells for each lo
    for mask in np.unique(used).tolist():
        free = np.array([value for value in range(MAX_SIZE) if not mask >> value & 1], dtype=np.int64)
        values = free[order]
        rest[mask] = (values << PACKED_CELLS[_SPLIT:]).sum(axis=1)
        rest_inverse[mask] = (np.arange(_SPLIT, MAX_SIZE, dtype=np.int64) << 4 * values).sum(axis=1)
    return {
        "head_rank": head_rank,
        "tail_rank": tail_rank,
        "head": (heads << PACKED_CELLS[:_SPLIT]).sum(axis=1),
        "head_inverse": (np.arange(_SPLIT, dtype=np.int64) << 4 * heads).sum(axis=1),
        "head_used": used,
        "rest": rest,
        "rest_inverse": rest_inverse,
    }


def pack(perms: np.ndarray) -> np.ndarray:
    """An (n, 9) array of permutations of 0..8 as packed integers (int64)."""
    head, tail = np.zeros(len(perms), dtype=np.int32), np.zeros(len(perms), dtype=np.int32)
    for cell in range(_SPLIT):  # column by column: faster than a sum over each row of nine
        head |= perms[:, cell].astype(np.int32) << 4 * cell
    for cell in range(_SPLIT, MAX_SIZE):
        tail |= perms[:, cell].astype(np.int32) << 4 * (cell - _SPLIT)
    return head | tail.astype(np.int64) << 4 * _SPLIT


def rank_packed(packed: np.ndarray) -> np.ndarray:
    """`rank` of packed permutations (int64)."""
    tables = _packed_tables()
    head = tables["head_rank"][packed & (1 << 4 * _SPLIT) - 1]
    return head.astype(np.int64) + tables["tail_rank"][packed >> 4 * _SPLIT]


def unrank_packed(ranks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The packed permutations of `ranks`, and their inverses packed the same
    way (value v's cell in bits 4v..4v+3), which say where each value is."""
    tables = _packed_tables()
    high, low = np.divmod(np.asarray(ranks, dtype=np.int64), factorial(MAX_SIZE - _SPLIT))
    used = tables["head_used"][high]
    packed = tables["head"][high] | tables["rest"][used, low]
    return packed, tables["head_inverse"][high] | tables["rest_inverse"][used, low]


def swap_packed(packed: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Packed permutations with the values of cells `first` and `second` exchanged."""
    first_shift, second_shift = 4 * np.asarray(first, dtype=np.int64), 4 * np.asarray(second, dtype=np.int64)
    difference = ((packed >> first_shift) ^ (packed >> second_shift)) & 15
    return packed ^ (difference << first_shift) ^ (difference << second_shift)


def unpack(packed: np.ndarray) -> np.ndarray:
    """The (n, 9) values of packed permutations."""
    return (packed[:, None] >> PACKED_CELLS) & 15
