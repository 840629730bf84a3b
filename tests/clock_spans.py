"""The Rubik's Clock's 30-move distance by support enumeration, apart from puzzles/rubiks_clock: the evidence's
exact method for that metric (issue 37: "an independent exhaustive method on at least 2,000 random positions").

Built from the tests' model (`clock_rules.MOVES_30`), with its own modular linear algebra, from one fact: the
distance of a position p is the least |S| over sets S of moves with p in the Z12-span of S (turning each move of
S by the right amount; a move turned 0 is not made). Every one of the 2^30 sets is covered, as follows.

- **The faces meet at the corners.** Over the 14 free dials, the front's 15 moves turn the front's five other
  dials and the four front corners, the back's 15 the back's five and (by the gears) the same four corners. So
  with S = F u B (F the front's moves, B the back's), p is in span(S) exactly when some k in Z12^4 has
  (p_front, k) in span(F) and (p_back, p_corners - k) in span(B), and the distance is the least, over k, of
  front(k) + back(p_corners - k), where front(k) is the least |F| with (p_front, k) in span(F) (back alike).
  Which dials are whose is read from the model's move vectors, not assumed.
- **A face: every one of its 2^15 sets.** Z12 = Z3 x Z4, and a vector is in a span mod 12 exactly when it is
  mod 3 and mod 4. For each set, the Howell form of its span mod 3 (Gaussian elimination over GF(3)) and mod 4
  (elimination by least 2-adic valuation, adding twice each pivot row of pivot 2, which is what makes the form
  Howell) is worked out, vectorised over the sets, with the face's five own dials as the first columns and its
  corners as the last four. Sets with the same span (the same two forms, which are canonical) keep only their
  least size: 6,914 spans a face.
- **One span's corners.** Reducing (-p_face, 0) by a span's rows column by column is exact on the first five
  columns (each entry a multiple of its pivot, none without one) exactly when p_face is what the span makes on
  the face's own dials; the corner values k that then go with it are a coset of D = {k : (0, k) in the span},
  and reducing (0, k) by the rows of the last four columns gives one representative per coset of D (the Howell
  property), equal to what (-p_face, 0) reduces to on its last four columns exactly for the k of that coset.
- **A face's profile.** The spans fall into 109 groups by D. For each group a table over coset representatives
  keeps the least size of an exact span whose coset it is; front(k) is the least, over the groups, of the
  group's table at k's representative (a 109 x 12^4 gather, the representatives of every k tabled once).

Nothing here is the product's method (a face's nine outer moves as a basis, the six inner ones free, a 12^5
fibre table and a Hamming distance transform): no basis, no table of fibres, no transform, only membership in
the span of each subset. The corner split is the one fact both share, and here it is derived from the model.

Cost: about 3 s of CPU to set up (the forms of 4 x 32,768 sets), then about 16 ms a position, most of it the
gather; `python tests/clock_spans.py [count] [seed]` compares it with the product and prints the figures.
"""

from __future__ import annotations

import sys
import time

import clock_rules
import numpy as np

HOURS = 12

MODULI = ((3, 3, 1), (4, 2, 2))
"""Z12 = Z3 x Z4: each modulus q = p^e as (q, p, e)."""

CORNER_VALUES = np.indices((HOURS,) * 4).reshape(4, -1).T
"""Every k in Z12^4, lexicographic (row i is i's base-12 digits)."""


def face_moves() -> tuple[list[int], list[int], list[int], np.ndarray, np.ndarray]:
    """The free dials only the front's moves turn, only the back's, and both (the geared corners); then each
    face's 15 moves over its nine: its own five, then the four corners. Read from the model's move vectors."""
    moves = np.array(clock_rules.MOVES_30)[:, clock_rules.FREE]
    front, back = (moves[:15] != 0).any(axis=0), (moves[15:] != 0).any(axis=0)
    own_front = [int(i) for i in np.flatnonzero(front & ~back)]
    own_back = [int(i) for i in np.flatnonzero(back & ~front)]
    shared = [int(i) for i in np.flatnonzero(front & back)]
    assert (len(own_front), len(own_back), len(shared)) == (5, 5, 4)
    return own_front, own_back, shared, moves[:15][:, own_front + shared], moves[15:][:, own_back + shared]


def valuations(values: np.ndarray, p: int, e: int) -> np.ndarray:
    """The p-adic valuation of each value mod p^e (e for 0)."""
    result = np.full(values.shape, e, dtype=np.int16)
    for v in range(e - 1, -1, -1):
        result[values % p ** (v + 1) != 0] = v
    return result


def howell_forms(moves: np.ndarray, q: int, p: int, e: int) -> tuple[np.ndarray, np.ndarray]:
    """The Howell form mod q = p^e of the span of every subset of the moves (subset s: the moves of s's bits).

    pivot[s, c] is the pivot of column c (a power of p, 0 for none), rows[s, c] the row it leads, every entry
    above a pivot reduced below it: the form is canonical, one for each span. Elimination by least valuation,
    the annihilator multiple (q / pivot) of each pivot row added to the rows still to come."""
    count, width = moves.shape
    subsets = np.arange(2**count)
    everyone = np.arange(len(subsets))
    pending = np.zeros((len(subsets), count + width, width), dtype=np.int16)
    for i in range(count):
        pending[(subsets >> i) & 1 == 1, i] = moves[i] % q
    inverses = np.array([pow(u, -1, q) if np.gcd(u, q) == 1 else 0 for u in range(q)], dtype=np.int16)
    pivot = np.zeros((len(subsets), width), dtype=np.int16)
    rows = np.zeros((len(subsets), width, width), dtype=np.int16)
    for column in range(width):
        least_each = valuations(pending[:, :, column], p, e)
        best = np.argmin(least_each, axis=1)
        least = least_each[everyone, best]
        has = least < e
        step = np.where(has, p**least, 1).astype(np.int16)
        chosen = pending[everyone, best]
        chosen = chosen * inverses[chosen[:, column] // step][:, None] % q
        chosen[~has] = 0
        pending[everyone, best] = 0
        pending = (pending - (pending[:, :, column] // step[:, None])[:, :, None] * chosen[:, None, :]) % q
        pending[:, count + column] = (q // step)[:, None] * chosen % q
        pivot[:, column] = np.where(has, step, 0)
        rows[:, column] = chosen
    for column in range(width):
        step = np.where(pivot[:, column] > 0, pivot[:, column], q).astype(np.int16)
        for above in range(column):
            factor = rows[:, above, column] // step
            rows[:, above] = (rows[:, above] - factor[:, None] * rows[:, column]) % q
    return pivot, rows


def divisors(pivot: np.ndarray, q: int) -> np.ndarray:
    """Each column's pivot, q where there is none: what `reduce` divides by."""
    return np.where(pivot > 0, pivot, q).astype(pivot.dtype)


def reduce(
    vectors: np.ndarray, divisors: np.ndarray, rows: np.ndarray, columns: range, q: int
) -> tuple[np.ndarray, np.ndarray]:
    """Vectors (column-major: vectors[:, i] is vector i) each reduced by its own form over the given columns,
    every entry left below its pivot: divisors[c, i] is the pivot of column c (q where there is none, the row
    then 0) and rows[c, :, i] its row. Whether every entry met was a multiple of its pivot (0 where there is
    none), and the reduced vectors. Unsigned bytes serve for q = 4 (they wrap modulo 256, a multiple of 4)."""
    exact = np.ones(vectors.shape[1], dtype=bool)
    vectors = vectors.copy()
    for column in columns:
        values = vectors[column].copy()
        exact &= values % divisors[column] == 0
        factor = values // divisors[column]
        for later in range(column, len(vectors)):
            vectors[later] -= factor * rows[column, later]
        vectors[column:] %= q
    return exact, vectors


def residues(q: int, length: int) -> np.ndarray:
    """Every vector of Z_q^length, lexicographic, one a row."""
    return np.indices((q,) * length).reshape(length, -1).T


def index_of(vectors: np.ndarray, q: int) -> np.ndarray:
    """The lexicographic index of vectors of Z_q^4 (one a row)."""
    return vectors.astype(np.int64) @ q ** np.arange(3, -1, -1)


CRT_INDEX = index_of((4 * residues(3, 4)[:, None, :] + 9 * residues(4, 4)[None, :, :]) % HOURS, HOURS)
"""CRT_INDEX[i, j]: the index in CORNER_VALUES of the vector that is residues(3, 4)[i] mod 3 and
residues(4, 4)[j] mod 4."""


def unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The first of each distinct row, and each row's class (compared as bytes)."""
    rows = np.ascontiguousarray(rows)
    keys = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    _, first, which = np.unique(keys, return_index=True, return_inverse=True)
    return first, which.ravel()


class FaceSpans:
    """Every span of a set of one face's moves, its least size, and the corner cosets it makes (module text)."""

    def __init__(self, moves: np.ndarray) -> None:
        forms = [howell_forms(moves, q, p, e) for q, p, e in MODULI]
        flat = np.concatenate([np.concatenate([pivot, rows.reshape(len(rows), -1)], 1) for pivot, rows in forms], 1)
        first, which = unique_rows(flat)
        sizes = np.array([bin(subset).count("1") for subset in range(len(flat))], dtype=np.uint8)
        self.size = np.full(len(first), 99, dtype=np.uint8)
        np.minimum.at(self.size, which, sizes)
        forms = [(pivot[first], rows[first]) for pivot, rows in forms]
        # the spans' groups by D, the corners (0, k) a span holds: its forms' rows of the last four columns
        corner_rows = [np.concatenate([p[:, 5:], r[:, 5:, 5:].reshape(len(r), -1)], 1) for p, r in forms]
        members, self.group = unique_rows(np.concatenate(corner_rows, 1))
        self.groups = len(members)
        # column-major for `reduce`: (divisors[c, span], rows[c, :, span])
        self.forms = [
            (np.ascontiguousarray(divisors(pivot, q).T), np.ascontiguousarray(rows.transpose(1, 2, 0)))
            for (q, _, _), (pivot, rows) in zip(MODULI, forms, strict=True)
        ]
        spans = len(first)
        # mod 3 every pivot is 1 and the reduction is linear: the reductions of the five unit vectors
        division, rows = self.forms[0]
        units = np.zeros((9, 5, spans), dtype=np.int16)
        units[range(5), range(5)] = 1
        repeat = np.tile(np.arange(spans), 5)
        reduced = reduce(units.reshape(9, -1), division[:, repeat], rows[:, :, repeat], range(9), 3)[1]
        self.linear3 = reduced.reshape(9, 5, spans).astype(np.int64)
        # the four bytes mod 4, as `reduce` takes them
        division, rows = self.forms[1]
        self.form4 = (division.astype(np.uint8), rows.astype(np.uint8))
        # every corner value's representative in each group's cosets of D, mod 3 and mod 4
        canonical = []
        for (q, _, _), (division, rows) in zip(MODULI, self.forms, strict=True):
            corners = residues(q, 4)
            vectors = np.zeros((9, self.groups, len(corners)), dtype=np.int16)
            vectors[5:] = corners.T[:, None, :]
            repeat = np.repeat(members, len(corners))
            reduced = reduce(vectors.reshape(9, -1), division[:, repeat], rows[:, :, repeat], range(5, 9), q)[1]
            canonical.append(index_of(reduced[5:].T, q).reshape(self.groups, len(corners)))
        self.offsets = np.arange(self.groups) * len(CORNER_VALUES)
        three = canonical[0][:, index_of(CORNER_VALUES % 3, 3)]
        four = canonical[1][:, index_of(CORNER_VALUES % 4, 4)]
        self.canonical = (CRT_INDEX[three, four] + self.offsets[:, None]).astype(np.intp)

    def profile(self, own: np.ndarray) -> np.ndarray:
        """profile[k]: the fewest of this face's moves that make its own five dials `own` and its corners k."""
        target = -np.asarray(own, dtype=np.int64)
        reduced3 = np.einsum("i,jis->js", target % 3, self.linear3) % 3
        vectors = np.zeros((9, len(self.size)), dtype=np.uint8)
        vectors[:5] = (target % 4)[:, None]
        exact4, reduced4 = reduce(vectors, *self.form4, range(5), 4)
        reduced4 = reduce(reduced4, *self.form4, range(5, 9), 4)[1]
        exact = exact4 & ~reduced3[:5].any(axis=0)
        where = self.offsets[self.group] + CRT_INDEX[index_of(reduced3[5:].T, 3), index_of(reduced4[5:].T, 4)]
        table = np.full(self.groups * len(CORNER_VALUES), 99, dtype=np.uint8)
        np.minimum.at(table, where[exact], self.size[exact])
        return table[self.canonical].min(axis=0)


class Distance30:
    """The 30-move distance of a position (18 dials as the tests' model reads them) by support enumeration."""

    def __init__(self) -> None:
        self.own_front, self.own_back, self.shared, front, back = face_moves()
        self.front, self.back = FaceSpans(front), FaceSpans(back)

    def __call__(self, dials: np.ndarray) -> int:
        free = np.asarray(dials, dtype=np.int64)[clock_rules.FREE] % HOURS
        front = self.front.profile(free[self.own_front])
        back = self.back.profile(free[self.own_back])
        rest = index_of((free[self.shared] - CORNER_VALUES) % HOURS, HOURS)
        return int((front.astype(np.int64) + back[rest]).min())


def main(count: int = 2000, seed: int = 30) -> None:
    """Compare the product's 30-move distance with this method on `count` uniformly random positions and print
    the figures (CPU seconds: the machine may be shared): `python tests/clock_spans.py [count] [seed]`."""
    from ninebase.puzzles.rubiks_clock import solver

    started = time.process_time()
    method = Distance30()
    set_up = time.process_time() - started
    positions = clock_rules.random_positions(count, seed)
    started = time.process_time()
    ours = np.array([method(dials) for dials in positions])
    spent = time.process_time() - started
    product = solver.solver(30)
    started = time.process_time()
    theirs = np.array([product.distance(dials) for dials in positions])
    spent_product = time.process_time() - started
    print(f"{count:,} random positions (seed {seed}): {int((ours == theirs).sum()):,} equal")
    print(f"support enumeration: set-up {set_up:.1f} s, {1000 * spent / count:.1f} ms a position, {spent:.1f} s in all")
    print(f"the product: {1000 * spent_product / count:.2f} ms a position")
    print("distances:", dict(enumerate(np.bincount(ours).tolist())))
    different = np.flatnonzero(ours != theirs)
    for index in different[:10]:
        print("differ:", positions[index].tolist(), "method", ours[index], "product", theirs[index])
    sys.exit(1 if len(different) else 0)


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:]))
