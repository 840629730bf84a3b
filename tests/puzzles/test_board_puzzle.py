"""A prepared table (`Puzzle.prepare`, done by a server before it serves)
answers exactly as an unprepared one: for every puzzle and thousands of
random instances, the same distance, moves, boards, fields and probe. The
prepared path follows precomputed steps instead of applying each move, so
this compares two different walks of the same table."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from every import EVERY_PUZZLE, PLUGIN

from ninebase import lookup, puzzles
from ninebase.lookup.tables import probe
from ninebase.puzzles.board_puzzle import PATH, BoardPuzzle

SAMPLES = 2000
TABLED = [name for name in EVERY_PUZZLE if name == PLUGIN.name or puzzles.get(name).storage is not None]
"""The puzzles with a table to prepare (rubiks-clock has none)."""


@pytest.mark.parametrize("puzzle", TABLED, indirect=True)
def test_a_prepared_table_answers_as_an_unprepared_one(
    puzzle: puzzles.Puzzle, every_table_dir: Path, every_tables: lookup.Tables
) -> None:
    plain = every_tables.table(puzzle.name)
    with lookup.open_tables(every_table_dir) as fresh:
        prepared = fresh.table(puzzle.name)
        puzzle.prepare(prepared)
        distances, compact = puzzle.storage.sample_space(plain)
        if isinstance(puzzle, BoardPuzzle):
            assert prepared.kept(PATH) is not None  # so the walks below differ
        goals = np.flatnonzero(distances == 0)[:5]
        picks = np.random.default_rng(11).integers(0, distances.size, SAMPLES)
        for index in [*picks.tolist(), *goals.tolist()]:
            board = puzzle.board(compact(int(index)))
            expected, found = puzzle.solve(plain, board), puzzle.solve(prepared, board)
            assert found == expected and list(found.boards) == list(expected.boards), compact(int(index))
            assert found.boards[-1] == expected.boards[-1] and len(found.boards) == len(expected.boards)
            assert probe(puzzle, prepared, board).to_dict() == probe(puzzle, plain, board).to_dict()
