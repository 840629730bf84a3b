"""12-hour dials and backward moves (seed 001's closing exercise): the
algebraic answers against a brute-force search and a replay, and settings
drawn at random from all of them alike."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest
from click.testing import CliRunner
from rules import clock_turn
from uniformity import assert_uniform

from ninebase import lookup, puzzles
from ninebase.lookup import solve_variant
from ninebase.lookup.cli import main
from ninebase.puzzles import InputError


def settings_by_fewest_moves(positions: int, backward: bool, depth: int) -> dict[tuple[int, ...], int]:
    """BFS outwards from all dials at 12, undoing moves: every setting that
    needs at most `depth` moves, with how many it needs."""
    solved = (12,) * 9
    moves = [m for m in range(1, 10)] + ([-m for m in range(1, 10)] if backward else [])
    found = {solved: 0}
    layer = [solved]
    for level in range(1, depth + 1):
        following = []
        for hours in layer:
            for move in moves:
                before = clock_turn(hours, -move, positions)  # the setting this move solves one step of
                if before not in found:
                    found[before] = level
                    following.append(before)
        layer = following
    return found


@pytest.mark.parametrize(("positions", "backward", "depth"), [(12, False, 4), (12, True, 3), (4, True, 3)])
def test_against_breadth_first_search(positions: int, backward: bool, depth: int) -> None:
    for hours, needed in settings_by_fewest_moves(positions, backward, depth).items():
        solution = solve_variant("clocks", list(hours), hours=positions, backward=backward)
        assert solution.distance == needed == len(solution.moves), hours
        replayed = hours
        for move in solution.moves:
            replayed = clock_turn(replayed, move, positions)
        assert replayed == (12,) * 9
        assert solution.moves == sorted(solution.moves, key=abs)


def test_random_settings_replay_and_backward_never_costs_more() -> None:
    rng = random.Random(12)
    for _ in range(300):
        hours = [rng.randrange(1, 13) for _ in range(9)]
        forward = solve_variant("clocks", hours, hours=12)
        either = solve_variant("clocks", hours, hours=12, backward=True)
        assert either.distance <= forward.distance
        for solution in (forward, either):
            replayed = tuple(hours)
            for move in solution.moves:
                replayed = clock_turn(replayed, move, 12)
            assert replayed == (12,) * 9
        assert all(move > 0 for move in forward.moves)
        # each move's net turns agree modulo 12: the answer is unique up to direction
        for move in range(1, 10):
            net = lambda s, move=move: sum(1 if m == move else -1 if m == -move else 0 for m in s.moves)  # noqa: E731
            assert (net(forward) - net(either)) % 12 == 0


def test_cli_hours_and_backward(tmp_path) -> None:
    result = CliRunner().invoke(
        main,
        ["solve", "clocks", "--hours", "12", "--backward", "--json", "11", "1", "12", "6", "6", "6", "6", "3", "6"],
    )
    answer = json.loads(result.output)
    assert result.exit_code == 0 and answer["rule"] == {"hours": 12, "backward": True}
    assert answer["distance"] == len(answer["moves"]) and any(m < 0 for m in answer["moves"])
    bad = CliRunner().invoke(main, ["solve", "clocks", "--hours", "12", "13", "1", "12", "6", "6", "6", "6", "3", "6"])
    assert bad.exit_code == 2 and "'13' is not a clock value (1..12)" in bad.output
    batch = CliRunner().invoke(main, ["solve", "clocks", "--backward", "--batch"], input="9 9 12 6 6 6 6 3 6\n1 2 3\n")
    lines = [json.loads(line) for line in batch.output.splitlines()]
    assert lines[0]["moves"] == [4, 5, 8, 9] and "error" in lines[1]


def test_backward_is_a_flag_and_no_word_for_off_turns_it_on() -> None:
    off = solve_variant("clocks", "3 3 3 3 3 3 3 3 3", backward=False).distance
    assert off == solve_variant("clocks", "3 3 3 3 3 3 3 3 3", backward=None).distance == 23
    assert solve_variant("clocks", "3 3 3 3 3 3 3 3 3", backward=True).distance == 13  # 3 backward turns of each
    for value in ("no", "false", "0", "yes", 2):
        with pytest.raises(InputError, match=f"backward is '{value}'; it is on or off: True or False"):
            solve_variant("clocks", "3 3 3 3 3 3 3 3 3", backward=value)


def test_drawn_settings_are_every_setting_alike(tables: lookup.Tables) -> None:
    """With no table, the settings are drawn from all m^9 (all solvable): at
    12 hours each dial at each hour alike, the dials apart (a chi-square test
    from a fixed seed); with the IOI dials and backward turns, a count past
    the 4^9 settings gives each exactly once."""
    twelve = tables.draw(puzzles.get("clocks").variant({"hours": "12"}), 3000, seed=12)
    drawn = np.array([text.split() for text in twelve], dtype=int)
    assert len(set(twelve)) == 3000
    for dial in range(9):
        assert_uniform(np.bincount(drawn[:, dial], minlength=13)[1:].tolist(), [1] * 12, f"dial {dial + 1}")
    backward = tables.draw(puzzles.get("clocks").variant({"backward": True}), 10**6, seed=1)
    every = {" ".join(setting) for setting in itertools.product(("3", "6", "9", "12"), repeat=9)}
    assert len(backward) == 4**9 and set(backward) == every
    for text in twelve[:30]:
        solution = solve_variant("clocks", text, hours=12)
        replayed = tuple(int(value) for value in text.split())
        for move in solution.moves:
            replayed = clock_turn(replayed, move, 12)
        assert replayed == (12,) * 9
