"""`ninebase check`: judge a proposed answer, in the original output format,
against the exact tables: optimal, valid (legal but longer) or invalid."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from build_tables import permutations
from build_tables.engine import breadth_first
from build_tables.puzzles import get as rules_of
from build_tables.puzzles.sansu import LINES, Sansu

from .parsing import content_lines, shown
from .puzzles import get
from .tables import Tables

OPTIMAL, VALID, INVALID = "optimal", "valid", "invalid"
EXIT_STATUS = {OPTIMAL: 0, VALID: 1, INVALID: 3}
ORIGINAL_LIMIT = {"nine": 81}
"""The original judges' own limits on the length of an answer."""


@dataclass(frozen=True)
class Verdict:
    kind: str
    detail: str

    def line(self) -> str:
        return f"{self.kind}: {self.detail}"


class Malformed(Exception):
    """The proposed answer is not in the original output format."""


def check(tables: Tables, puzzle: str, boards: list[Any], answer_text: str) -> Verdict:
    """The verdict on `answer_text` for the instance(s) read from the original input."""
    try:
        if puzzle == "cube":
            return _check_cube(tables, boards, answer_text)
        return _check_moves(tables, puzzle, boards[0], answer_text)
    except Malformed as error:
        return Verdict(INVALID, f"malformed answer: {error}")


def _integer(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise Malformed(f"{what} is {shown(text)}, not a whole number") from None


def _lines(answer_text: str) -> list[str]:
    return [line.strip() for line in answer_text.splitlines()]


def _check_cube(tables: Tables, instances: list[Any], answer_text: str) -> Verdict:
    answers = [line for _, line in content_lines(answer_text)]
    if len(answers) != len(instances):
        return Verdict(INVALID, f"wrong count: {len(answers)} answers for {len(instances)} datasets")
    handler = get("cube")
    for number, (instance, answer) in enumerate(zip(instances, answers), 1):
        value = _integer(answer.strip(), f"the answer to dataset {number}")
        expected = handler.distance(tables, instance)
        contest = expected if expected is not None and expected <= 30 else -1
        if value != contest:
            exact = "unreachable" if expected is None else f"{expected} rolls"
            return Verdict(INVALID, f"dataset {number}: answer {value}, but the contest answer is {contest} ({exact})")
    return Verdict(OPTIMAL, f"all {len(instances)} answers are the fewest rolls (-1 above 30)")


def _check_moves(tables: Tables, puzzle: str, board: Any, answer_text: str) -> Verdict:
    handler = get(puzzle)
    optimum = handler.distance(tables, board)
    lines = _lines(answer_text)
    while lines and not lines[-1]:
        lines.pop()
    if puzzle == "clocks":
        return _judge_sequence(puzzle, board, optimum, [_integer(t, "a move") for t in " ".join(lines).split()], None)
    if not lines:
        raise Malformed("it is empty")
    count = _integer(lines[0], "the count on line 1")
    if count == -1 or optimum is None:
        if count == -1 and optimum is None:
            return Verdict(OPTIMAL, f"unsolvable, as the answer says ({handler.unsolvable_reason(board)})")
        if count == -1:
            return Verdict(INVALID, f"the answer says unsolvable, but {optimum} moves suffice")
        return Verdict(INVALID, f"the board is unsolvable: {handler.unsolvable_reason(board)}")
    if puzzle == "sansu":
        return _check_sansu(board, count, optimum, lines[1:])
    if puzzle == "eight":
        moves = list("".join(lines[1:]).replace(" ", ""))
    else:
        moves = [line for line in lines[1:] if line]
    return _judge_sequence(puzzle, board, optimum, moves, count)


def _judge_sequence(puzzle: str, board: Any, optimum: int, moves: list[Any], count: int | None) -> Verdict:
    """Replay a move sequence; compare its length with the optimum."""
    rules = rules_of(puzzle)
    names = list(rules.move_names)
    if count is not None and count != len(moves):
        return Verdict(INVALID, f"wrong count: line 1 says {count}, the answer lists {len(moves)} moves")
    for step, move in enumerate(moves, 1):
        if str(move) not in names:
            return Verdict(INVALID, f"move {step} is {shown(str(move))}, not one of {' '.join(names)}")
        try:
            board = rules.apply(board, names.index(str(move)))
        except ValueError:
            return Verdict(INVALID, f"move {step} ({move}) is illegal here: it leaves the board")
    if not _at_goal(puzzle, board):
        return Verdict(INVALID, f"the {len(moves)} moves do not reach the goal")
    return _length_verdict(puzzle, len(moves), optimum, get(puzzle).move_noun[1])


def _at_goal(puzzle: str, board: Any) -> bool:
    if puzzle == "clocks":
        return board == 0
    if puzzle == "eight":
        return board[1] == tuple(range(9))
    return board == 511  # nine


def _length_verdict(puzzle: str, length: int, optimum: int, noun: str) -> Verdict:
    limit = ORIGINAL_LIMIT.get(puzzle)
    note = ""
    if limit is not None:
        note = f"; {'within' if length <= limit else 'over'} the original judge's limit of {limit}"
    if length == optimum:
        return Verdict(OPTIMAL, f"{length} {noun}, the fewest possible{note}")
    return Verdict(VALID, f"{length} {noun}, {length - optimum} more than the optimum of {optimum}{note}")


def _check_sansu(board: tuple[int, ...], count: int, optimum: int, rows: list[str]) -> Verdict:
    digits = "".join("".join(row.split()) for row in rows if row)
    if len(digits) != 9 or sorted(digits) != list("123456789"):
        raise Malformed(f"lines 2-4 should hold the digits 1..9 once each, found {shown(digits)}")
    final = tuple(int(d) for d in digits)
    if not all(sum(final[c] for c in line) % 3 == 0 for line in LINES):
        return Verdict(INVALID, f"the tile {digits} is not a sansu")
    # Swaps needed to carry the input tile to this very tile: where each digit must go.
    goal_cell = {digit: cell for cell, digit in enumerate(final)}
    needed = int(_swap_distances()[permutations.rank_one([goal_cell[value + 1] for value in board])])
    if count < needed or (count - needed) % 2:
        return Verdict(INVALID, f"{digits} cannot be reached in exactly {count} swaps (it takes {needed}, or {needed} + 2k)")
    return _length_verdict("sansu", count, optimum, "swaps")


@lru_cache(maxsize=1)
def _swap_distances() -> np.ndarray:
    """Fewest adjacent swaps that put each token where it belongs, indexed by
    the rank of 'target cell of the token on each cell' (a BFS over 9!)."""

    class ToIdentity(Sansu):
        def goal_states(self) -> np.ndarray:
            return np.zeros(1, dtype=np.int64)

    return breadth_first(ToIdentity()).distance
