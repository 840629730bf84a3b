"""What is known of the whole Rubik's Clock, per metric: `ninebase stats
rubiks-clock` says this and never more. No table holds the 12^14 positions,
so nothing here is read from one: a figure is published (and cited as such)
or computed by ninebase (and says how), or it is None: not computed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..drawing import histogram_lines

POSITIONS = 12**14
"""Every position: the 14 free dials (the back corners follow the front's); every one is solvable."""


@dataclass(frozen=True)
class Known:
    """How many positions need each distance counted in a metric (every distance from 0 where `whole`, else
    the largest few), and where the figures come from."""

    at_distance: Mapping[int, int]
    whole: bool
    source: str


PUBLISHED_30 = (
    1,
    330,
    51_651,
    4_947_912,
    317_141_342,
    14_054_473_232,
    428_862_722_294,
    8_621_633_953_202,
    101_600_180_118_726,
    528_107_928_328_516,
    613_251_601_892_918,
    31_893_880_879_492,
    39_248,
)

KNOWN: dict[int, Known | None] = {
    18: None,
    30: Known(
        dict(enumerate(PUBLISHED_30)),
        True,
        "published (Tomas Rokicki, \"Rubik's Clock Solved\", after Jakob Kogler's proof that God's number "
        "is 12), not recomputed by ninebase",
    ),
}
"""Per metric, what is known; None: not computed. The 18-move metric's is not published: issue 37's
`gods_number.py` computes it, and its figures go here as a `Known`."""


def gods_number(metric: int) -> tuple[int, int] | None:
    """The largest distance and how many positions need it; None: not computed."""
    known = KNOWN[metric]
    if known is None:
        return None
    largest = max(distance for distance, count in known.at_distance.items() if count)
    return largest, known.at_distance[largest]


def at_distance(metric: int, distance: int) -> int | None:
    """How many positions need exactly `distance` moves, where known."""
    known = KNOWN[metric]
    if known is None:
        return None
    largest = gods_number(metric)
    if distance in known.at_distance or (largest is not None and distance > largest[0]):
        return known.at_distance.get(distance, 0)
    return 0 if known.whole else None


def stats(metric: int) -> dict[str, object]:
    """The stats object of a metric: the positions, God's number and how many
    need it, and the histogram, where known (None: not computed), and the source."""
    largest, known = gods_number(metric), KNOWN[metric]
    return {
        "puzzle": "rubiks-clock",
        "metric": metric,
        "states": POSITIONS,
        "solvable": POSITIONS,
        "max_distance": None if largest is None else largest[0],
        "at_max_distance": None if largest is None else largest[1],
        "histogram": [known.at_distance[d] for d in range(len(known.at_distance))] if known and known.whole else None,
        "source": "not computed" if known is None else known.source,
    }


def stats_text(found: dict[str, Any]) -> str:
    """The stats for people."""
    head = f"rubiks-clock, the {found['metric']}-move metric: {POSITIONS:,} positions, every one solvable"
    largest = found["max_distance"]
    if largest is None:
        return f"{head}\nGod's number (the most moves any position needs): not computed"
    lines = [
        head,
        f"God's number (the most moves any position needs): {largest}, reached by "
        f"{found['at_max_distance']:,} positions; {found['source']}",
    ]
    if found["histogram"] is not None:
        lines += histogram_lines(found["histogram"], "moves")
    return "\n".join(lines)
