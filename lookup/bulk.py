"""The batch core: many instances read at once and answered, as answers
(`SolvedLines`, `NumberedLines`, NumPy arrays), never as bytes: the front
ends write them through `encoding`, the one encoder.

`solve_lines`, `distance_lines` and `count_lines` answer one chunk of input
lines, so the CLI streams them and an async server can answer a request body
chunk by chunk; `each_line` answers a chunk line by line (probe, `--steps`,
`--random`); `judge` reads and answers a puzzle's original input as it
arrives; `distances` and `counts` answer a collection of states. `Tables`
is the door to all of them: front ends do not import this module.

There is one reader: lines written exactly in the compact form are read all
at once by the puzzle's `many.read_many` and answered by its vectorised
hooks (`solve_many`, `distances_of`, `counts_of`); every other line
is read by the puzzle's scalar reader and answered by `solve`, so a bad
line gets the message it always got, and the batch goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import Any, TypeVar

import numpy as np

from ninebase.puzzles import (
    AnswerColumns,
    InputError,
    OriginalFormats,
    Puzzle,
    Solution,
    TableReader,
    refuse_not_whole,
)

from .stream import Lines


@lru_cache(maxsize=256)  # a puzzle under other rules is a new object each time it is asked for
def move_values(puzzle: Puzzle) -> tuple[Any, ...]:
    """Each move's JSON value, by index (worked out once per puzzle)."""
    return tuple(puzzle.move_value(move) for move in range(len(puzzle.move_names)))


STATES_AT_ONCE = 16_384
"""States of a `distances` or `counts` call read together."""


@dataclass(frozen=True)
class ReadAtOnce:
    """A chunk split into the lines a puzzle read all at once (their
    positions, keys and text as a zero-padded uint8 array) and the others."""

    fast: np.ndarray
    keys: np.ndarray
    cells: np.ndarray
    others: list[int]


def read_at_once(puzzle: Puzzle, lines: Lines) -> ReadAtOnce:
    """Let the puzzle read what it can of the chunk all at once."""
    cells, plain = lines.matrix(puzzle.many.widest)
    read_many = puzzle.many.read_many
    if plain.all():  # the usual case: no copies
        keys, accepted = read_many(cells) if len(cells) else (np.zeros(0, dtype=np.int64), plain)
        if accepted.all():
            return ReadAtOnce(np.arange(len(lines)), keys, cells, [])
        fast = np.flatnonzero(accepted)
    else:
        candidates = np.flatnonzero(plain)
        keys, accepted = read_many(cells[candidates]) if candidates.size else (candidates, plain[candidates])
        fast = candidates[accepted]
    others = np.ones(len(lines), dtype=bool)
    others[fast] = False
    return ReadAtOnce(fast, keys[accepted], cells[fast], np.flatnonzero(others).tolist())


def distances(puzzle: Puzzle, table: TableReader | None, states: Any) -> np.ndarray:
    """Fewest moves of every state of a collection, as int16 (-1 where
    unsolvable): compact strings (a sequence or a NumPy array of them) or
    rows of values (a sequence of sequences, or a 2-D integer array). They
    are written as lines and read by the one reader; a state it leaves is
    read on its own, and the first that cannot be read raises InputError
    naming its item."""
    found = np.full(len(states), -1, dtype=np.int16)

    def one(board: Any) -> int:
        distance = puzzle.distance(table, board)
        return -1 if distance is None else distance

    return _over_states(puzzle, states, found, lambda keys: puzzle.many.distances_of(table, keys), one)


def counts(puzzle: Puzzle, table: TableReader | None, states: Any) -> np.ndarray:
    """`distances`, but each state's optimal move sequences (0 where
    unsolvable): uint64, or Python ints where the puzzle's may not fit."""
    found = np.zeros(len(states), dtype=object if puzzle.counting.beyond_64_bits else np.uint64)
    counting = puzzle.counting
    return _over_states(
        puzzle, states, found, lambda keys: counting.counts_of(table, keys), lambda b: count_of(puzzle, table, b)
    )


def _over_states(
    puzzle: Puzzle, states: Any, found: np.ndarray, many: Callable[[np.ndarray], np.ndarray], one: Callable[[Any], Any]
) -> np.ndarray:
    """`found` filled with `many` of the keys of the states read at once, and `one` of each other state's board.
    The states are read STATES_AT_ONCE at a time: the reader's arrays of a
    chunk stay in the CPU's cache (300,000 clocks at once: 2.5M a second; in
    chunks: 4M)."""
    _check_array(puzzle, states)
    for first in range(0, len(states), STATES_AT_ONCE):
        chunk = states[first : first + STATES_AT_ONCE]
        lines = Lines(_as_lines(puzzle, chunk))
        if len(lines) != len(chunk):  # a state with a line break in it: every state on its own
            fast, keys, others = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), list(range(len(chunk)))
        else:
            rows = read_at_once(puzzle, lines)
            fast, keys, others = rows.fast, rows.keys, rows.others
        if fast.size:
            found[first + fast] = many(keys)
        for position in others:
            try:
                board = puzzle.board(chunk[position])
            except InputError as error:
                raise InputError(f"item {first + position}: {error}") from None
            found[first + position] = one(board)
    return found


def count_of(puzzle: Puzzle, table: TableReader | None, board: Any) -> int:
    """One board's optimal move sequences (0 where unsolvable)."""
    return puzzle.counting.count(table, board) if puzzle.distance(table, board) is not None else 0


def solved(puzzle: Puzzle, table: TableReader | None, board: Any) -> Solution:
    """`puzzle.solve`, with the count of optimal solutions where the puzzle counts them."""
    solution = puzzle.solve(table, board)
    if puzzle.counting is None or not puzzle.counting.with_every_answer:
        return solution
    return replace(solution, count=puzzle.counting.count(table, board) if solution.solvable else 0)


def _check_array(puzzle: Puzzle, states: Any) -> None:
    """An array that cannot hold states refused as a whole, in its own terms
    (its type, its shape), not as text: numbers that are not whole, and an
    integer array whose rows are not one state each."""
    if not isinstance(states, np.ndarray):
        return
    refuse_not_whole(states)
    length = puzzle.row_length
    if states.dtype.kind in "iu" and length is not None and (states.ndim != 2 or states.shape[1] != length):
        raise InputError(f"expected an integer array of shape (n, {length}), one state a row; got {states.shape}")


def _as_lines(puzzle: Puzzle, states: Any) -> bytes:
    """The states as lines of text: strings as they are, rows of values
    joined by the puzzle's separator (anything else as its text, which the
    one reader leaves to be read on its own)."""
    if isinstance(states, np.ndarray):
        if states.ndim == 2 and states.dtype.kind in "iu":
            texts = [puzzle.separator.join(map(str, row)) for row in states.tolist()]
        else:
            texts = states.tolist()
    else:
        texts = states
    try:
        text = "\n".join(texts)  # a sequence of strings, the usual case: no copy of it
    except TypeError:  # values, rows of values, bytes: each as its text
        text = "\n".join(_text_of(puzzle, state) for state in texts)
    return (text + "\n").encode("utf-8", "replace") if len(texts) else b""


def _text_of(puzzle: Puzzle, state: Any) -> str:
    if isinstance(state, str):
        return state
    if isinstance(state, bytes):
        return state.decode("utf-8", "replace")
    if isinstance(state, (list, tuple, np.ndarray)):
        return puzzle.separator.join(map(str, state))
    return repr(state)


INPUT_SHOWN = 64
"""The most characters of a bad line an error object quotes (then `...`)."""


def error_object(puzzle: Puzzle, number: int, text: str, message: str) -> dict[str, Any]:
    """The answer in place of a line that cannot be read."""
    shown = text if len(text) <= INPUT_SHOWN else text[:INPUT_SHOWN] + "..."
    return {"puzzle": puzzle.name, "line": number, "input": shown, "error": message}


def read_line(puzzle: Puzzle, lines: Lines, position: int) -> tuple[Any, dict[str, Any] | None]:
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


def solve_many(puzzle: Puzzle, table: TableReader | None, keys: np.ndarray) -> AnswerColumns:
    """The puzzle's answers for keys read at once, with the count of optimal
    solutions as the first further field (as `Solution.to_dict` places it)."""
    columns = puzzle.many.solve_many(table, keys)
    if puzzle.counting is None:
        return columns
    ways = puzzle.counting.counts_of(table, keys)
    solvable = columns.distance >= 0
    texts = ways[solvable].astype(str).tolist() if ways.dtype != object else [str(w) for w in ways[solvable]]
    return replace(
        columns,
        solved={"count": texts, **columns.solved},
        unsolved={"count": ["0"] * int(np.count_nonzero(~solvable)), **columns.unsolved},
    )


T = TypeVar("T")
LineAnswer = T | dict[str, Any]
"""A line's answer, or its error object (`error_object`) where it cannot be read."""


@dataclass(frozen=True)
class SolvedLines:
    """The solve answers of a chunk of lines, in two parts: the lines read at
    once (`read`), answered column by column (`columns`, None where there
    are none), and every other line's `Solution` (or error object), by its
    position in the chunk (`each`)."""

    puzzle: Puzzle
    size: int
    read: ReadAtOnce
    columns: AnswerColumns | None
    each: dict[int, LineAnswer[Solution]]


@dataclass(frozen=True)
class NumberedLines:
    """One number per line of a chunk (a distance, -1 where unsolvable, or a
    count of optimal solutions), and the error object of each line that
    cannot be read, by its position (its number there is a placeholder)."""

    numbers: np.ndarray
    errors: dict[int, dict[str, Any]]


def one_by_one(puzzle: Puzzle, lines: Lines, answer: Callable[[Any], Solution]) -> SolvedLines:
    """`answer` of every line of a chunk, each read on its own (or its error object)."""
    empty = np.zeros(0, dtype=np.int64)
    read = ReadAtOnce(empty, empty, np.zeros((0, 0), dtype=np.uint8), list(range(len(lines))))
    return SolvedLines(puzzle, len(lines), read, None, each_line(puzzle, lines, answer))


def solve_lines(puzzle: Puzzle, table: TableReader | None, lines: Lines) -> SolvedLines:
    """Every line's solve answer: the lines in compact form all at once, the others one by one."""
    rows = read_at_once(puzzle, lines)
    columns = solve_many(puzzle, table, rows.keys) if rows.fast.size else None
    each = each_line(puzzle, lines, lambda board: solved(puzzle, table, board), rows.others)
    return SolvedLines(puzzle, len(lines), rows, columns, each)


def each_line(
    puzzle: Puzzle, lines: Lines, answer: Callable[[Any], T], positions: Iterable[int] | None = None
) -> dict[int, LineAnswer[T]]:
    """`answer` of the instance on each line (or the lines at `positions`), read one
    by one by the scalar reader, or its error object, by position."""
    answers: dict[int, LineAnswer[T]] = {}
    for position in range(len(lines)) if positions is None else positions:
        board, error = read_line(puzzle, lines, position)
        answers[position] = error if error is not None else answer(board)
    return answers


def distance_lines(puzzle: Puzzle, table: TableReader | None, lines: Lines) -> NumberedLines:
    """Every line's distance (-1 where unsolvable), or its error object."""
    rows = read_at_once(puzzle, lines)
    if not rows.others:
        return NumberedLines(puzzle.many.distances_of(table, rows.keys), {})
    distance = np.full(len(lines), -1, dtype=np.int64)
    if rows.fast.size:
        distance[rows.fast] = puzzle.many.distances_of(table, rows.keys)
    errors = {}
    for position, found in each_line(puzzle, lines, partial(puzzle.distance, table), rows.others).items():
        if isinstance(found, dict):
            errors[position] = found
        elif found is not None:
            distance[position] = found
    return NumberedLines(distance, errors)


def count_lines(puzzle: Puzzle, table: TableReader | None, lines: Lines) -> NumberedLines:
    """Every line's count of optimal move sequences (0 where unsolvable), or its error object."""
    rows = read_at_once(puzzle, lines)
    counting = puzzle.counting
    if not rows.others:
        return NumberedLines(counting.counts_of(table, rows.keys), {})
    ways = np.zeros(len(lines), dtype=object if counting.beyond_64_bits else np.uint64)
    if rows.fast.size:
        ways[rows.fast] = counting.counts_of(table, rows.keys)
    errors = {}
    for position, found in each_line(puzzle, lines, partial(count_of, puzzle, table), rows.others).items():
        if isinstance(found, dict):
            errors[position] = found
        else:
            ways[position] = found
    return NumberedLines(ways, errors)


def judge(puzzle: Puzzle, table: Callable[[], TableReader | None], chunks: Iterable[Lines]) -> Iterator[str]:
    """The original output for the original input, as it arrives. `table`
    is called once there is something to answer, so bad input is reported
    before a missing table is built."""
    formats = original_formats(puzzle)
    reader = formats.stream()
    content = False
    for lines in chunks:
        if not content and lines.data.strip():
            content = bool(lines.data.decode("utf-8", "replace").strip())
        yield reader.feed(lines, table)
        if reader.done:
            break
    if not content:
        example = " / ".join(formats.example().splitlines())
        raise InputError(f"standard input is empty; expected {formats.format()}, e.g. {example}")
    yield reader.finish(table)


def original_formats(puzzle: Puzzle) -> OriginalFormats:
    """The puzzle's original formats; InputError where it has none."""
    if puzzle.formats is None:
        raise InputError(f"{puzzle.name} has no original input format (only its compact form)")
    return puzzle.formats
