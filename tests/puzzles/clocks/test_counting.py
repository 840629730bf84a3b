"""puzzles/clocks/counting.py: one setting's count, worked out from the
dials by look-ups and bit counts (what a probe asks of every successor),
against the brute-force count of shortest move sequences over the whole
space (`shortest_paths`)."""

from __future__ import annotations

from counted_spaces import counted

from ninebase import puzzles


def test_every_settings_count_equals_the_enumeration() -> None:
    _, _, count = counted("clocks")  # a state of the space is the board of the same number
    counting = puzzles.get("clocks").counting
    assert [counting.count(None, board) for board in range(len(count))] == count.tolist()
