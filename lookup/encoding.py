"""Answers written straight into bytes: the JSON encoder, each move's JSON
text worked out once per puzzle, and many solve objects as JSON lines
written from their parts (`json_lines`) without a Python object per answer."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

import numpy as np

from ninebase.puzzles import AnswerColumns, Puzzle


@cache
def json_encode() -> Callable[[Any], bytes]:
    """msgspec's JSON encoder (benchmarks/json_libraries.py compares it with json
    and orjson), loaded on first use: answering one state needs none."""
    import msgspec

    return msgspec.json.Encoder().encode


@lru_cache(maxsize=256)  # a puzzle under other rules is a new object each time it is asked for
def move_values(puzzle: Puzzle) -> tuple[Any, ...]:
    """Each move's JSON value, by index (worked out once per puzzle)."""
    return tuple(puzzle.move_value(move) for move in range(len(puzzle.move_names)))


@cache
def _move_texts(puzzle: Puzzle) -> tuple[np.ndarray, bool]:
    """Each move's JSON text after a comma, one element of a fixed-width byte
    type per move index (empty for the others, PADDING among them); and
    whether all texts are equally long (then a row of them has its zero
    bytes at the end only)."""
    values = [b"," + json_encode()(value) for value in move_values(puzzle)]
    texts = byte_rows(values + [b""] * (256 - len(values)))
    return texts.view(f"V{texts.shape[1]}").ravel(), len(set(map(len, values))) == 1


def byte_rows(texts: list[bytes]) -> np.ndarray:
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
            encoded[value] = json_encode()(value)
        return list(map(encoded.__getitem__, values))
    return [json_encode()(value) for value in values]


def _template(head: bytes, fields: Iterable[str]) -> bytes:
    """A line's %-format: `head`, then `,"name":%s` per field, the closing brace and the line break."""
    names = b"".join(b"," + json_encode()(name).replace(b"%", b"%%") + b":%s" for name in fields)
    return head + names + b"}\n"


def json_lines(puzzle: Puzzle, cells: np.ndarray, answers: AnswerColumns) -> list[bytes]:
    """The solve objects of `answers` as JSON lines, each with its line break,
    written from their parts without a Python object per answer: the state
    is its own line's text, and each move's JSON is encoded once."""
    head = b'{"puzzle":' + json_encode()(puzzle.name).replace(b"%", b"%%") + b',"state":"%s","distance":'
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
