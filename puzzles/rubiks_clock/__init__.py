"""rubiks-clock: the real Rubik's Clock (issue 37), exact in both metrics, answered with no table.

18 dials (14 free), four pins, four wheels; `--metric 18` (WCA's nine pin
settings a face, the default) or `--metric 30` (every pin setting). A
position is a WCA scramble or the 18-dial compact form. The moves commute,
so an answer is how far each move turns: worked out from the position by the
engine (`engine`, `solver`: a coset of a lattice over Z12), never stored.

The package: the engine (`model`, `modular`, `notation`, `solver`,
`engine`), `board` (the puzzle's boards and moves), this module (the rules)
and the roles (`terminal`, `page`, `counting`, `many`); `known` holds what is
known of the whole puzzle (`stats`). The solver is imported on the first
answer, not with the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np

from ..answers import Solution
from ..contract import Puzzle
from ..roles import Roles
from ..storage import TableReader
from ..text import InputError, shown
from ..variants import VariantOption, refuse_unknown_options
from . import known, sampling
from .board import Clock, Moves
from .counting import RubiksClockCounting
from .notation import ClockInputError, read_position, write_dials
from .page import RubiksClockPage
from .terminal import RubiksClockTerminal

METRIC_OPTION = VariantOption(
    "metric",
    "18: WCA's nine pin settings a face, as WCA scrambles turn (default); "
    "30: every pin setting (the metric of the published God's number); no table either way",
    ("18", "30"),
    default="18",
)

EXAMPLE = "UR5- DR3+ DL0+ UL4+ U2- R6+ D1- L3+ ALL5- y2 U2+ R4- D0+ L1- ALL3+"
"""The WCA scramble of issue 37."""


def metric_of(options: Mapping[str, Any]) -> int:
    """The metric the rule options choose (18 when none is given); InputError otherwise."""
    refuse_unknown_options("rubiks-clock", options, ("metric",))
    value = options.get("metric")
    if value is None:
        return 18
    text = str(value).strip()
    if isinstance(value, bool) or text not in METRIC_OPTION.choices:
        raise InputError(f"metric is {shown(text)}; it must be 18 (WCA's moves) or 30 (every pin setting)")
    return int(text)


class RubiksClock(Puzzle):
    """The Rubik's Clock in one metric: boards are `Clock`s, moves a metric move and an amount."""

    name = "rubiks-clock"
    instance_noun = ("position", "positions")
    compact_help = (
        "the 18 dials 1..12, the front's nine in reading order then the back's nine as seen after y2, "
        "separated by spaces, or a WCA scramble (applied to a solved clock, first face in front, such as "
        f"{EXAMPLE}), e.g. 11 1 2 11 3 8 10 6 1 10 12 1 4 12 1 11 10 2"
    )
    row_length = 18
    variant_options = (METRIC_OPTION,)
    moves_written_whole = True
    roles = Roles(terminal=RubiksClockTerminal, page=RubiksClockPage, counting=RubiksClockCounting)

    def __init__(self, metric: int) -> None:
        self.metric = metric
        self.table = Moves(metric)
        self.move_names = self.table.names
        self.probe_counts = metric == 18  # 30-move: a probe counting after each of its 330 moves takes 1.6 s of CPU
        super().__init__()

    def parse(self, text: str) -> Clock:
        try:
            dials = read_position(text)
        except ClockInputError as error:
            raise InputError(str(error)) from None
        return Clock(tuple(dials.tolist()))

    def compact(self, board: Clock) -> str:
        return write_dials(np.asarray(board.dials))

    def apply(self, board: Clock, move: int) -> Clock:
        return self.table.apply(board, move)

    def is_goal(self, board: Clock) -> bool:
        return not any(board.dials)

    def distance(self, table: TableReader | None, board: Clock) -> int:
        return self.engine().distance(np.asarray(board.dials))

    def solve(self, table: TableReader | None, board: Clock) -> Solution:
        coefficients = self.engine().first(np.asarray(board.dials))
        return self.answer(board, coefficients)

    def answer(self, board: Clock, coefficients: np.ndarray) -> Solution:
        """The solution that turns each of the metric's moves by its coefficient, front moves first."""
        indices = self.table.indices(coefficients)
        boards = [board]
        for move in indices:
            boards.append(self.apply(boards[-1], move))
        return Solution(
            self.name,
            self.compact(board),
            len(indices),
            self.written_moves(indices),
            boards,
            {"metric": self.metric},
            indices=indices,
        )

    def written_moves(self, moves: Sequence[int]) -> list[str]:
        """The front's tokens, then `y2` and the back's (their values without `y2 `), as a scramble is written."""
        names = self.move_names
        front = [names[move] for move in moves if not names[move].startswith("y2 ")]
        back = [names[move][3:] for move in moves if names[move].startswith("y2 ")]
        return front + (["y2", *back] if back else [])

    def engine(self) -> Any:
        """The metric's exact solver, imported and built on the first answer."""
        from .solver import solver

        return solver(self.metric)

    def known_stats(self) -> dict[str, Any]:
        return known.stats(self.metric)

    def drawn_sample(self, distance: int | None, count: int, seed: int, unique: bool) -> tuple[list[str], int]:
        engine = self.engine()
        return sampling.draw(self.metric, distance, count, seed, unique, engine.distance, engine.count)

    def draw(self, count: int, seed: int) -> list[str]:
        return sampling.uniform(count, seed)

    def variant(self, options: Mapping[str, Any]) -> Puzzle:
        return in_metric(metric_of(options))


@cache
def in_metric(metric: int) -> RubiksClock:
    """The puzzle in a metric (one object each)."""
    return RubiksClock(metric)


PUZZLE = in_metric(18)
