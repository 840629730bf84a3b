"""What is known of the whole Rubik's Clock, per metric: `ninebase stats
rubiks-clock` says this and never more. No table holds the 12^14 positions,
so nothing here is read from one: a figure is published (and cited as such)
or computed by ninebase (and says how)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..drawing import histogram_lines

POSITIONS = 12**14
"""Every position: the 14 free dials (the back corners follow the front's); every one is solvable."""


@dataclass(frozen=True)
class Known:
    """How many positions need each distance in a metric, from 0 to its largest, and where the figures come from."""

    histogram: tuple[int, ...]
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

COMPUTED_18 = (
    1,
    198,
    18_513,
    1_086_096,
    44_798_061,
    1_376_466_366,
    32_314_775_703,
    577_875_870_504,
    7_605_104_981_828,
    67_702_912_853_892,
    340_521_842_063_974,
    661_465_620_199_904,
    205_832_027_878_112,
    179_343_555_136,
    576,
)
"""The 18-move metric's positions at distance 0, 1, ..., 14, from a run of `python -m
ninebase.puzzles.rubiks_clock.gods_number --down-to 0` (1,049 s of CPU on the shared 2-core machine):
`gods_number`'s tests recompute the 576 at 14 and the count at 13 of three classes, and check the rest adds
up to 12^14 and meets the closed form near solved and a sample."""

KNOWN: dict[int, Known] = {
    18: Known(
        COMPUTED_18,
        "computed by ninebase, exhaustively (python -m ninebase.puzzles.rubiks_clock.gods_number --down-to 0; "
        "docs/rubiks-clock.md), not published elsewhere",
    ),
    30: Known(
        PUBLISHED_30,
        "published (Tomas Rokicki, \"Rubik's Clock Solved\", after Jakob Kogler's proof that God's number "
        "is 12), not recomputed by ninebase",
    ),
}
"""Per metric, what is known: the 30-move metric's is published, the 18-move metric's is not (`gods_number`
computed it)."""


def gods_number(metric: int) -> tuple[int, int]:
    """The largest distance and how many positions need it."""
    histogram = KNOWN[metric].histogram
    return len(histogram) - 1, histogram[-1]


def at_distance(metric: int, distance: int) -> int:
    """How many positions need exactly `distance` moves."""
    histogram = KNOWN[metric].histogram
    return histogram[distance] if 0 <= distance < len(histogram) else 0


def stats(metric: int) -> dict[str, object]:
    """The stats object of a metric: the positions, God's number and how many
    need it, the histogram, and the figures' source."""
    largest, reaching = gods_number(metric)
    return {
        "puzzle": "rubiks-clock",
        "metric": metric,
        "states": POSITIONS,
        "solvable": POSITIONS,
        "max_distance": largest,
        "at_max_distance": reaching,
        "histogram": list(KNOWN[metric].histogram),
        "source": KNOWN[metric].source,
    }


def stats_text(found: dict[str, Any]) -> str:
    """The stats for people."""
    head = f"rubiks-clock, the {found['metric']}-move metric: {POSITIONS:,} positions, every one solvable"
    gods = (
        f"God's number (the most moves any position needs): {found['max_distance']}, reached by "
        f"{found['at_max_distance']:,} positions; {found['source']}"
    )
    return "\n".join([head, gods, *histogram_lines(found["histogram"], "moves")])
