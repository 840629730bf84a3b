"""The answer objects: a solution's replayed boards index and slice as the list
of boards they stand for."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ninebase.puzzles.answers import Replay


@given(st.integers(min_value=0, max_value=30), st.data())
def test_replayed_boards_index_and_slice_as_their_list(moves: int, data: st.DataObject) -> None:
    boards = list(range(moves + 1))  # board i + 1 follows board i
    replay = Replay(boards[0], boards[-1], [1] * moves, lambda board, step: board + step)
    index = data.draw(st.integers(min_value=-len(boards), max_value=len(boards) - 1))
    start, stop = data.draw(st.integers(-40, 40)), data.draw(st.integers(-40, 40))
    assert replay[index] == boards[index] and replay[start:stop] == boards[start:stop]
    assert len(replay) == len(boards) and list(replay) == boards and replay == boards
