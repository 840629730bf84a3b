"""What the explorer page shows of one position, from the puzzle's hooks
alone: the board and its goal, every move with what it does to the distance
and to the drawing, and the optimal solution (or the construction's, where
the puzzle's answers are not proven the fewest) as frames to play, or, when
the frames would be too many and the puzzle's moves can be replayed on one
drawing, as the list of moves the browser plays."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from typing import Any

from ninebase.lookup import Tables
from ninebase.puzzles import Change, Instance, Probe, Puzzle, Solution, Successor, plural

FRAME_BYTES = 128 * 1024
"""The most bytes of drawings the page holds for the steps of a solution; past
them, a puzzle whose moves can be replayed (`PageView.replayable`) is played in
the browser from the moves alone (a 64x64 nine's construction has thousands)."""


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


def row(puzzle: Puzzle, probed: Probe, board: Any, successor: Successor) -> MoveRow:
    """How a move shows beside `board` (played by its index, as the probe
    gives it); where distances are a construction's, what a move changes is its length."""
    distance, after = probed.distance, successor.distance
    if distance is None or after is None:
        kind, change = "unsolvable", "unsolvable"
    elif after < distance:
        kind, change = "keep", "keeps the optimum" if puzzle.exact else f"−{distance - after}, shorter"
    elif after == distance:
        kind, change = "same", "±0, also a goal" if after == 0 else "±0, no closer"
    else:
        kind, change = "lose", f"+{after - distance}, farther" if puzzle.exact else f"+{after - distance}, longer"
    move = successor.move
    return MoveRow(
        puzzle.move_label(move),
        move if isinstance(move, str) else json.dumps(move),
        successor.state,
        after,
        kind,
        change,
        motion_json(puzzle.page.move_changes(board, successor.index)),
        successor.count,
    )


def frames(puzzle: Puzzle, solution: Solution, drawn: str) -> list[Frame]:
    """The solution's moves played by their numbers from its first board
    (`drawn` already: the page's board), in the order they are reported
    (clocks reports its moves sorted)."""
    board = solution.boards[0]
    shown = [Frame("", drawn, "{}")]
    for index in played_moves(solution):
        changes = puzzle.page.move_changes(board, index)
        board = puzzle.apply(board, index)
        shown.append(Frame(puzzle.move_label(puzzle.move_value(index)), puzzle.page.svg(board), motion_json(changes)))
    return shown


def played_moves(solution: Solution) -> list[int]:
    """The moves' numbers the page plays; a puzzle's solve gives them (the contract's `solve`)."""
    if solution.indices is None:
        raise ValueError(f"{solution.puzzle}'s solution carries no move numbers (Solution.indices) to play")
    return solution.indices


def position(tables: Tables, puzzle: Puzzle, instance: Instance, way: int | None = None) -> dict[str, Any]:
    """Everything the templates show of one position (read once, as an
    instance); its solution drawn at random by seed `way` from every optimal
    one, where given (and counted)."""
    probed = tables.probe(puzzle, instance)
    board = instance.board
    page = puzzle.page
    solution = probed.solution
    rows = [row(puzzle, probed, board, successor) for successor in probed.successors or []]
    goal = page.goal(solution)
    distance = probed.distance
    counted = solution.count is not None and distance
    played = tables.random_solution(puzzle, instance, way) if counted and way is not None else solution
    drawn = page.svg(solution.boards[0])
    replayed = bool(distance) and page.replayable and len(drawn) * (len(played.moves) + 1) > FRAME_BYTES
    return {
        "puzzle": puzzle,
        "probe": probed,
        "state": solution.state,
        "status": status(puzzle, solution),
        "board": drawn,
        "caption": page.board_caption(board),
        "goal": None if goal is None else {"board": page.still(goal[0]), "caption": goal[1]},
        "unit": puzzle.unit,
        "moves": rows,
        "best": rows[0] if rows and distance else None,
        "frames": frames(puzzle, played, drawn) if distance and not replayed else [],
        "replay": replay(puzzle, played) if replayed else None,
        "panel": page.page_panel(board, partial(distances, tables, puzzle)),
        "count": solution.count,
        "way": way,
        "bound": solution.extra.get("bound"),
    }


def distances(tables: Tables, puzzle: Puzzle, boards: list[Any]) -> list[int | None]:
    """The fewest moves of each board (None: unsolvable), answered by `tables`: what a page view is handed."""
    return [tables.distance(puzzle, Instance(puzzle, board)) for board in boards]


def status(puzzle: Puzzle, solution: Solution) -> str:
    """The distance in words: how far, or why never; for a construction, that it is one, and its bound."""
    distance = solution.distance
    if distance is None:
        return "Unsolvable: " + solution.extra.get("reason", "no goal can be reached")
    if distance == 0:
        return plural(0, *puzzle.unit) + " — solved: this is a goal"
    if puzzle.exact:
        return plural(distance, *puzzle.unit) + " to the goal"
    bound = solution.extra.get("bound")
    most = f"; never more than {bound:,} at this size" if bound is not None else ""
    return f"{plural(distance, *puzzle.unit)} to the goal by a construction, not proven the fewest{most}"


def replay(puzzle: Puzzle, solution: Solution) -> dict[str, Any]:
    """A solution as the browser plays it: its moves as the move links name
    them (`data-move`), and as people read them."""
    moves = [puzzle.move_value(index) for index in played_moves(solution)]
    values = [move if isinstance(move, str) else json.dumps(move) for move in moves]
    labels = [puzzle.move_label(move) for move in moves]
    return {"moves": json.dumps(values, separators=(",", ":")), "labels": labels}


def example(tables: Tables, puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's example, drawn to be looked at (the rules page, the list of puzzles), and its goal."""
    state = puzzle.example()
    board = tables.parse(puzzle, state)
    solution = tables.solve(puzzle, board)
    goal = puzzle.page.goal(solution)
    return {
        "state": state,
        "board": puzzle.page.still(solution.boards[0]),
        "caption": puzzle.page.board_caption(board.board),
        "goal": None if goal is None else {"board": puzzle.page.still(goal[0]), "caption": goal[1]},
    }
