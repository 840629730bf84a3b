"""Other rules a puzzle may offer beyond its table (clocks' 12-hour dials and
backward turns): the option that names them and the solver that answers them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .answers import Solution


@dataclass(frozen=True)
class VariantOption:
    """A rule option a puzzle offers beyond its table (clocks: `hours`,
    `backward`); the CLI turns each into a `--NAME` option of `solve`."""

    name: str
    help: str
    choices: tuple[str, ...] = ()
    """The values it takes; empty for an on/off flag."""


class VariantSolver(Protocol):
    """A solver for a puzzle under other rules, answered without a table."""

    name: str
    unit: tuple[str, str]
    compact_help: str
    goal_caption: str
    steps_by_default: bool

    def board(self, state: Any) -> Any: ...
    def compact(self, board: Any) -> str: ...
    def solve(self, board: Any) -> Solution: ...
    def heading(self, solution: Solution) -> str: ...
    def move_label(self, value: Any) -> str: ...
    def panel(self, board: Any) -> list[str]: ...
    def token_colour(self, token: str) -> str | None: ...
