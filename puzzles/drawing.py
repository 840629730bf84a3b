"""Helpers the puzzles draw with: text grids and histograms for the
terminal, inline SVG for the explorer page."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape


def grid(cells: Sequence[str], columns: int = 3) -> list[str]:
    """Rows of a board whose cells are given in reading order."""
    return [" ".join(cells[row : row + columns]) for row in range(0, len(cells), columns)]


def histogram_lines(counts: Sequence[int], label: str, width: int = 40) -> list[str]:
    """One line per distance: the count and a bar scaled to the largest count."""
    widest = max(counts)
    lines = [f"{label:>8} {'count':>12}"]
    for distance, count in enumerate(counts):
        bar = "#" * max(1 if count else 0, round(width * count / widest))
        lines.append(f"{distance:>8} {count:>12,}  {bar}")
    return lines


def svg(width: int, height: int, body: str, label: str) -> str:
    """An inline SVG drawing with a text alternative for screen readers."""
    return (
        f'<svg class="board" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
        f'xmlns="http://www.w3.org/2000/svg">{body}</svg>'
    )


def cells_svg(labels: Sequence[str], fills: Sequence[str], left: int = 0, size: int = 60) -> str:
    """A 3x3 grid of labelled squares (reading order), `left` pixels from the edge."""
    parts = []
    for cell, (label, fill) in enumerate(zip(labels, fills, strict=True)):
        x, y = left + cell % 3 * size, cell // 3 * size
        parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{size - 4}" height="{size - 4}" rx="6" fill="{fill}"/>')
        if label:
            parts.append(
                f'<text x="{x + size / 2}" y="{y + size / 2}" dy="0.35em" text-anchor="middle" '
                f'font-size="{size * 0.45:.0f}">{escape(label)}</text>'
            )
    return "".join(parts)
