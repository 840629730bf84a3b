"""Helpers the puzzles draw with: text grids and histograms for the
terminal, inline SVG for the explorer page."""

from __future__ import annotations

from collections.abc import Sequence


def grid(cells: Sequence[str], columns: int = 3) -> list[str]:
    """Rows of a board whose cells are given in reading order."""
    return [" ".join(cells[row : row + columns]) for row in range(0, len(cells), columns)]


def histogram_lines(counts: Sequence[int], label: str, width: int = 40) -> list[str]:
    """One line per distance: the count and a bar scaled to the largest count."""
    widest = max(counts)
    column = max(12, len(f"{widest:,}"))  # 12 unless a count is longer (rubiks-clock's to 10^15)
    lines = [f"{label:>8} {'count':>{column}}"]
    for distance, count in enumerate(counts):
        bar = "#" * max(1 if count else 0, round(width * count / widest))
        lines.append(f"{distance:>8} {count:>{column},}  {bar}")
    return lines


def svg(width: int, height: int, body: str, label: str) -> str:
    """An inline SVG drawing with a text alternative for screen readers."""
    from html import escape  # here, not at the top: the command line draws no SVG and starts quicker

    return (
        f'<svg class="board" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
        f'xmlns="http://www.w3.org/2000/svg">{body}</svg>'
    )


def cells_svg(
    labels: Sequence[str], fills: Sequence[str], left: int = 0, size: int = 60, first: int = 1, columns: int = 3
) -> str:
    """A grid of labelled squares, `columns` a row (reading order), `left`
    pixels from the edge, numbered from `first` as `data-cell` (see `cell`)."""
    from html import escape

    parts = []
    for cell, (label, fill) in enumerate(zip(labels, fills, strict=True)):
        x, y = left + cell % columns * size, cell // columns * size
        text = (
            f'<text x="{x + size / 2}" y="{y + size / 2}" dy="0.35em" text-anchor="middle" '
            f'font-size="{size * 0.45:.0f}">{escape(label)}</text>'
            if label
            else ""
        )
        parts.append(
            cell_group(
                first + cell,
                f'<rect class="area" x="{x + 2}" y="{y + 2}" width="{size - 4}" height="{size - 4}" rx="6" '
                f'fill="{fill}" stroke="#0003"/>{text}',
            )
        )
    return "".join(parts)


def cell_group(number: int, body: str) -> str:
    """One cell of a drawing as the page expects it: a group numbered
    `data-cell` (what `PageView.move_changes` names), whose element of class
    `area` covers the cell (it is outlined when the cell is lit), and whose
    element of class `spin`, if any, is what turns (else the whole cell)."""
    return f'<g data-cell="{number}">{body}</g>'
