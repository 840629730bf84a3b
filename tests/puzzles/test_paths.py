"""The chunked walk of `puzzles/paths.py` on graphs drawn at random, against
a plain recursive enumeration written here: the same paths in the same
order (moves in the order a node lists them, the first step first), cut
at exactly `limit`, with the small-node threshold and the chunk size set
low so that every branch of the walk (runs of small nodes, kept paths met
again, large nodes walked, the last few expanded with a limit) is taken."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ninebase.puzzles import paths
from ninebase.puzzles.paths import MOVE_DTYPE, MoveGraph, path_chunks

Layers = list[dict[int, list[tuple[int, int]]]]


class DictGraph(MoveGraph):
    """A layered graph given as plain dicts: node -> [(move, next node)] in order."""

    def __init__(self, layers: Layers, length: int) -> None:
        self.steps = {node: steps for layer in layers for node, steps in layer.items()}
        self.length = length

    def onward(self, nodes: np.ndarray, left: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        found = [
            (position, move, after) for position, node in enumerate(nodes.tolist()) for move, after in self.steps[node]
        ]
        positions, moves, after = zip(*found, strict=True) if found else ((), (), ())
        return np.array(positions, dtype=np.int64), np.array(moves, dtype=np.int64), np.array(after, dtype=np.int64)

    def ways(self, nodes: np.ndarray, left: int) -> np.ndarray:
        return np.array([len(all_paths(self, node)) for node in nodes.tolist()], dtype=np.int64)


@cache
def all_paths(graph: DictGraph, node: int) -> tuple[tuple[int, ...], ...]:
    """Every path from `node` to the last layer, in order, by plain recursion."""
    steps = graph.steps.get(node)
    if not steps:
        return ((),)
    return tuple((move, *rest) for move, after in steps for rest in all_paths(graph, after))


@st.composite
def layered_graphs(draw: st.DrawFn) -> tuple[DictGraph, list[int]]:
    """Layers of nodes (node ids numbered layer by layer), each node of a
    layer stepping by distinct moves in a drawn order to one or more nodes
    of the next, every node of the next reached; and the roots, some of the first layer."""
    length = draw(st.integers(0, 7))
    widths = [draw(st.integers(1, 4)) for _ in range(length + 1)]
    first_ids = np.cumsum([0, *widths]).tolist()
    layers: Layers = []
    for depth in range(length):
        below = list(range(first_ids[depth + 1], first_ids[depth + 2]))
        layer = {}
        for node in range(first_ids[depth], first_ids[depth + 1]):
            moves = draw(st.permutations(range(6)))[: draw(st.integers(1, 4))]
            layer[node] = [(move, draw(st.sampled_from(below))) for move in moves]
        for missing in set(below) - {after for steps in layer.values() for _, after in steps}:
            node = draw(st.sampled_from(sorted(layer)))
            unused = sorted(set(range(6)) - {move for move, _ in layer[node]})
            if unused:
                layer[node].append((unused[0], missing))
        layers.append(layer)
    roots = draw(st.lists(st.integers(first_ids[0], first_ids[1] - 1), min_size=1, max_size=3))
    return DictGraph(layers, length), roots


def listed(graph: DictGraph, roots: list[int], limit: int) -> tuple[list[list[int]], list[np.ndarray]]:
    chunks = list(path_chunks(graph, roots, graph.length, limit))
    return [row for chunk in chunks for row in chunk.tolist()], chunks


@pytest.mark.parametrize(("small", "chunk_rows"), [(1, 2), (3, 5), (2048, 1 << 15)])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drawn=layered_graphs(), limit=st.integers(1, 400))
def test_chunks_are_every_path_in_order_cut_at_the_limit(
    monkeypatch: pytest.MonkeyPatch, small: int, chunk_rows: int, drawn: tuple[DictGraph, list[int]], limit: int
) -> None:
    monkeypatch.setattr(paths, "SMALL_WAYS", small)
    monkeypatch.setattr(paths, "CHUNK_ROWS", chunk_rows)
    graph, roots = drawn
    expected = [list(path) for root in roots for path in all_paths(graph, root)][:limit]
    found, chunks = listed(graph, roots, limit)
    assert found == expected
    assert all(chunk.dtype == MOVE_DTYPE and chunk.shape[1] == graph.length and len(chunk) >= 1 for chunk in chunks)


def test_a_large_graph_is_walked_in_order_past_the_small_threshold() -> None:
    """Ten layers of three nodes, each stepping to all three of the next:
    3**10 paths per root, far above SMALL_WAYS, so the walk and the kept paths carry the order."""
    length = 10
    layers = [
        {3 * depth + i: [(move, 3 * (depth + 1) + move) for move in (2, 0, 1)] for i in range(3)}
        for depth in range(length)
    ]
    graph = DictGraph(layers, length)
    for limit in (1, 2048, 2049, 50_000, 3**10 + 5):
        found, _ = listed(graph, [0, 1], limit)
        assert found == [list(path) for root in (0, 1) for path in all_paths(graph, root)][:limit]
