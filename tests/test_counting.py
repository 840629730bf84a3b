"""How many optimal solutions (issue 29), against evidence written apart from
the code under test: every count compared with a brute-force count of the
shortest move sequences (`shortest_paths`, over the simulators of
`rules.py`), whole state spaces where they fit, on at least 2,000 states per
puzzle spread over every distance and on the seeds' examples; rubiks-clock's
counts, of sets of moves, against the sets of two moves that make each
position two moves away (`clock_rules`); batches
against single answers, bad lines among them; and the stored counts under
`verify`. The solutions themselves are checked in test_counting_solutions.py."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import clock_rules
import numpy as np
import pytest
from click.testing import CliRunner
from counted_spaces import BACKWARD, counted, positions, puzzle_of, spread, twelve_hour_counts
from damaged_tables import assert_refused, copy_tables, flip_byte, rewrite
from every import BAD_LINES, PLUGIN, registered, walked
from rules import boards_showing, cube_neighbours, cube_start
from shortest_paths import cube_pattern_counts, meeting_count

from ninebase import lookup, puzzles
from ninebase.lookup import encoding
from ninebase.lookup.cli import main
from ninebase.lookup.stream import Lines
from ninebase.puzzles import InputError, Puzzle

SPREAD = 2000
"""States per puzzle whose counts are asked one at a time (the whole space goes through `counts`)."""
SEED_COUNTS = {
    "sansu": "175426839",
    "clocks": "9 9 12 6 6 6 6 3 6",
    "eight-5": "123069478",
    "nine": "100000000 111111011",
}
"""The seeds' examples, by the space they are in."""
CUBE_SEEDS = [("1 2 WWWEWWWWW", 0, (0, 0)), ("2 1 RBWRWWEWW", 3, (2, 1)), ("3 3 WBWBRERBR", 13, (8, 5))]
"""The contest sample's first three datasets: their fewest rolls, and depths to meet at from both ends."""
CUBE_LONGER_SEEDS = [
    ("3 3 BWRBWRBER", 23, (15, 8)),
    ("2 1 BBBBRBBRE", 29, (19, 10)),
    ("1 1 RRRWWWRRE", 30, (20, 10)),
    ("2 1 RRRBWBRRE", 31, (21, 10)),  # the contest's -1: above 30 rolls
]
"""The rest of the contest sample (slow to meet in the middle)."""


def assert_counts_equal_the_enumeration(tables: lookup.Tables, space_name: str, seed: int) -> None:
    _, distance, count = counted(space_name)
    puzzle = puzzle_of(space_name)
    texts = list(positions(space_name))
    if puzzle.storage is not None:  # a table: every state at once (the variant, without one, a state at a time)
        assert tables.counts(puzzle, texts).tolist() == count.tolist()
        assert tables.distances(puzzle, texts).tolist() == distance.tolist()
    chosen = spread(distance, SPREAD, seed)
    assert len(chosen) >= min(SPREAD, len(distance)) and set(distance[chosen]) == set(distance)
    for state in chosen.tolist():
        assert tables.count(puzzle, texts[state]) == count[state], texts[state]


@pytest.mark.parametrize("space_name", ["sansu", "clocks", "nine", "eight-9", "eight-5", "clocks-backward"])
def test_counts_equal_the_enumeration_over_whole_spaces(tables: lookup.Tables, space_name: str) -> None:
    assert_counts_equal_the_enumeration(tables, space_name, seed=len(space_name))


@pytest.mark.slow
@pytest.mark.parametrize("missing", [1, 2, 3, 4, 6, 7, 8])
def test_eight_counts_equal_the_enumeration_for_every_empty_digit(tables: lookup.Tables, missing: int) -> None:
    assert_counts_equal_the_enumeration(tables, f"eight-{missing}", seed=missing)


@pytest.mark.parametrize("space_name", ["sansu", "clocks", "nine", "eight-9", "lights"])
def test_probe_successors_carry_their_counts(every_tables: lookup.Tables, space_name: str) -> None:
    """Each move's count is its state's, and the moves one closer share out the count."""
    _, distance, count = counted(space_name)
    index = positions(space_name)
    texts = list(index)
    with registered(PLUGIN):
        for state in spread(distance, 300, seed=3).tolist():
            probe = every_tables.probe(puzzle_of(space_name), texts[state])
            assert probe.to_dict()["count"] == str(count[state])
            closer = 0
            for successor in probe.successors:
                after = index[successor.state]
                assert successor.count == count[after] and successor.to_dict()["count"] == str(count[after])
                closer += count[after] if distance[after] == distance[state] - 1 >= 0 else 0
            assert closer == (count[state] if distance[state] > 0 else 0), texts[state]


@pytest.mark.parametrize(
    ("metric", "moves", "asked"), [("18", clock_rules.MOVES_18, None), ("30", clock_rules.MOVES_30, 300)]
)
def test_rubiks_clock_counts_the_sets_of_moves_that_make_a_position(
    tables: lookup.Tables, metric: str, moves: list[np.ndarray], asked: int | None
) -> None:
    """rubiks-clock's moves commute, so its solutions are counted as sets of moves with their amounts (the
    other puzzles count orders): every position two moves away (300 of the 30-move metric's 51,651) counts
    as many as the sets of two moves (tests/clock_rules.py, the model written apart) that make it."""
    amounts = np.array(list(itertools.product(range(1, 12), repeat=2)))
    sets = [
        (amounts[:, :1] * moves[first] + amounts[:, 1:] * moves[second]) % 12
        for first, second in itertools.combinations(range(len(moves)), 2)
    ]
    made = dict(
        zip(
            *(keys.tolist() for keys in np.unique(clock_rules.key(np.concatenate(sets)), return_counts=True)),
            strict=True,
        )
    )
    layer = clock_rules.layers(moves, 2)[2]
    if asked is not None:
        layer = layer[np.random.default_rng(2).choice(len(layer), asked, replace=False)]
    solved_by = -layer % 12  # the position those moves solve: they make its negative
    texts = [" ".join(str(value or 12) for value in dials) for dials in solved_by.tolist()]
    variant = puzzles.get("rubiks-clock").variant({"metric": metric})
    assert tables.counts(variant, texts).tolist() == [made[int(clock_rules.key(dials))] for dials in layer]
    assert set(tables.distances(variant, texts).tolist()) == {2}


def test_the_plugin_counts_through_the_same_contract(every_tables: lookup.Tables) -> None:
    with registered(PLUGIN):
        assert_counts_equal_the_enumeration(every_tables, "lights", seed=1)
    assert counted("lights")[2].max() == 362880  # nine presses, in any order


def test_the_seeds_examples(tables: lookup.Tables) -> None:
    for space_name, text in SEED_COUNTS.items():
        assert tables.count(space_name.split("-")[0], text) == counted(space_name)[2][positions(space_name)[text]]
    assert tables.count("clocks", SEED_COUNTS["clocks"]) == 24  # moves 4, 5, 8 and 9 in any order
    for instance, rolls, depths in CUBE_SEEDS:
        x, y, pattern = instance.split()
        expected = meeting_count(cube_start(int(x), int(y)), boards_showing(pattern), cube_neighbours, depths)
        assert expected is not None and expected[0] == rolls
        assert (tables.distance("cube", instance), tables.count("cube", instance)) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("instance", "rolls", "depths"), CUBE_LONGER_SEEDS)
def test_the_cube_seeds_longer_examples(tables: lookup.Tables, instance: str, rolls: int, depths: tuple) -> None:
    x, y, pattern = instance.split()
    expected = meeting_count(cube_start(int(x), int(y)), boards_showing(pattern), cube_neighbours, depths)
    assert expected is not None and expected[0] == rolls
    assert (tables.distance("cube", instance), tables.count("cube", instance)) == expected


def assert_cube_counts_equal_the_enumeration(tables: lookup.Tables, depth: int) -> None:
    """Every pattern some board within `depth` rolls of each start shows: all
    of them through `counts`, a spread over the distances one at a time."""
    instances, rolls, ways = [], [], []
    for start in range(9):
        x, y = start % 3 + 1, start // 3 + 1
        for pattern, (fewest, count) in cube_pattern_counts(x, y, depth).items():
            instances.append(f"{x} {y} {pattern}")
            rolls.append(fewest)
            ways.append(count)
    assert tables.counts("cube", instances).tolist() == ways
    assert tables.distances("cube", instances).tolist() == rolls
    chosen = spread(np.array(rolls), SPREAD, depth).tolist()
    assert len(chosen) == SPREAD and set(np.array(rolls)[chosen]) == set(range(depth + 1))
    for position in chosen:
        assert tables.count("cube", instances[position]) == ways[position], instances[position]


def test_cube_counts_equal_the_enumeration_from_every_start(tables: lookup.Tables) -> None:
    assert_cube_counts_equal_the_enumeration(tables, 16)


@pytest.mark.slow
def test_cube_counts_equal_the_enumeration_further_out(tables: lookup.Tables) -> None:
    assert_cube_counts_equal_the_enumeration(tables, 21)


# Clocks: the multinomial past 2**64, and the other rules ------------------------
def test_clocks_counts_past_64_bits_are_exact(tables: lookup.Tables) -> None:
    space, distance, count = counted("clocks")
    beyond = np.flatnonzero(count >= 2**64)
    assert set(distance[beyond]) == {26, 27} and beyond.size == 10  # all ten settings 26 or 27 moves away
    assert count.max() == 1080491954750208000000  # 27! / 3!**9: every move three times
    for state in beyond.tolist():
        text = space.compact(state)
        assert tables.count("clocks", text) == count[state]
        assert tables.solve("clocks", text).to_dict()["count"] == str(count[state])  # exact in JSON, as a string


@pytest.mark.parametrize(("backward", "depth"), [(False, 5), (True, 4)])
def test_twelve_hour_counts_equal_the_enumeration(tables: lookup.Tables, backward: bool, depth: int) -> None:
    assert_twelve_hour_counts(tables, backward, depth)


@pytest.mark.slow
def test_twelve_hour_half_turns_count_both_ways(tables: lookup.Tables) -> None:
    found = assert_twelve_hour_counts(tables, True, 6)
    half_turn = (6, 6, 12, 6, 6, 12, 12, 12, 12)  # move 1 (ABDE) six hours on: six turns forward or six back
    assert found[half_turn] == [6, 2]


def assert_twelve_hour_counts(tables: lookup.Tables, backward: bool, depth: int) -> dict:
    variant = puzzles.get("clocks").variant({"hours": "12", "backward": backward})
    found = twelve_hour_counts(backward, depth)
    assert len(found) > SPREAD
    for hours, (fewest, ways) in found.items():
        text = " ".join(map(str, hours))
        assert (tables.distance(variant, text), tables.count(variant, text)) == (fewest, ways), text
    return found


# Batches equal single answers ------------------------------------------------------
def random_texts(tables: lookup.Tables, puzzle: Puzzle, count: int, seed: int) -> list[str]:
    """Random states in compact form, unsolvable ones included (dials at random under other rules)."""
    if puzzle.storage is None and hasattr(puzzle, "values"):  # clocks' algebra: any dials, unsolvable ones too
        rng = random.Random(seed)
        return [" ".join(rng.choice(puzzle.values) for _ in range(9)) for _ in range(count)]
    if puzzle.storage is None:  # no table and no unsolvable instance: walked from the example (rubiks-clock)
        return walked(puzzle, count, seed)
    distances, compact = puzzle.storage.sample_space(tables.table(puzzle))
    return [compact(int(index)) for index in np.random.default_rng(seed).integers(0, distances.size, count)]


VARIANTS = [{"hours": "12"}, {"hours": "12", "backward": True}, BACKWARD]
"""Clocks under other rules, asked through Tables as any puzzle."""


@pytest.mark.parametrize(
    ("name", "rules"),
    [(name, {}) for name in (*puzzles.names(), PLUGIN.name)] + [("clocks", rules) for rules in VARIANTS],
    ids=lambda value: "-".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else value,
)
def test_batch_counts_equal_single_counts(every_tables: lookup.Tables, name: str, rules: dict) -> None:
    with registered(PLUGIN):
        puzzle = puzzles.get(name).variant(rules) if rules else puzzles.get(name)
        texts = random_texts(every_tables, puzzle, 300, seed=len(name) + len(rules))
        single = [every_tables.count(puzzle, text) for text in texts]
        assert sum(map(bool, single)) > 0 and every_tables.counts(puzzle, texts).tolist() == single
        if puzzle.storage is not None:  # unsolvable states in the sample count 0, as `distances` says -1
            assert [c == 0 for c in single] == (every_tables.distances(puzzle, texts) < 0).tolist()
        rng = random.Random(name)
        lines = list(texts)
        for bad in rng.sample(BAD_LINES, 6):
            lines.insert(rng.randrange(len(lines) + 1), bad)
        first = rng.randrange(1, 10**6)
        expected = [expected_line(every_tables, puzzle, text, first + n) for n, text in enumerate(lines)]
        answer = encoding.number_text(
            every_tables.count_lines(puzzle, Lines("".join(f"{t}\n" for t in lines).encode(), first))
        )
        assert answer.decode().split("\n") == [*expected, ""]


def expected_line(tables: lookup.Tables, puzzle: Puzzle, text: str, number: int) -> str:
    """A counts line: the single count, or the error `board` gives, named by its line."""
    try:
        return str(tables.count(puzzle, text))
    except InputError as error:
        return f"error: line {number}: {error}"


# The stored counts under verify --------------------------------------------------------
def verify(directory: Path, *names: str):
    return CliRunner().invoke(main, ["verify", *names, "--tables", str(directory)])


def test_verify_passes_on_fresh_tables(tables_dir: Path) -> None:
    result = verify(tables_dir, "sansu", "nine")
    assert result.exit_code == 0 and result.output.count(": ok, ") == 2, result.output


def altered_count(tables_dir: Path, directory: Path, name: str, dataset: str, group: str) -> Path:
    """A copy of `name`'s table with one stored count one more than it is, and
    checksums and attributes digest written afresh: only the invariant can tell."""
    copy_tables(tables_dir, directory, name)
    with lookup.open_tables(directory) as tables:
        stored = tables.table(name).array(dataset, group)
        position = int(np.flatnonzero((stored > 1) & (stored < stored.max()))[0])

    def change(changed: str, values: np.ndarray) -> np.ndarray:
        if changed == dataset and values.size == stored.size and np.array_equal(values, stored):
            values[position] += 1
        return values

    rewrite(directory / f"{name}.h5", name, change)
    return directory


@pytest.mark.parametrize(("name", "dataset", "group"), [("sansu", "count", "search"), ("nine", "count", "search")])
def test_verify_refuses_an_altered_count(tables_dir: Path, tmp_path: Path, name: str, dataset: str, group: str) -> None:
    result = verify(altered_count(tables_dir, tmp_path, name, dataset, group), name)
    assert result.exit_code == 4 and f"{name}: FAILED" in result.output, result.output
    assert f"dataset {dataset} does not match the distances and counts" in result.output


@pytest.mark.slow
@pytest.mark.parametrize(("dataset", "group"), [("count", "start_2_2"), ("pattern_count", "start_2_1")])
def test_verify_refuses_an_altered_cube_count(tables_dir: Path, tmp_path: Path, dataset: str, group: str) -> None:
    result = verify(altered_count(tables_dir, tmp_path, "cube", dataset, group), "cube")
    assert result.exit_code == 4 and "cube: FAILED" in result.output, result.output
    assert f"dataset {dataset} does not match the distances and counts" in result.output


@pytest.mark.parametrize(
    ("name", "group", "state"), [("eight", "search", "123069478"), ("cube", "start_2_1", "2 1 RBWRWWEWW")]
)
def test_damaged_counts_never_answer(tables_dir: Path, tmp_path: Path, name: str, group: str, state: str) -> None:
    path = copy_tables(tables_dir, tmp_path, name) / f"{name}.h5"
    flip_byte(path, group, "count" if name == "eight" else "pattern_count")
    with lookup.open_tables(tmp_path) as damaged, pytest.raises(lookup.TableError, match="rebuild it with"):
        damaged.count(name, state)
    batch = CliRunner().invoke(main, ["solve", name, "--batch", "--tables", str(tmp_path)], input=f"{state}\n")
    assert_refused(batch, path, name)  # the solve objects of a batch carry the count
