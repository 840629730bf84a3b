"""What is known of the whole Rubik's Clock, per metric: `ninebase stats
rubiks-clock` says this and never more. No table holds the 12^14 positions,
so nothing here is read from one: a figure is published (and cited as such)
or computed by ninebase (and says how), or it is None: not computed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..drawing import histogram_lines

POSITIONS = 12**14
"""Every position: the 14 free dials (the back corners follow the front's); every one is solvable."""


@dataclass(frozen=True)
class Distribution:
    """How many positions need each number of moves in a metric, and where the figures come from."""

    histogram: tuple[int, ...]
    source: str


DISTRIBUTION: dict[int, Distribution | None] = {
    18: None,
    30: Distribution(
        (
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
        ),
        "published (Tomas Rokicki, \"Rubik's Clock Solved\", after Jakob Kogler's proof that God's number "
        "is 12), not recomputed by ninebase",
    ),
}
"""Per metric, the positions at each distance; None: not computed. The 18-move
metric's is not published: `gods_number.py` (issue 37) computes its largest
distance, and its result goes here (a histogram of the distances it reaches,
or, if only the largest and how many reach it are computed, the place below)."""

GODS_NUMBER_18: tuple[int, int] | None = None
"""The 18-move metric's largest distance and how many positions need it, where
computed without the whole distribution (None: not computed)."""


def gods_number(metric: int) -> tuple[int, int] | None:
    """The largest distance and how many positions need it; None: not computed."""
    known = DISTRIBUTION[metric]
    if known is not None:
        return len(known.histogram) - 1, known.histogram[-1]
    return GODS_NUMBER_18 if metric == 18 else None


def at_distance(metric: int, distance: int) -> int | None:
    """How many positions need exactly `distance` moves, where known."""
    known = DISTRIBUTION[metric]
    if known is not None:
        return known.histogram[distance] if distance < len(known.histogram) else 0
    largest = gods_number(metric)
    return largest[1] if largest is not None and distance == largest[0] else None


def stats(metric: int) -> dict[str, object]:
    """The stats object of a metric: the positions, God's number and how many
    need it, and the histogram, where known (None: not computed), and the source."""
    largest, known = gods_number(metric), DISTRIBUTION[metric]
    return {
        "puzzle": "rubiks-clock",
        "metric": metric,
        "states": POSITIONS,
        "solvable": POSITIONS,
        "max_distance": None if largest is None else largest[0],
        "at_max_distance": None if largest is None else largest[1],
        "histogram": None if known is None else list(known.histogram),
        "source": known.source if known is not None else "computed by ninebase" if largest else "not computed",
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
