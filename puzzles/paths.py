"""Every optimal solution in order, in chunks of move indices: a walk down
the graph of optimal moves (a DAG: each step leads one move closer to the
end) that works out whole levels at once in NumPy.

A node with few ways on (at most `SMALL_WAYS`) has all its paths written
out at once, level by level, and kept, so a node met again under another
prefix costs a look-up; a node with more is walked child by child. The
order is the order of the moves at each step, the first step first: the
one `Counting.order` documents for every puzzle that walks such a graph."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence

import numpy as np

MOVE_DTYPE = np.uint8
"""A move index in a chunk (every puzzle has fewer than 255 moves; 255 is `batch.PADDING`)."""
SMALL_WAYS = 2048
"""A node with at most this many paths on has them all written out at once and kept."""
CHUNK_ROWS = 1 << 15
"""Solutions gathered into one chunk (a larger piece of whole paths is handed on as it is)."""
KEPT_BYTES = 64 << 20
"""The most bytes of kept paths; past it the kept ones are let go and worked out again when met."""
WAYS_CEILING = 1 << 40
"""Ways on are compared, never added up past this: a node's ways may be given clipped to it."""


class MoveGraph(ABC):
    """The optimal moves of one instance as a graph: `onward` steps many
    nodes one move on, `ways` says how many paths lead on from each."""

    @abstractmethod
    def onward(self, nodes: np.ndarray, left: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every optimal step from `nodes` (each `left` moves from the end):
        the position in `nodes` it starts from, its move and the node it
        reaches, ordered by position and then in the puzzle's move order."""

    @abstractmethod
    def ways(self, nodes: np.ndarray, left: int) -> np.ndarray:
        """How many paths lead on from each node (`left` moves from the end),
        int64, at least 1; a count above WAYS_CEILING may be given as WAYS_CEILING."""


class TableGraph(MoveGraph):
    """Nodes whose distance and ways on a table holds (at `slot(node)`, by
    default the node itself); a step is optimal where it reaches a node one
    move closer. `advance(nodes, moves)` plays moves on many nodes (-1: a
    move that does not apply); `moves` are tried in the order given."""

    def __init__(
        self,
        advance: Callable[[np.ndarray, np.ndarray], np.ndarray],
        moves: Sequence[int],
        distance: np.ndarray,
        count: np.ndarray,
        slot: Callable[[np.ndarray], np.ndarray] | None = None,
    ) -> None:
        self.advance, self.moves, self.distance, self.count = advance, np.array(moves), distance, count
        self.slot = slot or (lambda nodes: nodes)

    def onward(self, nodes: np.ndarray, left: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        count, tried = nodes.size, self.moves.size
        positions, moves = np.repeat(np.arange(count), tried), np.tile(self.moves, count)
        after = self.advance(np.repeat(nodes, tried), moves)
        legal = np.flatnonzero(after >= 0)
        closer = legal[self.distance[self.slot(after[legal])] == left - 1]
        return positions[closer], moves[closer], after[closer]

    def ways(self, nodes: np.ndarray, left: int) -> np.ndarray:
        return np.minimum(self.count[self.slot(nodes)].astype(np.uint64), np.uint64(WAYS_CEILING)).astype(np.int64)


def path_chunks(graph: MoveGraph, starts: Sequence[int], length: int, limit: int) -> Iterator[np.ndarray]:
    """The first `limit` paths of `length` moves from each of `starts` in
    turn, in order, as arrays of shape (k, length) of move indices
    (MOVE_DTYPE), k >= 1."""
    if limit < 1:
        return
    yield from chunked(pieces(graph, np.asarray(starts, dtype=np.int64), length, limit), length, limit)


def pieces(graph: MoveGraph, roots: np.ndarray, length: int, limit: int) -> Iterator[tuple[list[int], np.ndarray]]:
    """The paths in order as (prefix, rows): each row is a path's moves after the prefix."""
    if limit <= SMALL_WAYS or graph.ways(roots, length).sum() <= SMALL_WAYS:
        yield [], expand(graph, roots, length, limit)[1]
        return
    yield from walk(graph, Kept(graph), [], roots, None, length, [limit])


class Kept:
    """The paths on from small nodes, worked out once and kept (up to KEPT_BYTES)."""

    def __init__(self, graph: MoveGraph) -> None:
        self.graph, self.paths, self.size = graph, {}, 0

    def rows(self, nodes: np.ndarray, left: int) -> list[np.ndarray]:
        """All paths on from each of `nodes`, one array per node."""
        found = [self.paths.get(node) for node in nodes.tolist()]
        missing = [position for position, rows in enumerate(found) if rows is None]
        if missing:
            roots = nodes[missing]
            owners, paths = expand(self.graph, roots, left, None)
            bounds = np.searchsorted(owners, np.arange(roots.size + 1))
            if self.size + paths.nbytes > KEPT_BYTES:
                self.paths.clear()
                self.size = 0
            self.size += paths.nbytes
            for place, position in enumerate(missing):
                found[position] = self.paths[int(roots[place])] = paths[bounds[place] : bounds[place + 1]]
        return found


def walk(
    graph: MoveGraph,
    kept: Kept,
    prefix: list[int],
    nodes: np.ndarray,
    moves: np.ndarray | None,
    left: int,
    left_over: list[int],
) -> Iterator[tuple[list[int], np.ndarray]]:
    """The pieces under `nodes` in turn (each reached by its move after the
    prefix; the roots by none), until `left_over[0]` paths have been given:
    a run of small nodes at once, a large node's children walked in turn."""
    small = graph.ways(nodes, left) <= SMALL_WAYS
    position = 0
    while position < nodes.size and left_over[0] > 0:
        if not small[position]:
            here = prefix if moves is None else [*prefix, int(moves[position])]
            node = nodes[position : position + 1]
            if left_over[0] <= SMALL_WAYS:  # the last few: as many as are left, in one pass
                rows = expand(graph, node, left, left_over[0])[1]
                yield here, rows
                left_over[0] -= len(rows)
            else:
                _, onward_moves, children = graph.onward(node, left)
                yield from walk(graph, kept, here, children, onward_moves, left - 1, left_over)
            position += 1
            continue
        end = position + 1
        while end < nodes.size and small[end]:
            end += 1
        run = kept.rows(nodes[position:end], left)
        if moves is not None:
            run = [
                np.column_stack([np.full(len(paths), move, dtype=MOVE_DTYPE), paths])
                for move, paths in zip(moves[position:end].tolist(), run, strict=True)
            ]
        rows = np.concatenate(run)
        yield prefix, rows
        left_over[0] -= len(rows)
        position = end


def expand(graph: MoveGraph, roots: np.ndarray, left: int, limit: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Every path of `left` moves from each root (the first `limit` of them
    all, if given), in order, worked out a level at a time: which root each
    path starts from, and its moves."""
    nodes, steps = roots, []
    for moved in range(left):
        positions, moves, nodes = graph.onward(nodes, left - moved)
        if limit is not None and nodes.size > limit:
            ways = graph.ways(nodes, left - moved - 1)
            first = np.cumsum(ways) - ways
            within = np.flatnonzero(first < limit)
            positions, moves, nodes = positions[within], moves[within], nodes[within]
        steps.append((positions, moves))
    paths = np.empty((nodes.size, left), dtype=MOVE_DTYPE)
    owners = np.arange(nodes.size)
    for column in range(left - 1, -1, -1):
        positions, moves = steps[column]
        paths[:, column] = moves[owners]
        owners = positions[owners]
    if limit is not None and len(paths) > limit:
        return owners[:limit], paths[:limit]
    return owners, paths


def chunked(found: Iterator[tuple[list[int], np.ndarray]], length: int, limit: int) -> Iterator[np.ndarray]:
    """Pieces gathered into chunks of up to CHUNK_ROWS full paths, cut at `limit`."""
    buffer, filled = None, 0
    for prefix, rows in found:
        if buffer is None and not prefix and (len(rows) >= CHUNK_ROWS or len(rows) >= limit):
            rows = rows[:limit]  # whole paths already: handed on as they are
            yield rows
            limit -= len(rows)
            if not limit:
                return
            continue
        taken, width = 0, len(prefix)
        while taken < len(rows):
            if buffer is None:
                buffer, filled = np.empty((min(CHUNK_ROWS, limit), length), dtype=MOVE_DTYPE), 0
            count = min(len(rows) - taken, len(buffer) - filled)
            buffer[filled : filled + count, :width] = prefix
            buffer[filled : filled + count, width:] = rows[taken : taken + count]
            filled, taken, limit = filled + count, taken + count, limit - count
            if filled == len(buffer):
                yield buffer
                buffer = None
                if not limit:
                    return
    if buffer is not None and filled:
        yield buffer[:filled]
