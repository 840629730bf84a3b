"""`ninebase check`: judge a proposed answer, in the original output format,
against the exact tables: optimal, valid (legal but longer) or invalid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ninebase.puzzles import InputError, ProposedAnswer, Puzzle, TableReader, plural, shown

OPTIMAL, VALID, INVALID = "optimal", "valid", "invalid"
EXIT_STATUS = {OPTIMAL: 0, VALID: 1, INVALID: 3}


@dataclass(frozen=True)
class Verdict:
    kind: str
    detail: str

    def line(self) -> str:
        return f"{self.kind}: {self.detail}"


def check_answer(puzzle: Puzzle, table: TableReader | None, instances: list[Any], answer_text: str) -> Verdict:
    """The verdict on `answer_text` for the instances read from the original input."""
    try:
        answers = puzzle.formats.read_answers(answer_text, len(instances))
    except InputError as error:
        return Verdict(INVALID, f"malformed answer: {error}")
    if len(answers) != len(instances):
        return Verdict(
            INVALID, f"wrong count: {plural(len(answers), 'answer')} for {plural(len(instances), 'dataset')}"
        )
    if len(instances) == 1:
        return _check_one(puzzle, table, instances[0], answers[0])
    for number, (instance, answer) in enumerate(zip(instances, answers, strict=False), 1):
        verdict = _check_one(puzzle, table, instance, answer)
        if verdict.kind != OPTIMAL:
            return Verdict(verdict.kind, f"dataset {number}: {verdict.detail}")
    return Verdict(
        OPTIMAL, f"all {len(instances)} answers are the fewest {puzzle.unit[1]} (as the original output gives them)"
    )


def _check_one(puzzle: Puzzle, table: TableReader | None, board: Any, answer: ProposedAnswer) -> Verdict:
    optimum = puzzle.distance(table, board)
    if answer.moves is None and answer.final is None:  # the format gives the count alone
        expected = puzzle.formats.count(optimum)
        if answer.count != expected:
            exact = "unreachable" if optimum is None else plural(optimum, *puzzle.unit)
            return Verdict(INVALID, f"answer {answer.count}, but the original output is {expected} ({exact})")
        return Verdict(OPTIMAL, f"{answer.count}, the original output")
    if answer.count == -1 or optimum is None:
        if answer.count == -1 and optimum is None:
            return Verdict(OPTIMAL, f"unsolvable, as the answer says ({puzzle.unsolvable_reason(board)})")
        if answer.count == -1:
            return Verdict(INVALID, f"the answer says unsolvable, but {plural(optimum, *puzzle.unit)} suffice")
        return Verdict(INVALID, f"the board is unsolvable: {puzzle.unsolvable_reason(board)}")
    if answer.final is not None:
        reason = puzzle.formats.reachable_reason(table, board, answer)
        if reason is not None:
            return Verdict(INVALID, reason)
        return _length_verdict(puzzle, answer.count, optimum)
    return _replay(puzzle, board, optimum, answer)


def _replay(puzzle: Puzzle, board: Any, optimum: int, answer: ProposedAnswer) -> Verdict:
    """Replay a move sequence; compare its length with the optimum."""
    moves = answer.moves
    if answer.count is not None and answer.count != len(moves):
        return Verdict(
            INVALID, f"wrong count: line 1 says {answer.count}, the answer lists {plural(len(moves), 'move')}"
        )
    names = puzzle.move_names
    for step, move in enumerate(moves, 1):
        if move not in names:
            return Verdict(INVALID, f"move {step} is {shown(move)}, not one of {' '.join(names)}")
        board = puzzle.apply(board, names.index(move))
        if board is None:
            return Verdict(INVALID, f"move {step} ({move}) is illegal here: it leaves the board")
    if not puzzle.is_goal(board):
        return Verdict(INVALID, f"the {plural(len(moves), *puzzle.unit)} do not reach the goal")
    return _length_verdict(puzzle, len(moves), optimum)


def _length_verdict(puzzle: Puzzle, length: int, optimum: int) -> Verdict:
    if not puzzle.exact:
        return _against_construction(puzzle, length, optimum)
    limit = puzzle.formats.answer_limit
    note = ""
    if limit is not None:
        note = f"; {'within' if length <= limit else 'over'} the original judge's limit of {limit}"
    counted = plural(length, *puzzle.unit)
    if length == optimum:
        return Verdict(OPTIMAL, f"{counted}, the fewest possible{note}")
    return Verdict(VALID, f"{counted}, {length - optimum} more than the optimum of {optimum}{note}")


def _against_construction(puzzle: Puzzle, length: int, constructed: int) -> Verdict:
    """Where answers come from a construction, no optimum is known: a valid
    answer within the original judge's limit (if it has one) is valid, one
    over it invalid, and the verdict says how it compares with the construction."""
    counted = plural(length, *puzzle.unit)
    if length == 0:  # the goal itself: nothing is fewer
        return Verdict(OPTIMAL, f"{counted}, the fewest possible: the board is the goal")
    difference = length - constructed
    compared = (
        "as long as the construction's"
        if difference == 0
        else f"{abs(difference):,} {'more' if difference > 0 else 'fewer'} than the construction's {constructed:,}"
    )
    limit = puzzle.formats.answer_limit
    if limit is not None and length > limit:
        return Verdict(INVALID, f"{counted} reach the goal, but the original judge allows at most {limit} ({compared})")
    within = f"; within the original judge's limit of {limit}" if limit is not None else ""
    return Verdict(VALID, f"{counted}, {compared} (the fewest is not known){within}")
