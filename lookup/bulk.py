"""The batch core: a chunk of lines answered at once and encoded.

`solve_chunk` (JSON Lines of solve objects), `distances_chunk` (one integer
per line) and `each_line` (any answer, line by line: probe, `--steps`) take
one chunk of input lines and return its encoded answer, so the CLI streams
them and an async server can answer a request body chunk by chunk; `judge`
reads and answers a puzzle's original input as it arrives.

Lines written exactly in the compact form are read and answered all at once
by the puzzle's vectorised hooks (`read_many`, `solve_many`, `distances_of`)
and written straight into bytes; every other line is read by the puzzle's
scalar reader and answered by `solve`, so a bad line gets the message it
always got, in an error object in its place, and the batch goes on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import msgspec
import numpy as np

from ninebase.puzzles import Puzzle
from ninebase.puzzles.batch import Answers, Lines, row_texts
from ninebase.puzzles.storage import TableReader
from ninebase.puzzles.text import InputError

ENCODER = msgspec.json.Encoder()
"""JSON Lines are written by msgspec (benchmarks/json_libraries.py compares it with json and orjson)."""
_INTEGER_TEXT = np.array([b"%d\n" % value for value in range(-1, 256)])
"""The text of a distance -1..255 and its line break, at distance + 1."""
_UNSAFE = np.array([ord('"'), ord("\\")], dtype=np.uint8)
"""Bytes a state's text would need escaped in JSON (no compact form has them)."""


@dataclass(frozen=True)
class Read:
    """A chunk split into the lines a puzzle read all at once (their
    positions, keys and text as a zero-padded uint8 array) and the others."""

    fast: np.ndarray
    keys: np.ndarray
    cells: np.ndarray
    others: list[int]


def read(puzzle: Puzzle, lines: Lines) -> Read:
    """Let the puzzle read what it can of the chunk all at once."""
    cells, plain = lines.matrix()
    if plain.all():  # the usual case: no copies
        keys, accepted = puzzle.read_many(cells) if len(cells) else (np.zeros(0, dtype=np.int64), plain)
        if accepted.all():
            return Read(np.arange(len(lines)), keys, cells, [])
        fast = np.flatnonzero(accepted)
    else:
        candidates = np.flatnonzero(plain)
        keys, accepted = puzzle.read_many(cells[candidates]) if candidates.size else (candidates, plain[candidates])
        fast = candidates[accepted]
    others = np.ones(len(lines), dtype=bool)
    others[fast] = False
    return Read(fast, keys[accepted], cells[fast], np.flatnonzero(others).tolist())


INPUT_SHOWN = 64
"""The most characters of a bad line an error object quotes (then `...`)."""


def error_object(puzzle: Puzzle, number: int, text: str, message: str) -> dict[str, Any]:
    shown = text if len(text) <= INPUT_SHOWN else text[:INPUT_SHOWN] + "..."
    return {"puzzle": puzzle.name, "line": number, "input": shown, "error": message}


def one_line(puzzle: Puzzle, lines: Lines, position: int) -> tuple[Any, dict[str, Any] | None]:
    """The instance on one line, read by the scalar reader; or its error object."""
    raw, number = lines.raw(position), lines.first + position
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        message = f"the line is not UTF-8 text (byte {error.start + 1})"
        return None, error_object(puzzle, number, raw.decode("utf-8", "replace"), message)
    try:
        return puzzle.board(text), None
    except InputError as error:
        return None, error_object(puzzle, number, text, str(error))


def answers(puzzle: Puzzle, table: TableReader | None, lines: Lines) -> list[dict[str, Any]]:
    """The solve object (or error object) of every line, in order: what
    `solve --batch` prints, as Python objects."""
    rows = read(puzzle, lines)
    result: list[Any] = [None] * len(lines)
    if rows.fast.size:
        solved = puzzle.solve_many(table, rows.keys).dicts(puzzle.name, row_texts(rows.cells), move_values(puzzle))
        for position, answer in zip(rows.fast.tolist(), solved, strict=True):
            result[position] = answer
    for position in rows.others:
        board, error = one_line(puzzle, lines, position)
        result[position] = error or puzzle.solve(table, board).to_dict()
    return result


def solve_chunk(puzzle: Puzzle, table: TableReader | None, lines: Lines) -> bytes:
    """JSON Lines of the solve objects (or error objects) of every line, in order."""
    rows = read(puzzle, lines)
    if np.isin(rows.cells, _UNSAFE).any():
        return b"".join(ENCODER.encode(answer) + b"\n" for answer in answers(puzzle, table, lines))
    fast = json_lines(puzzle, rows.cells, puzzle.solve_many(table, rows.keys)) if rows.fast.size else []
    if not rows.others:
        return b"".join(fast)
    encoded: list[bytes] = [b""] * len(lines)
    for position, line in zip(rows.fast.tolist(), fast, strict=True):
        encoded[position] = line
    for position in rows.others:
        board, error = one_line(puzzle, lines, position)
        encoded[position] = ENCODER.encode(error or puzzle.solve(table, board).to_dict()) + b"\n"
    return b"".join(encoded)


def each_line(puzzle: Puzzle, lines: Lines, answer: Callable[[Any], dict[str, Any]]) -> bytes:
    """JSON Lines of `answer` for the instance on each line (or its error object), one line at a time."""
    encoded = []
    for position in range(len(lines)):
        board, error = one_line(puzzle, lines, position)
        encoded.append(ENCODER.encode(error or answer(board)) + b"\n")
    return b"".join(encoded)


class Tally:
    """The lines `distances` could not read, over all chunks (which may be answered at once)."""

    def __init__(self) -> None:
        self.count = self.lines = 0
        self.first: tuple[int, str] | None = None
        self._lock = threading.Lock()

    def record(self, lines: int, errors: dict[int, str]) -> None:
        """`lines` more lines read, and the messages of the bad ones by line number."""
        with self._lock:
            self.lines += lines
            self.count += len(errors)
            self.first = min([*errors.items(), *([self.first] if self.first else [])], default=None)

    def summary(self) -> str:
        first = f"line {self.first[0]}: {self.first[1]}" if self.first else ""
        return (
            f"{self.count:,} of {self.lines:,} lines could not be read; each has a line 'error: line N: ...' "
            f"in place of its distance (the first: {first})"
        )


def distances_chunk(puzzle: Puzzle, table: TableReader, lines: Lines, tally: Tally | None = None) -> bytes:
    """One line per input line: its distance, -1 when unsolvable, or
    `error: line N: why` for a line that cannot be read (counted in `tally`)."""
    rows = read(puzzle, lines)
    errors: dict[int, str] = {}
    if not rows.others:
        text = _INTEGER_TEXT[puzzle.distances_of(table, rows.keys) + 1].view(np.uint8)
        answer = text[text != 0].tobytes()
    else:
        distance = np.full(len(lines), -1, dtype=np.int64)
        if rows.fast.size:
            distance[rows.fast] = puzzle.distances_of(table, rows.keys)
        pieces = _INTEGER_TEXT[distance + 1].tolist()
        for position in rows.others:
            board, error = one_line(puzzle, lines, position)
            if error is not None:
                errors[error["line"]] = error["error"]
                pieces[position] = f"error: line {error['line']}: {error['error']}\n".encode()
            elif (found := puzzle.distance(table, board)) is not None:
                pieces[position] = b"%d\n" % found
        answer = b"".join(pieces)
    if tally is not None:
        tally.record(len(lines), errors)
    return answer


def judge(puzzle: Puzzle, chunks: Iterable[Lines], table: Callable[[], TableReader]) -> Iterator[bytes]:
    """The original output for the original input, as it arrives. `table`
    is called once there is something to answer, so bad input is reported
    before a missing table is built."""
    reader = puzzle.original_stream()
    content = False
    for lines in chunks:
        if not content and lines.data.strip():
            content = bool(lines.data.decode("utf-8", "replace").strip())
        yield reader.feed(lines, table).encode()
        if reader.done:
            break
    if not content:
        example = " / ".join(puzzle.original_example().splitlines())
        raise InputError(f"standard input is empty; expected {puzzle.original_format()}, e.g. {example}")
    yield reader.finish(table).encode()


# Writing answers straight into bytes -------------------------------------------
def move_values(puzzle: Puzzle) -> list[Any]:
    return [puzzle.move_value(move) for move in range(len(puzzle.move_names))]


@cache
def _move_texts(puzzle: Puzzle) -> tuple[np.ndarray, bool]:
    """Each move's JSON text after a comma, one element of a fixed-width byte
    type per move index (empty for the others, PADDING among them); and
    whether all texts are equally long (then a row of them has its zero
    bytes at the end only)."""
    values = [b"," + ENCODER.encode(value) for value in move_values(puzzle)]
    texts = _rows(values + [b""] * (256 - len(values)))
    return texts.view(f"V{texts.shape[1]}").ravel(), len(set(map(len, values))) == 1


def _rows(texts: list[bytes]) -> np.ndarray:
    """Byte strings as the rows of a zero-padded uint8 array."""
    array = np.array(texts, dtype=bytes)
    return array.view(np.uint8).reshape(len(texts), array.itemsize)


def _texts(rows: np.ndarray, trailing: bool = True) -> list[bytes]:
    """The rows of a uint8 array as byte strings without their zero bytes,
    which come at the end of a row unless `trailing` is False."""
    if not rows.size:
        return [b""] * len(rows)
    if not trailing:
        return [row[row != 0].tobytes() for row in rows]
    return np.ascontiguousarray(rows).view(f"S{rows.shape[1]}").ravel().tolist()


def _moves_json(puzzle: Puzzle, moves: np.ndarray) -> list[bytes]:
    """Each row of move indices as the JSON text inside its list: every move
    after a comma, then the row's first byte (that comma) dropped."""
    texts, even = _move_texts(puzzle)
    if not len(moves):
        return []
    return _texts(texts[moves].view(np.uint8).reshape(len(moves), -1)[:, 1:], trailing=even)


def _column(values: Sequence[Any]) -> list[bytes]:
    """The JSON text of each value; text values are encoded once per distinct value."""
    if set(map(type, values)) <= {str}:
        encoded = dict.fromkeys(values, b"")
        for value in encoded:
            encoded[value] = ENCODER.encode(value)
        return list(map(encoded.__getitem__, values))
    return [ENCODER.encode(value) for value in values]


def _template(head: bytes, fields: Iterable[str]) -> bytes:
    """A line's %-format: `head`, then `,"name":%s` per field, the closing brace and the line break."""
    names = b"".join(b"," + ENCODER.encode(name).replace(b"%", b"%%") + b":%s" for name in fields)
    return head + names + b"}\n"


def json_lines(puzzle: Puzzle, cells: np.ndarray, answers: Answers) -> list[bytes]:
    """The solve objects of `answers` as JSON lines, each with its line break,
    written from their parts without a Python object per answer: the state
    is its own line's text, and each move's JSON is encoded once."""
    head = b'{"puzzle":' + ENCODER.encode(puzzle.name).replace(b"%", b"%%") + b',"state":"%s","distance":'
    states = np.array(_texts(cells), dtype=object)
    lines = np.empty(len(states), dtype=object)
    solvable = answers.distance >= 0
    solved = zip(
        states[solvable].tolist(),
        answers.distance[solvable].tolist(),
        _moves_json(puzzle, answers.moves),
        *map(_column, answers.solved.values()),
        strict=True,
    )
    template = _template(head + b'%d,"moves":[%s]', answers.solved)
    lines[solvable] = [template % parts for parts in solved]
    unsolved = zip(states[~solvable].tolist(), *map(_column, answers.unsolved.values()), strict=True)
    template = _template(head + b'null,"moves":[]', answers.unsolved)
    lines[~solvable] = [template % parts for parts in unsolved]
    return lines.tolist()
