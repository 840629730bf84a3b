"""How many shortest move sequences each state has, by brute force written
from the rules in puzzles.md (through the simulators of `rules.py`), never
from the puzzle modules: the evidence the stored counts are checked against.

Two counters, one rule: a goal has one (the empty sequence), any other state
the sum over its moves that end one step closer of the counts where they
end; two moves with the same result are two sequences. `table_counts` works
over a whole state space given as a table of successors (NumPy, Python ints
for the counts, which may pass 2**64); `layered_counts` walks outwards from
some sources to a depth, over states of any kind (the cube's boards, 12-hour
dials)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
from rules import (
    CLOCK_MOVES,
    EMPTY_STEPS,
    NINE_POSITION_MAPS,
    SANSU_LINES,
    cube_neighbours,
    cube_pattern,
    cube_start,
    lights_press,
    neighbours_on_grid,
)

S = TypeVar("S", bound=Hashable)


def layered_counts(sources: Iterable[S], moves: Callable[[S], Iterable[S]], depth: int) -> dict[S, list[int]]:
    """Every state within `depth` moves of a source, with [the fewest moves
    from a source, how many move sequences of that length lead there from
    one]. `moves` yields the state after each legal move, once per move.
    Walked from the goals with `moves` undoing each move, it counts the
    shortest sequences from each state to a goal."""
    found = {source: [0, 1] for source in sources}
    layer = list(found)
    for level in range(1, depth + 1):
        following = []
        for state in layer:
            ways = found[state][1]
            for after in moves(state):
                entry = found.get(after)
                if entry is None:
                    found[after] = [level, ways]
                    following.append(after)
                elif entry[0] == level:
                    entry[1] += ways
        layer = following
    return found


def meeting_count(
    start: S, goals: Iterable[S], moves: Callable[[S], Iterable[S]], depths: tuple[int, int]
) -> tuple[int, int] | None:
    """The fewest moves from `start` to any of `goals` and how many move
    sequences that short there are, for moves that can each be undone by a
    move (so `moves` also walks back from the goals), meeting in the middle:
    out `depths[0]` moves from the start and `depths[1]` from the goals. Every
    shortest sequence passes one state at `depths[0]` moves (or its end, if
    shorter) and is a shortest way there from the start and a shortest way
    on from it. None when no goal is within the two depths together."""
    forward = layered_counts([start], moves, depths[0])
    backward = layered_counts(goals, moves, depths[1])
    meeting = [(ahead[0] + backward[state][0], state) for state, ahead in forward.items() if state in backward]
    if not meeting:
        return None
    fewest = min(total for total, _ in meeting)
    middle = min(fewest, depths[0])
    ways = sum(
        forward[state][1] * backward[state][1]
        for total, state in meeting
        if total == fewest and forward[state][0] == middle
    )
    return fewest, ways


def cube_pattern_counts(x: int, y: int, depth: int) -> dict[str, tuple[int, int]]:
    """Every pattern that some board within `depth` rolls of start (x, y)
    shows: the fewest rolls to show it and the number of roll sequences that
    short ending on a board that shows it."""
    found: dict[str, tuple[int, int]] = {}
    for board, (rolls, ways) in layered_counts([cube_start(x, y)], cube_neighbours, depth).items():
        pattern = cube_pattern(board)
        fewest, counted = found.get(pattern, (rolls, 0))
        if rolls < fewest:
            found[pattern] = (rolls, ways)
        elif rolls == fewest:
            found[pattern] = (rolls, counted + ways)
    return found


def table_counts(successors: np.ndarray, goals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per state of a whole space: the fewest moves to a goal (-1: none) and
    how many move sequences that short reach one (Python ints). successors[s,
    m] is the state move m leads to from s, -1 where m is not legal."""
    distance = np.full(len(successors), -1, dtype=np.int64)
    count = np.zeros(len(successors), dtype=object)
    distance[goals] = 0
    count[goals] = 1
    level = 0
    while True:
        open_states = np.flatnonzero(distance < 0)
        after = successors[open_states]
        closer = (after >= 0) & (distance[np.maximum(after, 0)] == level)
        reached = closer.any(axis=1)
        if not reached.any():
            return distance, count
        states, after, closer = open_states[reached], after[reached], closer[reached]
        ways = np.zeros(len(states), dtype=object)
        for move in range(successors.shape[1]):
            ways[closer[:, move]] += count[after[closer[:, move], move]]
        distance[states] = level + 1
        count[states] = ways
        level += 1


@dataclass
class Space:
    """A whole state space in an encoding of the test's own: each state's
    compact form (as ninebase reads it), successors per move and the goals."""

    compact: Callable[[int], str]
    successors: np.ndarray
    goals: np.ndarray

    def counted(self) -> tuple[np.ndarray, np.ndarray]:
        return table_counts(self.successors, self.goals)


PLACES = 10 ** np.arange(8, -1, -1, dtype=np.int64)
"""A board of nine digits as the number its compact form reads."""


def digit_boards() -> np.ndarray:
    """The 9! orders of the digits 1..9, in lexicographic order."""
    return np.array(list(itertools.permutations(range(1, 10))), dtype=np.int64)


def number_space(boards: np.ndarray, swapped: list[tuple[np.ndarray, np.ndarray]], goals: np.ndarray) -> Space:
    """A space of nine-digit boards whose moves exchange two cells (index
    arrays per move, -1 where the move is not legal), numbered by the sorted
    numbers their compact forms read."""
    numbers = boards @ PLACES
    order = np.argsort(numbers)
    sorted_numbers = numbers[order]
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    rows = np.arange(len(boards))
    successors = np.full((len(boards), len(swapped)), -1, dtype=np.int64)
    for move, (first, second) in enumerate(swapped):
        legal = first >= 0
        a, b = first[legal], second[legal]
        digit_a, digit_b = boards[rows[legal], a], boards[rows[legal], b]
        after = numbers[legal] + (digit_b - digit_a) * (PLACES[a] - PLACES[b])
        successors[rank[legal], move] = np.searchsorted(sorted_numbers, after)
    return Space(lambda state: f"{sorted_numbers[state]:09d}", successors, rank[goals])


def sansu_space() -> Space:
    """Tiles; a move swaps two adjacent digits (in ninebase's move order,
    1-2, 1-4, 2-3, ...); a goal has every line's three-digit number divisible by 3."""
    boards = digit_boards()
    pairs = sorted((cell, other) for cell in range(9) for other in neighbours_on_grid(cell) if cell < other)
    swapped = [(np.full(len(boards), a), np.full(len(boards), b)) for a, b in pairs]
    lines = [boards[:, a] * 100 + boards[:, b] * 10 + boards[:, c] for a, b, c in SANSU_LINES]
    goals = np.flatnonzero(np.all([line % 3 == 0 for line in lines], axis=0))
    return number_space(boards, swapped, goals)


def eight_space(missing: int) -> Space:
    """Boards with digit `missing` as the empty cell 0; moves U D L R move
    the empty cell; the goal is 1..9 in order with the empty cell at home."""
    boards = digit_boards()
    boards[boards == missing] = 0
    empty = np.argmax(boards == 0, axis=1)
    swapped = []
    for step in EMPTY_STEPS.values():
        target = np.array([cell + step if cell + step in neighbours_on_grid(cell) else -1 for cell in range(9)])
        swapped.append((np.where(target[empty] >= 0, empty, -1), target[empty]))
    goal = np.array([0 if digit == missing else digit for digit in range(1, 10)])
    return number_space(boards, swapped, np.flatnonzero((boards == goal).all(axis=1)))


def clocks_space(backward: bool = False) -> Space:
    """The IOI dials: a state is the quarter turns past 12 of dials A..I, as
    base-4 digits (A first); moves 1..9 turn their dials a quarter forward,
    with `backward` then -1..-9 a quarter back."""
    states = np.arange(4**9, dtype=np.int64)
    turns = (states[:, None] >> (2 * np.arange(8, -1, -1))) & 3
    directions = [1, -1] if backward else [1]
    successors = []
    for direction in directions:
        for move in range(1, 10):
            turned = turns.copy()
            dials = ["ABCDEFGHI".index(letter) for letter in CLOCK_MOVES[move]]
            turned[:, dials] = (turned[:, dials] + direction) % 4
            successors.append(turned @ (4 ** np.arange(8, -1, -1)))

    def compact(state: int) -> str:
        return " ".join(str(3 * int(t) or 12) for t in turns[state])

    return Space(compact, np.stack(successors, axis=1), np.array([0]))


def nine_space() -> Space:
    """A and B as 18 bits (A's cells then B's, reading order, first most
    significant); the operations AL AR BL BR C1 C2 C3 move the bits as the
    simulator does; the goal is A all 0 and B all 1."""
    states = np.arange(2**18, dtype=np.int64)
    bits = (states[:, None] >> np.arange(17, -1, -1)) & 1
    weights = 2 ** np.arange(17, -1, -1, dtype=np.int64)
    successors = np.stack([bits[:, list(source)] @ weights for source in NINE_POSITION_MAPS], axis=1)

    def compact(state: int) -> str:
        text = f"{state:018b}"
        return f"{text[:9]} {text[9:]}"

    return Space(compact, successors, np.array([0b000000000111111111]))


def lights_space() -> Space:
    """Lights Out (tests/lights_out.py's rules, by `lights_press`): pressing
    cell 1..9; the goal is every light off."""
    compacts = [f"{state:09b}" for state in range(512)]
    successors = np.array([[int(lights_press(text, cell), 2) for cell in range(9)] for text in compacts])
    return Space(compacts.__getitem__, successors, np.array([0]))
