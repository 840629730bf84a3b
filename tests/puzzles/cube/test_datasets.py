"""The contest's datasets read as they arrive (puzzles/cube/datasets.py): a
dataset split by a long run of blank lines is read as the whole input reads
it, without reading the blank lines again for each chunk."""

from __future__ import annotations

import io

import pytest

from ninebase import lookup, puzzles
from ninebase.lookup import bulk, stream
from ninebase.puzzles.batch import Lines
from ninebase.puzzles.cube import datasets


@pytest.mark.parametrize("last_row", ["W W W", "W W"])
def test_a_dataset_split_by_blank_lines_is_read_once(
    tables: lookup.Tables, monkeypatch: pytest.MonkeyPatch, last_row: str
) -> None:
    built = []

    class Counted(Lines):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)
            built.append(len(self))

    monkeypatch.setattr(datasets, "Lines", Counted)
    blanks = ["", "  ", "\t\r", "\x0c"] * 1_750
    text = "\n".join(["1 2", *blanks, "R B W", *blanks, "E W W", last_row, "0 0"]) + "\n"
    cube, table = puzzles.get("cube"), tables.table("cube")
    try:
        expected = cube.formats.judge(table, cube.formats.read(text))
    except puzzles.InputError as error:
        expected = str(error)
    chunks = stream.chunks(io.BytesIO(text.encode()), lines=7)  # 2,003 chunks
    try:
        printed = b"".join(bulk.judge(cube, lambda: table, chunks)).decode()
    except puzzles.InputError as error:
        printed = str(error)
    assert printed == expected and ("line 14004" in printed) == (last_row == "W W")
    lines = text.count("\n")
    assert sum(built) < 3 * lines  # each chunk reading the blank lines before it again: about 1,000 times
