"""The Rubik's Clock engine's entry points: a position in, exact answers out, in either metric.

Not yet a registered puzzle (issue 37 waits for issue 36's contract): the front
ends will wrap these. An answer's `moves` are WCA tokens in the input's frame
(front moves, then `y2` and the back's); read as a scramble from the position,
first face in front, they solve it. Solutions are counted as sets of moves with
their amounts: moves commute, so another order is not another solution.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .model import METRICS
from .notation import ClockInputError, read_dials, read_position, write_dials, write_moves
from .solver import check, solver

Position = str | Sequence[int] | np.ndarray
"""A WCA scramble, the 18-dial compact form, or the 18 dials as numbers 1..12."""


def dials_of(position: Position) -> np.ndarray:
    """The 18 dials (0..11) of a position, read or refused with a ClockInputError."""
    if isinstance(position, str):
        return read_position(position)
    return read_dials(" ".join(str(value) for value in np.asarray(position).reshape(-1).tolist()))


def _metric(metric: int) -> int:
    """The metric, refused unless 18 or 30."""
    if metric not in METRICS:
        raise ClockInputError(f"the metric is 18 or 30, not {metric!r}")
    return metric


@dataclass(frozen=True)
class ClockAnswer:
    """One optimal answer: its length and the turn of each of the metric's moves."""

    metric: int
    dials: np.ndarray
    coefficients: np.ndarray

    @property
    def distance(self) -> int:
        """The number of moves (`y2` is not one)."""
        return int(np.count_nonzero(self.coefficients))

    @property
    def moves(self) -> list[str]:
        """The answer in WCA notation, in the input's frame."""
        return write_moves(self.coefficients, METRICS[self.metric])

    def to_dict(self) -> dict[str, object]:
        """The JSON answer: the position's compact form, the metric, the distance and the moves."""
        return {
            "puzzle": "rubiks-clock",
            "state": write_dials(self.dials),
            "metric": self.metric,
            "distance": self.distance,
            "moves": self.moves,
        }


def distance(position: Position, metric: int = 18) -> int:
    """The fewest moves that solve the position."""
    return solver(_metric(metric)).distance(dials_of(position))


def distances(positions: Iterable[Position], metric: int = 18) -> np.ndarray:
    """The fewest moves of each position, as an array."""
    engine = solver(_metric(metric))
    return np.array([engine.distance(dials_of(position)) for position in positions], dtype=np.int8)


def count(position: Position, metric: int = 18) -> int:
    """How many optimal answers there are, as sets of moves with their amounts."""
    return solver(_metric(metric)).count(dials_of(position))


def nth(position: Position, n: int, metric: int = 18) -> ClockAnswer:
    """The n-th optimal answer (0-based) in the engine's fixed order; IndexError past the last."""
    dials = dials_of(position)
    engine = solver(_metric(metric))
    total = engine.count(dials)
    if not 0 <= n < total:
        raise IndexError(f"there are {total} optimal answers, numbered 0 to {total - 1}")
    coefficients = engine.nth(dials, n)
    assert check(dials, coefficients, metric), "an answer that does not solve"
    return ClockAnswer(metric, dials, coefficients)


def solve(position: Position, metric: int = 18) -> ClockAnswer:
    """One optimal answer (the first in the engine's order), without counting them all."""
    dials = dials_of(position)
    coefficients = solver(_metric(metric)).first(dials)
    assert check(dials, coefficients, metric), "an answer that does not solve"
    return ClockAnswer(metric, dials, coefficients)


def random_answer(position: Position, metric: int = 18, rng: np.random.Generator | None = None) -> ClockAnswer:
    """An optimal answer drawn uniformly among them all."""
    total = count(position, metric)
    generator = rng if rng is not None else np.random.default_rng()
    return nth(position, int(generator.integers(total)), metric)
