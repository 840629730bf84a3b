"""lookup/sample.py: a larger count extends a smaller one with the same seed,
for every puzzle and every way of sampling (a distance, the hardest, -1,
--unique, nine's table sizes), from Python and from the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ninebase import lookup, puzzles
from ninebase.puzzles import InputError

NINEBASE = str(Path(sys.executable).parent / "ninebase")
SAMPLED = ["sansu", "clocks", "eight", "nine", "cube", "nine-2"]
"""Every puzzle with a table, and nine at size 2 (the session builds its table; size 4's takes too long)."""


def rules(name: str) -> puzzles.Puzzle:
    return puzzles.get("nine").variant({"size": 2}) if name == "nine-2" else puzzles.get(name)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.sampled_from(SAMPLED),
    distance=st.one_of(st.none(), st.integers(-1, 30)),
    unique=st.booleans(),
    seed=st.integers(0, 2**63 - 1),
    counts=st.lists(st.integers(1, 300), min_size=2, max_size=2, unique=True).map(sorted),
)
def test_a_larger_count_begins_with_a_smaller_ones_instances(
    tables: lookup.Tables, name: str, distance: int | None, unique: bool, seed: int, counts: list[int]
) -> None:
    fewer, more = counts
    puzzle = rules(name)
    try:
        smaller, available = tables.sample(puzzle, distance, fewer, seed, unique)
    except InputError:  # no such instance: the larger count is refused alike
        return
    larger, also_available = tables.sample(puzzle, distance, more, seed, unique)
    assert larger[:fewer] == smaller
    assert len(larger) == min(more, available) and also_available == available
    assert len(set(larger)) == len(larger)


def test_the_command_grows_a_sample_from_the_same_seed(tables_dir: Path) -> None:
    def sampled(count: int) -> list[str]:
        asked = ["sample", "eight", "--distance", "25", "--seed", "1", "--count", str(count)]
        done = subprocess.run([NINEBASE, *asked, "--tables", str(tables_dir)], capture_output=True, text=True)
        assert done.returncode == 0 and done.stderr == ""
        return done.stdout.splitlines()

    three, five = sampled(3), sampled(5)
    assert len(three) == 3 and len(five) == 5
    assert five[:3] == three
