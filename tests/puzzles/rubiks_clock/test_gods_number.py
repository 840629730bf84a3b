"""puzzles/rubiks_clock/gods_number.py: the formulation against the 18-move solver, the count against a brute
force over every position at smaller moduli, the God's number recomputed and every position at it answered
by the solver, the stored result and the command."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from itertools import product

import clock_rules
import numpy as np
import pytest

from ninebase.puzzles.rubiks_clock import engine, gods_number, known
from ninebase.puzzles.rubiks_clock.solver import ALL_FOUR, solver

DISTANCES = range(19)


def as_text(dials: np.ndarray) -> str:
    return " ".join(str(int(value) or 12) for value in dials)


def brute_force_distribution(hours: int) -> np.ndarray:
    """How many positions save each amount (index: 18 - distance), every k tried for every position."""
    words = gods_number.codewords(hours)
    fronts = np.zeros((hours**5, 9), dtype=np.int64)
    fronts[:, 4:] = np.indices((hours,) * 5).reshape(5, -1).T
    backs = np.indices((hours,) * 9).reshape(9, -1).T
    front_hits = (words[None, :, :] == fronts[:, None, :]).sum(axis=-1).astype(np.int8)
    back_hits = sum((backs[:, [c]] == words[None, :, c]).astype(np.int8) for c in range(9))
    counts = np.zeros(19, dtype=np.int64)
    for hits in front_hits:
        counts += np.bincount((back_hits + hits).max(axis=1), minlength=19)
    return counts


def brute_force_completions(d: np.ndarray, hours: int) -> np.ndarray:
    """How many positions with front corners 0 and back corners d save each amount, every k tried."""
    words = gods_number.codewords(hours)
    corners = ((words[:, :4] == 0).astype(np.int8) + (words[:, :4] == d)).sum(axis=1)
    ordered = list(product(range(hours), repeat=2))
    tables = [
        np.array([(words[:, c] == a).astype(np.int8) + (words[:, c] == b) for a, b in ordered]) for c in range(4, 9)
    ]
    partial = corners[None, :]
    for table in tables[:3]:
        partial = (partial[:, None, :] + table[None, :, :]).reshape(-1, len(words))
    last = (tables[3][:, None, :] + tables[4][None, :, :]).reshape(-1, len(words))
    counts = np.zeros(19, dtype=np.int64)
    for row in partial:
        counts += np.bincount((last + row).max(axis=1), minlength=19)
    return counts


def test_the_formulation_is_the_solvers() -> None:
    """The solver's kernel is {(L(k), L(k))} in the module's coordinates, and 18 minus the best saving is the
    solver's distance; `dials_of` gives the position back."""
    engine18 = solver(18)
    kernel = np.zeros((len(ALL_FOUR), 18), dtype=np.int64)
    kernel[:, list(engine18.basis)] = -engine18.kernel % 12
    kernel[:, list(engine18.others)] = ALL_FOUR
    front = kernel[:, list(gods_number.FRONT)] * gods_number.SIGNS % 12
    back = kernel[:, list(gods_number.BACK)] * gods_number.SIGNS % 12
    assert (front == back).all()
    k = ALL_FOUR[:, ::-1]  # the back's UR DR DL UL pins turned, behind the front's UL DL DR UR
    sides = [k[:, 0] + k[:, 1], k[:, 1] + k[:, 2], k[:, 2] + k[:, 3], k[:, 3] + k[:, 0]]
    assert (front == np.column_stack([k, *sides, k.sum(axis=1)]) % 12).all()
    assert (np.unique(front, axis=0) == gods_number.codewords(12)).all()
    for dials in clock_rules.random_positions(300, seed=37):
        u, u2 = gods_number.pairs(dials)
        assert 18 - gods_number.best_saving(u, u2) == engine.distance(as_text(dials))
        assert (gods_number.dials_of(u, u2) == dials).all()


@pytest.mark.parametrize("hours", [2, 3])
def test_every_distance_at_a_smaller_modulus_is_counted_as_a_brute_force_counts_it(hours: int) -> None:
    """The clock's algebra over Z2 and Z3: the whole distribution `compute` gives equals a brute force over all
    hours^14 positions (4,782,969 at 3 hours), and so do the counts below 4 saved (none)."""
    brute = brute_force_distribution(hours)
    result, _ = gods_number.compute(0, hours)
    assert result["distribution"] == [int(brute[18 - distance]) for distance in range(15)]
    assert result["max_distance"] == 18 - np.flatnonzero(brute)[0]
    assert (np.diff(gods_number.at_most(hours, tuple(DISTANCES)), prepend=0) == brute).all()


def test_corner_classes_at_four_hours_are_counted_as_a_brute_force_counts_them() -> None:
    """Z4 (not a field, as Z12 is not): for three corner classes, every completion's best saving by a brute force
    over the 4^10 sides and centres and 256 k, against the count at every limit."""
    layout = gods_number.Layout.of(4)
    representatives, _ = gods_number.corner_classes(4)
    for d in representatives[[1, len(representatives) // 2, -1]]:
        counts = gods_number.completions(d, tuple(DISTANCES), layout)
        assert (np.diff(counts, prepend=0) == brute_force_completions(d, 4)).all()


def test_the_symmetries_keep_the_counts_every_corner_setting_at_four_hours_counted_alone() -> None:
    """Each of the 256 corner settings at 4 hours counted on its own: the classes' sums, each class's count
    times its size, are the same at every limit."""
    layout = gods_number.Layout.of(4)
    settings = np.indices((4,) * 4).reshape(4, -1).T
    alone = sum(gods_number.completions(d, tuple(DISTANCES), layout) for d in settings)
    assert (alone == gods_number.at_most(4, tuple(DISTANCES))).all()


def test_corner_classes_cover_every_corner_once() -> None:
    representatives, sizes = gods_number.corner_classes(12)
    assert sizes.sum() == 12**4
    assert len(representatives) == len(gods_number.AT_13_BY_CLASS) == 274


def test_the_gods_number_is_recomputed_and_every_position_at_it_is_answered_it_by_the_solver() -> None:
    """No position saves less than 4; those saving 4 (distance 14) are counted, listed by a plain search, closed
    under the symmetries, and each is answered 14 by the 18-move solver; each answer's back moves turn 6 hours
    from the front's (as the documents say)."""
    representatives, sizes = gods_number.corner_classes(12)
    below, counts = gods_number.by_class(12, (3, 4)).T
    assert not below.any()
    assert known.gods_number(18) == (14, sizes @ counts)
    found = np.concatenate([gods_number.examples(d, 4) for d in representatives[counts > 0]])
    assert len(found) == counts[counts > 0].sum()
    every = gods_number.orbit(found)
    assert len(every) == sizes @ counts
    assert {engine.distance(as_text(gods_number.dials_of(u, u2))) for u, u2 in every} == {14}
    assert ((every[:, 1] - every[:, 0]) % 12 == 6).all()


def test_the_count_at_13_is_the_stored_one() -> None:
    """The stored count at distance 13 is the stored classes' sum, and three classes recomputed give theirs; some
    positions the plain search finds at 13 are answered 13 by the solver."""
    representatives, sizes = gods_number.corner_classes(12)
    stored = np.array(gods_number.AT_13_BY_CLASS)
    assert sizes @ stored == known.COMPUTED_18[13]
    layout = gods_number.Layout.of(12)
    for place in np.random.default_rng(13).choice(len(representatives), 3, replace=False):
        at_most = gods_number.completions(representatives[place], (4, 5), layout)
        assert at_most[1] - at_most[0] == stored[place]
    found = gods_number.examples(representatives[np.argmax(stored)], 5, breadth=200)
    assert len(found) > 0
    for u, u2 in found[:: max(1, len(found) // 40)]:
        assert engine.distance(as_text(gods_number.dials_of(u, u2))) == 13


def test_the_stored_distribution_adds_up_and_meets_the_closed_form_near_solved_and_a_sample() -> None:
    """Every position once; up to 3 moves away each answer is its position's only one (two codewords are at
    least 8 apart), so the counts there are C(18, r) 11^r; 2,000 random positions' distances by the solver
    fall within five standard errors of each distance's share; the far end is the recomputed one."""
    distribution = list(known.COMPUTED_18)
    assert sum(distribution) == 12**14
    assert distribution[:4] == [math.comb(18, r) * 11**r for r in range(4)]
    sample = np.bincount(
        engine.distances(as_text(dials) for dials in clock_rules.random_positions(2000, seed=18)), minlength=15
    )
    share = np.array(distribution) / 12**14
    assert (np.abs(sample - 2000 * share) <= 5 * np.sqrt(2000 * share * (1 - share)) + 1).all()


def command(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ninebase.puzzles.rubiks_clock.gods_number", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )


def test_the_command_recomputes_the_gods_number_and_says_how_long_it_took() -> None:
    run = command("--down-to", "14")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "God's number in the 18-move metric: 14, reached by 576 positions"
    assert "s of CPU" in lines[2] and "s wall" in lines[2]


@pytest.mark.parametrize("arguments", [["--down-to", "15"], ["--fast"], ["--down-to"]])
def test_the_command_refuses_a_bad_argument_in_one_line(arguments: list[str]) -> None:
    run = command(*arguments)
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and "--down-to" in run.stderr
