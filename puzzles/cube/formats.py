"""The cube's original formats: datasets until `0 0`, read as they arrive
(`datasets`); one line per dataset, the fewest rolls, -1 above the
contest's limit of 30."""

from __future__ import annotations

from ..answers import ProposedAnswer, Solution
from ..batch import OriginalStream
from ..roles import OriginalFormats
from ..storage import TableReader
from ..text import InputError, content_lines, read_integer
from . import datasets
from .board import CONTEST_LIMIT, Instance


class CubeFormats(OriginalFormats):
    unique_by_count = False
    help = (
        "datasets until a line 0 0: a line 'x y', then three rows of three letters W B R E separated by "
        "spaces, e.g.\n2 1\nR B W\nR W W\nE W W\n0 0"
    )

    def read(self, text: str) -> list[Instance]:
        instances: list[Instance] = []
        datasets.read_datasets(self.puzzle, content_lines(text), 0, True, instances)
        if not instances:
            raise InputError(datasets.NO_DATASET)
        return instances

    def count(self, distance: int | None) -> int:
        """The contest's answer: the fewest rolls, -1 above its limit (or unreachable)."""
        return distance if distance is not None and distance <= CONTEST_LIMIT else -1

    def output(self, solution: Solution) -> str:
        return f"{self.count(solution.distance)}\n"

    def unique(self, table: TableReader | None, board: Instance, count: int) -> bool:
        """Always: the output is the fewest rolls alone."""
        return True

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        return [
            ProposedAnswer(read_integer(line.strip(), f"the answer on line {number}"))
            for number, line in content_lines(text)
        ]

    def stream(self) -> OriginalStream:
        return datasets.Datasets(self.puzzle)
