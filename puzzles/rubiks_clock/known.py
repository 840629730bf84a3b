"""What is known of the whole Rubik's Clock, per metric: `ninebase stats
rubiks-clock` says this and never more. No table holds the 12^14 positions,
so nothing here is read from one: a figure is published (and cited as such)
or computed by ninebase (and says how), or it is None: not computed."""

from __future__ import annotations

from dataclasses import dataclass

POSITIONS = 12**14
"""Every position: the 14 free dials (the back corners follow the front's); every one is solvable."""


@dataclass(frozen=True)
class GodsNumber:
    """The largest distance in a metric, how many positions need it, and where the figures come from."""

    max_distance: int
    at_max_distance: int
    source: str


GODS_NUMBER: dict[int, GodsNumber | None] = {
    18: None,
    30: GodsNumber(12, 39_248, "published (Rokicki), not recomputed by ninebase"),
}
"""Per metric, God's number and how many positions need it; None: not computed.
The 18-move metric's is not published: `gods_number.py` computes it, and its
result goes here."""

PUBLISHED_COUNTS: dict[int, dict[int, int]] = {18: {}, 30: {0: 1, 1: 330, 2: 51_651, 3: 4_947_912}}
"""Per metric, published counts of the positions at a distance (the tests reproduce the 30-move ones)."""


def stats(metric: int) -> dict[str, object]:
    """The stats object of a metric: the positions, and God's number where known (None: not computed)."""
    known = GODS_NUMBER[metric]
    return {
        "puzzle": "rubiks-clock",
        "metric": metric,
        "states": POSITIONS,
        "solvable": POSITIONS,
        "max_distance": None if known is None else known.max_distance,
        "at_max_distance": None if known is None else known.at_max_distance,
        "source": "not computed" if known is None else known.source,
    }


def stats_text(found: dict[str, object]) -> str:
    """The stats for people."""
    metric, largest = found["metric"], found["max_distance"]
    head = f"rubiks-clock, the {metric}-move metric: {POSITIONS:,} positions, every one solvable"
    if largest is None:
        return f"{head}\nGod's number (the most moves any position needs): not computed"
    return (
        f"{head}\nGod's number (the most moves any position needs): {largest}, "
        f"reached by {found['at_max_distance']:,} positions ({found['source']})"
    )
