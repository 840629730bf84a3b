"""What the explorer page shows of one position, from the puzzle's hooks
alone: the board and its goal, every move with what it does to the distance
and to the drawing, and the optimal solution as frames to play."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ninebase.lookup import Tables
from ninebase.puzzles import Change, Probe, Puzzle, Solution, Successor, plural


@dataclass(frozen=True)
class MoveRow:
    """One legal move as the page lists it."""

    label: str
    value: str
    """`data-move`: the move as in `moves` (JSON for a non-string, such as sansu's [i, j])."""
    state: str
    distance: int | None
    kind: str
    """keep (one closer), same (no closer), lose (farther) or unsolvable."""
    change: str
    motion: str
    ways: int | None = None
    """The optimal solutions from the position the move leads to, where the puzzle counts them."""


@dataclass(frozen=True)
class Frame:
    """One board of the solution: the start, or the board after a move."""

    label: str
    """The move that led here, written for people ("" for the start)."""
    board: str
    motion: str
    """What the move that led here did, as `motion_json` writes it ("{}" for the start)."""


def motion_json(changes: dict[int, Change]) -> str:
    """`data-motion` for the script: {cell: [source cell, degrees turned]}."""
    return json.dumps(
        {str(cell): [change.source, change.turn] for cell, change in changes.items()}, separators=(",", ":")
    )


def move_index(puzzle: Puzzle) -> dict[str, int]:
    """Each move's JSON value (as text) to its index, so a reported move can be played again."""
    return {json.dumps(puzzle.move_value(move)): move for move in range(len(puzzle.move_names))}


def row(puzzle: Puzzle, probed: Probe, board: Any, successor: Successor, index: int) -> MoveRow:
    """How a move (`index` in the puzzle's move order) shows beside `board`."""
    distance, after = probed.distance, successor.distance
    if distance is None or after is None:
        kind, change = "unsolvable", "unsolvable"
    elif after < distance:
        kind, change = "keep", "keeps the optimum"
    elif after == distance:
        kind, change = "same", "±0, also a goal" if after == 0 else "±0, no closer"
    else:
        kind, change = "lose", f"+{after - distance}, farther"
    move = successor.move
    return MoveRow(
        puzzle.move_label(move),
        move if isinstance(move, str) else json.dumps(move),
        successor.state,
        after,
        kind,
        change,
        motion_json(puzzle.page.move_changes(board, index)),
        successor.count,
    )


def frames(puzzle: Puzzle, solution: Solution) -> list[Frame]:
    """The solution's moves played from its first board, in the order they
    are reported (clocks reports its moves sorted)."""
    board = solution.boards[0]
    shown = [Frame("", puzzle.page.svg(board), "{}")]
    indices = move_index(puzzle)
    for move in solution.moves:
        index = indices[json.dumps(move)]
        changes = puzzle.page.move_changes(board, index)
        board = puzzle.apply(board, index)
        shown.append(Frame(puzzle.move_label(move), puzzle.page.svg(board), motion_json(changes)))
    return shown


def position(tables: Tables, puzzle: Puzzle, board: Any, way: int | None = None) -> dict[str, Any]:
    """Everything the templates show of one position; its solution drawn at
    random by seed `way` from every optimal one, where given (and counted)."""
    probed = tables.probe(puzzle, puzzle.compact(board))
    page = puzzle.page
    solution = probed.solution
    indices = move_index(puzzle)
    rows = [
        row(puzzle, probed, board, successor, indices[json.dumps(successor.move)])
        for successor in probed.successors or []
    ]
    goal = page.goal(solution)
    distance = probed.distance
    counted = solution.count is not None and distance
    played = tables.random_solution(puzzle, solution.state, way) if counted and way is not None else solution
    if distance is None:
        status = "Unsolvable: " + solution.extra.get("reason", "no goal can be reached")
    else:
        status = plural(distance, *puzzle.unit) + (" — solved: this is a goal" if distance == 0 else " to the goal")
    return {
        "puzzle": puzzle,
        "probe": probed,
        "state": solution.state,
        "status": status,
        "board": page.svg(solution.boards[0]),
        "caption": page.board_caption(board),
        "goal": None if goal is None else {"board": page.svg(goal[0]), "caption": goal[1]},
        "unit": puzzle.unit,
        "moves": rows,
        "best": rows[0] if rows and distance else None,
        "frames": frames(puzzle, played) if distance else [],
        "panel": page.page_panel(tables.table(puzzle), board),
        "count": solution.count,
        "way": way,
    }
