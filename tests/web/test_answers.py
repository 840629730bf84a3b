"""Probe answers kept ready: a small answer cache, through evictions and hits,
gives the answers computed afresh."""

from __future__ import annotations

import random
from pathlib import Path

from starlette.testclient import TestClient

from ninebase import lookup, puzzles
from ninebase.lookup.web import create_app
from ninebase.lookup.web.settings import Settings


def random_states(tables: lookup.Tables, puzzle: str, count: int, seed: int) -> list[str]:
    distances, compact = puzzles.get(puzzle).storage.sample_space(tables.table(puzzle))
    rng = random.Random(seed)
    return [compact(rng.randrange(distances.size)) for _ in range(count)]


def test_the_answer_cache_gives_the_computed_answers(tables_dir: Path, tables: lookup.Tables) -> None:
    states = random_states(tables, "sansu", 30, 9)
    with lookup.open_tables(tables_dir) as fresh, TestClient(create_app(fresh, Settings(cache=8))) as small:
        for state in states + states[::-1]:  # evictions and hits both
            assert small.get("/api/sansu", params={"state": state}).json() == tables.probe("sansu", state).to_dict()
