"""The one encoder: the bytes of every chunk of answers a front end writes
from `Tables` (`solve --batch`, `probe --batch`, `distances`, `counts`,
the HTTP batches, the `--jobs` workers) and of every listing of solutions,
written at the edge. Solve objects, one or a chunk of them, are written
from their parts into %-templates (`json_lines`, `solution_line`) without a
Python object per answer, with msgspec for each value (its JSON text worked
out once per move, once per distinct text): no dict is built for them, and
the tests compare this writer with `Solution.to_dict` byte for byte.
Distances and counts are written as lines of decimals; a state's optimal
solutions (`Listing`) as lines of move labels or of JSON, their shared
fields encoded once from the state's own answer. A single answer (one solve
or probe object: `solve --json`, `probe --json`, the HTTP probe and random
solution) is written from its fields here too (`solution_line`,
`probe_line`), compact or spaced as `json.dumps` spaces it; `to_dict` is
only the tests' oracle."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ninebase.puzzles import AnswerColumns, Probe, Puzzle, Solution, Successor

from .bulk import LineAnswer, NumberedLines, SolvedLines, move_values
from .stream import Tally

if TYPE_CHECKING:  # the listing loads when solutions are first listed (`Tables.listing`)
    from .listing import Listing

INTEGER_TEXT = np.array([b"%d\n" % value for value in range(-1, 256)])
"""The text of a distance -1..255 and its line break, at distance + 1."""
UNSAFE = np.array([ord('"'), ord("\\")], dtype=np.uint8)
"""The printable ASCII bytes JSON escapes (no compact form has them; a line read at once is printable ASCII)."""
GOAL_LINE = b"(no moves: a goal)\n"
"""What `ninebase solutions` prints for the one solution of a goal, which has no moves."""


@cache
def json_encode() -> Callable[[Any], bytes]:
    """msgspec's JSON encoder (benchmarks/json_libraries.py compares it with json
    and orjson), loaded on first use: answering one state needs none."""
    import msgspec

    return msgspec.json.Encoder().encode


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
    is its own line's text (escaped where it holds `"` or `\\`), and each
    move's JSON is encoded once."""
    head = b'{"puzzle":' + json_encode()(puzzle.name).replace(b"%", b"%%") + b',"state":"%s","distance":'
    texts = _texts(cells)
    unsafe = np.isin(cells, UNSAFE)
    if unsafe.any():  # a reader took such a line as it is: its text escaped as JSON escapes it
        for row in np.flatnonzero(unsafe.any(axis=1)).tolist():
            texts[row] = json_encode()(texts[row].decode())[1:-1]
    states = np.array(texts, dtype=object)
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


def _encoder(spaced: bool) -> Callable[[Any], bytes]:
    """How an object is written: as `json.dumps` writes it (the command
    line's single answers) or compact, by msgspec (everything else)."""
    return spaced_json if spaced else json_encode()


def _solve_object(solution: Solution, more: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A solve object (puzzles.md) to be encoded at once: its fields in order,
    the count (a string), then `extra`, then `more`, each overriding what
    came before. One object and one encoder call (1 us), not a template
    filled with a call per field (3 us)."""
    answer = {"puzzle": solution.puzzle, "state": solution.state, "distance": solution.distance}
    answer["moves"] = solution.moves
    if solution.count is not None:  # a string: clocks' counts pass 2**53, where JSON numbers lose digits
        answer["count"] = str(solution.count)
    answer.update(solution.extra)
    answer.update(more or {})
    return answer


def _successor_object(successor: Successor) -> dict[str, Any]:
    """A probe's successor: the move, the state it leads to, its distance and count."""
    answer = {"move": successor.move, "state": successor.state, "distance": successor.distance}
    if successor.count is not None:
        answer["count"] = str(successor.count)
    return answer


def solution_line(solution: Solution, more: Mapping[str, Any] | None = None, spaced: bool = False) -> bytes:
    """One solve object as a JSON line, with further fields `more` after its
    own (the boards of `--steps`, a random solution's seed); `spaced` as the
    command line prints a single answer."""
    return _encoder(spaced)(_solve_object(solution, more)) + b"\n"


def probe_line(probe: Probe, spaced: bool = False) -> bytes:
    """One probe object (service.md) as a JSON line: the solve object, the
    unit, whether solvable, each successor, the puzzle's own fields."""
    answer = _solve_object(probe.solution, {"unit": probe.unit, "solvable": probe.solvable})
    if probe.successors is not None:
        answer["successors"] = [_successor_object(successor) for successor in probe.successors]
    answer.update(probe.extra)
    return _encoder(spaced)(answer) + b"\n"


def spaced_json(value: Any) -> bytes:
    """JSON as the command line prints a single answer (`json.dumps`: a space
    after each separator, non-ASCII escaped)."""
    import json

    return json.dumps(value).encode()


def error_line(error: dict[str, Any]) -> bytes:
    """A line's error object (`{"puzzle", "line", "input", "error"}`) as a JSON line."""
    return json_encode()(error) + b"\n"


def solve_text(answer: SolvedLines, more: Callable[[Solution], Mapping[str, Any]] | None = None) -> bytes:
    """JSON Lines of a chunk's solve objects (or error objects), in order:
    what `solve --batch` prints and `POST /api/PUZZLE/batch` sends. `more`
    gives further fields of each solvable answer answered on its own (the
    boards of `--steps`)."""
    read = answer.read
    fast = json_lines(answer.puzzle, read.cells, answer.columns) if answer.columns is not None else []
    if not answer.each:
        return b"".join(fast)
    encoded: list[bytes] = [b""] * answer.size
    for position, line in zip(read.fast.tolist(), fast, strict=True):
        encoded[position] = line
    for position, solution in answer.each.items():
        if isinstance(solution, Solution):
            extra = more(solution) if more is not None and solution.solvable else None
            encoded[position] = solution_line(solution, extra)
        else:
            encoded[position] = error_line(solution)
    return b"".join(encoded)


def probe_text(answers: Iterable[LineAnswer[Probe]]) -> bytes:
    """JSON Lines of a chunk's probe objects (or error objects), in order."""
    return b"".join(probe_line(probe) if isinstance(probe, Probe) else error_line(probe) for probe in answers)


_DECIMALS: dict[int, bytes] = {}
"""The line of each Python-int count written so far, kept across chunks (clocks' counts are a few
hundred values: a chunk's lines are then looked up, none written), emptied past DECIMALS_KEPT."""
DECIMALS_KEPT = 4096


def _decimal_lines(values: list[int]) -> list[bytes]:
    """Each value's decimal line; each distinct one written once, and kept (65,536 clocks counts:
    3.7 ms, as clocks' own lines were; writing a chunk's distinct ones each time: 5.8 ms)."""
    try:
        return list(map(_DECIMALS.__getitem__, values))
    except KeyError:
        written = {value: b"%d\n" % value for value in set(values)}
        if len(_DECIMALS) + len(written) > DECIMALS_KEPT:
            _DECIMALS.clear()
        _DECIMALS.update(written)
        return list(map(written.__getitem__, values))


def number_text(answer: NumberedLines, tally: Tally | None = None) -> bytes:
    """One line per line of a chunk: its number (a distance, -1, or a count),
    or `error: line N: why` for a line that cannot be read (counted in
    `tally`): what `distances` and `counts` print."""
    numbers, errors = answer.numbers, answer.errors
    if tally is not None:
        tally.record(len(numbers), {error["line"]: error["error"] for error in errors.values()})
    if not numbers.size:
        return b""
    if numbers.dtype.kind in "iu" and numbers.min() >= -1 and numbers.max() <= 255:  # every distance
        if not errors:
            text = INTEGER_TEXT[numbers + 1].view(np.uint8)
            return text[text != 0].tobytes()
        pieces = INTEGER_TEXT[numbers + 1].tolist()
    elif numbers.dtype == object:  # Python ints (clocks' counts)
        pieces = _decimal_lines(numbers.tolist())
    else:  # larger counts: each distinct one written once, the lines gathered as INTEGER_TEXT's are
        distinct, inverse = np.unique(numbers, return_inverse=True)
        texts = np.array([b"%d\n" % number for number in distinct.tolist()])[inverse.reshape(-1)]
        if not errors:
            text = texts.view(np.uint8)
            return text[text != 0].tobytes()
        pieces = texts.tolist()
    for position, error in answer.errors.items():
        pieces[position] = f"error: line {error['line']}: {error['error']}\n".encode()
    return b"".join(pieces)


def listing_text(listing: Listing) -> Iterator[bytes]:
    """Each solution's move names on a line, separated by spaces, a chunk of lines at a time."""
    rules = listing.rules
    names, even = move_texts([rules.move_label(value) for value in move_values(rules)])
    for chunk in listing.chunks:
        if rules.moves_written_whole and chunk.shape[1]:  # a line of its own for each
            yield b"".join(
                " ".join(map(rules.move_label, rules.written_moves(moves))).encode() + b"\n" for moves in chunk.tolist()
            )
            continue
        if not chunk.shape[1]:
            yield GOAL_LINE * len(chunk)
            continue
        cells = names[chunk].reshape(len(chunk), -1)
        lines = np.empty_like(cells)  # the first name's space left out, a line break after the last
        lines[:, :-1], lines[:, -1] = cells[:, 1:], ord("\n")
        written = lines.ravel()
        yield (written if even else written[written != 0]).tobytes()


def listing_json(listing: Listing, spaced: bool = False) -> Iterator[bytes]:
    """Each solution's solve object with its number (a string, from 0) on a
    line, compact or `spaced`: the parts all solutions share are encoded
    once, each move's value once."""
    encode = _encoder(spaced)
    head, middle = json_template(listing.first, listing.count, spaced)
    separator = encode([0, 0])[2:-2]
    texts = [separator + encode(value) for value in move_values(listing.rules)]
    names, even = move_texts(texts, encoded=True)
    line = head.replace(b"%", b"%%") + b"[%s]" + middle.replace(b"%", b"%%") + b'"%d"}\n'
    number, skip = 0, len(separator)
    for chunk in listing.chunks:
        extras = listing.rules.counting.own_extra(listing.first.boards[0], chunk)
        if listing.rules.moves_written_whole or (
            extras is not None and any(own != listing.first.extra for own in extras)
        ):
            extras = extras or [listing.first.extra] * len(chunk)  # lines of their own: whole
            yield b"".join(
                _listed_line(listing, moves, own, number + row, spaced)
                for row, (moves, own) in enumerate(zip(chunk.tolist(), extras, strict=True))
            )
            number += len(chunk)
            continue
        cells = names[chunk].reshape(len(chunk), -1)[:, skip:]
        moves = [row.tobytes() for row in cells] if even else [row[row != 0].tobytes() for row in cells]
        yield b"".join([line % pair for pair in zip(moves, range(number, number + len(moves)), strict=True)])
        number += len(chunk)


def _listed_line(listing: Listing, moves: list[int], extra: dict[str, Any], number: int, spaced: bool) -> bytes:
    """One listed solution's JSON line, written whole."""
    first = listing.first
    shown = listing.rules.written_moves(moves)
    solution = Solution(first.puzzle, first.state, first.distance, shown, [], extra, listing.count)
    return solution_line(solution, {"number": str(number)}, spaced)


def move_texts(texts: list[str] | list[bytes], encoded: bool = False) -> tuple[np.ndarray, bool]:
    """Per move index, its text after its separator (a space, unless
    `encoded` texts bring their own) as a zero-padded uint8 row; and whether
    all are equally long (no padding to take out)."""
    written = texts if encoded else [b" " + text.encode() for text in texts]
    return byte_rows(written), len(set(map(len, written))) == 1


def json_template(first: Solution, count: int, spaced: bool) -> tuple[bytes, bytes]:
    """The text of a listed solution's JSON line before its moves' list and
    after it up to its number: its solve object with the moves and number
    left out, encoded once and cut where they go."""
    moves_mark, number_mark = "\x01moves\x01", "\x01number\x01"
    answer = _solve_object(Solution(first.puzzle, first.state, first.distance, [], [], first.extra, count))
    answer["moves"] = moves_mark
    encode = _encoder(spaced)
    written = encode({**answer, "number": number_mark})
    head, rest = written.split(encode(moves_mark))
    middle, tail = rest.split(encode(number_mark))
    if tail != b"}":
        raise AssertionError(f"a solve object's number is not its last field: {tail!r}")
    return head, middle
