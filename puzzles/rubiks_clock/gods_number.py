"""The 18-move metric's God's number, how many positions need it, and every distance's count, exhaustively.

`python -m ninebase.puzzles.rubiks_clock.gods_number` recomputes the distances 14 and 13 (about a minute of
CPU), `--down-to 0` every distance (about 17 minutes); `known.COMPUTED_18` holds the figures of a run.

The formulation. Each face's nine WCA moves are a basis of that face's nine dials, so an answer is a pair of
coefficient vectors (u, u') and the moves' kernel is {(L(k), L(k)) : k in Z12^4}, where L(k) turns the four
one-pin moves by the four corners' k, each side move by minus the sum of its two corners and ALL by the total
(`pairs` reads a position's (u, u') from the 18-move solver in coordinates where that holds: each face's
corners in the cyclic order UR DR DL UL, the back's mirrored, the sides negated). The distance is
min over k of hamming(u, L(k)) + hamming(u', L(k)) = 18 - max over k of S(k), where coordinate c saves
[u_c = L_c(k)] + [u'_c = L_c(k)] and S(k) is the sum of the nine savings.

The saving is symmetric in u_c and u'_c, so only each coordinate's unordered pair of values matters (78 of
them). Adding a codeword to both, the front's corners become 0 and the back's d (12^14 positions, each
once). k = (0 or d_i at each corner) saves the four corners, so every distance is at most 14. The count runs
over d up to the symmetries that keep distances (the square's eight, one corner's pair swapped, d_i to
-d_i, a unit times everything: 256 at 12 hours), 274 classes. For each, the corners' best saving is tabled
over v = (k1 + k2, k2 + k3, k3 + k4), the first three sides, which fix k up to k1; the other two are
v1 - v2 + v3 and the centre v1 + v3. A search adds the pairs of the first two sides, cut as soon as some v
saves more than the limit; the last three coordinates are counted at once, from bit masks over the centre's
values of which v still fit (`_rest`).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

import numpy as np

from .model import FREE, HOURS, METRICS, MOVE_MATRIX
from .solver import Solver18, solver

COORDINATES = 9
"""A face's nine moves: the four corners (single pins), the four sides, the centre (ALL)."""

FRONT = (0, 1, 2, 3, 5, 6, 7, 4, 8)
"""The 18-move metric's front moves (indices into METRICS[18]) in the order UR DR DL UL, R D L U, ALL: side i
joins corners i and i + 1."""

BACK = (12, 11, 10, 9, 16, 15, 14, 13, 17)
"""The back's moves behind them: the back's UL pin is behind the front's UR, its L side behind the front's R."""

SIGNS = np.array([1, 1, 1, 1, -1, -1, -1, -1, 1])
"""The sides are negated, so that a codeword's side is the sum of its two corners."""


def codewords(hours: int) -> np.ndarray:
    """L(k) for every k in Z_hours^4 (lexicographic): the corners, the sides' sums, the total."""
    ks = np.indices((hours,) * 4).reshape(4, -1).T
    sides = [ks[:, i] + ks[:, (i + 1) % 4] for i in range(4)]
    return np.column_stack([ks, *sides, ks.sum(axis=1)]) % hours


def pairs(dials: np.ndarray) -> np.ndarray:
    """A position's (u, u') (2 x 9): one answer's coefficients, front and back, in the coordinates above."""
    engine = solver(18)
    assert isinstance(engine, Solver18)
    target = (-np.asarray(dials, dtype=np.int64)[list(FREE)]) @ engine.inverse % HOURS
    coefficients = np.zeros(18, dtype=np.int64)
    coefficients[list(engine.basis)] = target
    return np.stack([coefficients[list(FRONT)], coefficients[list(BACK)]]) * SIGNS % HOURS


def dials_of(u: np.ndarray, u2: np.ndarray) -> np.ndarray:
    """The position (18 dials) that the answer (u, u') solves."""
    coefficients = np.zeros(18, dtype=np.int64)
    coefficients[list(FRONT)] = np.asarray(u) * SIGNS
    coefficients[list(BACK)] = np.asarray(u2) * SIGNS
    return -(coefficients @ MOVE_MATRIX[list(METRICS[18])]) % HOURS


def best_saving(u: np.ndarray, u2: np.ndarray, hours: int = HOURS) -> int:
    """max over k of S(k), by trying every k: the plain definition, for checking."""
    words = codewords(hours)
    hits = (words == np.asarray(u) % hours).astype(np.int8) + (words == np.asarray(u2) % hours)
    return int(hits.sum(axis=1).max())


SQUARE_CORNERS = (
    (0, 1, 2, 3),
    (1, 2, 3, 0),
    (2, 3, 0, 1),
    (3, 0, 1, 2),
    (0, 3, 2, 1),
    (3, 2, 1, 0),
    (2, 1, 0, 3),
    (1, 0, 3, 2),
)
"""The square's eight symmetries, as the corner each corner's value comes from (corners in cyclic order)."""


def corner_classes(hours: int) -> tuple[np.ndarray, np.ndarray]:
    """The back corners d (front corners 0) up to the symmetries that keep distances: representatives and sizes.

    Each symmetry is a bijection of the positions with corners d onto those with its image, keeping
    distances: a symmetry of the square (permuting corners, sides, both faces alike), one corner's pair
    swapped then the code added back (d_i to -d_i, its two sides shifted), a unit of Z_hours times everything."""
    ds = np.indices((hours,) * 4).reshape(4, -1).T
    places = hours ** np.arange(3, -1, -1)
    units = [unit for unit in range(1, hours) if np.gcd(unit, hours) == 1]
    least = np.full(len(ds), len(ds))
    for order, signs, unit in product(SQUARE_CORNERS, product((1, -1), repeat=4), units):
        image = ds[:, list(order)] * np.array(signs) * unit % hours
        least = np.minimum(least, image @ places)
    representatives, sizes = np.unique(least, return_counts=True)
    return ds[representatives], sizes


@dataclass(frozen=True)
class Layout:
    """The index arrays of one modulus, worked out once."""

    hours: int
    corner_of: np.ndarray
    """corner_of[k1, v]: the flat index of k (in Z^4) with first corner k1 and sums v."""
    cells: np.ndarray
    """cells[p, q, w3]: the flat index of the v whose last side is p, centre q and third side w3."""
    forms: np.ndarray
    """forms[j, v]: the value at v of the first side, the second, the third, the last side, the centre."""
    first: np.ndarray
    second: np.ndarray
    """The unordered pairs of values (first <= second) a coordinate can hold: n(n + 1) / 2 of them."""
    doubles: np.ndarray
    """The pairs (a, a), in the order of a."""
    weight: np.ndarray
    """How many ordered pairs each unordered one is (1 or 2)."""

    @classmethod
    @cache
    def of(cls, hours: int) -> Layout:
        """The layout of `hours`, built once."""
        n = hours
        k1, v1, v2, v3 = np.indices((n,) * 4)
        k2 = (v1 - k1) % n
        k3 = (v2 - k2) % n
        k4 = (v3 - k3) % n
        corner_of = (((k1 * n + k2) * n + k3) * n + k4).reshape(n, n**3)
        p, q, w3 = np.indices((n,) * 3)
        cells = ((q - w3) % n * n + (q - p) % n) * n + w3
        w1, w2, w3 = np.indices((n,) * 3).reshape(3, -1)
        forms = np.stack([w1, w2, w3, w1 - w2 + w3, w1 + w3]) % n
        first, second = np.triu_indices(n)
        doubles = np.flatnonzero(first == second)
        return cls(n, corner_of, cells, forms, first, second, doubles, np.where(first == second, 1, 2))


def corner_savings(d: np.ndarray, layout: Layout) -> np.ndarray:
    """The corners' best saving for every v (n^3): front corners 0, back corners d, k1 chosen at best."""
    n = layout.hours
    ks = np.indices((n,) * 4).reshape(4, -1)
    saving = ((ks == 0).astype(np.int8) + (ks == np.asarray(d)[:, None])).sum(axis=0)
    return saving[layout.corner_of].max(axis=0).astype(np.int8)


def _side(
    savings: np.ndarray, weights: np.ndarray, axis: int, limit: int, layout: Layout
) -> tuple[np.ndarray, np.ndarray]:
    """Every pair for side `axis` (0, 1, 2: v1, v2, v3) that keeps each v's saving at most `limit`."""
    others = tuple(a for a in (1, 2, 3) if a != axis + 1)
    most = savings.max(axis=others)
    first, second = layout.first, layout.second
    fits = np.where(
        first == second, most[:, first] <= limit - 2, (most[:, first] <= limit - 1) & (most[:, second] <= limit - 1)
    )
    node, pair = np.nonzero(fits)
    children = savings[node]
    view = np.moveaxis(children, axis + 1, 1)
    rows = np.arange(len(node))
    view[rows, first[pair]] += 1
    view[rows, second[pair]] += 1
    return children, weights[node] * layout.weight[pair]


FULL = np.uint16(0xFFFF)
"""Every bit of a mask over the centre's values (bits beyond the modulus are set and stay set)."""


def _below(grid: np.ndarray, most: int) -> np.ndarray:
    """Bit q of [node, p, w3] set where grid[node, p, q, w3] <= most: the centre values that still fit."""
    fits = np.packbits(grid <= most, axis=2, bitorder="little")
    masks = fits[:, :, 0].astype(np.uint16)
    if fits.shape[2] > 1:
        masks |= fits[:, :, 1].astype(np.uint16) << np.uint16(8)
    return masks | np.uint16(0xFFFF << grid.shape[2] & 0xFFFF)


def _pick(single: np.ndarray, double: np.ndarray, layout: Layout) -> np.ndarray:
    """For each pair (a, b) on the last axis: single[..., a] & single[..., b], or double[..., a] if a = b."""
    picked = single[..., layout.first] & single[..., layout.second]
    picked[..., layout.doubles] = double
    return picked


def _third(
    below: dict[int, np.ndarray],
    rows: dict[int, np.ndarray],
    node: np.ndarray,
    pair: np.ndarray,
    t: int,
    layout: Layout,
) -> np.ndarray:
    """[node3, p]: the q whose saving is at most t at every w3 once the third side's pair is added."""
    first, second = layout.first[pair], layout.second[pair]
    single = below[t - 1][node, :, first] & below[t - 1][node, :, second]
    return rows[t][node] & np.where((first == second)[:, None], below[t - 2][node, :, first], single)


def _rest(
    below: dict[int, np.ndarray], rows: dict[int, np.ndarray], weights: np.ndarray, limit: int, layout: Layout
) -> int:
    """How many ordered pairs of the third side, the last side and the centre keep every saving within `limit`.

    The savings are laid out as [node, p, q, w3] (p the last side's value, q the centre's, w3 the third
    side's: each v once) and read as bit masks over q: below[t][node, p, w3] holds the q whose saving is at
    most t, rows[t][node, p] those at most t at every w3. A pair on the third side adds 1 (or 2) at its values
    of w3, one on the last side at its values of p; a centre value q fits with a single hit where every saving
    with it is at most limit - 1, with a double hit where at most limit - 2."""
    n = layout.hours
    top = rows[limit][:, :, None] & _pick(below[limit - 1], below[limit - 2], layout)  # [node, p, pair]
    node, pair = np.nonzero((top == FULL).all(axis=1))
    lowest = _third(below, rows, node, pair, limit - 4, layout)
    easy = (lowest == FULL).all(axis=1)  # every saving at most limit - 4: every last side and centre fits
    count = int((weights[node[easy]] * layout.weight[pair[easy]]).sum()) * n**4
    node, pair = node[~easy], pair[~easy]
    m = {t: _third(below, rows, node, pair, t, layout) for t in range(limit - 3, limit)}
    m[limit - 4] = lowest[~easy]
    fits = _pick(m[limit - 1], m[limit - 2], layout) == FULL
    once = np.bitwise_and.reduce(m[limit - 1], axis=1)[:, None] & _pick(m[limit - 2], m[limit - 3], layout)
    twice = np.bitwise_and.reduce(m[limit - 2], axis=1)[:, None] & _pick(m[limit - 3], m[limit - 4], layout)
    ones = np.bitwise_count(once) - np.uint8(16 - n)
    centres = (ones * (ones - np.uint8(1)) + np.bitwise_count(twice) - np.uint8(16 - n)) * fits  # at most 144
    per_node = centres.astype(np.int32) @ layout.weight.astype(np.int32)
    return count + int((per_node * weights[node] * layout.weight[pair]).sum())


def completions(d: np.ndarray, limits: tuple[int, ...], layout: Layout, chunk: int = 1000) -> np.ndarray:
    """For each limit, how many positions with front corners 0 and back corners d save at most that much.

    Positions are counted as ordered pairs (12^10 of them for the sides and centre)."""
    top = max(limits)
    savings = corner_savings(d, layout).reshape(1, *(layout.hours,) * 3)
    weights = np.ones(1, dtype=np.int64)
    counts = np.zeros(len(limits), dtype=np.int64)
    if savings.max() > top:
        return counts
    savings, weights = _side(savings, weights, 0, top, layout)
    savings, weights = _side(savings, weights, 1, top, layout)
    n = layout.hours
    for start in range(0, len(savings), chunk):
        part, part_weights = savings[start : start + chunk].reshape(-1, n**3), weights[start : start + chunk]
        most = part.max(axis=1)
        grid = part[:, layout.cells]
        below = {t: _below(grid, t) for t in range(min(limits) - 6, min(top, int(most.max()) + 5) + 1)}
        rows = {t: np.bitwise_and.reduce(below[t], axis=2) for t in below}
        for place, limit in enumerate(limits):
            # 6 more at most: three pairs of 2; within that, every pair of the other three sides fits
            counts[place] += int(part_weights[most + 6 <= limit].sum()) * n**6
            work = (most <= limit) & (most + 6 > limit)
            if work.any():
                picked = {t: masks[work] for t, masks in below.items() if t >= limit - 6}
                rows_picked = {t: masks[work] for t, masks in rows.items() if t >= limit - 6}
                counts[place] += _rest(picked, rows_picked, part_weights[work], limit, layout)
    return counts


def by_class(hours: int, limits: tuple[int, ...]) -> np.ndarray:
    """For each corner class (in `corner_classes` order) and limit, how many positions of one of its corners
    save at most that much."""
    layout = Layout.of(hours)
    return np.array([completions(d, limits, layout) for d in corner_classes(hours)[0]], dtype=np.int64)


def at_most(hours: int, limits: tuple[int, ...]) -> np.ndarray:
    """For each limit, how many positions (of hours^14) save at most that much: are at least 18 - limit away."""
    return corner_classes(hours)[1] @ by_class(hours, limits)


def examples(d: np.ndarray, limit: int, hours: int = HOURS, breadth: int | None = None) -> np.ndarray:
    """Positions (u, u') with front corners 0 and back corners d that save at most `limit`, every one of them
    (or some, keeping at most `breadth` partial ones a level): a plain search over the five pairs, each
    written out, with none of `completions`' counting at once."""
    layout = Layout.of(hours)
    n = layout.hours
    savings = corner_savings(d, layout)[None, :]
    chosen = np.zeros((1, 0), dtype=np.int64)
    if savings.max() > limit:
        return np.zeros((0, 2, COORDINATES), dtype=np.int64)
    for form in layout.forms:
        hit = (form[None, :] == np.arange(n)[:, None]).astype(np.int8)
        most = np.stack([savings[:, form == value].max(axis=1) for value in range(n)], axis=1)
        first, second = layout.first, layout.second
        fits = np.where(
            first == second, most[:, first] <= limit - 2, np.maximum(most[:, first], most[:, second]) <= limit - 1
        )
        node, pair = np.nonzero(fits)
        node, pair = node[:breadth], pair[:breadth]
        savings = savings[node] + hit[first[pair]] + hit[second[pair]]
        chosen = np.concatenate([chosen[node], pair[:, None]], axis=1)
    found = []
    for swaps in product((False, True), repeat=5):
        u = np.zeros((len(chosen), COORDINATES), dtype=np.int64)
        u2 = np.tile(np.concatenate([np.asarray(d) % n, np.zeros(5, dtype=np.int64)]), (len(chosen), 1))
        for place, swapped in enumerate(swaps):
            low, high = layout.first[chosen[:, place]], layout.second[chosen[:, place]]
            u[:, 4 + place], u2[:, 4 + place] = (high, low) if swapped else (low, high)
        found.append(np.stack([u, u2], axis=1))
    return np.unique(np.concatenate(found), axis=0)


def normal(position: np.ndarray, hours: int = HOURS) -> np.ndarray:
    """The same position with the code added so that its front corners are 0."""
    k = np.asarray(position)[0, :4]
    word = np.concatenate([k, [k[i] + k[(i + 1) % 4] for i in range(4)], [k.sum()]])
    return (np.asarray(position) - word) % hours


SQUARE = (
    (1, 2, 3, 0, 5, 6, 7, 4, 8),
    (0, 3, 2, 1, 7, 6, 5, 4, 8),
)
"""A quarter turn and a mirror image of the clock's square: each coordinate's source (corners, sides, centre)."""


def orbit(positions: np.ndarray, hours: int = HOURS) -> np.ndarray:
    """Every position the symmetries reach from `positions` (each with front corners 0): the square's, one
    coordinate's pair swapped, a unit times everything."""
    units = [unit for unit in range(2, hours) if np.gcd(unit, hours) == 1]
    seen = {normal(position, hours).tobytes(): normal(position, hours) for position in positions}
    todo = list(seen.values())
    while todo:
        position = todo.pop()
        images = [position[:, list(order)] for order in SQUARE] + [position * unit for unit in units]
        for place in range(COORDINATES):
            swapped = position.copy()
            swapped[:, place] = position[::-1, place]
            images.append(swapped)
        for image in images:
            image = normal(image, hours)
            if image.tobytes() not in seen:
                seen[image.tobytes()] = image
                todo.append(image)
    return np.array(list(seen.values()), dtype=np.int64).reshape(-1, 2, COORDINATES)


def compute(down_to: int = 13, hours: int = HOURS) -> tuple[dict[str, Any], tuple[int, ...]]:
    """The God's number, how many positions reach it, and how many are at each distance from 14 down to
    `down_to` (every distance, the whole distribution, if 0), with the CPU and wall seconds taken; and each
    corner class's count at 13 (none if `down_to` is 14)."""
    wall, cpu = time.perf_counter(), time.process_time()
    limits = tuple(range(4, 2 * COORDINATES - down_to + 1))
    per_class = by_class(hours, limits)
    counts = corner_classes(hours)[1] @ per_class
    below = [0, *counts[:-1]]
    at_distance = {
        2 * COORDINATES - limit: int(count - less) for limit, count, less in zip(limits, counts, below, strict=True)
    }
    farthest = max(distance for distance, count in at_distance.items() if count)
    result = {
        "max_distance": farthest,
        "at_max_distance": at_distance[farthest],
        "at_distance": at_distance,
        "distribution": [at_distance[distance] for distance in range(15)] if down_to == 0 else None,
        "seconds": round(time.process_time() - cpu, 1),
        "wall_seconds": round(time.perf_counter() - wall, 1),
    }
    return result, tuple(int(count) for count in per_class[:, 1] - per_class[:, 0]) if len(limits) > 1 else ()


def main(arguments: list[str]) -> int:
    """`python -m ninebase.puzzles.rubiks_clock.gods_number [--down-to D]`: recompute and print."""
    choices = [str(distance) for distance in range(15)]
    if arguments and (len(arguments) != 2 or arguments[0] != "--down-to" or arguments[1] not in choices):
        sys.stderr.write(f"gods_number: expected no argument or --down-to 0 to 14, not {' '.join(arguments)!r}\n")
        return 2
    result, at_13 = compute(int(arguments[1]) if arguments else 13)
    farthest, reaching = result["max_distance"], result["at_max_distance"]
    print(f"God's number in the 18-move metric: {farthest}, reached by {reaching:,} positions")
    for distance, count in result["at_distance"].items():
        print(f"  at distance {distance}: {count:,} positions")
    print(f"  of {HOURS**14:,}; {result['seconds']} s of CPU, {result['wall_seconds']} s wall")
    if result["distribution"] is not None:
        print(f"COMPUTED_18 = {tuple(result['distribution'])!r}  # known.py")
    if at_13:
        print(f"AT_13_BY_CLASS = {at_13!r}")
    return 0


# fmt: off
AT_13_BY_CLASS = (
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 64, 0, 128,
    0, 64, 256, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 128, 0, 128, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 128, 512, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 128, 0, 0, 0,
    0, 0, 1280, 55514304, 18807616, 21444416, 19860416, 19790016, 20640000, 22676224,
    11861568, 12658464, 11404224, 11922176, 20644256, 11288352, 11708192, 11216000, 20861472, 11268064,
    13351232, 22278784, 12614528, 41330240, 8636864, 7923584, 8627264, 7768192, 8406784, 20924864,
    12606208, 12104736, 12184928, 11844224, 8714240, 11427200, 7735040, 6989440, 8845760, 8114368,
    8202432, 11557120, 8637920, 7388544, 8642368, 6922048, 8205696, 9493760, 8459776, 9060352,
    7962368, 9001856, 20713408, 8857664, 7447360, 8356288, 8135040, 7422144, 8042816, 8825280,
    19829952, 11368416, 12932160, 12550848, 7506112, 12749312, 7333600, 8800640, 9203520, 7320960,
    7475584, 9102720, 9054080, 7358336, 20120960, 8855040, 7556608, 10144896, 8058048, 7527040,
    8348608, 8799360, 22351104, 12797664, 11789696, 8312448, 7895168, 8504320, 7848192, 20723904,
    10029824, 7724544, 19864704, 10332032, 8964992, 9718400, 8957824, 7395968, 55656960, 60353856,
    20735616, 20061504, 24093760, 20894848, 12014336, 11678784, 25068800, 13225152, 44329728, 8878208,
    7884544, 8588032, 19727488, 13090240, 12741760, 9252864, 11564416, 7881856, 9144320, 7488192,
    21036160, 9474112, 8010112, 8003968, 7665600, 22171712, 14336512, 8874304, 21488832, 10628224,
    9865344, 7664256, 57145920, 60450816, 19873920, 18842112, 20971072, 12772544, 46570752, 8902912,
    9141760, 22365760, 11835776, 8720384, 21054592, 7143680, 9865344, 57328640, 51444800, 22662272,
    44249856, 10630784, 57145920, 458109504,
)
# fmt: on
"""Each corner class's count at distance 13 (in `corner_classes` order, for one corner setting of the class),
from the same run: the tests recompute some."""


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
