"""Drawing boards for people: several small boards side by side, wrapped to
fit the terminal width."""

from __future__ import annotations

from typing import Sequence

WIDTH = 80


def side_by_side(panels: Sequence[Sequence[str]], captions: Sequence[str], width: int = WIDTH) -> str:
    """Lay out equally tall text panels left to right with a caption above
    each, starting a new row of panels whenever the width would be exceeded."""
    panel_width = max(len(line) for panel in panels for line in [*panel, ""])
    column = max(panel_width, max(map(len, captions), default=0)) + 3
    per_row = max(1, width // column)
    blocks = []
    for start in range(0, len(panels), per_row):
        row_panels = panels[start : start + per_row]
        row_captions = captions[start : start + per_row]
        lines = ["".join(caption.ljust(column) for caption in row_captions).rstrip()]
        for line_number in range(len(row_panels[0])):
            lines.append("".join(panel[line_number].ljust(column) for panel in row_panels).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def grid(cells: Sequence[str], columns: int = 3) -> list[str]:
    """Rows of a board whose cells are given in reading order."""
    return [" ".join(cells[row : row + columns]) for row in range(0, len(cells), columns)]


def histogram(counts: Sequence[int], label: str = "distance", width: int = 40) -> list[str]:
    """One line per distance: the count and a bar scaled to the largest count."""
    widest = max(counts)
    lines = [f"{label:>8} {'count':>12}"]
    for distance, count in enumerate(counts):
        bar = "#" * max(1 if count else 0, round(width * count / widest))
        lines.append(f"{distance:>8} {count:>12,}  {bar}")
    return lines
