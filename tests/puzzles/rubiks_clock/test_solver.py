"""puzzles/rubiks_clock/solver.py against evidence written apart from it (tests/clock_rules.py): a plain
breadth-first search near solved, the published 30-move counts and mean, a brute force over the 18-move
kernel, and every answer replayed on the tests' model."""

from __future__ import annotations

import itertools

import clock_rules
import numpy as np
import pytest

from ninebase.puzzles.rubiks_clock import engine, solver

PUBLISHED_30 = [
    1,
    330,
    51_651,
    4_947_912,
    317_141_342,
    14_054_473_232,
    428_862_722_294,
    8_621_633_953_202,
    101_600_180_118_726,
    528_107_928_328_516,
    613_251_601_892_918,
    31_893_880_879_492,
    39_248,
]
"""The 30-move metric's distance distribution as published by Tomas Rokicki ("Rubik's Clock Solved", a coset
solver over the 12^5 front crosses, after Jakob Kogler's proof that God's number is 12)."""

MOVES = {18: clock_rules.MOVES_18, 30: clock_rules.MOVES_30}


def replayed(dials: np.ndarray, answer: engine.ClockAnswer) -> bool:
    """Whether the answer's tokens, read as a scramble from the position on the tests' model, solve it."""
    return not clock_rules.apply_scramble(" ".join(answer.moves), dials).any()


def as_text(dials: np.ndarray) -> str:
    return " ".join(str(int(value) or 12) for value in dials)


@pytest.mark.parametrize("metric", [18, 30])
def test_every_position_one_move_away_and_two_moves_away_is_answered_its_distance(metric: int) -> None:
    """Every position of both layers in the 18-move metric; in the 30-move one every position one move away
    and 4,000 of the 51,651 two away (all of them take two minutes)."""
    engine_ = solver.solver(metric)
    layers = clock_rules.layers(MOVES[metric], 2)
    assert [len(layer) for layer in layers] == ([1, 198, 18_513] if metric == 18 else PUBLISHED_30[:3])
    if metric == 30:
        layers[2] = layers[2][np.random.default_rng(30).choice(len(layers[2]), 4000, replace=False)]
    for distance, layer in enumerate(layers):
        assert {engine_.distance(dials) for dials in layer} == {distance}


@pytest.mark.parametrize("metric", [18, 30])
def test_two_moves_away_every_way_of_making_a_position_is_counted(metric: int) -> None:
    moves = np.array(MOVES[metric])
    made: dict[int, int] = {}
    for (first, second), (a, b) in itertools.product(
        itertools.combinations(range(metric), 2), [(a, b) for a in range(1, 12) for b in range(1, 12)]
    ):
        position = int(clock_rules.key((a * moves[first] + b * moves[second]) % 12))
        made[position] = made.get(position, 0) + 1
    layer = clock_rules.layers(MOVES[metric], 2)[2]
    sample = layer if metric == 18 else layer[np.random.default_rng(2).choice(len(layer), 150, replace=False)]
    engine_ = solver.solver(metric)
    for dials in sample:
        assert engine_.count(-dials % 12) == made[int(clock_rules.key(-dials % 12))], dials


def test_the_published_30_move_count_at_distance_3() -> None:
    layers = clock_rules.layers(clock_rules.MOVES_30, 2)
    assert clock_rules.next_layer_size(clock_rules.MOVES_30, layers) == PUBLISHED_30[3]


@pytest.mark.slow
def test_the_18_move_metric_against_a_brute_force_over_its_kernel() -> None:
    engine_ = solver.solver(18)
    for dials in clock_rules.random_positions(2000, 18):
        weights = clock_rules.kernel_weights_18(dials)
        best = int(weights.min())
        assert engine_.distance(dials) == best
        assert engine_.count(dials) == int(np.count_nonzero(weights == best))
        assert replayed(dials, engine.solve(as_text(dials), 18))


@pytest.mark.slow
def test_the_30_move_mean_is_the_published_one_within_sampling_error() -> None:
    counts = np.array(PUBLISHED_30, dtype=float)
    distances = np.arange(len(counts))
    mean = (counts * distances).sum() / counts.sum()
    spread = np.sqrt((counts * (distances - mean) ** 2).sum() / counts.sum())
    assert round(mean, 4) == 9.4337
    engine30, engine18 = solver.solver(30), solver.solver(18)
    positions = clock_rules.random_positions(2000, 30)
    found = np.array([engine30.distance(dials) for dials in positions])
    assert abs(found.mean() - mean) < 4 * spread / np.sqrt(len(found)), found.mean()
    assert found.max() <= 12
    for dials, distance in zip(positions[:300], found[:300], strict=True):
        answer = engine.solve(as_text(dials), 30)
        assert answer.distance == distance and replayed(dials, answer)
        assert distance <= engine18.distance(dials)


@pytest.mark.parametrize("metric", [18, 30])
def test_every_optimal_answer_is_distinct_replays_and_is_counted(metric: int) -> None:
    rng = np.random.default_rng(metric)
    checked = 0
    for dials in clock_rules.random_positions(60, metric):
        text = as_text(dials)
        total = engine.count(text, metric)
        if total > 40:
            continue
        answers = [engine.nth(text, n, metric) for n in range(total)]
        assert len({answer.coefficients.tobytes() for answer in answers}) == total
        assert all(replayed(dials, answer) for answer in answers)
        assert len({answer.distance for answer in answers}) == 1
        assert replayed(dials, engine.random_answer(text, metric, rng))
        with pytest.raises(IndexError):
            engine.nth(text, total, metric)
        checked += 1
    assert checked >= 20


def test_a_published_distance_12_position_is_answered_12() -> None:
    dials = clock_rules.from_optclock(clock_rules.KOGLER_12)
    answer = engine.solve(as_text(dials), 30)
    assert answer.distance == solver.solver(30).distance(dials) == 12 and replayed(dials, answer)
