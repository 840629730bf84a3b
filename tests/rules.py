"""Independent simulators of the puzzle rules, written from puzzles.md and the
seeds without using the builders' code: they replay answers and drive the
brute-force searches that the tables are checked against."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TypeVar

S = TypeVar("S", bound=Hashable)


def neighbours_on_grid(cell: int) -> list[int]:
    """0-based cells orthogonally adjacent to `cell` on the 3x3 board."""
    row, column = divmod(cell, 3)
    result = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= row + dr < 3 and 0 <= column + dc < 3:
            result.append((row + dr) * 3 + column + dc)
    return result


def shortest_distance(start: S, expand: Callable[[S], Iterable[S]], is_goal: Callable[[S], bool]) -> int | None:
    """Plain breadth-first search from one state; None if no goal is reachable."""
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        state, depth = queue.popleft()
        if is_goal(state):
            return depth
        for following in expand(state):
            if following not in seen:
                seen.add(following)
                queue.append((following, depth + 1))
    return None


# sansu ----------------------------------------------------------------------
SANSU_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def is_sansu(tile: tuple[int, ...]) -> bool:
    return all(int("".join(str(tile[c]) for c in line)) % 3 == 0 for line in SANSU_LINES)


def sansu_swaps(tile: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    for cell in range(9):
        for other in neighbours_on_grid(cell):
            if cell < other:
                swapped = list(tile)
                swapped[cell], swapped[other] = swapped[other], swapped[cell]
                yield tuple(swapped)


def replay_sansu(tile: tuple[int, ...], moves: list[list[int]]) -> tuple[int, ...]:
    board = list(tile)
    for i, j in moves:
        assert 1 <= i < j <= 9 and (j - 1) in neighbours_on_grid(i - 1), f"illegal swap {i}-{j}"
        board[i - 1], board[j - 1] = board[j - 1], board[i - 1]
    return tuple(board)


# clocks ---------------------------------------------------------------------
# Figure 2 of IOI 1994 "The Clocks", as listed in seed 001.
CLOCK_MOVES = {1: "ABDE", 2: "ABC", 3: "BCEF", 4: "ADG", 5: "BDEFH", 6: "CFI", 7: "DEGH", 8: "GHI", 9: "EFHI"}


def replay_clocks(hours: list[int], moves: list[int]) -> list[int]:
    dials = list(hours)
    for move in moves:
        for letter in CLOCK_MOVES[move]:
            index = "ABCDEFGHI".index(letter)
            dials[index] = dials[index] % 12 + 3
    return dials


def clock_turn(hours: tuple[int, ...], move: int, positions: int) -> tuple[int, ...]:
    """Dials (as readings) after move |move|, one step back if negative, under
    seed 001's closing exercise: 12-hour dials step one hour, the IOI dials three."""
    step = (12 // positions) * (1 if move > 0 else -1)
    dials = list(hours)
    for letter in CLOCK_MOVES[abs(move)]:
        index = "ABCDEFGHI".index(letter)
        dials[index] = (dials[index] + step - 1) % 12 + 1
    return tuple(dials)


def clocks_by_formula(hours: list[int]) -> list[int]:
    """How often each move 1..9 is needed, from the closed-form inverse matrix
    at the end of seed 001 (a, ..., i are quarter turns, arithmetic mod 4)."""
    a, b, c, d, e, f, g, h, i = (hour // 3 % 4 for hour in hours)
    t = [
        8 + a + 2 * b + c + 2 * d + 2 * e - f + g - h,
        a + b + c + d + e + f + 2 * g + 2 * i,
        8 + a + 2 * b + c - d + 2 * e + 2 * f - h + i,
        a + b + 2 * c + d + e + g + h + 2 * i,
        4 + a + 2 * b + c + 2 * d - e + 2 * f + g + 2 * h + i,
        2 * a + b + c + e + f + 2 * g + h + i,
        8 + a - b + 2 * d + 2 * e - f + g + 2 * h + i,
        2 * a + 2 * c + d + e + f + g + h + i,
        8 - b + c - d + 2 * e + 2 * f + g + 2 * h + i,
    ]
    return [value % 4 for value in t]


def bidirectional_distance(
    start: S, goals: Iterable[S], expand: Callable[[S], Iterable[S]], limit: int | None = None
) -> int | None:
    """Fewest moves from `start` to any of `goals` in a puzzle whose moves can
    be undone, searching from both ends one whole layer at a time (always the
    smaller side); None if no goal is reachable, or none within `limit`."""
    seen = [{start: 0}, {goal: 0 for goal in goals}]
    if start in seen[1]:
        return 0
    layers = [[start], list(seen[1])]
    depths = [0, 0]
    while layers[0] and layers[1]:
        if limit is not None and depths[0] + depths[1] >= limit:
            return None  # every path of up to depths[0] + depths[1] moves would have met already
        side = 0 if len(layers[0]) <= len(layers[1]) else 1
        depths[side] += 1
        other = seen[1 - side]
        following_layer = []
        best = None
        for state in layers[side]:
            for following in expand(state):
                if following in seen[side]:
                    continue
                seen[side][following] = depths[side]
                following_layer.append(following)
                if following in other:
                    total = depths[side] + other[following]
                    best = total if best is None else min(best, total)
        if best is not None:
            return best if limit is None or best <= limit else None
        layers[side] = following_layer
    return None


# eight ----------------------------------------------------------------------
EMPTY_STEPS = {"U": -3, "D": 3, "L": -1, "R": 1}


def eight_goal(board: tuple[int, ...]) -> tuple[int, ...]:
    missing = (set(range(1, 10)) - set(board)).pop()
    return tuple(0 if d == missing else d for d in range(1, 10))


def eight_slides(board: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    empty = board.index(0)
    for cell in neighbours_on_grid(empty):
        slid = list(board)
        slid[empty], slid[cell] = slid[cell], 0
        yield tuple(slid)


def replay_eight(board: tuple[int, ...], moves: list[str]) -> tuple[int, ...]:
    cells = list(board)
    for letter in moves:
        empty = cells.index(0)
        target = empty + EMPTY_STEPS[letter]
        assert target in neighbours_on_grid(empty), f"move {letter} leaves the board"
        cells[empty], cells[target] = cells[target], 0
    return tuple(cells)


# nine -----------------------------------------------------------------------
def _rotate_left(m: list[list[str]]) -> list[list[str]]:
    # As the seed's AL: the new first row is the old last column, top to bottom.
    return [[m[c][2 - r] for c in range(3)] for r in range(3)]


def _rotate_right(m: list[list[str]]) -> list[list[str]]:
    return [[m[2 - c][r] for c in range(3)] for r in range(3)]


def nine_operations(a: list[list[str]], b: list[list[str]], name: str) -> tuple[list[list[str]], list[list[str]]]:
    if name == "AL":
        return _rotate_left(a), b
    if name == "AR":
        return _rotate_right(a), b
    if name == "BL":
        return a, _rotate_left(b)
    if name == "BR":
        return a, _rotate_right(b)
    assert name in ("C1", "C2", "C3"), f"unknown operation {name}"
    k = int(name[1]) - 1
    a, b = [row[:] for row in a], [row[:] for row in b]
    for r in range(3):
        a[r][k], b[r][k] = b[r][k], a[r][k]
    return a, b


def nine_matrices(text: str) -> tuple[list[list[str]], list[list[str]]]:
    """From the compact form `AAAAAAAAA BBBBBBBBB`."""
    a, b = text.split()
    return [list(a[r : r + 3]) for r in (0, 3, 6)], [list(b[r : r + 3]) for r in (0, 3, 6)]


def nine_key(a: list[list[str]], b: list[list[str]]) -> str:
    return "".join(map("".join, a)) + " " + "".join(map("".join, b))


def _position_maps() -> list[tuple[int, ...]]:
    """Per operation, where each of the 18 characters of a key comes from:
    the operations applied once to a board of position labels."""
    labels = [f"{i:02d}" for i in range(18)]
    a = [labels[r : r + 3] for r in (0, 3, 6)]
    b = [labels[r : r + 3] for r in (9, 12, 15)]
    maps = []
    for name in ("AL", "AR", "BL", "BR", "C1", "C2", "C3"):
        moved_a, moved_b = nine_operations(a, b, name)
        maps.append(tuple(int(label) for label in [cell for row in [*moved_a, *moved_b] for cell in row]))
    return maps


NINE_POSITION_MAPS = _position_maps()


def nine_neighbours(key: str) -> Iterator[str]:
    cells = key.replace(" ", "")
    for source in NINE_POSITION_MAPS:
        moved = "".join(cells[i] for i in source)
        yield moved[:9] + " " + moved[9:]


NINE_GOAL = "000000000 111111111"


def replay_nine(text: str, operations: list[str]) -> str:
    """The key reached by the operations from the compact form `text`."""
    a, b = nine_matrices(text)
    for name in operations:
        a, b = nine_operations(a, b, name)
    return nine_key(a, b)


# cube -----------------------------------------------------------------------
# Each cube is its (top, x-facing, y-facing) colours; None is the empty square.
CUBE_START = ("W", "B", "R")
CUBE_STEPS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


def cube_start(x: int, y: int) -> tuple:
    return tuple(None if (column + 1, row + 1) == (x, y) else CUBE_START for row in range(3) for column in range(3))


def cube_roll(board: tuple, letter: str) -> tuple | None:
    """The board after the empty square moves by `letter` (the cube there
    rolls the opposite way), None if that leaves the board."""
    empty = board.index(None)
    column, row = empty % 3 + CUBE_STEPS[letter][0], empty // 3 + CUBE_STEPS[letter][1]
    if not (0 <= column < 3 and 0 <= row < 3):
        return None
    source = row * 3 + column
    top, x, y = board[source]
    rolled = (x, top, y) if letter in "LR" else (y, x, top)
    cells = list(board)
    cells[empty], cells[source] = rolled, None
    return tuple(cells)


def replay_cube(instance: str, moves: list[str]) -> tuple:
    """The board the rolls reach from the start square of `instance` (x y pattern)."""
    x, y, _pattern = instance.split()
    board = cube_start(int(x), int(y))
    for letter in moves:
        board = cube_roll(board, letter)
        assert board is not None, f"illegal roll {letter}"
    return board


def cube_neighbours(board: tuple) -> Iterator[tuple]:
    for letter in CUBE_STEPS:
        rolled = cube_roll(board, letter)
        if rolled is not None:
            yield rolled


def cube_pattern(board: tuple) -> str:
    return "".join("E" if cube is None else cube[0] for cube in board)


def boards_showing(pattern: str) -> list[tuple]:
    """Every board whose top colours are `pattern` (two orientations per cube)."""
    options = []
    for letter in pattern:
        if letter == "E":
            options.append([None])
        else:
            others = [c for c in "WBR" if c != letter]
            options.append([(letter, others[0], others[1]), (letter, others[1], others[0])])
    return [tuple(cells) for cells in itertools.product(*options)]


# lights (the example plug-in, tests/lights_out.py) -----------------------------
def lights_press(lights: str, cell: int) -> str:
    """The nine lights (characters 0/1 in reading order) after pressing the
    0-based `cell`: it and its orthogonal neighbours toggle."""
    toggled = {cell, *neighbours_on_grid(cell)}
    return "".join(("1" if light == "0" else "0") if i in toggled else light for i, light in enumerate(lights))
