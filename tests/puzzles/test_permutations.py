"""Permutations packed into integers rank, unrank, swap and invert as the
Lehmer code of the plain arrays says."""

from __future__ import annotations

from math import factorial

import numpy as np

from ninebase.puzzles import permutations


def test_packed_permutations_rank_as_the_lehmer_code() -> None:
    ranks = np.random.default_rng(1).integers(0, factorial(9), 20_000)
    perms = permutations.unrank(ranks, 9)
    packed, inverse = permutations.unrank_packed(ranks)
    assert (packed == permutations.pack(perms)).all() and (permutations.unpack(packed) == perms).all()
    assert (permutations.rank_packed(packed) == ranks).all()
    assert (np.take_along_axis(permutations.unpack(inverse), perms.astype(np.int64), 1) == np.arange(9)).all()
    swapped = permutations.swap_packed(packed, np.full(ranks.size, 2), np.full(ranks.size, 7))
    expected = perms.copy()
    expected[:, [2, 7]] = perms[:, [7, 2]]
    assert (permutations.unpack(swapped) == expected).all()
