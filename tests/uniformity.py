"""Pearson's chi-square test of counts against what a uniform draw expects,
for the tests of randomly drawn instances, written apart from the code (no
SciPy): the statistic, and the value a fair draw stays under with probability
0.999 (the Wilson-Hilferty approximation of the chi-square quantile: 3% above
the exact one at 1 degree of freedom, 1.4% at 4, 0.6% at 10, less beyond). The tests draw from fixed
seeds, so each passes or fails the same on every run; the 1 in 1,000 is the
chance that the seed chosen makes a fair draw look biased, and then the test
fails every time, never now and then."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z_999 = 3.090232
"""The standard normal quantile at 0.999."""
LEAST_EXPECTED = 5
"""Fewer expected in a category than this and it is merged with the next (the usual rule for the test)."""


def critical(freedom: int) -> float:
    """The chi-square value with `freedom` degrees of freedom exceeded with probability 0.001."""
    ninth = 2 / (9 * freedom)
    return freedom * (1 - ninth + Z_999 * math.sqrt(ninth)) ** 3


def chi_square(observed: Sequence[float], shares: Sequence[float]) -> tuple[float, int]:
    """The statistic and its degrees of freedom for `observed` counts where
    category i should hold a share `shares[i]` (they need not sum to 1: they
    are scaled), categories expected fewer than 5 times merged into the next."""
    total, weight = sum(observed), sum(shares)
    merged: list[tuple[float, float]] = []
    seen = expected = 0.0
    for count, share in zip(observed, shares, strict=True):
        seen, expected = seen + count, expected + total * share / weight
        if expected >= LEAST_EXPECTED:
            merged.append((seen, expected))
            seen = expected = 0.0
    if expected or seen:  # what is left joins the last category
        last_seen, last_expected = merged.pop() if merged else (0.0, 0.0)
        merged.append((last_seen + seen, last_expected + expected))
    statistic = sum((seen - expected) ** 2 / expected for seen, expected in merged)
    return statistic, len(merged) - 1


def assert_uniform(observed: Sequence[float], shares: Sequence[float], what: str) -> None:
    """Fail, saying so, where `observed` is further from `shares` than a fair draw goes once in 1,000 runs."""
    statistic, freedom = chi_square(observed, shares)
    assert freedom >= 1, f"{what}: a single category tests nothing"
    limit = critical(freedom)
    assert statistic <= limit, (
        f"{what}: chi-square {statistic:.1f} over {freedom} degrees of freedom (limit {limit:.1f})"
    )
