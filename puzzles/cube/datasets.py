"""The contest's input, datasets until `0 0`, read as it arrives.

A run of datasets written the usual way (`x y`, then three rows of three
letters, single spaces) is read all at once from the bytes; anything else is
read one dataset at a time by `read_datasets`, which is also the whole-input
reader behind `CubeFormats.read`, so both say the same about bad input.
Nothing after the closing `0 0` is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..batch import Chunk
from ..storage import TableReader
from ..text import InputError, shown
from .batch import DIGIT_OF_BYTE, EMPTY, NOT_A_LETTER, key_of, keys_of

if TYPE_CHECKING:
    from . import Cube

Instance = tuple[int, str]

NO_DATASET = "no dataset before the closing '0 0': expected a line 'x y' and three rows"
BLANK = np.isin(np.arange(256), np.frombuffer(b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f", dtype=np.uint8))
"""The bytes `str.strip` takes away that are a whole character in UTF-8: a line of them is blank."""


def read_datasets(
    cube: Cube, lines: list[tuple[int, str]], before: int, at_end: bool, instances: list[Instance]
) -> tuple[int, bool]:
    """The datasets in these non-blank numbered lines, after `before` others,
    appended to `instances` as they are read (so the ones before a bad
    dataset are kept); returns how many lines they took and whether `0 0`
    closed the input. Before the end of the input an unfinished last dataset
    is left for later; at the end it is an error."""
    position = 0
    while position < len(lines):
        number, line = lines[position]
        dataset = f"dataset {before + len(instances) + 1} (line {number})"
        head = line.split()
        if head == ["0", "0"]:
            return position + 1, True
        if len(head) != 2:
            raise InputError(f"{dataset}: expected 'x y', found {shown(line.strip())}")
        rows = lines[position + 1 : position + 4]
        for row_number, row in rows:
            if len(row.split()) != 3:
                raise InputError(
                    f"{dataset}: line {row_number}: expected three pattern letters separated by spaces, "
                    f"found {shown(row.strip())}"
                )
        if len(rows) < 3:
            if not at_end:
                break
            raise InputError(f"{dataset}: expected 3 rows of the pattern, found {len(rows)}")
        pattern = "".join("".join(row.split()) for _, row in rows)
        instances.append(cube.instance(head[0], head[1], pattern, dataset))
        position += 4
    return position, False


class Datasets:
    """`CubeFormats.stream`: answers each chunk's complete datasets and
    keeps an unfinished last one for the next chunk. A bad dataset ends the
    reading: the datasets before it are answered, then `finish` raises."""

    done = False

    def __init__(self, cube: Cube) -> None:
        self.cube = cube
        self.count = 0
        self.pending: Chunk | None = None
        self.blank: list[bytes] = []
        """Chunks of blank lines after `pending`: kept for the line numbers, read again only with more."""
        self.failure: InputError | None = None

    def feed(self, lines: Chunk, table: Callable[[], TableReader]) -> str:
        if self.pending is not None:
            if BLANK[np.frombuffer(lines.data, dtype=np.uint8)].all():  # (read again each chunk, they were quadratic)
                self.blank.append(lines.data)
                return ""
            lines = self.pending.joined(b"".join([*self.blank, lines.data]))
            self.pending, self.blank = None, []
        keys = self._read_at_once(lines)
        if keys is None:
            keys = self._read_one_by_one(lines, at_end=False)
        return self._answer(keys, table)

    def finish(self, table: Callable[[], TableReader]) -> str:
        if self.failure is not None:
            raise self.failure
        keys = np.zeros(0, dtype=np.int64)
        if self.pending is not None:
            keys = self._read_one_by_one(self.pending, at_end=True)
        if not self.count:
            raise InputError(NO_DATASET)
        return self._answer(keys, table)

    def _answer(self, keys: np.ndarray, table: Callable[[], TableReader]) -> str:
        if not keys.size:
            return ""
        distance = self.cube.many.distances_of(table(), keys)
        counts = [self.cube.formats.count(None if d < 0 else d) for d in distance.tolist()]
        return "".join(f"{count}\n" for count in counts)

    def _keep(self, lines: Chunk, position: int) -> None:
        """Keep the lines from `position` on for the next chunk."""
        self.pending = lines.rest(position)

    def _read_at_once(self, lines: Chunk) -> np.ndarray | None:
        """The keys of the chunk's datasets when every line up to `0 0` is
        empty or written the usual way; None otherwise."""
        content = np.flatnonzero(lines.lengths > 0)
        length = lines.lengths[content]
        buffer = np.frombuffer(lines.data, dtype=np.uint8)
        cells = buffer[np.minimum(lines.starts[content, None] + np.arange(5), max(buffer.size - 1, 0))]
        digit = cells - np.uint8(ord("0"))
        spaced = (cells[:, 1] == ord(" ")) & ((length == 3) | (cells[:, 3] == ord(" ")))
        head_place = np.arange(content.size) % 4 == 0
        closing = head_place & (length == 3) & spaced & (digit[:, 0] == 0) & (digit[:, 2] == 0)
        stop = int(np.argmax(closing)) if closing.any() else content.size
        letters = DIGIT_OF_BYTE[cells[:, ::2]]
        head = (
            (length == 3) & spaced & (digit[:, 0] >= 1) & (digit[:, 0] <= 3) & (digit[:, 2] >= 1) & (digit[:, 2] <= 3)
        )
        row = (length == 5) & spaced & (letters < NOT_A_LETTER).all(axis=1)
        if not np.where(head_place, head, row)[:stop].all():
            return None
        complete = stop // 4 * 4
        digits = letters[:complete].reshape(-1, 4, 3)[:, 1:].reshape(-1, 9)
        if ((digits == EMPTY).sum(axis=1) != 1).any():
            return None
        heads = digit[:complete:4].astype(np.int64)
        keys = keys_of((heads[:, 2] - 1) * 3 + heads[:, 0] - 1, digits)
        self.count += keys.size
        if stop < content.size:
            self.done = True
        elif complete < stop:
            self._keep(lines, int(content[complete]))
        return keys

    def _read_one_by_one(self, lines: Chunk, at_end: bool) -> np.ndarray:
        """The keys of the chunk's datasets, read by `read_datasets`. A line
        that is not UTF-8 is an error unless `0 0` came before it."""
        numbered: list[tuple[int, str]] = []
        positions: list[int] = []
        broken = None
        for position in range(len(lines)):
            try:
                line = lines.raw(position).decode("utf-8")
            except UnicodeDecodeError as error:
                start = lines.offset + int(lines.starts[position]) + error.start + 1
                broken = InputError(f"{lines.source} is not UTF-8 text (byte {start})")
                break
            if line.strip():
                numbered.append((lines.first + position, line))
                positions.append(position)
        instances: list[Instance] = []
        try:
            used, self.done = read_datasets(self.cube, numbered, self.count, at_end and broken is None, instances)
        except InputError as error:
            used, self.done, self.failure = 0, True, error
        if broken is not None and not self.done:
            self.done, self.failure = True, broken
        if at_end and self.failure is not None:
            raise self.failure
        self.count += len(instances)
        if not self.done and used < len(numbered):
            self._keep(lines, positions[used])
        return np.array([key_of(instance) for instance in instances], dtype=np.int64)
