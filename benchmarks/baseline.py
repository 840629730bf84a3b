"""Answers without tables, the way the seeds do it: a fresh search per query
in plain Python over the puzzle's rules. The benchmark times these against
the table lookups on the same queries."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from ninebase.puzzles import get
from ninebase.puzzles.cube.board import start_board
from ninebase.puzzles.sansu.board import LINES

Board = Hashable


def successors(puzzle: str) -> Callable[[Any], list[Any]]:
    rules = get(puzzle)

    def following(board: Any) -> list[Any]:
        found = []
        for move in range(len(rules.move_names)):
            after = rules.apply(board, move)
            if after is not None:  # None: a move off the board
                found.append(after)
        return found

    return following


def breadth_first(
    start: Board, is_goal: Callable[[Board], bool], expand: Callable[[Board], Iterable[Board]]
) -> int | None:
    """Seeds 000-003: search outwards from the query until a goal appears."""
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        board, depth = queue.popleft()
        if is_goal(board):
            return depth
        for following in expand(board):
            if following not in seen:
                seen.add(following)
                queue.append((following, depth + 1))
    return None


def meet_in_the_middle(start: Board, goals: list[Board], expand: Callable[[Board], Iterable[Board]]) -> int | None:
    """Seed 004 style: breadth-first from both ends, a whole layer at a time."""
    seen = [{start: 0}, dict.fromkeys(goals, 0)]
    if start in seen[1]:
        return 0
    layers = [[start], list(goals)]
    while layers[0] and layers[1]:
        side = 0 if len(layers[0]) <= len(layers[1]) else 1
        best = None
        following_layer = []
        for board in layers[side]:
            depth = seen[side][board] + 1
            for following in expand(board):
                if following in seen[side]:
                    continue
                seen[side][following] = depth
                following_layer.append(following)
                if following in seen[1 - side]:
                    total = depth + seen[1 - side][following]
                    best = total if best is None else min(best, total)
        if best is not None:
            return best
        layers[side] = following_layer
    return None


def _is_sansu(board: tuple[int, ...]) -> bool:
    return all(sum(board[c] + 1 for c in line) % 3 == 0 for line in LINES)


def _cube_goals(pattern: str) -> list[Board]:
    """Every board showing `pattern`: each cube's top fixed, two orientations each."""
    boards: list[list[int]] = [[]]
    for letter in pattern:
        options = [-1] if letter == "E" else [2 * "WBR".index(letter), 2 * "WBR".index(letter) + 1]
        boards = [[*board, option] for board in boards for option in options]
    return [(pattern.index("E"), tuple(board)) for board in boards]


def solve_without_tables(puzzle: str, board: Any) -> int | None:
    """Fewest moves for one parsed instance (the query layer's board)."""
    expand = successors(puzzle)
    if puzzle == "sansu":
        return breadth_first(board, _is_sansu, expand)
    if puzzle == "clocks":
        return breadth_first(board, (0).__eq__, expand)
    if puzzle == "eight":
        goal = (board[0], tuple(range(9)))
        return breadth_first(board, goal.__eq__, expand)
    if puzzle == "nine":
        return breadth_first(board, (511).__eq__, expand)
    if puzzle == "cube":
        start, pattern = board
        return meet_in_the_middle(start_board(start), _cube_goals(pattern), expand)
    rules = get(puzzle)
    if rules.instances_are_boards:  # any other puzzle of boards: a search with its own goal test
        return breadth_first(board, rules.is_goal, expand)
    raise NotImplementedError(f"no search without tables for {puzzle}")
