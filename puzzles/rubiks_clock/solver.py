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
        self.digits = every(5).astype(np.int8)
        self.corner_reach = ALL_FOUR @ corner_part[:, 4:] % HOURS
        self.places = HOURS ** np.arange(4, -1, -1)
        self.shifted = [shift_table(self.corner_reach[:, digit], self.places[digit]) for digit in range(5)]

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
        cost = self.costs(alpha).reshape(SHAPE5)
        for axis in range(5):
            # the Hamming distance transform along one axis: the least of the axis, one move further
            view = np.moveaxis(cost, axis, 0)
            least = view[0].copy()
            for value in range(1, HOURS):
                np.minimum(least, view[value], out=least)
            least += 1
            np.minimum(view, least, out=view)
        return cost.reshape(-1)[self.targets(beta)]

    def targets(self, beta: np.ndarray) -> np.ndarray:
        """tau(k) as an index into z, for every k: each digit looked up with beta's shift."""
        index = self.shifted[0][beta[0]].copy()
        for digit in range(1, 5):
            index += self.shifted[digit][beta[digit]]
        return index

    def answers(self, edges: np.ndarray, corners: np.ndarray, best: int) -> list[np.ndarray]:
        """Every one of the face's 15-coefficient vectors of length `best` reaching (edges, corners), in order."""
        alpha, beta = self.split(edges)
        tau = (np.asarray(corners, dtype=np.int64) @ self.inverse[list(CORNERS)][:, 4:] + beta) % HOURS
        cost = self.costs(alpha) + np.count_nonzero(self.digits != tau, axis=1)
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
        return found

    def counts(self, edges: np.ndarray, corners: np.ndarray, best: int) -> int:
        """How many of the face's vectors of length `best` reach (edges, corners)."""
        alpha, beta = self.split(edges)
        tau = (np.asarray(corners, dtype=np.int64) @ self.inverse[list(CORNERS)][:, 4:] + beta) % HOURS
        cost = self.costs(alpha) + np.count_nonzero(self.digits != tau, axis=1)
        return int(self.reaching[cost == best].sum())


BACK_ORDER = [CORNERS.index(behind(corner)) for corner in CORNERS]
"""Which front corner each back corner (in reading order) is behind."""


class Solver30:
    """The 30-move metric: both faces' profiles over the corners, met at the corners (see the module's text)."""

    metric = 30

    def __init__(self) -> None:
        self.face = Face()
        self.mirrored = ALL_FOUR[:, BACK_ORDER]
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

    def _split(self, dials: np.ndarray) -> tuple[int, list[tuple[np.ndarray, np.ndarray, int, int]]]:
        """The distance and, for each optimal k, the front's and back's targets and lengths."""
        target, back_index = self._parts(dials)
        front_edges = target[list(EDGES)]
        back_edges = target[[9 + dial for dial in EDGES]]
        front = self.face.profile(front_edges)
        behind_ = self.face.profile(back_edges)[back_index]
        total = front + behind_
        best = int(total.min())
        parts = [
            (ALL_FOUR[k], ALL_FOUR[back_index[k]], int(front[k]), int(behind_[k]))
            for k in np.flatnonzero(total == best)
        ]
        return best, [(front_edges, back_edges, *part) for part in parts]

    def count(self, dials: np.ndarray) -> int:
        """How many optimal answers (sets of moves with their amounts)."""
        _, parts = self._split(dials)
        return sum(self.face.counts(fe, k, f) * self.face.counts(be, kb, b) for fe, be, k, kb, f, b in parts)

    def nth(self, dials: np.ndarray, n: int) -> np.ndarray:
        """The n-th optimal answer's 30 coefficients: by k, then the front's answers, then the back's."""
        _, parts = self._split(dials)
        for front_edges, back_edges, k, kb, f, b in parts:
            here = self.face.counts(front_edges, k, f) * self.face.counts(back_edges, kb, b)
            if n < here:
                backs = self.face.answers(back_edges, kb, b)
                front = self.face.answers(front_edges, k, f)[n // len(backs)]
                return np.concatenate([front, backs[n % len(backs)]])
            n -= here
        raise IndexError("there are fewer optimal answers")


@cache
def solver(metric: int) -> Solver18 | Solver30:
    """The solver of a metric, built once (the 30-move tables take a fraction of a second)."""
    return Solver18() if metric == 18 else Solver30()


def check(dials: np.ndarray, coefficients: np.ndarray, metric: int) -> bool:
    """Whether the coefficients take the dials to solved."""
    return not apply(dials, coefficients, metric).any()
