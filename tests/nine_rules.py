"""The rules of nine at any size n, written again from the rules
(/work/shared/puzzles.md section 4, and the issue: A'[r][c] = A[c][n-1-r]
for AL, AR its inverse, BL and BR the same for B, Ck exchanging column k of A
and B; the goal A all 0, B all 1), for the tests to replay answers with."""

from __future__ import annotations

import itertools
import math
import random
import re

from hypothesis import strategies as st

Matrix = list[list[int]]


# the rules, written again -----------------------------------------------------
def turned_left(m: Matrix) -> Matrix:
    n = len(m)
    return [[m[c][n - 1 - r] for c in range(n)] for r in range(n)]


def turned_right(m: Matrix) -> Matrix:
    n = len(m)
    return [[m[n - 1 - c][r] for c in range(n)] for r in range(n)]


def operate(a: Matrix, b: Matrix, name: str) -> tuple[Matrix, Matrix]:
    n = len(a)
    if name in ("AL", "AR"):
        return (turned_left(a) if name == "AL" else turned_right(a)), b
    if name in ("BL", "BR"):
        return a, (turned_left(b) if name == "BL" else turned_right(b))
    assert re.fullmatch(r"C[1-9][0-9]*", name) and 1 <= int(name[1:]) <= n, f"not an operation at size {n}: {name}"
    k = int(name[1:]) - 1
    a, b = [row[:] for row in a], [row[:] for row in b]
    for r in range(n):
        a[r][k], b[r][k] = b[r][k], a[r][k]
    return a, b


def replay(a: Matrix, b: Matrix, names: list[str]) -> tuple[Matrix, Matrix]:
    for name in names:
        a, b = operate(a, b, name)
    return a, b


def solved(a: Matrix, b: Matrix) -> bool:
    return all(v == 0 for row in a for v in row) and all(v == 1 for row in b for v in row)


def classes(n: int) -> list[list[tuple[int, int]]]:
    """The orbits of positions under AL, found by turning a board of labels."""
    labels = [[(r, c) for c in range(n)] for r in range(n)]
    turned = turned_left(labels)
    comes_from = {(r, c): turned[r][c] for r in range(n) for c in range(n)}
    orbits, seen = [], set()
    for start in itertools.product(range(n), repeat=2):
        if start in seen:
            continue
        orbit = [start]
        while comes_from[orbit[-1]] != start:
            orbit.append(comes_from[orbit[-1]])
        seen.update(orbit)
        orbits.append(orbit)
    return orbits


def documented_bound(n: int) -> int:
    """B(n) as docs/nine-construction.md states it."""
    special = n // 2
    generic = n * n // 4 - special
    steps = [0]
    for over in range(1, 2 * generic + 1):
        steps.append(1 + steps[over - math.ceil(2 * over / n)])
    return 16 * generic + steps[2 * generic] + 7 * (4 * special + n % 2)


@st.composite
def solvable_boards(draw: st.DrawFn, sizes: st.SearchStrategy[int]) -> tuple[Matrix, Matrix]:
    """A board meeting the class rule: each class's 8 (or 2) cells hold exactly 4 (or 1) ones."""
    n = draw(sizes)
    a = [[0] * n for _ in range(n)]
    b = [[0] * n for _ in range(n)]
    for orbit in classes(n):
        values = draw(st.permutations([1] * len(orbit) + [0] * len(orbit)))
        for (r, c), in_a, in_b in zip(orbit, values[: len(orbit)], values[len(orbit) :], strict=True):
            a[r][c], b[r][c] = in_a, in_b
    return a, b


def random_solvable(n: int, rng: random.Random) -> tuple[Matrix, Matrix]:
    a = [[0] * n for _ in range(n)]
    b = [[0] * n for _ in range(n)]
    for orbit in classes(n):
        values = [1] * len(orbit) + [0] * len(orbit)
        rng.shuffle(values)
        for index, (r, c) in enumerate(orbit):
            a[r][c], b[r][c] = values[index], values[len(orbit) + index]
    return a, b


def matrices(text: str) -> tuple[Matrix, Matrix]:
    """A board in compact form (A's n*n characters, a space, B's) as two matrices of ints."""
    a_text, b_text = text.split()
    n = math.isqrt(len(a_text))
    return (
        [[int(a_text[r * n + c]) for c in range(n)] for r in range(n)],
        [[int(b_text[r * n + c]) for c in range(n)] for r in range(n)],
    )


def written(a: Matrix, b: Matrix) -> str:
    """The compact form of two matrices."""
    return " ".join("".join(str(v) for row in m for v in row) for m in (a, b))


def meets_the_class_rule(a: Matrix, b: Matrix) -> bool:
    return all(sum(a[r][c] + b[r][c] for r, c in orbit) == len(orbit) for orbit in classes(len(a)))


A_ONES_SHARES = [1, 16, 36, 16, 1]
"""Among the boards meeting the class rule, drawn uniformly, how often a class of four positions has
0..4 of its 1s in A: C(4, k) C(4, 4 - k) of the C(8, 4) = 70 ways (the classes independent)."""


def ones_in_a(text: str) -> list[int]:
    """For each class of four positions of a board in compact form, how many of its 1s lie in A."""
    a, _ = matrices(text)
    return [sum(a[r][c] for r, c in orbit) for orbit in classes(len(a)) if len(orbit) == 4]


def names_of(n: int) -> list[str]:
    """The operations at size n."""
    return ["AL", "AR", "BL", "BR", *(f"C{k}" for k in range(1, n + 1))]
