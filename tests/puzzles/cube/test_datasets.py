"""The contest's datasets read as they arrive (puzzles/cube/datasets.py): a
dataset split by a long run of blank lines is read as the whole input reads
it, without reading the blank lines again for each chunk."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

from ninebase import lookup, puzzles
from ninebase.lookup import bulk, stream
from ninebase.lookup.stream import Lines


@pytest.mark.parametrize("last_row", ["W W W", "W W"])
def test_a_dataset_split_by_blank_lines_is_read_once(
    tables: lookup.Tables, monkeypatch: pytest.MonkeyPatch, last_row: str
) -> None:
    built = []

    def counted(make: Callable[..., Lines]) -> Callable[..., Lines]:
        def making(*args: Any) -> Lines:
            chunk = make(*args)
            built.append(len(chunk))
            return chunk

        return making

    for name in ("joined", "rest"):  # the chunks the reader builds: the lines it keeps, joined to the next
        monkeypatch.setattr(Lines, name, counted(getattr(Lines, name)))
    blanks = ["", "  ", "\t\r", "\x0c"] * 1_750
    text = "\n".join(["1 2", *blanks, "R B W", *blanks, "E W W", last_row, "0 0"]) + "\n"
    cube, table = puzzles.get("cube"), tables.table("cube")
    try:
        expected = cube.formats.judge(table, cube.formats.read(text))
    except puzzles.InputError as error:
        expected = str(error)
    chunks = stream.chunks(io.BytesIO(text.encode()), lines=7)  # 2,003 chunks
    try:
        printed = "".join(bulk.judge(cube, lambda: table, chunks))
    except puzzles.InputError as error:
        printed = str(error)
    assert printed == expected and ("line 14004" in printed) == (last_row == "W W")
    lines = text.count("\n")
    assert sum(built) < 3 * lines  # each chunk reading the blank lines before it again: about 1,000 times
