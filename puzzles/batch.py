"""Answering many instances at once: the shapes the puzzles' vectorised hooks share.

Input arrives in chunks of whole lines (`Chunk`, framed by the streams:
`ninebase.lookup.stream.Lines`). A puzzle reads the lines written exactly in
its compact form all at once (the `many` role's `ManyAtOnce.read_many`, into keys) and answers the
keys column by column (`ManyAtOnce.solve_many`, giving `AnswerColumns`); the query layer
reads every other line one by one with the scalar reader, which names what is
wrong. A puzzle's original input is read as it arrives by its
`OriginalStream`, which answers what it has read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

if TYPE_CHECKING:
    from .storage import TableReader

MAX_WIDTH = 64
"""Lines longer than this are not read all at once unless a puzzle asks for longer (`ManyAtOnce.widest`)."""
PADDING = 255
"""Fills a row of move indices after its last move."""


class Chunk(Protocol):
    """A chunk of whole input lines as the streams frame it
    (`ninebase.lookup.stream.Lines`): what an original stream reads. `first`
    is the number of its first line, `offset` the position of its first byte
    in the whole input; `starts` and `lengths` place each line in `data`
    (without its `\\n` or `\\r\\n`)."""

    data: bytes
    first: int
    offset: int
    source: str
    starts: np.ndarray
    lengths: np.ndarray

    def __len__(self) -> int: ...
    def raw(self, position: int) -> bytes: ...
    def text(self) -> str:
        """The whole chunk as text (raises InputError naming the first byte that is not UTF-8)."""
        ...

    def rest(self, position: int) -> Chunk:
        """The lines from `position` on, as a chunk of their own."""
        ...

    def joined(self, data: bytes) -> Chunk:
        """These lines and then `data`, numbered on from them."""
        ...


def row_texts(cells: np.ndarray) -> list[str]:
    """The rows of a zero-padded ASCII array as strings."""
    if not cells.size:
        return [""] * len(cells)
    return np.ascontiguousarray(cells).view(f"S{cells.shape[1]}").ravel().astype(f"U{cells.shape[1]}").tolist()


@dataclass(frozen=True)
class AnswerColumns:
    """Optimal answers for a batch of keys, column by column: the distance of
    each key (-1: unsolvable), the moves of each solvable key (move indices
    in reported order, PADDING after its last move), the further fields of
    each solvable key and the fields of each unsolvable one (its reason)."""

    distance: np.ndarray
    moves: np.ndarray
    solved: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    unsolved: Mapping[str, Sequence[Any]] = field(default_factory=dict)


def follow_parents(
    parent_of: Callable[[np.ndarray], np.ndarray],
    start: np.ndarray,
    distance: np.ndarray,
    advance: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """Walk every state `distance` parent moves towards its goal, all at once.

    Returns each walk's moves ((n, longest) uint8, PADDING after the last)
    and where it ends. The walks are ordered longest first, so the ones still
    walking at each step are a prefix: no step copies the finished ones.
    """
    order = np.argsort(-distance, kind="stable")
    current = start[order].astype(np.int64)
    longest = int(distance.max(initial=0))
    walking = distance.size - np.searchsorted(np.sort(distance), np.arange(longest), side="right")
    steps = np.full((longest, distance.size), PADDING, dtype=np.uint8)  # step by step: each step's moves together
    for step, count in enumerate(walking.tolist()):
        move = parent_of(current[:count])
        steps[step, :count] = move
        current[:count] = advance(current[:count], move)
    moves, last = np.empty((distance.size, longest), dtype=np.uint8), np.empty_like(current)
    moves[order], last[order] = steps.T, current
    return moves, last


def reasons_by_class(
    classes: np.ndarray, indices: np.ndarray, reason: Callable[[int], str], known: dict[int, str]
) -> list[str]:
    """One reason per index, worked out once per class and kept in `known`
    for later batches: `classes` must give the same number to indices whose
    reason is the same text."""
    if not classes.size:
        return []
    found, first, inverse = np.unique(classes, return_index=True, return_inverse=True)
    texts = []
    for number, row in zip(found.tolist(), first.tolist(), strict=True):
        if number not in known:
            known[number] = reason(int(indices[row]))
        texts.append(known[number])
    return np.array(texts, dtype=object)[inverse.reshape(-1)].tolist()


class OriginalStream(Protocol):
    """The original input read as it arrives, answered as soon as instances
    are complete. `table` opens the table on first call (so bad input is
    reported before a missing table is built)."""

    done: bool
    """The input's closing line was read: nothing after it is read."""

    def feed(self, lines: Chunk, table: Callable[[], TableReader]) -> str:
        """The original output for the instances these lines complete (raises InputError)."""
        ...

    def finish(self, table: Callable[[], TableReader]) -> str:
        """The original output for what is left when the input ends (raises InputError)."""
        ...


class Judge(Protocol):
    """What `WholeInput` asks of a puzzle's original formats: to read an input and answer it."""

    def read(self, text: str) -> list[Any]: ...
    def judge(self, table: TableReader | None, instances: list[Any]) -> str: ...


class WholeInput:
    """An original input of one instance: kept until it ends, then read and answered."""

    done = False

    def __init__(self, formats: Judge) -> None:
        self.formats = formats
        self.parts: list[str] = []

    def feed(self, lines: Chunk, table: Callable[[], TableReader]) -> str:
        self.parts.append(lines.text())
        return ""

    def finish(self, table: Callable[[], TableReader]) -> str:
        instances = self.formats.read("".join(self.parts))
        return self.formats.judge(table(), instances)
