"""puzzles/rubiks_clock/solver.py's 30-move distance against an exact method written apart from it, position by
position: support enumeration with span membership mod 3 and mod 4 (tests/clock_spans.py), itself checked on
spans enumerated element by element, near solved by a plain search, as a lower bound of moves made and on a
published distance-12 position."""

from __future__ import annotations

import functools

import clock_rules
import clock_spans
import numpy as np
import pytest

from ninebase.puzzles.rubiks_clock import solver


@functools.cache
def distance30() -> clock_spans.Distance30:
    """The method, set up once a process (about 3 s of CPU; a module fixture would be set up again where the
    slow test is run apart from the others)."""
    return clock_spans.Distance30()


def keys(vectors: np.ndarray, q: int) -> np.ndarray:
    """Vectors of Z_q^9 (one a row) as integers in base q."""
    return vectors.astype(np.int64) @ q ** np.arange(9)


def enumerated_span(moves: np.ndarray, q: int) -> np.ndarray:
    """Every element of the span mod q of the moves (rows), as sorted keys."""
    elements = np.zeros((1, 9), dtype=np.int64)
    for move in moves:
        elements = (elements[:, None, :] + np.arange(q)[None, :, None] * move).reshape(-1, 9) % q
        elements = elements[np.unique(keys(elements, q), return_index=True)[1]]
    return np.sort(keys(elements, q))


@pytest.mark.parametrize("modulus", clock_spans.MODULI, ids=lambda modulus: f"mod {modulus[0]}")
def test_the_howell_forms_decide_membership_and_cosets_as_enumerated_spans_do(modulus: tuple[int, int, int]) -> None:
    """For every face's set of all its moves and random sets: reducing by the set's form is exact on every vector
    of the span and on no other, and leaves one representative a coset (as many as q^9 over the span's size)."""
    q, p, e = modulus
    every = clock_spans.residues(q, 9)
    rng = np.random.default_rng(q)
    for moves in clock_spans.face_moves()[3:]:
        pivot, rows = clock_spans.howell_forms(moves, q, p, e)
        divisors = clock_spans.divisors(pivot, q)
        for subset in [2**15 - 1, *rng.integers(1, 2**15, 10)]:
            span = enumerated_span(moves[[i for i in range(15) if subset >> i & 1]], q)
            exact, reduced = clock_spans.reduce(
                every.T.copy(),
                np.broadcast_to(divisors[subset][:, None], (9, len(every))),
                np.broadcast_to(rows[subset][:, :, None], (9, 9, len(every))),
                range(9),
                q,
            )
            assert (exact == np.isin(keys(every, q), span)).all(), subset
            assert len(np.unique(keys(reduced.T, q))) * len(span) == q**9, subset


def test_near_solved_the_method_gives_the_plain_search_s_distance() -> None:
    """Every position one move away and 100 of the 51,651 two away."""
    method = distance30()
    layers = clock_rules.layers(clock_rules.MOVES_30, 2)
    layers[2] = layers[2][np.random.default_rng(2).choice(len(layers[2]), 100, replace=False)]
    for distance, layer in enumerate(layers):
        assert {method(dials) for dials in layer} == {distance}


def test_the_method_is_at_most_the_moves_made_and_the_18_move_distance() -> None:
    """Positions made by r of the 30 moves, r from 3 to 8, are at most r away, and at most their 18-move distance
    (the tests' brute force over that metric's kernel)."""
    method = distance30()
    rng = np.random.default_rng(8)
    moves = np.array(clock_rules.MOVES_30)
    for made in range(3, 9):
        for _ in range(8):
            chosen = rng.choice(30, made, replace=False)
            dials = rng.integers(1, 12, made) @ moves[chosen] % 12
            distance = method(dials)
            assert distance <= made and distance <= int(clock_rules.kernel_weights_18(dials).min())


def test_a_published_distance_12_position_is_12_by_the_method() -> None:
    assert distance30()(clock_rules.from_optclock(clock_rules.KOGLER_12)) == 12


@pytest.mark.slow  # about 40 s of CPU (the method 16 ms a position, the solver 1.6)
def test_the_30_move_distance_is_the_support_enumeration_s_on_2000_random_positions() -> None:
    method = distance30()
    product = solver.solver(30)
    positions = clock_rules.random_positions(2000, 30)
    found = [(product.distance(dials), method(dials)) for dials in positions]
    different = [(dials.tolist(), pair) for dials, pair in zip(positions, found, strict=True) if pair[0] != pair[1]]
    assert different == []
