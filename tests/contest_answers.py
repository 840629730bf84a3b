"""Proposed answers in the original output formats, made by replaying moves
with the independent rules in `rules.py` (the tables only say how far a
board is): right ones (several optimal answers where there are several),
longer ones, illegal ones and malformed ones, to put the package judges
side by side with `ninebase check`.

Each generator gives (kind, answer text) pairs. A kind "divergent" marks an
answer that `check` calls optimal but the contest's judge rightly rejects,
because the original output format is stricter than `check` reads it."""

from __future__ import annotations

import random
from collections.abc import Callable

from nine_rules import matrices, names_of, replay, solved
from rules import EMPTY_STEPS, is_sansu, neighbours_on_grid, nine_neighbours, sansu_swaps

from ninebase import lookup, puzzles

ProposedAnswers = list[tuple[str, str]]
MALFORMED = ["", "\n\n", "five\n", "1.5\nUD\n", "\x00\n", "- 1\n"]
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
NINE_INVERSE = {"AL": "AR", "AR": "AL", "BL": "BR", "BR": "BL", "C1": "C1", "C2": "C2", "C3": "C3"}
NINE_NAMES = ("AL", "AR", "BL", "BR", "C1", "C2", "C3")
NINE_BY_NINE = puzzles.get("nine").variant({"size": 9})


def optimal_walks(
    start: str,
    optimum: int,
    steps: Callable[[str], list[tuple[str, str]]],
    distance: Callable[[str], int | None],
    rng: random.Random,
    count: int,
) -> list[list[str]]:
    """Up to `count` distinct optimal move sequences: at each step a random
    move whose board the tables put one step closer."""
    found: list[list[str]] = []
    for _ in range(count * 3):
        board, moves = start, []
        for remaining in range(optimum, 0, -1):
            closer = [(move, after) for move, after in steps(board) if distance(after) == remaining - 1]
            move, board = rng.choice(closer)
            moves.append(move)
        if moves not in found:
            found.append(moves)
    return found[:count]


# sansu ----------------------------------------------------------------------
def sansu_text(count: int, tile: tuple[int, ...] | str) -> str:
    cells = "".join(map(str, tile))
    return f"{count}\n" + "".join(" ".join(cells[r : r + 3]) + "\n" for r in (0, 3, 6))


def sansu_answers(tables: lookup.Tables, compact: str, rng: random.Random) -> ProposedAnswers:
    optimum = tables.distance("sansu", compact)
    depth = {tuple(map(int, compact)): 0}
    layer = list(depth)
    for swaps in range(1, optimum + 2):
        layer = list(dict.fromkeys(after for tile in layer for after in sansu_swaps(tile) if after not in depth))
        depth.update((tile, swaps) for tile in layer)
    sansus = {d: sorted(t for t, at in depth.items() if at == d and is_sansu(t)) for d in range(optimum + 2)}
    right = rng.sample(sansus[optimum], min(3, len(sansus[optimum])))
    answers = [("right", sansu_text(optimum, tile)) for tile in right]
    answers += [("longer", sansu_text(optimum + 2, right[0]))]
    answers += [("longer", sansu_text(optimum + 1, tile)) for tile in sansus[optimum + 1][:2]]
    answers += [("illegal", sansu_text(optimum, tile)) for tile in sansus[optimum + 1][:2]]
    answers += [("illegal", sansu_text(count, right[0])) for count in (optimum + 1, -1, max(optimum - 2, 0) - 1)]
    not_sansu = next(tile for tile in depth if not is_sansu(tile))
    answers += [("illegal", sansu_text(optimum, not_sansu)), ("illegal", sansu_text(optimum + 2, not_sansu))]
    rows = sansu_text(optimum, right[0])
    answers += [("malformed", text) for text in MALFORMED]
    answers += [("malformed", rows.replace(rows[-2], "0")), ("malformed", rows.rsplit("\n", 2)[0] + "\n")]
    answers += [("malformed", f"{optimum}\n" + "1 1 1\n2 2 2\n3 3 3\n"), ("right", " " + rows.replace("\n", "\n\n"))]
    return answers


# eight ----------------------------------------------------------------------
def eight_steps(board: str) -> list[tuple[str, str]]:
    empty = board.index("0")
    found = []
    for letter, step in EMPTY_STEPS.items():
        target = empty + step
        if target in neighbours_on_grid(empty):
            cells = list(board)
            cells[empty], cells[target] = cells[target], "0"
            found.append((letter, "".join(cells)))
    return found


def eight_answers(tables: lookup.Tables, compact: str, rng: random.Random) -> ProposedAnswers:
    optimum = tables.distance("eight", compact)
    answers = [("malformed", text) for text in MALFORMED]
    if optimum is None:
        answers += [("right", "-1\n\n"), ("right", "-1\n"), ("illegal", "0\n\n"), ("illegal", "2\nUD\n")]
        return [*answers, ("divergent", "-1\nUD\n")]
    walks = optimal_walks(compact, optimum, eight_steps, lambda b: tables.distance("eight", b), rng, 3)
    answers += [("right", f"{optimum}\n{''.join(moves)}\n") for moves in walks]
    moves = walks[0]
    board, boards = compact, [compact]
    for letter in moves:
        board = dict(eight_steps(board))[letter]
        boards.append(board)
    at = rng.randrange(len(moves) + 1)
    back = rng.choice(eight_steps(boards[at]))[0]
    longer = [*moves[:at], back, OPPOSITE[back], *moves[at:]]
    answers += [("longer", f"{len(longer)}\n{''.join(longer)}\n")]
    for off_board in sorted(set(EMPTY_STEPS) - set(dict(eight_steps(compact)))):
        answers.append(("illegal", f"{optimum + 1}\n{off_board}{''.join(moves)}\n"))
    answers.append(("illegal", "-1\n\n"))
    answers += [("illegal", f"{optimum + 1}\n{''.join(moves)}\n"), ("illegal", f"{optimum}\n{''.join(moves[::-1])}\n")]
    if moves:
        answers += [
            ("illegal", f"{optimum}\n{''.join(moves[:-1])}X\n"),
            ("illegal", f"{optimum - 1}\n{''.join(moves[1:])}\n"),
        ]
        answers += [
            ("right", f"{optimum}\n" + "\n".join(moves) + "\n"),
            ("illegal", f"{optimum}\n{''.join(moves).lower()}\n"),
        ]
    return answers


# nine -----------------------------------------------------------------------
def nine_steps(board: str) -> list[tuple[str, str]]:
    return list(zip(NINE_NAMES, nine_neighbours(board), strict=True))


def nine_text(names: list[str], count: int | None = None) -> str:
    return "".join(f"{line}\n" for line in [str(len(names) if count is None else count), *names])


def nine_answers(tables: lookup.Tables, compact: str, rng: random.Random) -> ProposedAnswers:
    optimum = tables.distance("nine", compact)
    walks = optimal_walks(compact, optimum, nine_steps, lambda b: tables.distance("nine", b), rng, 3)
    answers = [("right", nine_text(moves)) for moves in walks] + [("malformed", text) for text in MALFORMED]
    moves = walks[0]
    for extra in (2, 10, 81 - optimum - (81 - optimum) % 2, 82 - optimum + (82 - optimum) % 2, 100):
        name = rng.choice(NINE_NAMES)
        at = rng.randrange(len(moves) + 1)
        padded = moves[:at] + [name, NINE_INVERSE[name]] * (extra // 2) + moves[at:]
        answers.append(("longer", nine_text(padded)))
    answers += [
        ("illegal", nine_text(moves, len(moves) + 1)),
        ("illegal", nine_text(["C4", *moves])),
        ("illegal", "-1\n"),
    ]
    answers += [("illegal", nine_text([*moves, "AL"])), ("illegal", nine_text([m.lower() for m in moves] or ["al"]))]
    answers += [("illegal", f"{len(moves)}\n{' '.join(moves)}\n" if len(moves) > 1 else "1\nAL AR\n")]
    return answers


def nine_by_nine_answers(tables: lookup.Tables, compact: str, rng: random.Random) -> ProposedAnswers:
    """The story's 9x9: no optimum is known, so the right answers are any that reach the goal within 999
    (the construction's, and the same padded up to 999), the longer ones those padded past it."""
    moves = tables.solve(NINE_BY_NINE, compact).moves
    if not solved(*replay(*matrices(compact), moves)):
        raise AssertionError(f"the construction's answer for {compact} does not reach the goal")
    answers = [("right", nine_text(moves))] + [("malformed", text) for text in MALFORMED]
    names = names_of(9)
    for total in (len(moves) + 2, 998, 999, 1000, 1001):
        name, at = rng.choice(names), rng.randrange(len(moves) + 1)
        pairs = [name, NINE_INVERSE.get(name, name)] * ((total - len(moves) + 1) // 2)
        answers.append(("longer", nine_text(moves[:at] + pairs + moves[at:])))
    last = moves or ["C1", "C1"]
    answers += [
        ("illegal", nine_text(moves, len(moves) + 1)),
        ("illegal", nine_text(["C10", *moves])),
        ("illegal", nine_text([move.replace("C", "C0") if move == "C9" else move for move in last] + ["C0"])),
        ("illegal", "-1\n"),
        ("illegal", nine_text([*moves, "AL"])),
        ("illegal", nine_text([move.lower() for move in last])),
    ]
    return answers


# clocks ---------------------------------------------------------------------
def clocks_answers(tables: lookup.Tables, compact: str, rng: random.Random) -> ProposedAnswers:
    moves = tables.solve("clocks", compact).moves
    answers = [("right", " ".join(map(str, moves)) + "\n"), ("right", "\n".join(map(str, moves)) + "\n")]
    extra = rng.randrange(1, 10)
    answers += [("longer", " ".join(map(str, sorted([*moves, *[extra] * 4]))) + "\n")]
    answers += [("illegal", " ".join(map(str, [*moves, 10])) + "\n"), ("illegal", "0\n" if moves else "1\n")]
    if moves:
        answers += [("illegal", " ".join(map(str, moves[:-1])) + "\n"), ("malformed", ",".join(map(str, moves)) + "\n")]
    if len(set(moves)) > 1:
        answers.append(("divergent", " ".join(map(str, sorted(moves, reverse=True))) + "\n"))
    return [*answers, ("malformed", "four five\n"), ("malformed", "1.0\n")]


# cube -----------------------------------------------------------------------
def cube_answers(tables: lookup.Tables, instances: list[str], rng: random.Random) -> ProposedAnswers:
    """Answers to a whole input file (one line per dataset)."""
    exact = [tables.distance("cube", instance) for instance in instances]
    right = [d if d <= 30 else -1 for d in exact]
    answers = [("right", "".join(f"{d}\n" for d in right)), ("right", "".join(f"{d}\n\n" for d in right))]
    answers += [("malformed", text) for text in MALFORMED]
    for wrong in (lambda d, e: e, lambda d, e: d + 1, lambda d, e: -1 if d >= 0 else 30, lambda d, e: d - 1):
        k = rng.randrange(len(right))
        changed = [*right[:k], wrong(right[k], exact[k]), *right[k + 1 :]]
        answers.append(("right" if changed == right else "illegal", "".join(f"{d}\n" for d in changed)))
    answers += [("illegal", "".join(f"{d}\n" for d in right[:-1])), ("illegal", "".join(f"{d}\n" for d in [*right, 0]))]
    return answers
