"""The exact solver: the fewest moves, one optimal answer, how many, the n-th.

Moves commute, so an answer is a coefficient vector c over Z12 (how far each
move turns) with c M = -x for the position x, and its length is the number
of nonzero coefficients: the distance is the least weight in a coset of the
moves' kernel lattice.

18-move metric (`Solver18`): the 14 scramble moves are a basis modulo 12, so
the kernel has 12^4 elements, one for each turn c_N of the other four moves
(the back's UR DR DL UL); every one of them is tried at once, the 14 basis
coefficients packed four bits apiece in one 64-bit word, so a vector's weight
is one XOR, a fold of each nibble and a bit count.

30-move metric (`Solver30`): the kernel has 12^16 elements, too many; the two
faces meet only at the four geared corners. A face's 15 moves turn its nine
dials; given the face's target x = (n, k) (n its five edges and centre, k its
corners), its nine "outer" moves (the four adjacent pairs, four triples and
ALL) are a basis, so the six inner ones (four single pins, two diagonals) y
are free and the outer coefficients are w(x) - y R. The adjacent pairs'
coefficients depend on n only, each triple's on one corner of k and ALL's on
their sum, so a face's cost is nnz(y) + [adjacent pairs differ from alpha(n)]
+ hamming(z(y), tau(n, k)), z the five triple and ALL parts of y R. y -> z
has 12 elements a fibre, on which the adjacent pairs' parts are constant:
tabled once (12^5 entries: the fewest nonzero y of a fibre, how many reach it,
the pairs' parts). A face's profile over all 12^4 corner values k is then a
Hamming distance transform of that table (five passes of a min and +1), and
the distance is min over k of front(k) + back(the back corners k leaves).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .model import BLOCKS, CORNERS, FREE, HOURS, METRICS, MOVE_MATRIX, SETTINGS, apply, behind
from .modular import inverse12


def every(length: int) -> np.ndarray:
    """Every vector of Z12^length in lexicographic order (row i is i's base-12 digits)."""
    return np.indices((HOURS,) * length).reshape(length, -1).T.copy()


ALL_FOUR = every(4).astype(np.int64)
"""Every vector of Z12^4, lexicographic."""

NIBBLES = np.uint64(0x1111111111111111)


def _packed(columns: np.ndarray) -> np.ndarray:
    """Rows of up to 16 values 0..11 packed four bits apiece into one uint64."""
    packed = np.zeros(len(columns), dtype=np.uint64)
    for place in range(columns.shape[1]):
        packed |= columns[:, place].astype(np.uint64) << np.uint64(4 * place)
    return packed


def _nonzero_nibbles(words: np.ndarray) -> np.ndarray:
    """How many of each word's 16 nibbles are nonzero."""
    folded = words | (words >> np.uint64(1))
    folded |= folded >> np.uint64(2)
    return np.bitwise_count(folded & NIBBLES)


class Solver18:
    """The 18-move metric by the 12^4 kernel, tried all at once (see the module's text)."""

    metric = 18

    def __init__(self) -> None:
        matrix = MOVE_MATRIX[list(METRICS[18])][:, list(FREE)]
        self.basis = (0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 14, 15, 16, 17)
        self.others = (9, 10, 11, 12)
        self.inverse = inverse12(matrix[list(self.basis)])
        kernel = ALL_FOUR @ (matrix[list(self.others)] @ self.inverse % HOURS) % HOURS
        self.kernel = kernel
        self.packed = _packed(kernel)
        self.outside = np.count_nonzero(ALL_FOUR, axis=1).astype(np.uint8)

    def weights(self, dials: np.ndarray) -> np.ndarray:
        """The length of the answer for each of the 12^4 turns of the four non-basis moves."""
        target = (-np.asarray(dials, dtype=np.int64)[list(FREE)]) @ self.inverse % HOURS
        return self.outside + _nonzero_nibbles(self.packed ^ _packed(target[None, :])[0])

    def distance(self, dials: np.ndarray) -> int:
        """The fewest moves."""
        return int(self.weights(dials).min())

    def optimal(self, dials: np.ndarray) -> tuple[int, np.ndarray]:
        """The distance and the kernel indices of every optimal answer, in order."""
        weights = self.weights(dials)
        best = int(weights.min())
        return best, np.flatnonzero(weights == best)

    def coefficients(self, dials: np.ndarray, index: int) -> np.ndarray:
        """The 18 coefficients of the answer whose four non-basis turns are ALL_FOUR[index]."""
        target = (-np.asarray(dials, dtype=np.int64)[list(FREE)]) @ self.inverse % HOURS
        result = np.zeros(18, dtype=np.int64)
        result[list(self.basis)] = (target - self.kernel[index]) % HOURS
        result[list(self.others)] = ALL_FOUR[index]
        return result

    def count(self, dials: np.ndarray) -> int:
        """How many optimal answers (sets of moves with their amounts)."""
        return len(self.optimal(dials)[1])

    def first(self, dials: np.ndarray) -> np.ndarray:
        """One optimal answer's 18 coefficients (the first of `nth`'s order)."""
        return self.coefficients(dials, int(np.argmin(self.weights(dials))))

    def nth(self, dials: np.ndarray, n: int) -> np.ndarray:
        """The n-th optimal answer's 18 coefficients, in the order of `optimal`."""
        indices = self.optimal(dials)[1]
        return self.coefficients(dials, int(indices[n]))


FACE = np.array([[int(dial in {d for pin in pins for d in BLOCKS[pin]}) for dial in range(9)] for pins in SETTINGS])
"""FACE[s]: the face's own dials that pin setting s turns."""

INNER = (0, 1, 2, 3, 9, 10)
"""The single pins and the two diagonals: a face's free coefficients y."""

PAIRS = (4, 5, 6, 7)
OUTER = (11, 12, 13, 14, 8)
"""The triples and ALL: their coefficients are where the corners enter."""

EDGES = (1, 3, 4, 5, 7)
"""A face's dials other than its corners: edges and centre."""

SHAPE5 = (HOURS,) * 5

RECENT = 32
"""How many faces' distance transforms are kept (248,832 bytes each)."""
RECENT_COUNTED = 4
"""How many faces' transforms with counts are kept (1,244,160 bytes each)."""


def transform_axis(cost: np.ndarray, axis: int) -> None:
    """One axis of the Hamming distance transform, in place: each entry becomes at most its axis's least plus one."""
    view = np.moveaxis(cost, axis, 0)
    least = view[0].copy()
    for value in range(1, HOURS):
        np.minimum(least, view[value], out=least)
    least += 1
    np.minimum(view, least, out=view)


def count_axis(cost: np.ndarray, count: np.ndarray, axis: int) -> None:
    """`transform_axis` carrying counts, in place: where an entry's least falls to its axis's least plus one,
    the counts of the entries at that least are added (the entry's own kept where it still reaches it)."""
    view, counts = np.moveaxis(cost, axis, 0), np.moveaxis(count, axis, 0)
    least = view[0].copy()
    for value in range(1, HOURS):
        np.minimum(least, view[value], out=least)
    at_least = np.zeros(least.shape, dtype=np.uint32)
    hit = np.empty(least.shape, dtype=bool)
    for value in range(HOURS):
        np.equal(view[value], least, out=hit)
        at_least += counts[value] * hit
    above = least + 1
    for value in range(HOURS):
        row, ways = view[value], counts[value]
        np.less_equal(row, above, out=hit)  # its own count still reaches the new least
        ways *= hit
        np.not_equal(row, least, out=hit)  # the new least is above: reached from the axis's least too
        ways += at_least * hit
        np.minimum(row, above, out=row)


def shift_table(values: np.ndarray, place: int) -> np.ndarray:
    """table[s] = (values + s) % 12 * place, for each shift s: a digit of an index, looked up instead of worked out."""
    return np.add.outer(np.arange(HOURS), values) % HOURS * place


class Face:
    """One face's 15 moves, tabled over the 12^5 values of z (see the module's text)."""

    def __init__(self) -> None:
        basis = list(PAIRS) + list(OUTER)
        self.basis = tuple(basis)
        self.inverse = inverse12(FACE[basis])
        self.reach = FACE[list(INNER)] @ self.inverse % HOURS
        corner_part = self.inverse[list(CORNERS)]
        assert not corner_part[:, :4].any(), "a pair's coefficient would depend on a corner"
        # A fibre of y -> z is y + t * kernel (t in Z12); the kernel's first coefficient is 1, so each fibre
        # has one y whose first coefficient is 0: those 12^5 are the fibres' representatives.
        firsts = np.concatenate([np.ones((HOURS**5, 1), dtype=np.int64), every(5)], axis=1)
        kernels = firsts[~(firsts @ self.reach[:, 4:] % HOURS).any(axis=1)]
        assert len(kernels) == 1, "the kernel of y -> z is not 12 long"
        self.kernel = kernels[0]
        assert not (self.kernel @ self.reach[:, :4] % HOURS).any(), "the pairs' parts vary on a fibre"
        reps = firsts.copy()
        reps[:, 0] = 0
        index = (reps @ self.reach[:, 4:] % HOURS) @ (HOURS ** np.arange(4, -1, -1))
        order = np.empty(HOURS**5, dtype=np.int64)
        order[index] = np.arange(HOURS**5)
        assert (np.sort(index) == np.arange(HOURS**5)).all(), "z does not take every value once a fibre"
        self.reps = reps[order].astype(np.int8)
        pairs = self.reps.astype(np.int64) @ self.reach[:, :4] % HOURS
        self.pairs = [np.ascontiguousarray(pairs[:, place], dtype=np.uint8) for place in range(4)]
        weights = np.stack([np.count_nonzero((self.reps + t * self.kernel) % HOURS, axis=1) for t in range(HOURS)])
        self.least = weights.min(axis=0).astype(np.uint8)
        self.reaching = (weights == self.least).sum(axis=0)
        self.digits = [np.ascontiguousarray(column) for column in every(5).astype(np.int8).T]
        self.corner_reach = ALL_FOUR @ corner_part[:, 4:] % HOURS
        places = HOURS ** np.arange(4, -1, -1)
        self.shifted = [shift_table(self.corner_reach[:, digit], places[digit]) for digit in range(5)]
        layout_b = (HOURS**2, HOURS, 1, HOURS**4, HOURS**3)  # each digit's place once the last two lead
        self.shifted_b = [shift_table(self.corner_reach[:, digit], layout_b[digit]) for digit in range(5)]
        self.recent: dict[tuple[int, ...], np.ndarray] = {}
        self.recent_counted: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray]] = {}

    def fibre(self, z: int) -> np.ndarray:
        """The 12 inner vectors y whose z is `z`."""
        return (self.reps[z].astype(np.int64) + np.outer(np.arange(HOURS), self.kernel)) % HOURS

    def split(self, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """alpha (the pairs' parts) and beta (the outer parts) of the target's edges and centre."""
        part = np.asarray(edges, dtype=np.int64) @ self.inverse[list(EDGES)] % HOURS
        return part[:4], part[4:]

    def costs(self, alpha: np.ndarray) -> np.ndarray:
        """Each z's least cost, before the corners: its fibre's fewest inner moves, and the pairs that differ."""
        cost = self.least.copy()
        for place in range(4):
            cost += self.pairs[place] != np.uint8(alpha[place])
        return cost

    def profile(self, edges: np.ndarray) -> np.ndarray:
        """The face's fewest moves for every corner value k (12^4, lexicographic) given its edges and centre."""
        alpha, beta = self.split(edges)
        return self.transformed(tuple(int(part) for part in alpha))[self.targets(beta, self.shifted_b)]

    def transformed(self, alpha: tuple[int, ...]) -> np.ndarray:
        """Each z's fewest moves to reach it or, one move per digit changed, any other z: kept for the last alpha's.

        Positions near one another (near solved, or many of a batch) share alpha, so a few are kept."""
        if alpha in self.recent:
            return self.recent[alpha]
        cost = self.costs(np.array(alpha)).reshape(SHAPE5)
        for axis in range(3):
            transform_axis(cost, axis)
        # the last two digits' slices are short runs, slow to take: turned to lead (layout B), they are fast
        cost = np.ascontiguousarray(cost.reshape(HOURS**3, HOURS**2).T).reshape(HOURS, HOURS, HOURS**3)
        transform_axis(cost, 0)
        transform_axis(cost, 1)
        if len(self.recent) >= RECENT:
            self.recent.pop(next(iter(self.recent)), None)
        self.recent[alpha] = cost.reshape(-1)
        return self.recent[alpha]

    def counted(self, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The face's fewest moves for every corner value k, and how many face vectors reach (edges, k) in that many.

        The distance transform again, carrying counts: min over z' of cost(z') + hamming(z', z) takes each
        digit of z' independently, so a pass adds up the counts of the values that reach the new least."""
        alpha, beta = self.split(edges)
        cost, count = self.counted_transform(tuple(int(part) for part in alpha))
        places = self.targets(beta, self.shifted_b)
        return cost[places], count[places]

    def counted_transform(self, alpha: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """`transformed` with each z's count, in its layout B: kept for the last few alphas (a probe's
        successors by one face's moves leave the other face's alpha as it was)."""
        if alpha in self.recent_counted:
            return self.recent_counted[alpha]
        cost = self.costs(np.array(alpha)).reshape(SHAPE5)
        count = self.reaching.astype(np.uint32).reshape(SHAPE5)  # at most the face's 12^6 inner vectors
        for axis in range(3):
            count_axis(cost, count, axis)
        cost, count = (
            np.ascontiguousarray(values.reshape(HOURS**3, HOURS**2).T).reshape(HOURS, HOURS, HOURS**3)
            for values in (cost, count)
        )
        count_axis(cost, count, 0)
        count_axis(cost, count, 1)
        if len(self.recent_counted) >= RECENT_COUNTED:
            self.recent_counted.pop(next(iter(self.recent_counted)), None)
        self.recent_counted[alpha] = cost.reshape(-1), count.reshape(-1)
        return self.recent_counted[alpha]

    def targets(self, beta: np.ndarray, shifted: list[np.ndarray]) -> np.ndarray:
        """tau(k) as an index into z (laid out as `shifted` places its digits), for every k: each digit looked up
        with beta's shift."""
        index = shifted[0][beta[0]].copy()
        for digit in range(1, 5):
            index += shifted[digit][beta[digit]]
        return index

    def answers(self, edges: np.ndarray, corners: np.ndarray, best: int, first: bool = False) -> list[np.ndarray]:
        """Every one of the face's 15-coefficient vectors of length `best` reaching (edges, corners), in order
        (only the first if `first`)."""
        alpha, beta = self.split(edges)
        tau = (np.asarray(corners, dtype=np.int64) @ self.inverse[list(CORNERS)][:, 4:] + beta) % HOURS
        cost = self.costs(alpha)
        for digit in range(5):
            cost += self.digits[digit] != np.int8(tau[digit])
        target = np.zeros(9, dtype=np.int64)
        target[list(EDGES)] = edges
        target[list(CORNERS)] = corners
        whole = target @ self.inverse % HOURS
        found = []
        for z in np.flatnonzero(cost == best):
            for inner in self.fibre(z):
                if np.count_nonzero(inner) == self.least[z]:
                    vector = np.zeros(15, dtype=np.int64)
                    vector[list(INNER)] = inner
                    vector[list(self.basis)] = (whole - inner.astype(np.int64) @ self.reach) % HOURS
                    found.append(vector)
                    if first:
                        return found
        return found


BACK_ORDER = [CORNERS.index(behind(corner)) for corner in CORNERS]
"""Which front corner each back corner (in reading order) is behind."""


class Solver30:
    """The 30-move metric: both faces' profiles over the corners, met at the corners (see the module's text)."""

    metric = 30

    def __init__(self) -> None:
        self.face = Face()
        self.mirrored = ALL_FOUR[:, BACK_ORDER]
        self.last: tuple[bytes, tuple[np.ndarray, ...]] = (b"", ())
        places = HOURS ** np.arange(3, -1, -1)
        self.shifted = [shift_table(self.mirrored[:, digit], places[digit]) for digit in range(4)]

    def _parts(self, dials: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The target (-dials), and for every front corner value k the index of the back corners it leaves."""
        target = -np.asarray(dials, dtype=np.int64) % HOURS
        shifts = -target[list(CORNERS)][BACK_ORDER] % HOURS
        back = self.shifted[0][shifts[0]].copy()
        for digit in range(1, 4):
            back += self.shifted[digit][shifts[digit]]
        return target, back

    def totals(self, dials: np.ndarray) -> np.ndarray:
        """The fewest moves for every value k the front's moves give its corners."""
        target, back = self._parts(dials)
        front_edges = target[list(EDGES)]
        back_edges = target[[9 + dial for dial in EDGES]]
        return self.face.profile(front_edges) + self.face.profile(back_edges)[back]

    def distance(self, dials: np.ndarray) -> int:
        """The fewest moves."""
        return int(self.totals(dials).min())

    def first(self, dials: np.ndarray) -> np.ndarray:
        """One optimal answer's 30 coefficients (the first of `nth`'s order) without counting them all."""
        target, back = self._parts(dials)
        front_edges = target[list(EDGES)]
        back_edges = target[[9 + dial for dial in EDGES]]
        front = self.face.profile(front_edges)
        behind_ = self.face.profile(back_edges)[back]
        k = int(np.argmin(front + behind_))
        return np.concatenate(
            [
                self.face.answers(front_edges, ALL_FOUR[k], int(front[k]), first=True)[0],
                self.face.answers(back_edges, ALL_FOUR[back[k]], int(behind_[k]), first=True)[0],
            ]
        )

    def _counted(self, dials: np.ndarray) -> tuple[np.ndarray, ...]:
        """The optimal k, how many answers each has, the back corners each leaves, the two faces' edges and lengths.

        The last position's are kept: its answers are asked for one by one."""
        key = np.asarray(dials, dtype=np.int64).tobytes()
        if self.last[0] != key:
            self.last = (key, self._count_parts(dials))
        return self.last[1]

    def _count_parts(self, dials: np.ndarray) -> tuple[np.ndarray, ...]:
        """`_counted`, worked out."""
        target, back = self._parts(dials)
        front_edges = target[list(EDGES)]
        back_edges = target[[9 + dial for dial in EDGES]]
        front, front_count = self.face.counted(front_edges)
        behind_, behind_count = self.face.counted(back_edges)
        total = front + behind_[back]
        ks = np.flatnonzero(total == total.min())
        counts = front_count[ks] * behind_count[back[ks]]
        return ks, counts, back[ks], np.stack([front_edges, back_edges]), np.stack([front[ks], behind_[back[ks]]])

    def count(self, dials: np.ndarray) -> int:
        """How many optimal answers (sets of moves with their amounts)."""
        return int(self._counted(dials)[1].sum())

    def nth(self, dials: np.ndarray, n: int) -> np.ndarray:
        """The n-th optimal answer's 30 coefficients: by k, then the front's answers, then the back's."""
        ks, counts, backs, edges, lengths = self._counted(dials)
        place = int(np.searchsorted(np.cumsum(counts), n, side="right"))
        if place == len(ks):
            raise IndexError("there are fewer optimal answers")
        n -= int(counts[:place].sum())
        k, kb = ALL_FOUR[ks[place]], ALL_FOUR[backs[place]]
        back_answers = self.face.answers(edges[1], kb, int(lengths[1, place]))
        front_answers = self.face.answers(edges[0], k, int(lengths[0, place]))
        return np.concatenate([front_answers[n // len(back_answers)], back_answers[n % len(back_answers)]])


@cache
def solver(metric: int) -> Solver18 | Solver30:
    """The solver of a metric, built once (the 30-move tables take a fraction of a second)."""
    return Solver18() if metric == 18 else Solver30()


def check(dials: np.ndarray, coefficients: np.ndarray, metric: int) -> bool:
    """Whether the coefficients take the dials to solved."""
    return not apply(dials, coefficients, metric).any()
