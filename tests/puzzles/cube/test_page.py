"""puzzles/cube/page.py: the pattern editor beside a position, built from the
distances it is handed (the page's answers), not from the table."""

from __future__ import annotations

from ninebase import lookup, puzzles
from ninebase.puzzles import Instance


def test_the_pattern_editor_shows_the_distances_it_is_handed(tables: lookup.Tables) -> None:
    cube = puzzles.get("cube")
    instance = tables.parse(cube, cube.example())
    asked: list[object] = []

    def distances(boards: list[object]) -> list[int | None]:
        asked.extend(boards)
        return [tables.distance(cube, Instance(cube, board)) for board in boards]

    panel = cube.page.page_panel(instance.board, distances)
    start, pattern = instance.board
    assert asked and all(board[0] == start and board[1] != pattern for board in asked)  # the same start, other patterns
    shown = [tables.distance(cube, Instance(cube, board)) for board in asked]
    assert [f"<small>{distance}</small>" in panel for distance in shown] == [True] * len(shown)
    other = cube.page.page_panel(instance.board, lambda boards: [None] * len(boards))  # what it is handed, no more
    assert other.count("<small>—</small>") == len(asked) and "<small>—</small>" not in panel
