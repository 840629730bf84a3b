"""JSON Lines of solve objects: the standard library's json against orjson
and msgspec, side by side, and the way `solve --batch` writes them (no
Python object per answer, lookup/encoding.py).

    python benchmarks/json_libraries.py [--puzzle eight] [--lines 65536] [--tables DIR]

The answers are those of random states of the puzzle (unsolvable ones
included), each encoded as one line; the figures are CPU time, the best of
five runs, so other work on the machine does not blur them. orjson is
measured when it is installed (it is not a dependency).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import numpy as np

from ninebase import lookup, puzzles
from ninebase.lookup import bulk, encoding
from ninebase.lookup.stream import Lines


def best_seconds(work: Callable[[], Any], runs: int = 5) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(runs):
        started = time.process_time()
        result = work()
        best = min(best, time.process_time() - started)
    return best, result


def row(name: str, per_second: float, note: str = "") -> None:
    print(f"  {name:<42} {per_second:>12,.0f} lines/s  {note}")


def encoders(answers: list[dict[str, Any]]) -> dict[str, Callable[[], bytes]]:
    """Each library's fastest way to JSON Lines of the same dicts."""
    compact = json.JSONEncoder(separators=(",", ":")).encode
    found: dict[str, Callable[[], bytes]] = {
        "json (as before: default separators)": lambda: "".join(json.dumps(a) + "\n" for a in answers).encode(),
        "json, compact separators": lambda: "".join(compact(a) + "\n" for a in answers).encode(),
    }
    try:
        import orjson
    except ImportError:
        print("orjson is not installed: pip install orjson to include it")
    else:
        found["orjson"] = lambda: b"".join([orjson.dumps(a, option=orjson.OPT_APPEND_NEWLINE) for a in answers])
    encoder = msgspec.json.Encoder()
    found["msgspec, one call per line"] = lambda: b"".join([encoder.encode(a) + b"\n" for a in answers])
    found["msgspec, encode_lines"] = lambda: encoder.encode_lines(answers)
    return found


def column_dicts(
    columns: puzzles.AnswerColumns, puzzle: str, states: Sequence[str], move_values: Sequence[Any]
) -> list[dict[str, Any]]:
    """The solve objects (`Solution.to_dict()`) of answer columns, one dict per
    key, for keys written as `states`: what a library needs before it can
    write them (ninebase writes the columns straight into bytes instead)."""
    values = np.empty(len(move_values) + 1, dtype=object)
    for move, value in enumerate(move_values):
        values[move] = value
    distance = columns.distance.tolist()
    solvable = np.flatnonzero(columns.distance >= 0).tolist()
    moves = values[np.minimum(columns.moves, len(move_values))].tolist()
    answers: list[Any] = [None] * len(distance)
    names, fields = list(columns.solved), list(columns.solved.values())
    for row, (position, walk) in enumerate(zip(solvable, moves, strict=True)):
        steps = distance[position]
        answer = {"puzzle": puzzle, "state": states[position], "distance": steps, "moves": walk[:steps]}
        for name, column in zip(names, fields, strict=True):
            answer[name] = column[row]
        answers[position] = answer
    names, fields = list(columns.unsolved), list(columns.unsolved.values())
    for row, position in enumerate(np.flatnonzero(columns.distance < 0).tolist()):
        answer = {"puzzle": puzzle, "state": states[position], "distance": None, "moves": []}
        for name, column in zip(names, fields, strict=True):
            answer[name] = column[row]
        answers[position] = answer
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzle", default="eight", choices=puzzles.names())
    parser.add_argument("--lines", type=int, default=65_536)
    parser.add_argument("--tables", default=None, help="tables directory (default: as ninebase finds it)")
    args = parser.parse_args()
    rules = puzzles.get(args.puzzle)
    with lookup.open_tables(args.tables) as tables:
        table = tables.table(args.puzzle)
        distances, compact = rules.storage.sample_space(table)
        indices = np.random.default_rng(7).integers(0, distances.size, args.lines)
        lines = Lines("".join(f"{compact(int(index))}\n" for index in indices).encode())
        rows = bulk.read_at_once(rules, lines)
        texts, values = puzzles.row_texts(rows.cells), bulk.move_values(rules)
        answers = column_dicts(bulk.solve_many(rules, table, rows.keys), rules.name, texts, values)
        solved = rules.many.solve_many(table, rows.keys)
        expected = [json.loads(line) for line in encoding.solve_text(tables.solve_lines(rules, lines)).splitlines()]
        assert expected == answers, "the written lines and the answers differ"
        print(f"{args.lines:,} {args.puzzle} solve objects as JSON Lines (CPU seconds, best of 5):")
        fastest = 0.0
        for name, encode in encoders(answers).items():
            seconds, text = best_seconds(encode)
            assert [json.loads(line) for line in text.splitlines()] == answers, name
            row(name, args.lines / seconds, f"{len(text) / seconds / 2**20:,.0f} MiB/s")
            fastest = max(fastest, args.lines / seconds)
        seconds, _ = best_seconds(lambda: b"".join(encoding.json_lines(rules, rows.cells, solved)))
        row("ninebase, from the answer columns", args.lines / seconds, "(no dict per answer: what solve --batch does)")
        seconds, _ = best_seconds(lambda: column_dicts(solved, rules.name, texts, values))
        row("(the dicts above, from the same columns)", args.lines / seconds, "(each library needs them first)")
        row("dicts, then the fastest library", 1 / (seconds / args.lines + 1 / fastest))


if __name__ == "__main__":
    main()
