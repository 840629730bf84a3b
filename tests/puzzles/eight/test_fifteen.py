"""eight at size 4 (the 15-puzzle): the pattern tables and the search
against the rules written again apart (tests/fifteen_rules.py), breadth-first searches of their
own, and the published optimal lengths of Korf's 100 random instances.

The fast tests search with cheap 5-5-5 tables; the tables the engine ships
are those of the session (`fifteen_tables_dir`, built once for every test of
size 4). A table is indexed by its placement's rank, which the tests read as
the placement's place in `itertools.permutations(range(16), k)`: the
placements of k tiles in lexicographic order of their cells.
"""

from __future__ import annotations

import itertools
import random
import shutil
from collections import deque
from pathlib import Path

import numpy as np
import pytest
from damaged_tables import flip_byte
from fifteen_rules import CLASSIC, distances_near, goal_of, moves_from, replay

from ninebase import lookup
from ninebase.build_tables import pattern_tables as builder
from ninebase.lookup.tablefile import TableError
from ninebase.puzzles.eight import fifteen, placements
from ninebase.puzzles.text import InputError

KORF_100 = Path(__file__).resolve().parents[3] / "benchmarks" / "korf100.txt"
CHEAP_PARTITIONS = {
    15: ((0, 1, 4, 5, 8), (2, 3, 6, 7, 11), (9, 10, 12, 13, 14)),
    14: ((0, 1, 4, 5, 8), (2, 3, 6, 7, 11), (9, 10, 12, 13, 15)),
    10: ((0, 1, 4, 5, 8), (2, 3, 6, 7, 11), (9, 12, 13, 14, 15)),
}
"""5-5-5 for every kind of goal: the same search, tables built in seconds."""


def korf_instances() -> list[tuple[int, tuple[int, ...], int]]:
    """(number, board in this puzzle's numbers, published length): Korf's
    boards use 0..15 with the blank first in the goal, so every number but 0
    goes up by one (the goal's empty cell is then cell 1)."""
    rows = [line.split() for line in KORF_100.read_text().splitlines() if line and not line.startswith("#")]
    return [(int(row[0]), tuple(int(n) + 1 if n != "0" else 0 for n in row[1:17]), int(row[17])) for row in rows]


@pytest.fixture(scope="module")
def cheap_tables() -> fifteen.Tables:
    groups = dict.fromkeys(group for groups in CHEAP_PARTITIONS.values() for group in groups)
    return {group: placements.halved(builder.pattern_table(group)) for group in groups}


def solve(board: tuple[int, ...], tables: fifteen.Tables, reference: bool = False) -> str | None:
    return fifteen.solve(fifteen.board(board), tables, CHEAP_PARTITIONS, reference)


def neighbours(cell: int) -> list[int]:
    row, column = divmod(cell, 4)
    steps = ((row > 0, -4), (row < 3, 4), (column > 0, -1), (column < 3, 1))
    return [cell + step for fits, step in steps if fits]


def test_a_pattern_table_against_a_search_of_its_own() -> None:
    """Three tiles and the empty cell, searched here by a 0-1 BFS: the empty
    cell's move costs 1 when it moves one of the three tiles, else 0; the
    goal is the tiles at home with the empty cell anywhere."""
    homes = (0, 5, 15)
    table = builder.pattern_table(homes)
    best: dict[tuple[int, ...], int] = {}
    queue = deque((0, (*homes, empty)) for empty in range(16) if empty not in homes)
    while queue:
        cost, state = queue.popleft()
        if state in best:
            continue
        best[state] = cost
        *tiles, empty = state
        for target in neighbours(empty):
            if target in tiles:
                queue.append((cost + 1, (*[empty if cell == target else cell for cell in tiles], target)))
            else:
                queue.appendleft((cost, (*tiles, target)))
    least: dict[tuple[int, ...], int] = {}
    for (*tiles, _), cost in best.items():
        least[tuple(tiles)] = min(cost, least.get(tuple(tiles), cost))
    assert len(least) == table.size == 16 * 15 * 14
    for index, tiles in enumerate(itertools.permutations(range(16), 3)):
        assert table[index] == least[tiles]


def test_a_placement_s_rank_is_its_place_in_lexicographic_order() -> None:
    for tiles in (1, 2, 3, 4):
        ordered = list(itertools.permutations(range(16), tiles))
        assert placements.placements(tiles) == len(ordered)
        assert [placements.rank(cells) for cells in ordered] == list(range(len(ordered)))
    rng = random.Random(7)
    for _ in range(200):  # seven tiles: 57,657,600 placements, checked at random against their order's count
        cells = rng.sample(range(16), 7)
        before = sum(
            (first - sum(cell < first for cell in cells[:slot]))
            * placements.placements(7)
            // placements.placements(slot + 1)
            for slot, first in enumerate(cells)
        )
        assert placements.rank(cells) == before < placements.placements(7)


@pytest.mark.parametrize("homes", [(0, 5, 15), (1, 2, 3, 7), (0, 1, 4, 5, 8), (9, 12, 13, 14, 15), (6,)])
def test_the_compiled_pattern_search_builds_the_numpy_one_s_tables(homes: tuple[int, ...]) -> None:
    assert np.array_equal(builder.pattern_table(homes), builder.reference_pattern_table(homes))


def test_a_distance_has_the_parity_of_the_tiles_steps_from_home_and_is_stored_halved() -> None:
    """What `halved` relies on, over every placement of five tiles: the lost bit is the steps' parity."""
    homes = (2, 3, 6, 7, 11)
    table = builder.pattern_table(homes)
    cells = np.array(list(itertools.permutations(range(16), len(homes))))
    steps = sum(
        np.abs(cells[:, slot] // 4 - home // 4) + np.abs(cells[:, slot] % 4 - home % 4)
        for slot, home in enumerate(homes)
    )
    assert np.array_equal(table % 2, steps % 2)
    stored = placements.halved(table)
    assert stored.max() <= placements.MOST_HALF
    rng = random.Random(5)
    for index in rng.sample(range(table.size), 300):
        assert placements.table_value(stored, cells[index].tolist(), homes) == table[index]


@pytest.mark.parametrize("missing", [16, 1, 3, 6])
def test_lengths_near_every_kind_of_goal_against_breadth_first_search(
    cheap_tables: fifteen.Tables, missing: int
) -> None:
    """The classic goal, a corner's, a side cell's and a middle cell's: random boards up to 12 moves away."""
    goal = tuple(0 if cell + 1 == missing else cell + 1 for cell in range(16))
    near = distances_near(goal, 12)
    boards = random.Random(missing).sample(sorted(near), 60)
    for board in [goal, *boards]:
        moves = solve(board, cheap_tables)
        assert moves is not None and len(moves) == near[board], board
        assert replay(board, moves) == goal


def test_the_compiled_search_answers_as_the_plain_python_one(cheap_tables: fifteen.Tables) -> None:
    near = distances_near(CLASSIC, 9)
    for board in random.Random(4).sample(sorted(near), 12):
        assert solve(board, cheap_tables) == solve(board, cheap_tables, reference=True)


def test_easy_instances_of_korf_s_100_have_their_published_lengths(cheap_tables: fifteen.Tables) -> None:
    easy = [instance for instance in korf_instances() if instance[2] <= 45]
    assert len(easy) == 10
    for number, board, length in easy:
        moves = solve(board, cheap_tables)
        assert moves is not None and len(moves) == length, number
        assert replay(board, moves) == goal_of(board)


def test_unsolvable_boards_are_an_answer(cheap_tables: fifteen.Tables) -> None:
    rng = random.Random(15)
    for _ in range(20):
        numbers = list(range(17))
        numbers.remove(rng.randint(1, 16))
        rng.shuffle(numbers)
        board = tuple(numbers)
        # parity, counted here as inversions: swap two tiles and one of the two boards is unsolvable
        tiles = [cell for cell, number in enumerate(board) if number]
        first, second = rng.sample(tiles, 2)
        swapped = list(board)
        swapped[first], swapped[second] = swapped[second], swapped[first]
        unsolvable = next(candidate for candidate in (board, tuple(swapped)) if not own_parity_solvable(candidate))
        assert fifteen.unsolvable_reason(fifteen.board(unsolvable)) is not None
        assert solve(unsolvable, cheap_tables) is None


def own_parity_solvable(board: tuple[int, ...]) -> bool:
    """Inversions of the tiles in the order of their goal cells, and the empty cell's row distance."""
    goal = goal_of(board)
    order = {number: cell for cell, number in enumerate(goal)}
    tiles = [order[number] for number in board if number]
    inversions = sum(a > b for i, a in enumerate(tiles) for b in tiles[i + 1 :])
    rows = abs(board.index(0) // 4 - goal.index(0) // 4)
    return (inversions + rows) % 2 == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "a 4x4 board has 16 numbers, not 15"),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 14 0", "the number 14 is on the board twice (cells 14 and 15)"),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 17 0", "a 4x4 board holds numbers 0..16, not 17 (cell 15)"),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", "a 4x4 board has one empty cell, 0; this one has none"),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 0", "a 4x4 board holds numbers 0..16, not 'x'"),
    ],
)
def test_bad_boards_are_refused_saying_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InputError) as refused:
        fifteen.board(text)
    assert str(refused.value) == message


def patterns(directory: Path) -> fifteen.Tables:
    """The shipped pattern tables of a tables directory, read as `eight --size 4` reads them."""
    with lookup.open_tables(directory) as tables:
        puzzle = tables.resolve("eight").variant({"size": 4})
        return puzzle.patterns(tables.table(puzzle))


@pytest.mark.slow
def test_the_shipped_tables_built_checked_and_answering_korf_s_instances(
    fifteen_tables_dir: Path, tmp_path: Path
) -> None:
    """Built once a session (`fifteen_tables_dir`, about a minute of CPU); under a second to search."""
    assert (fifteen_tables_dir / "eight-4.h5").stat().st_size < 64 << 20
    tables = patterns(fifteen_tables_dir)
    instances = korf_instances()
    for number, board, length in [instances[n - 1] for n in (1, 2, 16, 42, 55, 79, 82)]:
        moves = fifteen.solve(fifteen.board(board), tables)
        assert moves is not None and len(moves) == length, number
        assert replay(board, moves) == goal_of(board)
    for missing in (16, 3, 6):  # a side cell's and a middle cell's goals have tables of their own
        goal = tuple(0 if cell + 1 == missing else cell + 1 for cell in range(16))
        near = distances_near(goal, 10)
        for board in random.Random(missing).sample(sorted(near), 20):
            assert len(fifteen.solve(fifteen.board(board), tables) or "") == near[board]
    for group in (fifteen.GROUPS[0], fifteen.GROUPS[3]):  # seven tiles' 29 MB, and five tiles' 262 KB
        damaged = tmp_path / fifteen.group_name(group)
        damaged.mkdir()
        shutil.copy(fifteen_tables_dir / "eight-4.h5", damaged)
        flip_byte(damaged / "eight-4.h5", fifteen.group_name(group), "distances")
        with pytest.raises(TableError, match="rebuild it with: ninebase build --only eight --size 4 --force"):
            patterns(damaged)


def test_counts_near_the_goal_against_breadth_first_counts(cheap_tables: fifteen.Tables) -> None:
    """The optimal move sequences, counted here over the breadth-first layers;
    all of them streamed, one drawn, and the plain-Python search's count."""
    for missing in (16, 6):
        goal = tuple(0 if cell + 1 == missing else cell + 1 for cell in range(16))
        near = distances_near(goal, 10)
        ways = {goal: 1}
        for board in sorted(near, key=near.get):  # each board's count from the layer before it
            if board != goal:
                ways[board] = sum(ways[after] for _, after in moves_from(board) if near.get(after) == near[board] - 1)
        boards = random.Random(missing).sample(sorted(near), 15)
        assert max(ways[board] for board in boards) > 1
        for board in boards:
            position = fifteen.board(board)
            counted, streamed = fifteen.optimal_solutions(
                position, cheap_tables, 30, limit=10_000, partitions=CHEAP_PARTITIONS
            )
            assert counted == ways[board] == len(streamed) == len(set(streamed))
            assert all(len(moves) == near[board] and replay(board, moves) == goal for moves in streamed)
            assert fifteen.count(position, cheap_tables, 30, partitions=CHEAP_PARTITIONS) == ways[board]
            drawn = fifteen.random_solution(position, cheap_tables, 30, random.Random(1), partitions=CHEAP_PARTITIONS)
            assert drawn in streamed
        board = boards[0]
        assert (
            fifteen.count(fifteen.board(board), cheap_tables, 30, partitions=CHEAP_PARTITIONS, reference=True)
            == ways[board]
        )


def test_a_count_out_of_time_is_an_error_not_a_number(cheap_tables: fifteen.Tables) -> None:
    _, board, length = korf_instances()[0]
    with pytest.raises(fifteen.OutOfTime, match=f"optimal solutions of {length} moves took more than 0.01 s"):
        fifteen.count(fifteen.board(board), cheap_tables, 0.01, partitions=CHEAP_PARTITIONS)


def test_the_lower_bound_never_passes_the_distance_and_keeps_its_parity(cheap_tables: fifteen.Tables) -> None:
    """What `sample` passes draws over by: for boards near every kind of goal, at most their distance, of its parity."""
    for missing in (16, 1, 3, 6):
        near = distances_near(goal_of_missing(missing), 10)
        for board in random.Random(missing).sample(sorted(near), 40):
            bound = fifteen.lower_bound(fifteen.board(board), cheap_tables, CHEAP_PARTITIONS)
            assert bound <= near[board] and (near[board] - bound) % 2 == 0, board


def goal_of_missing(missing: int) -> tuple[int, ...]:
    return tuple(0 if cell + 1 == missing else cell + 1 for cell in range(16))
